import { useTranslation } from 'react-i18next';
import { copyrightYear } from '../lib/format';

export function Copyright() {
  const { t } = useTranslation();
  return <span className="copyright">{t('app.copyright', { year: copyrightYear })}</span>;
}
