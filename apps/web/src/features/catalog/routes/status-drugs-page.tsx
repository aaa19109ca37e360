import { useState } from 'react';
import { Button, Card, Flex, Segmented, Tooltip, type TableProps } from 'antd';
import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { medicationStatuses, type MedicationStatus, type Product } from '@pharma/contracts';
import { DataTable, usePagination } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { sortable, sortParam } from '../../../components/sort';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useListParams } from '../../../lib/use-list-params';
import { useMedicationStatusCounts } from '../api/get-medication-status-counts';
import { useProducts } from '../api/get-products';
import { MedicationStatusModal } from '../components/medication-status-modal';
import { MedicationStatusTag } from '../components/medication-status-tag';

const isStatus = (v: string | undefined): v is MedicationStatus => (medicationStatuses as readonly string[]).includes(v ?? '');

/** /status-drugs: the medication status of every active product — pending, acquainted or denied (with a reason). */
export function StatusDrugsPage() {
  const { t } = useTranslation('catalog');
  const canEdit = useCan('stock.edit');
  const { page, size, sort, filters, update } = useListParams(['q', 'status'] as const);
  const status = isStatus(filters.status) ? filters.status : undefined;
  const counts = useMedicationStatusCounts();
  const query = useProducts({ page, size, sort, q: filters.q, medicationStatus: status, active: 'true' });
  const pagination = usePagination(page, size, query.data?.total, (p, s) => update(s !== size ? { size: s } : { page: p }));
  const [editing, setEditing] = useState<{ product: Product; status: MedicationStatus } | null>(null);

  const total = counts.data ? medicationStatuses.reduce((sum, s) => sum + (counts.data[s] ?? 0), 0) : undefined;
  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${formatNumber(n)})`);

  const columns: TableProps<Product>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('fields.name.label'), ...sortable(sort, 'name') },
    { key: 'producerName', dataIndex: 'producerName', title: t('fields.producer.label'), ...sortable(sort, 'producerName'), responsive: ['md'] },
    { key: 'status', title: t('fields.medicationStatus.label'), render: (_, p) => <MedicationStatusTag status={p.medicationStatus} /> },
    { key: 'note', dataIndex: 'medicationStatusNote', title: t('fields.note.label'), responsive: ['lg'] },
    {
      key: 'changed',
      title: t('fields.statusChanged.label'),
      responsive: ['lg'],
      render: (_, p) =>
        p.medicationStatusAt ? (
          <span className="nowrap">
            {formatDateTime(p.medicationStatusAt)}
            <span className="cell-muted"> · {p.medicationStatusByName}</span>
          </span>
        ) : null,
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      width: 132,
      align: 'right',
      title: <span className="sr-only">{t('common:fields.actions.label')}</span>,
      render: (_, p) => (
        <Flex gap={4} justify="flex-end">
          <Tooltip title={t('enums:medicationStatus.acquainted')}>
            <Button
              size="small"
              icon={<CheckOutlined />}
              aria-label={t('actions.markAcquainted', { name: p.name })}
              disabled={p.medicationStatus === 'acquainted'}
              onClick={() => setEditing({ product: p, status: 'acquainted' })}
            />
          </Tooltip>
          <Tooltip title={t('enums:medicationStatus.denied')}>
            <Button
              size="small"
              danger
              icon={<CloseOutlined />}
              aria-label={t('actions.markDenied', { name: p.name })}
              onClick={() => setEditing({ product: p, status: 'denied' })}
            />
          </Tooltip>
          <Tooltip title={t('common:actions.edit')}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={t('actions.editNamed', { name: p.name })}
              onClick={() => setEditing({ product: p, status: p.medicationStatus })}
            />
          </Tooltip>
        </Flex>
      ),
    });
  }

  return (
    <>
      <PageHeader title={t('nav:titles.statusDrugs')} />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <Segmented<string>
            className="scroll-x"
            value={status ?? 'all'}
            onChange={(value) => update({ status: value === 'all' ? undefined : value })}
            options={[
              { value: 'all', label: label(t('filters.allStatuses'), total) },
              ...medicationStatuses.map((s) => ({ value: s, label: label(t(`enums:medicationStatus.${s}`), counts.data?.[s]) })),
            ]}
          />
          <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search.label')} />
        </Flex>
        <DataTable<Product>
          query={query}
          rows={query.data?.items}
          rowKey="id"
          columns={columns}
          pagination={pagination}
          scroll={{ x: true }}
          onChange={(_p, _f, sorter, extra) => {
            if (extra.action === 'sort') update({ sort: sortParam(sorter) });
          }}
        />
      </Card>
      {editing ? <MedicationStatusModal product={editing.product} status={editing.status} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
