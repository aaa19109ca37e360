import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A screen whose right the user lacks. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('titles.noAccess')}
      subTitle={t('messages.noAccess')}
      extra={
        <Link to="/main">
          <Button type="primary">{t('actions.toMain')}</Button>
        </Link>
      }
    />
  );
}
