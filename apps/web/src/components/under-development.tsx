import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The one state of every screen not built yet: 'This page is under development'. */
export function UnderDevelopment() {
  const { t } = useTranslation();
  return (
    <Result icon={<ToolOutlined style={{ color: 'var(--ant-color-primary)' }} />} title={t('messages.underDevelopment')} data-testid="under-development" />
  );
}
