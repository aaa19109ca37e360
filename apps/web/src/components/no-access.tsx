import { StopOutlined } from '@ant-design/icons';
import { StatusPanel } from './status-panel';
import { LinkButton } from './link-button';
import { useTranslation } from 'react-i18next';

/** A screen whose right the user lacks. */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <StatusPanel
      icon={<StopOutlined />}
      tone="warning"
      title={t('titles.noAccess')}
      subTitle={t('messages.noAccess')}
      extra={
        <LinkButton to="/main" type="primary">
          {t('actions.toMain')}
        </LinkButton>
      }
    />
  );
}
