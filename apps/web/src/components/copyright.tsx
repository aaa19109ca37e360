import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyrightYear } from '../lib/format';

export function Copyright() {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" className="copyright">
      {t('app.copyright', { year: copyrightYear })}
    </Typography.Text>
  );
}
