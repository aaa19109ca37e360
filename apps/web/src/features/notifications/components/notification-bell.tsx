import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Drawer, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useUnreadNotifications } from '../api/notifications-api';

// the list and what it draws load when the bell is first opened: the header stays light (issue 16)
const NotificationList = lazy(() => import('./notification-list').then((m) => ({ default: m.NotificationList })));

/**
 * The header's bell (issue 17): the unread count, and the list — newest first, unread in bold; a
 * click marks one read and opens what it is about. New ones arrive by the stream without a reload
 * (use-notification-stream.ts). A popover on a desk, a drawer on a phone.
 */
export function NotificationBell({ phone }: { phone: boolean }) {
  // the header's words are common ones: the notifications' own catalogue loads with the list
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = useUnreadNotifications();
  const label = unread ? t('notificationBell.unread', { count: unread }) : t('notificationBell.none');
  const button = (
    <Badge count={unread} size="small" offset={[-4, 4]} overflowCount={99}>
      <Button
        type="text"
        icon={<BellOutlined />}
        aria-label={label}
        title={label}
        data-testid="notification-bell"
        data-unread={unread}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      />
    </Badge>
  );
  const content = (
    <Suspense fallback={null}>
      <NotificationList onDone={() => setOpen(false)} />
    </Suspense>
  );
  if (phone)
    return (
      <>
        {button}
        <Drawer open={open} onClose={() => setOpen(false)} title={t('notificationBell.none')} placement="right" size="100%" destroyOnHidden>
          {content}
        </Drawer>
      </>
    );
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" title={t('notificationBell.none')} content={content} destroyOnHidden>
      {button}
    </Popover>
  );
}
