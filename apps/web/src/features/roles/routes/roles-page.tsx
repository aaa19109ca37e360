import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Flex, Select, Skeleton } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roles as roleCodes, type Role, type RoleRights } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/permissions';
import { useRoles } from '../api/get-roles';
import { useUpdateRole } from '../api/update-role';
import { RightsMatrix, type RoleDraft } from '../components/rights-matrix';

type Drafts = Partial<Record<Role, RoleDraft>>;

const toDrafts = (rows: RoleRights[]): Drafts => Object.fromEntries(rows.map((r) => [r.role, { scope: r.scope, grants: [...r.grants].sort() }]));

const sameDraft = (a: RoleDraft | undefined, b: RoleDraft | undefined) =>
  !!a && !!b && a.scope === b.scope && a.grants.length === b.grants.length && a.grants.every((g, i) => g === b.grants[i]);

/** Settings → Roles and rights: the matrix of one role or all, saved role by role. */
export function RolesPage() {
  const { t } = useTranslation('roles');
  const { message } = App.useApp();
  const canEdit = useCan('roles.edit');
  const query = useRoles();
  const update = useUpdateRole();
  const [params, setParams] = useSearchParams();
  const shown = params.get('role');
  const selected: Role | 'all' = shown && (roleCodes as readonly string[]).includes(shown) ? (shown as Role) : 'all';

  const saved = useMemo(() => toDrafts(query.data ?? []), [query.data]);
  const [drafts, setDrafts] = useState<Drafts>({});
  useEffect(() => setDrafts(saved), [saved]);

  const dirtyRoles = (Object.keys(drafts) as Role[]).filter((role) => !sameDraft(drafts[role], saved[role]));
  const visible = (query.data ?? []).filter((r) => selected === 'all' || r.role === selected);

  const save = async () => {
    try {
      for (const role of dirtyRoles) {
        const draft = drafts[role];
        if (draft) await update.mutateAsync({ role, body: draft });
      }
      void message.success(t('common:messages.saved'));
    } catch (error) {
      const fieldMessage = isApiError(error) ? Object.values(error.fields)[0] : undefined;
      void message.error(fieldMessage ?? errorMessage(error));
    }
  };

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 12 }} />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else
    body = (
      <RightsMatrix roles={visible} drafts={drafts} editable={canEdit} onChange={(role, draft) => setDrafts((current) => ({ ...current, [role]: draft }))} />
    );

  return (
    <>
      <PageHeader
        title={t('nav:titles.roles')}
        extra={
          canEdit ? (
            <>
              <Button icon={<UndoOutlined />} disabled={dirtyRoles.length === 0 || update.isPending} onClick={() => setDrafts(saved)}>
                {t('common:actions.reset')}
              </Button>
              <Button type="primary" icon={<SaveOutlined />} disabled={dirtyRoles.length === 0} loading={update.isPending} onClick={() => void save()}>
                {t('common:actions.save')}
              </Button>
            </>
          ) : null
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} align="center" wrap>
          <Select<Role | 'all'>
            aria-label={t('fields.role.label')}
            value={selected}
            style={{ width: 260 }}
            onChange={(value) =>
              setParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  if (value === 'all') next.delete('role');
                  else next.set('role', value);
                  return next;
                },
                { replace: true },
              )
            }
            options={[{ value: 'all', label: t('filters.allRoles') }, ...roleCodes.map((r) => ({ value: r, label: t(`enums:role.${r}`) }))]}
          />
          {dirtyRoles.length > 0 ? <span className="cell-muted">{t('messages.unsaved')}</span> : null}
        </Flex>
        {body}
      </Card>
    </>
  );
}
