import { useState } from 'react';
import { App, Button, Card, Flex, Tooltip, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { defaultPageSize, localized, pageSizes, type OrgUnit } from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useRegions } from '../../regions';
import { useDeleteOrgUnit } from '../api/delete-org-unit';
import { useOrgUnits } from '../api/get-org-units';
import type { OrgUnitKind } from '../api/kinds';
import { OrgUnitFormModal } from './org-unit-form-modal';

/** Settings → Departments / Branches: one table with create, edit and delete. */
export function OrgUnitsScreen({ kind }: { kind: OrgUnitKind }) {
  const { t } = useTranslation('orgUnits');
  const lng = useLanguage();
  const { message } = App.useApp();
  const canEdit = useCan('settings.edit');
  const canDelete = useCan('settings.delete');
  const query = useOrgUnits(kind);
  const regions = useRegions();
  const remove = useDeleteOrgUnit(kind);
  const [editing, setEditing] = useState<OrgUnit | 'new' | null>(null);

  const regionName = (id: number | null) => {
    const region = id ? regions.data?.find((r) => r.id === id) : undefined;
    return region ? localized(region.name, lng) : '';
  };

  const columns: TableProps<OrgUnit>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('fields.name.label'), sorter: (a, b) => a.name.localeCompare(b.name, lng), defaultSortOrder: 'ascend' },
    { key: 'region', title: t('fields.regionId.label'), render: (_, u) => regionName(u.regionId), responsive: ['sm'] },
    { key: 'description', dataIndex: 'description', title: t('fields.description.label'), responsive: ['md'], ellipsis: true },
    {
      key: 'userCount',
      dataIndex: 'userCount',
      title: t('fields.userCount.label'),
      align: 'right',
      width: 120,
      sorter: (a, b) => a.userCount - b.userCount,
      render: (_, u) => formatNumber(u.userCount),
    },
  ];
  if (canEdit || canDelete) {
    columns.push({
      key: 'actions',
      width: 96,
      align: 'right',
      title: <span className="sr-only">{t('common:fields.actions.label')}</span>,
      render: (_, u) => (
        <Flex gap={4} justify="flex-end">
          {canEdit ? (
            <Tooltip title={t('common:actions.edit')}>
              <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('actions.editNamed', { name: u.name })} onClick={() => setEditing(u)} />
            </Tooltip>
          ) : null}
          {canDelete ? (
            <ConfirmButton
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('actions.deleteNamed', { name: u.name })}
              onConfirm={() =>
                remove.mutateAsync(u.id).then(
                  () => void message.success(t('common:messages.deleted')),
                  (error: unknown) => void message.error(errorMessage(error)),
                )
              }
            />
          ) : null}
        </Flex>
      ),
    });
  }

  return (
    <>
      <PageHeader
        title={t(`nav:titles.${kind}`)}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t(`actions.create.${kind}`)}
            </Button>
          ) : null
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <DataTable<OrgUnit>
          query={query}
          rows={query.data}
          rowKey="id"
          columns={columns}
          pagination={{ defaultPageSize, pageSizeOptions: pageSizes.map(String), showSizeChanger: true, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      {editing ? <OrgUnitFormModal kind={kind} unit={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
