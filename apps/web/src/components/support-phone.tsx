import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@pharma/contracts';
import { SvgIcon } from './svg-icon';

/**
 * 'Support: +998 71 200 03 00' as a phone link (spec §1), on the login page and in the app footer; plain
 * elements, so the sign-in screen needs neither antd nor its icons (issue 16). The caller knows the number
 * (the app's `useSupportPhone`, the sign-in screen's own request).
 */
export function SupportPhone({ phone }: { phone: string }) {
  const { t } = useTranslation();
  return (
    <span className="support-phone">
      <SvgIcon icon={PhoneOutlined} /> {t('app.support')} <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{formatPhone(phone)}</a>
    </span>
  );
}
