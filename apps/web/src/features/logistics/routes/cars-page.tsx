import { useState } from 'react';
import { Badge, Button, Card, Tooltip, type TableProps } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { defaultPageSize, formatNumber, pageSizes, type Car } from '@pharma/contracts';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { useCars } from '../api/get-cars';
import { CarFormModal } from '../components/car-form-modal';

/** Logistics → Cars: the fleet deliveries are planned on (capacity in kg and boxes, the usual courier). */
export function CarsPage() {
  const { t } = useTranslation('logistics');
  const canEdit = useCan('logistics.edit');
  const query = useCars();
  const [editing, setEditing] = useState<Car | 'new' | null>(null);

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
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      width: 56,
      align: 'right',
      title: <span className="sr-only">{t('common:fields.actions.label')}</span>,
      render: (_, c) => (
        <Tooltip title={t('common:actions.edit')}>
          <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('actions.editCar', { plate: c.plate })} onClick={() => setEditing(c)} />
        </Tooltip>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={t('nav:titles.cars')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('actions.createCar')}
            </Button>
          ) : null
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <DataTable<Car>
          query={query}
          rows={query.data}
          rowKey="id"
          columns={columns}
          emptyText={t('empty.cars')}
          pagination={{ defaultPageSize, pageSizeOptions: pageSizes.map(String), showSizeChanger: true, hideOnSinglePage: true }}
          scroll={{ x: true }}
          rowClassName={(c) => (c.active ? '' : 'row-inactive')}
        />
      </Card>
      {editing ? <CarFormModal car={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
