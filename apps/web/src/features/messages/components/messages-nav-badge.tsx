import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/permissions';
import { useMessagesUnread } from '../api/messages-keys';

/** The menu item's count of unread messages; a `message` notification reads it again (keep-notifications). */
export function MessagesNavBadge() {
  const { t } = useTranslation('nav');
  const unread = useMessagesUnread(useCan('messages.view')).data ?? 0;
  return <Badge count={unread} size="small" className="nav-badge" title={t('titles.messages')} data-testid="messages-unread" />;
}
