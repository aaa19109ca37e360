import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('titles.notFound')}
      subTitle={t('errors:NOT_FOUND')}
      extra={
        <Link to="/main">
          <Button type="primary">{t('actions.toMain')}</Button>
        </Link>
      }
    />
  );
}
