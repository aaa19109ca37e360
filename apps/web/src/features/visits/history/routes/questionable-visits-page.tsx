import { Card, Flex, Skeleton, Spin, Tabs } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { visitProofLimits, visitReviewStates, type VisitReviewState } from '@pharma/contracts';
import { DateRangeFilter } from '../../../../components/date-range-filter';
import { EmptyState } from '../../../../components/empty-state';
import { PageHeader } from '../../../../components/page-header';
import { QueryError } from '../../../../components/query-error';
import { useListParams, idFilter } from '../../../../lib/use-list-params';
import { phoneBelowPx, useWindowWidth } from '../../../../lib/use-window-width';
import { useQuestionableVisits } from '../../api/get-questionable-visits';
import { RepresentativeFilter } from '../../components/representative-select';
import { useSeesTeam } from '../../components/visit-filters';
import { ReviewCard } from '../components/review-card';
import '../visit-history.css';
import { CardsPagination } from '../../../../components/cards-pagination';

const filterNames = ['review', 'from', 'to', 'representativeId'] as const;
const tabIcons = { pending: <ClockCircleOutlined />, accepted: <CheckCircleOutlined />, rejected: <CloseCircleOutlined /> } as const;

/**
 * /questionable-visits: the manager's queue of their team's visits whose proof score fell below the
 * threshold (never their own) — awaiting review, accepted, rejected; dates and representative
 * filters; each visit with its reasons in words, a map, and Accept / Reject.
 */
export function QuestionableVisitsPage() {
  const { t } = useTranslation('visitHistory');
  const seesOthers = useSeesTeam();
  const phone = useWindowWidth() < phoneBelowPx;
  const { page, size, filters, update } = useListParams(filterNames);
  const review: VisitReviewState = (visitReviewStates as readonly string[]).includes(filters.review ?? '') ? (filters.review as VisitReviewState) : 'pending';
  const representativeId = seesOthers ? idFilter(filters.representativeId) : undefined;
  const query = useQuestionableVisits({ review, from: filters.from, to: filters.to, representativeId, page, size });
  const items = query.data?.items ?? [];

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (query.isError && !query.data)
    body = <QueryError error={query.error} title={t('messages.visitsLoadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (items.length === 0) body = <EmptyState description={seesOthers ? t(`messages.queueEmpty.${review}`) : t('messages.queueOwnScope')} />;
  else
    body = (
      <Spin spinning={query.isFetching && query.isPlaceholderData}>
        <ul className="review-cards" aria-label={t(`enums:visitReviewState.${review}`)}>
          {items.map((v) => (
            <li key={v.id}>
              <ReviewCard visit={v} />
            </li>
          ))}
        </ul>
        <CardsPagination page={page} size={size} total={query.data?.total} onChange={update} />
      </Spin>
    );

  return (
    <>
      <PageHeader title={t('nav:titles.questionableVisits')} subtitle={t('messages.queueHint', { score: visitProofLimits.questionableBelow })} />
      <Card variant="borderless" styles={{ body: { padding: '4px 12px 12px' } }}>
        <Tabs
          activeKey={review}
          tabBarGutter={phone ? 16 : undefined}
          onChange={(key) => update({ review: key === 'pending' ? undefined : key })}
          items={visitReviewStates.map((state) => ({ key: state, label: t(`tabs.${state}`), icon: phone ? undefined : tabIcons[state] }))}
        />
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <DateRangeFilter from={filters.from} to={filters.to} onChange={(range) => update(range)} />
          <RepresentativeFilter value={representativeId} onChange={(id) => update({ representativeId: id })} width={220} />
        </Flex>
        {body}
      </Card>
    </>
  );
}
