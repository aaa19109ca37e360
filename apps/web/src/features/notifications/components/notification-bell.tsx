import { useState } from 'react';
import { Badge, Button, Drawer, Flex, List, Popover, Typography } from 'antd';
import { BellOutlined, CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { hrefOf } from '../../../lib/paths';
import { unreadOf, useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notifications-api';
import { notificationHref, notificationText } from './notification-text';
import '../notifications.css';

/**
 * The header's bell (issue 17): the unread count, and the list — newest first, unread in bold; a
 * click marks one read and opens what it is about. New ones arrive by the stream without a reload
 * (use-notification-stream.ts). A popover on a desk, a drawer on a phone.
 */
export function NotificationBell({ phone }: { phone: boolean }) {
  const { t } = useTranslation('notifications');
  const [open, setOpen] = useState(false);
  const list = useNotifications();
  const unread = unreadOf(list.data);
  const label = unread ? t('bell', { count: unread }) : t('bellNone');
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
  const content = <NotificationList onDone={() => setOpen(false)} />;
  if (phone)
    return (
      <>
        {button}
        <Drawer open={open} onClose={() => setOpen(false)} title={t('title')} placement="right" size="100%" destroyOnHidden>
          {content}
        </Drawer>
      </>
    );
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomRight" title={t('title')} content={content} destroyOnHidden>
      {button}
    </Popover>
  );
}

function NotificationList({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = unreadOf(list.data);
  const openOne = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n.id);
    const href = notificationHref(n);
    if (href) {
      onDone();
      void navigate(href);
    }
  };
  if (list.isError && !list.data) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <div className="notification-list" data-testid="notification-list">
      <Flex justify="space-between" gap={8} wrap className="notification-list__actions">
        <Button size="small" icon={<CheckOutlined />} disabled={!unread} loading={markAll.isPending} onClick={() => markAll.mutate()}>
          {t('actions.markAllRead')}
        </Button>
        <Button
          size="small"
          type="link"
          icon={<SettingOutlined />}
          onClick={() => {
            onDone();
            void navigate(hrefOf('notificationSettings'));
          }}
        >
          {t('actions.settings')}
        </Button>
      </Flex>
      <List
        loading={list.isPending}
        dataSource={items}
        locale={{ emptyText: <EmptyState description={t('empty')} /> }}
        renderItem={(n) => {
          const { text, detail } = notificationText(t, n);
          return (
            <List.Item
              key={n.id}
              className={n.readAt ? 'notification-item' : 'notification-item notification-item--unread'}
              data-unread={!n.readAt}
              onClick={() => openOne(n)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  openOne(n);
                }
              }}
              tabIndex={0}
              role="button"
            >
              <List.Item.Meta
                title={<span className="notification-item__text">{text}</span>}
                description={
                  <>
                    {detail ? <Typography.Text type="secondary">{detail}</Typography.Text> : null}
                    <Typography.Text type="secondary" className="notification-item__time">
                      {formatDateTime(n.createdAt)}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          );
        }}
      />
      {list.hasNextPage ? (
        <Button block type="text" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('actions.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
