import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisitStatus } from '@pharma/contracts';

const colors: Record<VisitStatus, string> = {
  planned: 'blue',
  in_progress: 'processing',
  completed: 'success',
  cancelled: 'default',
  overdue: 'warning',
  unknown: 'default',
};

export function VisitStatusTag({ status }: { status: VisitStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[status]} className="nowrap" data-testid="visit-status">
      {t(`enums:visitStatus.${status}`)}
    </Tag>
  );
}
