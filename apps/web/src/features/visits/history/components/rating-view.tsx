import { Rate, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ratingCriteria, ratingStars, type RatingCriterion } from '@pharma/contracts';
import { formatNumber } from '../../../../lib/format';

/** Stars per criterion, read-only: one visit's rating or an organization's averages (to the half star, with the figure). */
export function RatingView({ rating }: { rating: Record<RatingCriterion, number> }) {
  const { t } = useTranslation('visitHistory');
  return (
    <dl className="rating-view">
      {ratingCriteria.map((criterion) => {
        const value = rating[criterion];
        const label = t(`enums:ratingCriterion.${criterion}`);
        return (
          <div key={criterion} className="rating-view__row">
            <dt>{label}</dt>
            <dd>
              <Rate disabled allowHalf count={ratingStars} value={Math.round(value * 2) / 2} className="rating-stars rating-stars--small" aria-hidden="true" />
              <Typography.Text
                strong
                className="rating-view__value"
                aria-label={t('labels.starsOf', { label, value: formatNumber(value, Number.isInteger(value) ? 0 : 1), max: ratingStars })}
              >
                {formatNumber(value, Number.isInteger(value) ? 0 : 1)}
              </Typography.Text>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
