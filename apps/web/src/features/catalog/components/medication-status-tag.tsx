import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MedicationStatus } from '@pharma/contracts';

const colors: Record<MedicationStatus, string> = { pending: 'gold', acquainted: 'green', denied: 'red' };

export function MedicationStatusTag({ status }: { status: MedicationStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[status]} variant="filled">
      {t(`enums:medicationStatus.${status}`)}
    </Tag>
  );
}
