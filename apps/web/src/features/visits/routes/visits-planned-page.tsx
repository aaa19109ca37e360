import { useState } from 'react';
import { Badge, Button, Flex, Segmented, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { VisitSummary } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useCan } from '../../../lib/permissions';
import { useListParams } from '../../../lib/use-list-params';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { useVisits } from '../api/get-visits';
import { RepresentativeFilter } from '../components/representative-select';
import { VisitDayGroups } from '../components/visit-day-groups';
import { useSeesTeam } from '../components/visit-filters';
import { idFilter } from '../../../lib/use-list-params';
import { VisitFormModal, type VisitFormTarget } from '../components/visit-form';
import { CardsPagination } from '../../../components/cards-pagination';
import { useToday } from '../../../lib/business-day';
import '../components/visits.css';

type Tab = 'planned' | 'overdue';

/**
 * /visits-planned: what is still to do — the planned visits from today on, and the overdue ones
 * (their end passed unstarted), as cards grouped by day, paged.
 */
export function VisitsPlannedPage() {
  const { t } = useTranslation('visits');
  const phone = useWindowWidth() < phoneBelowPx;
  const canPlan = useCan('visits.edit');
  const seesTeam = useSeesTeam();
  const { page, size, filters, update } = useListParams(['tab', 'representativeId'] as const);
  const tab: Tab = filters.tab === 'overdue' ? 'overdue' : 'planned';
  const representativeId = seesTeam ? idFilter(filters.representativeId) : undefined;
  const date = useToday();
  const planned = useVisits({
    status: 'planned',
    from: date,
    page: tab === 'planned' ? page : 1,
    size: tab === 'planned' ? size : 25,
    sort: 'plannedStart',
    representativeId,
  });
  // the overdue ones: the latest first (the oldest are the least likely to be made up)
  const overdue = useVisits({
    status: 'overdue',
    page: tab === 'overdue' ? page : 1,
    size: tab === 'overdue' ? size : 25,
    sort: '-plannedStart',
    representativeId,
  });
  const list = tab === 'planned' ? planned : overdue;
  const [target, setTarget] = useState<VisitFormTarget | null>(null);
  const edit = (v: VisitSummary) => setTarget({ mode: 'edit', id: v.id });
  const items = list.data?.items;

  let body;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (list.isError && !items)
    body = <QueryError error={list.error} title={t('messages.plannedError')} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (!items?.length) body = <EmptyState description={tab === 'planned' ? t('messages.noPlanned') : t('messages.noOverdue')} />;
  else
    body = (
      <Flex vertical gap={16} aria-busy={list.isFetching}>
        <VisitDayGroups items={items} onEdit={edit} showRepresentative={seesTeam} />
        <CardsPagination page={page} size={size} total={list.data?.total} onChange={update} />
      </Flex>
    );

  const count = (n: number | undefined, danger = false) =>
    n ? <Badge count={n} overflowCount={999} color={danger ? 'var(--ant-color-error)' : 'var(--ant-color-primary)'} style={{ marginInlineStart: 6 }} /> : null;

  return (
    <div className={phone ? 'phone-screen' : undefined}>
      <PageHeader
        title={t('nav:titles.visitsPlanned')}
        extra={
          canPlan ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create', representativeId })}>
              {t('actions.planVisit')}
            </Button>
          ) : null
        }
      />
      <Flex gap={8} wrap align="center" className="visit-filters">
        <Segmented<Tab>
          value={tab}
          block={phone}
          style={phone ? { width: '100%' } : undefined}
          onChange={(next) => update({ tab: next === 'planned' ? undefined : next })}
          options={[
            {
              value: 'planned',
              label: (
                <span>
                  {t('tabs.planned')}
                  {count(planned.data?.total)}
                </span>
              ),
            },
            {
              value: 'overdue',
              label: (
                <span>
                  {t('tabs.overdue')}
                  {count(overdue.data?.total, true)}
                </span>
              ),
            },
          ]}
        />
        <RepresentativeFilter value={representativeId} onChange={(id) => update({ representativeId: id })} width={phone ? '100%' : 260} />
      </Flex>
      {body}
      <VisitFormModal target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
