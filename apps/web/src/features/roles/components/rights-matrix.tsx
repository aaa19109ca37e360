import { Checkbox, Select, Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  dataScopes,
  permissionActions,
  permissionAreas,
  specialPermissions,
  type DataScope,
  type Permission,
  type PermissionAction,
  type PermissionArea,
  type Role,
  type SpecialPermission,
} from '@pharma/contracts';

export interface RoleDraft {
  scope: DataScope;
  grants: Permission[];
}

interface Props {
  roles: { role: Role; userCount: number }[];
  drafts: Partial<Record<Role, RoleDraft>>;
  editable: boolean;
  onChange: (role: Role, draft: RoleDraft) => void;
}

const grantOf = (area: PermissionArea, action: PermissionAction) => `${area}.${action}` as Permission;

/**
 * Ticks a right; editing or deleting without viewing makes no sense, so ticking them ticks view,
 * and unticking view unticks them.
 */
export function toggleGrant(grants: Permission[], area: PermissionArea, action: PermissionAction, on: boolean): Permission[] {
  const set = new Set(grants);
  const change = (a: PermissionAction, value: boolean) => (value ? set.add(grantOf(area, a)) : set.delete(grantOf(area, a)));
  change(action, on);
  if (on && action !== 'view') change('view', true);
  if (!on && action === 'view') {
    change('edit', false);
    change('delete', false);
  }
  return [...set].sort();
}

/** Areas × view/edit/delete for one role or all of them, with each role's data scope. */
export function RightsMatrix({ roles, drafts, editable, onChange }: Props) {
  const { t } = useTranslation('roles');

  const roleColumns: NonNullable<TableProps<PermissionArea>['columns']> = roles.map(({ role, userCount }) => {
    const draft = drafts[role];
    const roleName = t(`enums:role.${role}`);
    return {
      key: role,
      align: 'center' as const,
      title: (
        <div className="role-head">
          <Typography.Text strong>{roleName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('messages.userCount', { count: userCount })}
          </Typography.Text>
          <Select<DataScope>
            size="small"
            value={draft?.scope}
            disabled={!editable}
            aria-label={t('fields.scopeOf.label', { role: roleName })}
            popupMatchSelectWidth={false}
            style={{ minWidth: 150 }}
            onChange={(scope) => draft && onChange(role, { ...draft, scope })}
            options={dataScopes.map((s) => ({ value: s, label: t(`enums:dataScope.${s}`) }))}
          />
        </div>
      ),
      children: permissionActions.map((action) => ({
        key: `${role}.${action}`,
        title: t(`enums:permissionAction.${action}`),
        align: 'center' as const,
        width: 84,
        render: (_: unknown, area: PermissionArea) => {
          const checked = !!draft?.grants.includes(grantOf(area, action));
          return (
            <Checkbox
              checked={checked}
              disabled={!editable}
              aria-label={t('fields.grant.label', {
                role: roleName,
                area: t(`enums:permissionArea.${area}`),
                action: t(`enums:permissionAction.${action}`),
              })}
              onChange={(e) => draft && onChange(role, { ...draft, grants: toggleGrant(draft.grants, area, action, e.target.checked) })}
            />
          );
        },
      })),
    };
  });

  const columns: TableProps<PermissionArea>['columns'] = [
    {
      key: 'area',
      title: t('fields.area.label'),
      fixed: 'left',
      width: 150,
      render: (_, area) => (
        <Typography.Text strong style={{ whiteSpace: 'normal' }}>
          {t(`enums:permissionArea.${area}`)}
        </Typography.Text>
      ),
    },
    ...roleColumns,
  ];

  // rights that are not view/edit/delete of an area (decision 010): one checkbox per role
  const specialColumns: TableProps<SpecialPermission>['columns'] = [
    {
      key: 'right',
      title: t('fields.specialRight.label'),
      fixed: 'left',
      width: 220,
      render: (_, right) => (
        <Typography.Text strong style={{ whiteSpace: 'normal' }}>
          {t(`enums:specialPermission.${right}`)}
        </Typography.Text>
      ),
    },
    ...roles.map(({ role }) => {
      const draft = drafts[role];
      const roleName = t(`enums:role.${role}`);
      return {
        key: role,
        title: roleName,
        align: 'center' as const,
        width: 120,
        render: (_: unknown, right: SpecialPermission) => (
          <Checkbox
            checked={!!draft?.grants.includes(right)}
            disabled={!editable}
            aria-label={t('fields.specialGrant.label', { role: roleName, right: t(`enums:specialPermission.${right}`) })}
            onChange={(e) => draft && onChange(role, { ...draft, grants: toggleSpecial(draft.grants, right, e.target.checked) })}
          />
        ),
      };
    }),
  ];

  return (
    <>
      <Table<PermissionArea>
        className="rights-matrix"
        rowKey={(area) => area}
        dataSource={[...permissionAreas]}
        columns={columns}
        pagination={false}
        bordered
        size="small"
        scroll={{ x: 'max-content' }}
      />
      <Table<SpecialPermission>
        className="rights-matrix"
        style={{ marginTop: 16 }}
        rowKey={(right) => right}
        dataSource={[...specialPermissions]}
        columns={specialColumns}
        pagination={false}
        bordered
        size="small"
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}

/** Ticks or unticks a special right. */
export function toggleSpecial(grants: Permission[], right: SpecialPermission, on: boolean): Permission[] {
  const set = new Set(grants);
  if (on) set.add(right);
  else set.delete(right);
  return [...set].sort();
}
