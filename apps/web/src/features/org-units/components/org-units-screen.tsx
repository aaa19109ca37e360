import { useState } from 'react';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { localized, type OrgUnit } from '@pharma/contracts';
import { ReferenceListPage, RowActions, useActionsColumn } from '../../../components/reference';
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

  const actions = useActionsColumn<OrgUnit>(canEdit || canDelete, 96, (u) => (
    <RowActions
      edit={canEdit && { label: t('actions.editNamed', { name: u.name }), onClick: () => setEditing(u) }}
      remove={canDelete && { label: t('actions.deleteNamed', { name: u.name }), onConfirm: () => remove.mutateAsync(u.id) }}
    />
  ));
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
    ...actions,
  ];

  return (
    <ReferenceListPage<OrgUnit>
      title={t(`nav:titles.${kind}`)}
      add={{ show: canEdit, label: t(`actions.create.${kind}`), onClick: () => setEditing('new') }}
      table={{ query, rows: query.data, rowKey: 'id', columns, scroll: { x: 'max-content' } }}
    >
      {editing ? <OrgUnitFormModal kind={kind} unit={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </ReferenceListPage>
  );
}
