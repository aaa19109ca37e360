import { Avatar, Card, Flex, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { UnderDevelopment } from '../../../components/under-development';
import { useSession } from '../../../lib/session';

/** / and /main: the greeting; the visits of the day come with the visits work. */
export function MainPage() {
  const { t } = useTranslation();
  const user = useSession().user;
  return (
    <>
      <PageHeader title={t('nav:titles.main')} />
      {user ? (
        <Card variant="borderless" style={{ marginBottom: 16 }}>
          <Flex align="center" gap={16}>
            <Avatar size={48} icon={<UserOutlined />} style={{ backgroundColor: 'var(--ant-color-primary)', flex: 'none' }} />
            <div style={{ minWidth: 0 }}>
              <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
                {t('messages.greeting', { name: user.fullName })}
              </Typography.Title>
              <Typography.Text type="secondary">
                {t('messages.roleAndPosition', { role: t(`enums:role.${user.role}`), position: user.position })}
              </Typography.Text>
            </div>
          </Flex>
        </Card>
      ) : null}
      <Card variant="borderless">
        <UnderDevelopment />
      </Card>
    </>
  );
}
