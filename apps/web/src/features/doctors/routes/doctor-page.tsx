import { useState } from 'react';
import { App, Button, Card, Descriptions, Flex, Skeleton, Tag } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { FavoriteStar } from '../../../components/favorite-star';
import { NotFound } from '../../../components/not-found';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { hrefOf } from '../../../lib/paths';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDate, formatPhone } from '../../../lib/format';
import { ClickToCallButton } from '../../calls';
import { useCan } from '../../../lib/permissions';
import { organizationPaths } from '../../organizations';
import { useDeleteDoctor } from '../api/delete-doctor';
import { useDoctor } from '../api/get-doctor';
import { useSetFavoriteDoctor } from '../api/set-favorite-doctor';
import { DoctorFormModal } from '../components/doctor-form-modal';

/** /favorite/:id: one doctor — details, organization, the favorite star; edit and delete by right. */
export function DoctorPage() {
  const { t } = useTranslation('doctors');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id: idParam } = useParams();
  const id = Number(idParam) > 0 ? Number(idParam) : null;
  const query = useDoctor(id);
  const canEdit = useCan('organizations.edit');
  const canDelete = useCan('organizations.delete');
  const favorite = useSetFavoriteDoctor();
  const remove = useDeleteDoctor();
  const [editing, setEditing] = useState(false);

  if (!id) return <NotFound />;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFound />;
    return <QueryError error={query.error} title={t('messages.loadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const d = query.data;
  return (
    <>
      <PageHeader
        title={
          <Flex align="center" gap={4} component="span">
            <span>{d.fullName}</span>
            <FavoriteStar
              active={d.favorite}
              loading={favorite.isPending}
              addLabel={t('actions.addFavorite')}
              removeLabel={t('actions.removeFavorite')}
              onToggle={(next) =>
                favorite.mutate(
                  { id: d.id, favorite: next },
                  {
                    onSuccess: () => void message.success(next ? t('messages.favoriteAdded') : t('messages.favoriteRemoved')),
                    onError: (error) => void message.error(errorMessage(error)),
                  },
                )
              }
            />
          </Flex>
        }
        subtitle={t(`enums:doctorSpecialization.${d.specialization}`)}
        extra={
          <>
            {canEdit ? (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('common:actions.edit')}
              </Button>
            ) : null}
            {canDelete ? (
              <ConfirmButton
                danger
                icon={<DeleteOutlined />}
                onConfirm={() =>
                  remove.mutateAsync(d.id).then(
                    () => {
                      void message.success(t('common:messages.deleted'));
                      void navigate(hrefOf('favorites'), { replace: true });
                    },
                    (error: unknown) => void message.error(errorMessage(error)),
                  )
                }
              >
                {t('common:actions.delete')}
              </ConfirmButton>
            ) : null}
          </>
        }
      />
      <Card variant="borderless" style={{ maxWidth: 760 }}>
        <Descriptions
          column={1}
          size="small"
          className="details-grid"
          items={[
            {
              key: 'phone',
              label: t('fields.phone.label'),
              children: (
                <span>
                  <a href={`tel:${d.phone}`}>{formatPhone(d.phone)}</a>{' '}
                  <ClickToCallButton size="small" phone={d.phone} subject={{ type: 'doctor', id: d.id }} />
                </span>
              ),
            },
            { key: 'position', label: t('fields.position.label'), children: d.position ?? <span className="cell-muted">—</span> },
            {
              key: 'organization',
              label: t('fields.organizationId.label'),
              children: (
                <Flex gap={6} wrap align="center">
                  <Link to={organizationPaths.detail(d.organizationId)}>{d.organizationName}</Link>
                  <Tag variant="filled">{t(`enums:organizationType.${d.organizationType}`)}</Tag>
                  {d.organizationBlocked ? <Tag color="error">{t('enums:blocked.true')}</Tag> : null}
                </Flex>
              ),
            },
            { key: 'createdAt', label: t('fields.createdAt.label'), children: formatDate(d.createdAt) },
          ]}
        />
      </Card>
      <DoctorFormModal target={editing ? { mode: 'edit', doctor: d } : null} onClose={() => setEditing(false)} />
    </>
  );
}
