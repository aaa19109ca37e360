import { useState } from 'react';
import { Badge, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Car } from '@pharma/contracts';
import { formatNumber } from '../../../lib/format';
import { ReferenceListPage, RowActions, useActionsColumn } from '../../../components/reference';
import { useCan } from '../../../lib/permissions';
import { useCars } from '../api/get-cars';
import { CarFormModal } from '../components/car-form-modal';

/** Logistics → Cars: the fleet deliveries are planned on (capacity in kg and boxes, the usual courier). */
export function CarsPage() {
  const { t } = useTranslation('logistics');
  const canEdit = useCan('logistics.edit');
  const query = useCars();
  const [editing, setEditing] = useState<Car | 'new' | null>(null);

  const actions = useActionsColumn<Car>(canEdit, 56, (c) => (
    <RowActions edit={{ label: t('actions.editCar', { plate: c.plate }), onClick: () => setEditing(c) }} />
  ));
  const columns: TableProps<Car>['columns'] = [
    { key: 'plate', dataIndex: 'plate', title: t('fields.plate.label'), className: 'nowrap', sorter: (a, b) => a.plate.localeCompare(b.plate) },
    { key: 'model', dataIndex: 'model', title: t('fields.model.label'), sorter: (a, b) => a.model.localeCompare(b.model) },
    {
      key: 'capacityKg',
      title: t('fields.capacityKg.label'),
      align: 'right',
      className: 'nowrap',
      render: (_, c) => `${formatNumber(c.capacityKg)} ${t('units.kg')}`,
      sorter: (a, b) => a.capacityKg - b.capacityKg,
      responsive: ['sm'],
    },
    {
      key: 'capacityBoxes',
      title: t('fields.capacityBoxes.label'),
      align: 'right',
      className: 'nowrap',
      render: (_, c) => formatNumber(c.capacityBoxes),
      sorter: (a, b) => a.capacityBoxes - b.capacityBoxes,
      responsive: ['sm'],
    },
    { key: 'courier', title: t('fields.courier.label'), render: (_, c) => c.courierName ?? '—', responsive: ['md'] },
    {
      key: 'active',
      title: t('fields.active.label'),
      render: (_, c) => <Badge status={c.active ? 'success' : 'default'} text={t(`enums:active.${String(c.active)}`)} className="nowrap" />,
    },
    ...actions,
  ];

  return (
    <ReferenceListPage<Car>
      title={t('nav:titles.cars')}
      add={{ show: canEdit, label: t('actions.createCar'), onClick: () => setEditing('new') }}
      table={{ query, rows: query.data, rowKey: 'id', columns, emptyText: t('empty.cars'), rowClassName: (c) => (c.active ? '' : 'row-inactive') }}
    >
      {editing ? <CarFormModal car={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </ReferenceListPage>
  );
}
