import type { ReactNode } from 'react';
import { App, Button, Flex, Tag, Tooltip, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Doctor, Paged } from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { DataTable, usePagination } from '../../../components/data-table';
import { FavoriteStar } from '../../../components/favorite-star';
import { hrefOf } from '../../../lib/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatPhone } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useDeleteDoctor } from '../api/delete-doctor';
import { useSetFavoriteDoctor } from '../api/set-favorite-doctor';

export const doctorPath = (id: number) => hrefOf('favorite', { id });

interface Props {
  query: UseQueryResult<Paged<Doctor>>;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
  /** show the organization column (lists across organizations) */
  showOrganization?: boolean;
  onEdit?: (doctor: Doctor) => void;
  /** an extra action per row (e.g. "Choose" on /choose-doctor) */
  action?: (doctor: Doctor) => ReactNode;
  emptyText?: string;
}

/** Doctors as a table: the star, name (opens the doctor), specialization, phone; edit and delete by right. */
export function DoctorsTable({ query, page, size, onPage, showOrganization, onEdit, action, emptyText }: Props) {
  const { t } = useTranslation('doctors');
  const { message } = App.useApp();
  const canEdit = useCan('organizations.edit');
  const canDelete = useCan('organizations.delete');
  const favorite = useSetFavoriteDoctor();
  const remove = useDeleteDoctor();
  const pagination = usePagination(page, size, query.data?.total, (p, s) => onPage(s !== size ? 1 : p, s));

  const columns: TableProps<Doctor>['columns'] = [
    {
      key: 'favorite',
      width: 48,
      title: <span className="sr-only">{t('fields.favorite.label')}</span>,
      render: (_, d) => (
        <FavoriteStar
          size="small"
          active={d.favorite}
          loading={favorite.isPending && favorite.variables?.id === d.id}
          addLabel={t('actions.addFavoriteOf', { name: d.fullName })}
          removeLabel={t('actions.removeFavoriteOf', { name: d.fullName })}
          onToggle={(next) => favorite.mutate({ id: d.id, favorite: next }, { onError: (error) => void message.error(errorMessage(error)) })}
        />
      ),
    },
    {
      key: 'fullName',
      title: t('fields.fullName.label'),
      render: (_, d) => (
        <Link to={doctorPath(d.id)} className="org-name">
          {d.fullName}
        </Link>
      ),
    },
    {
      key: 'specialization',
      title: t('fields.specialization.label'),
      render: (_, d) => <Tag variant="filled">{t(`enums:doctorSpecialization.${d.specialization}`)}</Tag>,
    },
    { key: 'position', dataIndex: 'position', title: t('fields.position.label'), responsive: ['md'] },
    {
      key: 'phone',
      title: t('fields.phone.label'),
      render: (_, d) => (
        <a href={`tel:${d.phone}`} className="nowrap">
          {formatPhone(d.phone)}
        </a>
      ),
    },
  ];
  if (showOrganization) {
    columns.push({
      key: 'organization',
      title: t('fields.organizationId.label'),
      responsive: ['sm'],
      render: (_, d) => (
        <Flex gap={6} wrap align="center">
          <span>{d.organizationName}</span>
          {d.organizationBlocked ? <Tag color="error">{t('enums:blocked.true')}</Tag> : null}
        </Flex>
      ),
    });
  }
  if (action || (canEdit && onEdit) || canDelete) {
    columns.push({
      key: 'actions',
      align: 'right',
      title: <span className="sr-only">{t('common:fields.actions.label')}</span>,
      render: (_, d) => (
        <Flex gap={4} justify="flex-end" align="center">
          {action?.(d)}
          {canEdit && onEdit ? (
            <Tooltip title={t('common:actions.edit')}>
              <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('actions.editOf', { name: d.fullName })} onClick={() => onEdit(d)} />
            </Tooltip>
          ) : null}
          {canDelete ? (
            <ConfirmButton
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('actions.deleteOf', { name: d.fullName })}
              onConfirm={() =>
                remove.mutateAsync(d.id).then(
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
    <DataTable<Doctor>
      query={query}
      rows={query.data?.items}
      rowKey="id"
      columns={columns}
      pagination={pagination}
      emptyText={emptyText ?? t('messages.noDoctors')}
      errorTitle={t('messages.loadError')}
      scroll={{ x: 'max-content' }}
    />
  );
}
