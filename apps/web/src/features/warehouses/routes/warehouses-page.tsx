import { useState } from 'react';
import { Badge, Button, Card, Tooltip, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { defaultPageSize, localized, pageSizes, type Warehouse } from '@pharma/contracts';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useWarehouses } from '../api/get-warehouses';
import { WarehouseFormModal } from '../components/warehouse-form-modal';

/** Stock → Warehouses: where incomes arrive and stock is kept. */
export function WarehousesPage() {
  const { t } = useTranslation('stock');
  const lng = useLanguage();
  const canEdit = useCan('stock.edit');
  const query = useWarehouses();
  const [editing, setEditing] = useState<Warehouse | 'new' | null>(null);

  const columns: TableProps<Warehouse>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('fields.warehouseName.label'), sorter: (a, b) => a.name.localeCompare(b.name, lng), defaultSortOrder: 'ascend' },
    { key: 'region', title: t('fields.region.label'), render: (_, w) => localized(w.regionName, lng), responsive: ['sm'] },
    { key: 'address', dataIndex: 'address', title: t('fields.address.label'), responsive: ['md'] },
    {
      key: 'active',
      title: t('fields.active.label'),
      render: (_, w) => <Badge status={w.active ? 'success' : 'default'} text={t(`enums:active.${String(w.active)}`)} className="nowrap" />,
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      width: 56,
      align: 'right',
      title: <span className="sr-only">{t('common:fields.actions.label')}</span>,
      render: (_, w) => (
        <Tooltip title={t('common:actions.edit')}>
          <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('actions.editNamed', { name: w.name })} onClick={() => setEditing(w)} />
        </Tooltip>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={t('nav:titles.warehouses')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('actions.createWarehouse')}
            </Button>
          ) : null
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <DataTable<Warehouse>
          query={query}
          rows={query.data}
          rowKey="id"
          columns={columns}
          pagination={{ defaultPageSize, pageSizeOptions: pageSizes.map(String), showSizeChanger: true, hideOnSinglePage: true }}
          scroll={{ x: true }}
          rowClassName={(w) => (w.active ? '' : 'row-inactive')}
        />
      </Card>
      {editing ? <WarehouseFormModal warehouse={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
