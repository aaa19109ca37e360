import { PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@pharma/contracts';
import { useSupportPhone } from '../lib/app-config';

/**
 * 'Support: +998 71 200 03 00' as a phone link (spec §1), on the login page and in the app footer; plain
 * elements in antd's colours, so the login needs no Typography (issue 16).
 */
export function SupportPhone() {
  const { t } = useTranslation();
  const phone = useSupportPhone();
  return (
    <span className="support-phone">
      <PhoneOutlined aria-hidden="true" /> {t('app.support')} <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{formatPhone(phone)}</a>
    </span>
  );
}
