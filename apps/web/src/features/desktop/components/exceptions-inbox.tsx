import { useState } from 'react';
import { App, Badge, Button, Card, Skeleton, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { overdueVisitDays, type ExceptionItem, type ExceptionsInbox as Inbox } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { hrefOf } from '../../../lib/paths';
import { useReviewVisit } from '../../visits';
import { useExceptions } from '../api/get-exceptions';
import { desktopKeys } from '../api/keys';

/** Where an item leads: its screen of lib/paths with the record's id. */
export function exceptionHref(link: ExceptionItem['link']): string {
  switch (link.screen) {
    case 'ordersItem':
      return hrefOf('ordersItem', {}, { id: link.id });
    case 'organization':
      return hrefOf('organization', { id: link.id ?? 0 });
    case 'history':
      return hrefOf('history', { id: link.id ?? 0 });
    case 'visitsRepresentative':
      return hrefOf('visitsRepresentative', {}, { representativeId: link.id });
    case 'tasks':
      return link.id === null ? hrefOf('tasks') : hrefOf('tasks', {}, { task: link.id });
    case 'questionableVisits':
    case 'shortDated':
      return hrefOf(link.screen);
  }
}

/** The exceptions inbox: one queue of what needs a manager's decision now, grouped by kind with counts, each item with its one-click action. */
export function ExceptionsInbox() {
  const { t } = useTranslation(['desktop', 'orders']);
  const query = useExceptions();
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (query.isError)
    body = <QueryError error={query.error} title={t('messages.inboxLoadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.groups.every((g) => g.count === 0)) body = <EmptyState description={t('messages.inboxEmpty')} />;
  else body = query.data.groups.filter((g) => g.count > 0).map((g) => <Group key={g.kind} group={g} />);
  const total = query.data?.groups.reduce((s, g) => s + g.count, 0);
  return (
    <Card
      className="desktop-section"
      variant="borderless"
      title={
        <span>
          {t('sections.inbox')} {total ? <Badge count={total} overflowCount={999} /> : null}
        </span>
      }
    >
      <div aria-label={t('sections.inbox')} role="region">
        {body}
      </div>
    </Card>
  );
}

/** Screens whose list holds every item of a group ("And N more" opens the list, not the first item). */
const listScreens = new Set<ExceptionItem['link']['screen']>(['questionableVisits', 'tasks']);

/** Items a group shows before "Show all". */
const shownFirst = 5;

function Group({ group }: { group: Inbox['groups'][number] }) {
  const { t } = useTranslation(['desktop', 'orders']);
  const [expanded, setExpanded] = useState(false);
  const items = expanded ? group.items : group.items.slice(0, shownFirst);
  const more = group.count - group.items.length;
  return (
    <section className="desktop-inbox__group" aria-label={t(`kinds.${group.kind}`, { days: overdueVisitDays })} data-testid={`inbox-${group.kind}`}>
      <Typography.Title level={5} style={{ margin: '4px 0' }}>
        {t(`kinds.${group.kind}`, { days: overdueVisitDays })} <Badge count={group.count} color="var(--ant-color-primary)" overflowCount={999} />
      </Typography.Title>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <Item key={`${item.kind}-${item.id}`} item={item} />
        ))}
      </ul>
      {!expanded && group.items.length > shownFirst ? (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setExpanded(true)}>
          {t('actions.showAll', { count: group.count })}
        </Button>
      ) : null}
      {expanded && more > 0 && group.items[0] ? (
        <Link to={exceptionHref({ ...group.items[0].link, id: listScreens.has(group.items[0].link.screen) ? null : group.items[0].link.id })}>
          {t('actions.more', { count: more })}
        </Link>
      ) : null}
    </section>
  );
}

function Item({ item }: { item: ExceptionItem }) {
  const { t } = useTranslation(['desktop', 'orders']);
  const subtitle = useSubtitle(item);
  const meta = [item.userName && item.kind !== 'noVisitToday' ? item.userName : null, dateOf(item), amountOf(item, t)].filter(Boolean).join(' · ');
  return (
    <li className="desktop-inbox__item">
      <div className="desktop-inbox__text">
        <Link className="desktop-inbox__title" to={exceptionHref(item.link)}>
          {item.title}
        </Link>
        {subtitle ? (
          <Typography.Text type="secondary" className="desktop-inbox__meta" style={{ display: 'block' }}>
            {subtitle}
          </Typography.Text>
        ) : null}
        {meta ? (
          <Typography.Text type="secondary" className="desktop-inbox__meta">
            {meta}
          </Typography.Text>
        ) : null}
      </div>
      <div className="desktop-inbox__actions">
        {item.kind === 'questionableVisit' ? <AcceptVisit item={item} /> : <Link to={exceptionHref(item.link)}>{t(`actions.${item.kind}`)}</Link>}
      </div>
    </li>
  );
}

/** Accept a questionable visit through the visits' review: it leaves the queue. */
function AcceptVisit({ item }: { item: ExceptionItem }) {
  const { t } = useTranslation(['desktop', 'orders']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const review = useReviewVisit();
  return (
    <Button
      type="primary"
      size="small"
      icon={<CheckOutlined />}
      loading={review.isPending}
      aria-label={t('actions.acceptVisit', { name: item.title })}
      onClick={() =>
        review.mutate(
          { id: item.id, body: { decision: 'accepted' } },
          {
            onSuccess: () => {
              void message.success(t('messages.visitAccepted'));
              void queryClient.invalidateQueries({ queryKey: desktopKeys.all });
            },
            onError: (error) => void message.error(errorMessage(error)),
          },
        )
      }
    >
      {t('actions.accept')}
    </Button>
  );
}

function useSubtitle(item: ExceptionItem): string | null {
  const { t } = useTranslation(['desktop', 'orders']);
  switch (item.kind) {
    case 'questionableVisit':
      return item.subtitle === null ? null : t('subtitles.proofScore', { score: item.subtitle });
    case 'creditApproval':
      return item.subtitle === null
        ? t('subtitles.creditOk')
        : item.subtitle
            .split(',')
            .map((r) => t(`orders:credit.warnings.${r}`))
            .join('; ');
    case 'overdueDebt':
      return item.subtitle === null ? null : t('subtitles.oldestDays', { count: Number(item.subtitle) });
    default:
      return item.subtitle;
  }
}

const dateOf = (item: ExceptionItem) => {
  if (!item.date) return null;
  if (item.kind === 'noVisitToday') return null;
  return item.date.length > 10 ? formatDateTime(item.date) : formatDate(item.date);
};

const amountOf = (item: ExceptionItem, t: TFunction<'desktop'>) => {
  if (item.amount === null) return null;
  if (item.kind === 'shortDatedStock') return t('subtitles.units', { count: item.amount, n: formatNumber(item.amount) });
  return t('common:money.amount', { amount: formatMoney(item.amount) });
};
