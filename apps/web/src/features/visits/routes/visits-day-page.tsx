import { useState } from 'react';
import { Button, DatePicker, Flex, Select, Skeleton, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CalendarOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { dateFormat, visitStatuses, type VisitStatus, type VisitSummary } from '@pharma/contracts';
import { DataTable, usePagination } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SearchInput } from '../../../components/search-input';
import { sortable, sortParam } from '../../../components/sort';
import { useCan } from '../../../lib/permissions';
import { useListParams } from '../../../lib/use-list-params';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { useVisits } from '../api/get-visits';
import { RepresentativeFilter } from '../components/representative-select';
import { VisitActions } from '../components/visit-actions';
import { VisitCard } from '../components/visit-card';
import { useSeesTeam } from '../components/visit-filters';
import { idFilter } from '../../../lib/use-list-params';
import { VisitFormModal, type VisitFormTarget } from '../components/visit-form';
import { CardsPagination } from '../../../components/cards-pagination';
import { VisitStatusTag } from '../components/visit-status-tag';
import { visitPaths } from '../paths';
import { monthOf, plannedRange, shiftDate, validDate } from '../visit-dates';
import { useToday } from '../../../lib/business-day';
import '../components/visits.css';

const filterStatuses = visitStatuses.filter((s) => s !== 'unknown');
const asStatus = (value: string | undefined): VisitStatus | undefined =>
  (filterStatuses as readonly string[]).includes(value ?? '') ? (value as VisitStatus) : undefined;

/** /visits/:date: that day's visits, paged, with a date picker, organization search, status and representative filters. */
export function VisitsDayPage() {
  const { t } = useTranslation('visits');
  const params = useParams();
  const date = validDate(params.date);
  if (!date) {
    return (
      <>
        <PageHeader title={t('nav:titles.visitsByDate')} />
        <EmptyState description={t('validation:invalidDate')} />
      </>
    );
  }
  return <DayScreen date={date} />;
}

