import { Button, Flex, List, Typography } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CheckOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { formatDateTime } from '../../../lib/format';
import { hrefOf } from '../../../lib/paths';
import { useOpenVisitById } from '../../visits';
import { notificationsQuery, unreadOf, useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/notifications-api';
import { notificationHref, notificationText } from './notification-text';
import '../notifications.css';

/** The bell's list: newest first, unread in bold; a click marks one read and opens what it is about. */
export function NotificationList({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const list = useInfiniteQuery(notificationsQuery);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const openVisit = useOpenVisitById();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = unreadOf(list.data);
  const openOne = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n.id);
    const href = notificationHref(n);
    if (href) {
      onDone();
      void navigate(href);
    } else if (n.subjectType === 'visit' && n.subjectId) {
      onDone();
      void openVisit(n.subjectId);
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
