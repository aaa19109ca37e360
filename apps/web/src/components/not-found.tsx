import { Result } from 'antd';
import { LinkButton } from './link-button';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('titles.notFound')}
      subTitle={t('errors:NOT_FOUND')}
      extra={
        <LinkButton to="/main" type="primary">
          {t('actions.toMain')}
        </LinkButton>
      }
    />
  );
}
