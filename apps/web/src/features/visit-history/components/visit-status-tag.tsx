import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisitReviewState, VisitStatus } from '@pharma/contracts';

const statusColors: Record<VisitStatus, string> = {
  planned: 'blue',
  in_progress: 'gold',
  completed: 'green',
  cancelled: 'default',
  overdue: 'red',
  unknown: 'default',
};

/** A visit's status (spec §4) in the product's words. */
export function VisitStatusTag({ status }: { status: VisitStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={statusColors[status] ?? 'default'} className="nowrap visit-tag">
      {t(`enums:visitStatus.${status}`)}
    </Tag>
  );
}

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
