import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WriteOffReason } from '@pharma/contracts';

const colors: Record<WriteOffReason, string> = { expired: 'red', damaged: 'orange', defect: 'volcano', recalled: 'magenta', lost: 'purple', other: 'default' };

export function WriteOffReasonTag({ reason }: { reason: WriteOffReason }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[reason]} variant="filled">
      {t(`enums:writeOffReason.${reason}`)}
    </Tag>
  );
}
