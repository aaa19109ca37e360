import { useState, type Key } from 'react';
import { Button, Card, Flex, Skeleton, Spin, Typography, type TableProps } from 'antd';
import { DownOutlined, StarOutlined, UpOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Paged, VisitSummary } from '@pharma/contracts';
import { DataTable, usePagination } from '../../../../components/data-table';
import { EmptyState } from '../../../../components/empty-state';
import { QueryError } from '../../../../components/query-error';
import { orderOf, sortParam } from '../../../../components/sort';
import { useCan } from '../../../../lib/permissions';
import { visitPaths } from '../../paths';
import { VisitDuration } from './duration';
import { plannedRange } from '../../visit-dates';
import { ProofScore } from './proof-score';
import { VisitDetails } from './visit-details';
import { VisitStatusTag, visitStatusStripe } from '../../components/visit-status-tag';
import '../../components/visit-card.css';
import { CardsPagination } from '../../../../components/cards-pagination';

export interface VisitListProps {
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch' | 'isPlaceholderData'>;
  data: Paged<VisitSummary> | undefined;
  page: number;
  size: number;
  /** the date column can be turned around: sort is then "plannedStart" (oldest first) or none (newest first) */
  sortable?: boolean;
  sort?: string;
  onChange: (patch: { page?: number; size?: number; sort?: string }) => void;
  showOrganization?: boolean;
  showRepresentative?: boolean;
  /** a 'Rate' button on completed visits that unfolds the rating prompt */
  rateAction?: boolean;
  emptyText?: string;
  errorTitle?: string;
}

/** The date column sorts newest first by default; a click turns it around and back (never unsorted). */
const dateSorter = (sort: string | undefined) => ({
  sorter: true,
  sortOrder: orderOf(sort ?? '-plannedStart', 'plannedStart'),
  sortDirections: ['descend', 'ascend', 'descend'] as ('descend' | 'ascend')[],
});

function useExpanded() {
  const [keys, setKeys] = useState<Key[]>([]);
  const toggle = (id: number, open?: boolean) =>
    setKeys((current) => ((open ?? !current.includes(id)) ? [...current.filter((k) => k !== id), id] : current.filter((k) => k !== id)));
  return { keys, setKeys, toggle, isOpen: (id: number) => keys.includes(id) };
}

