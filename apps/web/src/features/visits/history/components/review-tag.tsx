import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisitReviewState } from '@pharma/contracts';

const reviewColors: Record<VisitReviewState, string> = { pending: 'warning', accepted: 'success', rejected: 'error' };

/** Where a questionable visit stands with the manager: awaiting review, accepted, rejected. */
export function ReviewTag({ review }: { review: VisitReviewState }) {
  const { t } = useTranslation();
  return (
    <Tag color={reviewColors[review]} className="nowrap visit-tag">
      {t(`enums:visitReviewState.${review}`)}
    </Tag>
  );
}
