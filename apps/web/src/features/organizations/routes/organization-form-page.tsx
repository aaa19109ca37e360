import { App, Button, Flex, Skeleton } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { organizationTypes, type OrganizationType, type SaveOrganizationBody } from '@pharma/contracts';
import { NoAccess } from '../../../components/no-access';
import { NotFound } from '../../../components/not-found';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useCan } from '../../../lib/permissions';
import { useCreateOrganization } from '../api/create-organization';
import { useOrganization } from '../api/get-organization';
import { useUpdateOrganization } from '../api/update-organization';
import { OrganizationForm } from '../components/organization-form';
import { BlockedTag } from '../components/organization-tags';
import { organizationPaths } from '../paths';

const formId = 'organization-form';

/** /add-organization (?type=pharmacy) and /add-organization/:id: the whole organization on one page. */
export function OrganizationFormPage() {
  const { t } = useTranslation('organizations');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id: idParam } = useParams();
  const [params] = useSearchParams();
  const id = Number(idParam) > 0 ? Number(idParam) : null;
  const canEdit = useCan('organizations.edit');
  const query = useOrganization(id);
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const saving = create.isPending || update.isPending;

  if (!id && !canEdit) return <NoAccess />;
  if (idParam && !id) return <NotFound />;

  const typeParam = params.get('type');
  const defaults = { type: (organizationTypes as readonly string[]).includes(typeParam ?? '') ? (typeParam as OrganizationType) : 'pharmacy' } as const;

  const onSave = (body: SaveOrganizationBody) =>
    id
      ? update.mutateAsync({ id, body }).then((o) => {
          void message.success(t('common:messages.saved'));
          void navigate(organizationPaths.detail(o.id));
        })
      : create.mutateAsync(body).then((o) => {
          void message.success(t('messages.added'));
          void navigate(organizationPaths.detail(o.id), { replace: true });
        });

  const title = id ? (canEdit ? t('nav:titles.editOrganization') : t('titles.organization')) : t('nav:titles.addOrganization');
  const actions = canEdit ? (
    <Flex gap={8} justify="flex-end" className="form-actions">
      <Button onClick={() => (id ? void navigate(organizationPaths.detail(id)) : void navigate(-1))}>{t('common:actions.cancel')}</Button>
      <Button type="primary" htmlType="submit" form={formId} loading={saving}>
        {t('common:actions.save')}
      </Button>
    </Flex>
  ) : null;

  let body;
  if (id && query.isPending) body = <Skeleton active paragraph={{ rows: 12 }} />;
  else if (id && query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else
    body = (
      <OrganizationForm
        key={query.data?.id ?? 'new'}
        organization={query.data}
        formId={formId}
        readOnly={!canEdit}
        defaults={defaults}
        saving={saving}
        onSave={onSave}
      />
    );

  return (
    <div className="form-page">
      <PageHeader
        title={title}
        subtitle={
          query.data ? (
            <Flex gap={8} align="center">
              {query.data.name}
              {query.data.blocked ? <BlockedTag block={query.data.block} /> : null}
            </Flex>
          ) : undefined
        }
      />
      {body}
      {actions ? <div className="sticky-actions">{actions}</div> : null}
    </div>
  );
}