/** Visits as a dense table for a desk: each row unfolds into the visit's details. */
export function VisitsTable({
  query,
  data,
  page,
  size,
  sortable = false,
  sort,
  onChange,
  showOrganization = true,
  showRepresentative = true,
  rateAction,
  emptyText,
  errorTitle,
}: VisitListProps) {
  const { t } = useTranslation('visitHistory');
  const canRate = useCan('visits.edit') && rateAction;
  const expanded = useExpanded();
  const pagination = usePagination(page, size, data?.total, (p, s) => onChange(s !== size ? { page: 1, size: s } : { page: p }));
  const columns: TableProps<VisitSummary>['columns'] = [
    {
      key: 'plannedStart',
      title: t('fields.date.label'),
      ...(sortable ? dateSorter(sort) : {}),
      render: (_, v) => <span className="nowrap">{plannedRange(v.plannedStart, v.plannedEnd)}</span>,
    },
    ...(showOrganization
      ? [
          {
            key: 'organization',
            title: t('fields.organization.label'),
            render: (_: unknown, v: VisitSummary) => (
              <Link to={visitPaths.history(v.organizationId)} className="org-link">
                {v.organizationName}
              </Link>
            ),
          },
        ]
      : []),
    ...(showRepresentative
      ? [
          {
            key: 'representative',
            title: t('fields.representative.label'),
            render: (_: unknown, v: VisitSummary) => <span className="nowrap">{v.representativeName}</span>,
          },
        ]
      : []),
    { key: 'status', title: t('fields.status.label'), render: (_, v) => <VisitStatusTag status={v.status} /> },
    { key: 'duration', title: t('fields.duration.label'), render: (_, v) => <VisitDuration startedAt={v.startedAt} completedAt={v.completedAt} /> },
    { key: 'proof', title: t('fields.proofScore.short'), render: (_, v) => <ProofScore visit={v} /> },
    ...(canRate
      ? [
          {
            key: 'actions',
            title: <span className="sr-only">{t('common:fields.actions.label')}</span>,
            render: (_: unknown, v: VisitSummary) =>
              v.status === 'completed' ? (
                <Button size="small" icon={<StarOutlined />} onClick={() => expanded.toggle(v.id, true)}>
                  {t('actions.rate')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <DataTable<VisitSummary>
      query={query}
      rows={data?.items}
      rowKey="id"
      columns={columns}
      pagination={pagination}
      scroll={{ x: true }}
      className="visits-table"
      emptyText={emptyText ?? t('messages.noVisits')}
      errorTitle={errorTitle ?? t('messages.visitsLoadError')}
      expandable={{
        expandedRowKeys: expanded.keys,
        onExpandedRowsChange: (keys) => expanded.setKeys([...keys]),
        expandedRowRender: (v) => <VisitDetails visitId={v.id} />,
      }}
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action !== 'sort') return;
        const next = sortParam(sorter);
        onChange({ sort: next === '-plannedStart' || next === undefined ? undefined : next });
      }}
    />
  );
}

/** Visits as cards for a 390 px phone: what, where, how it went; 'Details' unfolds the visit in place. */
export function VisitCards({
  query,
  data,
  page,
  size,
  onChange,
  showOrganization = true,
  showRepresentative = true,
  rateAction,
  emptyText,
  errorTitle,
}: VisitListProps) {
  const { t } = useTranslation('visitHistory');
  const canRate = useCan('visits.edit') && rateAction;
  const expanded = useExpanded();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError && !data)
    return (
      <QueryError error={query.error} title={errorTitle ?? t('messages.visitsLoadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  const items = data?.items ?? [];
  if (items.length === 0) return <EmptyState description={emptyText ?? t('messages.noVisits')} />;
  return (
    <Spin spinning={query.isFetching && query.isPlaceholderData}>
      <ul className="visit-cards">
        {items.map((v) => {
          const open = expanded.isOpen(v.id);
          return (
            <li key={v.id} data-visit-id={v.id}>
              <Card size="small" className={`visit-card visit-card--${v.status}`} style={visitStatusStripe(v.status)}>
                <Flex justify="space-between" align="flex-start" gap={8}>
                  <Typography.Text strong className="visit-card__time">
                    {plannedRange(v.plannedStart, v.plannedEnd)}
                  </Typography.Text>
                  <VisitStatusTag status={v.status} />
                </Flex>
                {showOrganization ? (
                  <Link to={visitPaths.history(v.organizationId)} className="visit-card__title org-link">
                    {v.organizationName}
                  </Link>
                ) : null}
                {showRepresentative ? <div className="cell-muted">{v.representativeName}</div> : null}
                <dl className="visit-card__facts">
                  <div>
                    <dt>{t('fields.duration.label')}</dt>
                    <dd>
                      <VisitDuration startedAt={v.startedAt} completedAt={v.completedAt} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('fields.proofScore.label')}</dt>
                    <dd>
                      <ProofScore visit={v} />
                    </dd>
                  </div>
                </dl>
                <Flex gap={8} className="visit-card__actions">
                  <Button
                    block
                    className="tap-target"
                    icon={open ? <UpOutlined /> : <DownOutlined />}
                    aria-expanded={open}
                    onClick={() => expanded.toggle(v.id)}
                  >
                    {open ? t('actions.hideDetails') : t('actions.details')}
                  </Button>
                  {canRate && v.status === 'completed' && !open ? (
                    <Button block className="tap-target" icon={<StarOutlined />} onClick={() => expanded.toggle(v.id, true)}>
                      {t('actions.rate')}
                    </Button>
                  ) : null}
                </Flex>
                {open ? (
                  <div className="visit-card__details">
                    <VisitDetails visitId={v.id} />
                  </div>
                ) : null}
              </Card>
            </li>
          );
        })}
      </ul>
      <CardsPagination page={page} size={size} total={data?.total} onChange={onChange} />
    </Spin>
  );
}
