import { Button, Card, Flex, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { roles, type Role } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { useCan } from '../../../lib/permissions';
import { useListParams } from '../../../lib/use-list-params';
import { useUsers } from '../api/get-users';
import { UserFormDrawer, type UserDrawerTarget } from '../components/user-form-drawer';
import { UsersTable } from '../components/users-table';

const filterNames = ['q', 'role', 'active', 'user'] as const;

function isRole(value: string | undefined): value is Role {
  return !!value && (roles as readonly string[]).includes(value);
}

/** Settings → Staff: search, filter by role and state, sort, page; create, edit, deactivate. Everything lives in the URL. */
export function StaffPage() {
  const { t } = useTranslation('users');
  const canEdit = useCan('users.edit');
  const { page, size, sort, filters, update, params } = useListParams(filterNames);
  const role = isRole(filters.role) ? filters.role : undefined;
  const active = filters.active === 'true' || filters.active === 'false' ? filters.active : undefined;
  const query = useUsers({ page, size, sort, q: filters.q, role, active });

  const target: UserDrawerTarget | null =
    filters.user === 'new' && canEdit ? { mode: 'create' } : Number(filters.user) > 0 ? { mode: 'edit', id: Number(filters.user) } : null;
  // opening and closing the form is not a change of the list: keep the page
  const setTarget = (value: string | undefined) => update({ user: value, page });

  return (
    <>
      <PageHeader
        title={t('nav:titles.staff')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget('new')}>
              {t('actions.createUser')}
            </Button>
          ) : null
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search.label')} />
          <Select<Role>
            aria-label={t('fields.role.label')}
            placeholder={t('filters.allRoles')}
            allowClear
            value={role}
            onChange={(value) => update({ role: value })}
            options={roles.map((r) => ({ value: r, label: t(`enums:role.${r}`) }))}
            style={{ width: 220 }}
          />
          <Select<'true' | 'false'>
            aria-label={t('fields.active.label')}
            placeholder={t('filters.anyState')}
            allowClear
            value={active}
            onChange={(value) => update({ active: value })}
            options={[
              { value: 'true', label: t('enums:active.true') },
              { value: 'false', label: t('enums:active.false') },
            ]}
            style={{ width: 160 }}
          />
        </Flex>
        <UsersTable
          query={query}
          page={page}
          size={size}
          sort={sort}
          canEdit={canEdit}
          onOpen={(id) => setTarget(String(id))}
          hrefFor={(id) => {
            const next = new URLSearchParams(params);
            next.set('user', String(id));
            return `?${next.toString()}`;
          }}
          onChange={(patch) => update(patch)}
        />
      </Card>
      <UserFormDrawer target={target} canEdit={canEdit} onClose={() => setTarget(undefined)} />
    </>
  );
}
