import { useState } from 'react';
import { Badge, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { localized, type Warehouse } from '@pharma/contracts';
import { ReferenceListPage, RowActions, useActionsColumn } from '../../../components/reference';
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

  const actions = useActionsColumn<Warehouse>(canEdit, 56, (w) => (
    <RowActions edit={{ label: t('actions.editNamed', { name: w.name }), onClick: () => setEditing(w) }} />
  ));
  const columns: TableProps<Warehouse>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('fields.warehouseName.label'), sorter: (a, b) => a.name.localeCompare(b.name, lng), defaultSortOrder: 'ascend' },
    { key: 'region', title: t('fields.region.label'), render: (_, w) => localized(w.regionName, lng), responsive: ['sm'] },
    { key: 'address', dataIndex: 'address', title: t('fields.address.label'), responsive: ['md'] },
    {
      key: 'active',
      title: t('fields.active.label'),
      render: (_, w) => <Badge status={w.active ? 'success' : 'default'} text={t(`enums:active.${String(w.active)}`)} className="nowrap" />,
    },
    ...actions,
  ];

  return (
    <ReferenceListPage<Warehouse>
      title={t('nav:titles.warehouses')}
      add={{ show: canEdit, label: t('actions.createWarehouse'), onClick: () => setEditing('new') }}
      table={{ query, rows: query.data, rowKey: 'id', columns, rowClassName: (w) => (w.active ? '' : 'row-inactive') }}
    >
      {editing ? <WarehouseFormModal warehouse={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </ReferenceListPage>
  );
}
