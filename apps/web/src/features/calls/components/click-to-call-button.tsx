import { App, Button, Tooltip } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatPhone, normalizeUzPhone, type CallSubjectType } from '@pharma/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useOriginate } from '../api/calls-api';

/**
 * Click-to-call from an organization, a doctor, a lead or an order (issue 18): the PBX rings the user's
 * extension first, then the number. Nothing without the right or a number that is an Uzbek one.
 */
export function ClickToCallButton({
  phone,
  subject,
  size,
}: {
  phone: string | null | undefined;
  subject?: { type: CallSubjectType; id: number };
  size?: 'small' | 'middle';
}) {
  const { t } = useTranslation('calls');
  const { message } = App.useApp();
  const canCall = useCan('calls.edit');
  const originate = useOriginate();
  const normalised = normalizeUzPhone(phone);
  if (!canCall || !normalised) return null;
  const label = t('clickToCall.call', { phone: formatPhone(normalised) });
  return (
    <Tooltip title={label}>
      <Button
        size={size}
        icon={<PhoneOutlined />}
        aria-label={label}
        loading={originate.isPending}
        onClick={() =>
          originate.mutate(
            { phone: normalised, subject },
            {
              onSuccess: (answer) => void message.success(t('clickToCall.ringing', { extension: answer.extension })),
              onError: (error) => void message.error(errorMessage(error)),
            },
          )
        }
      />
    </Tooltip>
  );
}