function DayScreen({ date }: { date: string }) {
  const { t } = useTranslation('visits');
  const navigate = useNavigate();
  const { search } = useLocation();
  const phone = useWindowWidth() < phoneBelowPx;
  const canPlan = useCan('visits.edit');
  const seesTeam = useSeesTeam();
  const { page, size, sort, filters, update } = useListParams(['q', 'status', 'representativeId'] as const);
  const status = asStatus(filters.status);
  const representativeId = seesTeam ? idFilter(filters.representativeId) : undefined;
  const q = filters.q && filters.q.trim().length >= 4 ? filters.q.trim() : undefined;
  const visits = useVisits({ from: date, to: date, page, size, sort: sort === '-plannedStart' ? sort : 'plannedStart', status, representativeId, q });
  const [target, setTarget] = useState<VisitFormTarget | null>(null);
  const today = useToday();
  const pagination = usePagination(page, size, visits.data?.total, (p, s) => update({ page: p, size: s }));
  const edit = (v: VisitSummary) => setTarget({ mode: 'edit', id: v.id });
  // the same filters on another day: the route changes, the query string stays (from page 1)
  const goDate = (next: string) => {
    const query = new URLSearchParams(search);
    query.delete('page');
    const rest = query.toString();
    void navigate(`${visitPaths.day(next)}${rest ? `?${rest}` : ''}`);
  };

  const columns: ColumnsType<VisitSummary> = [
    {
      key: 'plannedStart',
      title: t('columns.time'),
      width: 130,
      ...sortable(sort ?? 'plannedStart', 'plannedStart'),
      render: (_, v) => <span className="nowrap mono">{plannedRange(v.plannedStart, v.plannedEnd, { date: false })}</span>,
    },
    { key: 'organization', title: t('columns.organization'), render: (_, v) => <span style={{ fontWeight: 500 }}>{v.organizationName}</span> },
    ...(seesTeam ? [{ key: 'representative', title: t('columns.representative'), render: (_: unknown, v: VisitSummary) => v.representativeName }] : []),
    { key: 'status', title: t('columns.status'), width: 140, render: (_, v) => <VisitStatusTag status={v.status} /> },
    {
      key: 'comment',
      title: t('columns.comment'),
      ellipsis: { showTitle: true },
      render: (_, v) => v.comment ?? <span className="cell-muted">—</span>,
    },
    { key: 'actions', title: t('common:fields.actions.label'), width: 150, render: (_, v) => <VisitActions visit={v} onEdit={edit} compact size="small" /> },
  ];

  const filtersBar = (
    <Flex gap={8} wrap align="flex-start" className="visit-filters">
      <div className={phone ? 'phone-search' : undefined} style={phone ? { width: '100%' } : { width: 280 }}>
        <SearchInput value={filters.q} onSearch={(next) => update({ q: next })} label={t('filters.organizationSearch')} />
      </div>
      <Select<VisitStatus>
        allowClear
        aria-label={t('columns.status')}
        placeholder={t('filters.allStatuses')}
        value={status}
        onChange={(next) => update({ status: next })}
        options={filterStatuses.map((s) => ({ value: s, label: t(`enums:visitStatus.${s}`) }))}
        style={{ width: phone ? (seesTeam ? 'calc(50% - 4px)' : '100%') : 180 }}
      />
      <RepresentativeFilter value={representativeId} onChange={(id) => update({ representativeId: id })} width={phone ? 'calc(50% - 4px)' : 240} />
    </Flex>
  );

  let body;
  if (phone) {
    const items = visits.data?.items;
    if (visits.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
    else if (visits.isError && !items)
      body = <QueryError error={visits.error} title={t('messages.visitsError')} onRetry={() => void visits.refetch()} retrying={visits.isFetching} />;
    else if (!items?.length) body = <EmptyState description={t('messages.noVisits')} />;
    else
      body = (
        <Flex vertical gap={12}>
          <div className="visit-cards" aria-busy={visits.isFetching}>
            {items.map((v) => (
              <VisitCard key={v.id} visit={v} onEdit={edit} showRepresentative={seesTeam} />
            ))}
          </div>
          <CardsPagination page={page} size={size} total={visits.data?.total} onChange={update} />
        </Flex>
      );
  } else {
    body = (
      <DataTable<VisitSummary>
        rowKey="id"
        query={visits}
        rows={visits.data?.items}
        columns={columns}
        emptyText={t('messages.noVisits')}
        errorTitle={t('messages.visitsError')}
        pagination={pagination}
        scroll={{ x: 900 }}
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action === 'sort') update({ sort: sortParam(sorter) === '-plannedStart' ? '-plannedStart' : undefined });
        }}
      />
    );
  }

  return (
    <div className={phone ? 'phone-screen' : undefined}>
      <PageHeader
        title={t('titles.day', { date })}
        subtitle={visits.data ? t('calendar.total', { count: visits.data.total }) : undefined}
        extra={
          <>
            <Flex gap={4} align="center">
              <Tooltip title={t('actions.previousDay')}>
                <Button icon={<LeftOutlined />} aria-label={t('actions.previousDay')} onClick={() => goDate(shiftDate(date, -1))} />
              </Tooltip>
              <DatePicker
                aria-label={t('fields.date.label')}
                format={dateFormat}
                allowClear={false}
                value={dayjs(date)}
                onChange={(next) => next && goDate(next.format(dateFormat))}
                style={{ width: 140 }}
              />
              <Tooltip title={t('actions.nextDay')}>
                <Button icon={<RightOutlined />} aria-label={t('actions.nextDay')} onClick={() => goDate(shiftDate(date, 1))} />
              </Tooltip>
            </Flex>
            <Link to={`${visitPaths.calendar(monthOf(date) === monthOf(today) ? undefined : monthOf(date))}`}>
              <CalendarOutlined /> {t('nav:titles.visits')}
            </Link>
            {canPlan ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create', date, representativeId })}>
                {t('actions.planVisit')}
              </Button>
            ) : null}
          </>
        }
      />
      {filtersBar}
      {body}
      <VisitFormModal target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
