import { useTranslation } from 'react-i18next';
import { chatChannels, chatStatuses, type ChatChannel, type ChatStatus } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { idFilter, useListParams } from '../../../lib/use-list-params';
import { useWindowWidth } from '../../../lib/use-window-width';
import { ChatList, type ChatFilters } from '../components/chat-list';
import { ChatView } from '../components/chat-view';
import { useChatSignals } from '../api/chats-api';
import '../chats.css';

/** At this width and wider the inbox and the open conversation stand side by side. */
const deskFromPx = 992;
const isStatus = (v: string | undefined): v is ChatStatus => (chatStatuses as readonly string[]).includes(v ?? '');
const isChannel = (v: string | undefined): v is ChatChannel => (chatChannels as readonly string[]).includes(v ?? '');

/**
 * Chats with clients (issue 18 item 3): on a desk the inbox beside the open conversation; narrower, the
 * inbox, then the conversation on the whole screen with a way back. The open one and the filters are in
 * the address (`?chat=<id>`), so a link reproduces the view.
 */
export function ChatsPage() {
  const { t } = useTranslation('chats');
  const desk = useWindowWidth() >= deskFromPx;
  useChatSignals();
  const { filters: params, update } = useListParams(['chat', 'status', 'channel', 'mine', 'q'] as const);
  const openId = idFilter(params.chat);
  const filters: ChatFilters = {
    status: isStatus(params.status) ? params.status : undefined,
    channel: isChannel(params.channel) ? params.channel : undefined,
    mine: params.mine === 'true',
    q: params.q,
  };
  const open = (id: number | undefined) => update({ chat: id });
  const list = <ChatList filters={filters} onFilters={update} openId={openId} onOpen={open} />;
  const header = <PageHeader title={t('title')} />;

  if (!desk)
    return openId ? (
      <div className="chats-phone">
        <ChatView id={openId} onBack={() => open(undefined)} />
      </div>
    ) : (
      <>
        {header}
        {list}
      </>
    );
  return (
    <>
      {header}
      <div className="chats-layout">
        <aside className="chats-layout__list">{list}</aside>
        <section className="chats-layout__open">{openId ? <ChatView key={openId} id={openId} /> : <EmptyState description={t('empty.choose')} />}</section>
      </div>
    </>
  );
}
