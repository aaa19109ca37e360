import { App, Avatar, Button, Flex, Layout } from 'antd';
import {
  FontSizeOutlined,
  IdcardOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { componentSizes } from '@pharma/contracts';
import { LazyDropdown } from '../../components/lazy-dropdown';
import { LanguageSwitch } from '../../components/language-switch';
import { ThemeToggle } from '../../components/theme-toggle';
import { SizeSwitch } from '../../components/size-switch';
import { usePreferences, type ComponentSize } from '../../lib/preferences';
import { useOutbox } from '../../lib/outbox';
import { logout, useSession } from '../../lib/session';
import { hrefOf } from '../../lib/paths';
import { SearchLauncher } from '../../features/search';
import { NotificationBell } from '../../features/notifications';
import { Brand } from './brand';
import { SyncIndicator } from './sync-indicator';

interface HeaderBarProps {
  phone: boolean;
  collapsed: boolean;
  onMenuClick: () => void;
}

/** Menu button, search (Ctrl+K), language, theme, size, profile menu, sign out. */
export function HeaderBar({ phone, collapsed, onMenuClick }: HeaderBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession().user;

  const { size, setSize } = usePreferences();
  const { modal } = App.useApp();
  const outbox = useOutbox();
  const signOut = () => {
    const leave = () => {
      logout('signOut');
      void navigate('/login', { replace: true });
    };
    // what this device made and has not sent is erased with the session: never without asking (issue 16)
    const unsent = outbox.waiting + outbox.attention;
    if (!unsent) return leave();
    modal.confirm({
      title: t('sync:messages.signOutWaiting', { count: unsent }),
      okText: t('actions.signOut'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: leave,
    });
  };

  const menuLabel = phone ? t('actions.openMenu') : collapsed ? t('actions.expandMenu') : t('actions.collapseMenu');
  const menuIcon = phone ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />;

  return (
    <Layout.Header className="app-header">
      <Flex align="center" gap={4} className="app-header__bar">
        <Button type="text" icon={menuIcon} onClick={onMenuClick} aria-label={menuLabel} title={menuLabel} aria-expanded={phone ? undefined : !collapsed} />
        {phone ? <Brand collapsed /> : null}
        <div style={{ flex: 1 }} />
        <SyncIndicator />
        <NotificationBell phone={phone} />
        <SearchLauncher phone={phone} />
        <LanguageSwitch showLabel={!phone} />
        <ThemeToggle />
        {/* a 390 px header holds eight buttons: on a phone the size is chosen in the profile menu */}
        {phone ? null : <SizeSwitch />}
        <LazyDropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: [
              { key: 'profile', icon: <IdcardOutlined />, label: t('nav:titles.profile') },
              { key: 'changePassword', icon: <LockOutlined />, label: t('nav:titles.changePassword') },
              ...(phone
                ? [
                    {
                      key: 'size',
                      icon: <FontSizeOutlined />,
                      label: t('fields.size.label'),
                      children: componentSizes.map((value) => ({ key: `size:${value}`, label: t(`sizes.${value}`), disabled: value === size })),
                    },
                  ]
                : []),
              { type: 'divider' },
              { key: 'signOut', icon: <LogoutOutlined />, label: t('actions.signOut'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'signOut') signOut();
              else if (key.startsWith('size:')) setSize(key.slice('size:'.length) as ComponentSize);
              else if (key === 'profile' || key === 'changePassword') void navigate(hrefOf(key));
            },
          }}
        >
          <Button type="text" className="profile-button" aria-label={t('actions.profileMenu')} title={user?.fullName}>
            <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: 'var(--ant-color-primary)' }} />
            {phone ? null : (
              <span className="profile-button__name text-ellipsis" aria-hidden="true">
                {user?.fullName}
              </span>
            )}
          </Button>
        </LazyDropdown>
        {/* on a phone the profile menu holds it: the header keeps room for the sync indicator */}
        {phone ? null : <Button type="text" icon={<LogoutOutlined />} onClick={signOut} aria-label={t('actions.signOut')} title={t('actions.signOut')} />}
      </Flex>
    </Layout.Header>
  );
}
