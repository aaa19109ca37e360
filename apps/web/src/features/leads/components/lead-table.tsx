import { Button, Select, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { localized, type LeadStage, type LeadSummary } from '@pharma/contracts';
import { DataTable, usePagination } from '../../../components/data-table';
import { sortable, sortParam } from '../../../components/sort';
import { formatDate, formatPhone } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useLeadList } from '../api/leads-api';
import { LeadSourceTag, StageKindTag, useStageName } from './lead-labels';

interface Props {
  stages: LeadStage[] | undefined;
  page: number;
  size: number;
  sort: string | undefined;
  stageId: number | undefined;
  filters: { q?: string; source?: LeadSummary['source'] };
  update: (patch: Record<string, string | number | undefined>) => void;
  onOpen: (id: number) => void;
}

/** The leads as a paged table, sortable by date added, name and the last stage change. */
export function LeadTable({ stages, page, size, sort, stageId, filters, update, onOpen }: Props) {
  const { t } = useTranslation('leads');
  const lng = useLanguage();
  const stageName = useStageName();
  const query = useLeadList({ page, size, sort, q: filters.q, source: filters.source, stageId });
  const pagination = usePagination(page, size, query.data?.total, (p, s) => update(s !== size ? { page: 1, size: s } : { page: p }));

  const columns: TableProps<LeadSummary>['columns'] = [
    {
      key: 'name',
      title: t('fields.name'),
      ...sortable(sort, 'name'),
      render: (_, lead) => (
        <Button type="link" className="lead-link" onClick={() => onOpen(lead.id)}>
          {lead.name}
        </Button>
      ),
    },
    {
      key: 'stage',
      title: t('fields.stage'),
      render: (_, lead) => {
        const stage = stages?.find((s) => s.id === lead.stageId);
        return stage ? stage.kind === 'open' ? stageName(stage) : <StageKindTag kind={stage.kind} label={stageName(stage)} /> : null;
      },
    },
    { key: 'source', title: t('fields.source'), render: (_, lead) => <LeadSourceTag source={lead.source} /> },
    { key: 'contactPerson', dataIndex: 'contactPerson', title: t('fields.contactPerson'), responsive: ['md'] },
    { key: 'phones', title: t('fields.phones'), render: (_, lead) => lead.phones.map((p) => formatPhone(p)).join(', ') },
    {
      key: 'region',
      title: t('fields.region'),
      responsive: ['lg'],
      render: (_, lead) => `${localized(lead.regionName, lng)}, ${localized(lead.districtName, lng)}`,
    },
    { key: 'assignee', dataIndex: 'assignedName', title: t('fields.assignee'), responsive: ['md'] },
    {
      key: 'stageChangedAt',
      title: t('fields.stageChangedAt'),
      ...sortable(sort, 'stageChangedAt'),
      render: (_, lead) => formatDate(lead.stageChangedAt),
      responsive: ['lg'],
    },
    { key: 'createdAt', title: t('fields.createdAt'), ...sortable(sort, 'createdAt'), render: (_, lead) => formatDate(lead.createdAt) },
  ];

  return (
    <>
      <Select
        aria-label={t('fields.stage')}
        style={{ minWidth: 200, marginBottom: 12 }}
        value={stageId ?? 0}
        onChange={(v) => update({ stage: v || undefined })}
        options={[{ value: 0, label: t('filters.allStages') }, ...(stages ?? []).map((s) => ({ value: s.id, label: stageName(s) }))]}
      />
      <DataTable<LeadSummary>
        query={query}
        rows={query.data?.items}
        rowKey="id"
        columns={columns}
        pagination={pagination}
        emptyText={t('empty')}
        onChange={(_p, _f, sorter) => update({ sort: sortParam(sorter) })}
      />
    </>
  );
}
