import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { StatusPanel } from './status-panel';

/** The one state of every screen not built yet: 'This page is under development'. */
export function UnderDevelopment() {
  const { t } = useTranslation();
  return <StatusPanel icon={<ToolOutlined />} title={t('messages.underDevelopment')} testId="under-development" />;
}
