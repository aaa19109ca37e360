import { FileSearchOutlined } from '@ant-design/icons';
import { StatusPanel } from './status-panel';
import { LinkButton } from './link-button';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <StatusPanel
      icon={<FileSearchOutlined />}
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
