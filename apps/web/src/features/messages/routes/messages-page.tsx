import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { idFilter, useListParams } from '../../../lib/use-list-params';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { ConversationList } from '../components/conversation-list';
import { ConversationView } from '../components/conversation-view';
import { NewConversationModal } from '../components/new-conversation-modal';
import '../messages.css';

/**
 * /messages (issue 17): on a desk the list of conversations beside the open one; on a phone the list,
 * then the conversation on the whole screen with a way back. The open one is in the address
 * (`?conversation=<id>`), so a notification links to it.
 */
export function MessagesPage() {
  const { t } = useTranslation('messages');
  const phone = useWindowWidth() < phoneBelowPx;
  const canWrite = useCan('messages.edit');
  const { filters, update } = useListParams(['conversation'] as const);
  const openId = idFilter(filters.conversation);
  const [creating, setCreating] = useState(false);
  const open = (id: number | undefined) => update({ conversation: id });

  const header = (
    <PageHeader
      title={t('title')}
      extra={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('actions.new')}
          </Button>
        ) : null
      }
    />
  );
  const modal = (
    <NewConversationModal
      open={creating}
      onClose={() => setCreating(false)}
      onCreated={(id) => {
        setCreating(false);
        open(id);
      }}
    />
  );
  if (phone)
    return openId ? (
      <div className="messages-phone">
        <ConversationView id={openId} onBack={() => open(undefined)} />
      </div>
    ) : (
      <>
        {header}
        <ConversationList openId={undefined} onOpen={open} />
        {modal}
      </>
    );
  return (
    <>
      {header}
      <div className="messages-layout">
        <aside className="messages-layout__list">
          <ConversationList openId={openId} onOpen={open} />
        </aside>
        <section className="messages-layout__open">{openId ? <ConversationView id={openId} /> : <EmptyState description={t('empty.choose')} />}</section>
      </div>
      {modal}
    </>
  );
}
