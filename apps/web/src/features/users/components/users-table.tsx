import { App, Badge, Button, Flex, Tooltip, type TableProps } from 'antd';
import { Link } from 'react-router';
import { CheckCircleOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Paged, User } from '@pharma/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, usePagination } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatPhone } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useActivateUser } from '../api/activate-user';
import { useDeactivateUser } from '../api/deactivate-user';
import { RoleTag } from './role-tag';

type SortOrder = 'ascend' | 'descend' | null;

interface Props {
  query: UseQueryResult<Paged<User>>;
  page: number;
  size: number;
  sort: string | undefined;
  canEdit: boolean;
  onOpen: (id: number) => void;
  /** the address of the form of a user (a real link: keyboard, middle click, copy) */
  hrefFor: (id: number) => string;
  onChange: (patch: { page?: number; size?: number; sort?: string }) => void;
}

function orderOf(sort: string | undefined, field: string): SortOrder {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}

/** The staff table: dense, sortable, each name a keyboard-reachable link to the form. */
export function UsersTable({ query, page, size, sort, canEdit, onOpen, hrefFor, onChange }: Props) {
  const { t } = useTranslation('users');
  const { modal, message } = App.useApp();
  const me = useSession().user?.id;
  const deactivate = useDeactivateUser();
  const activate = useActivateUser();
  const pagination = usePagination(page, size, query.data?.total, (p, s) => onChange(s !== size ? { page: 1, size: s } : { page: p }));

  const confirmDeactivate = (user: User) =>
    modal.confirm({
      title: t('messages.confirmDeactivate'),
      content: user.fullName,
      okText: t('actions.deactivate'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () =>
        deactivate.mutateAsync(user.id).then(
          () => void message.success(t('common:messages.saved')),
          (error: unknown) => void message.error(errorMessage(error)),
        ),
    });

  const doActivate = (user: User) =>
    activate.mutate(user.id, {
      onSuccess: () => void message.success(t('common:messages.saved')),
      onError: (error) => void message.error(errorMessage(error)),
    });

  const sortable = (field: string) => ({ sorter: true, sortOrder: orderOf(sort, field), sortDirections: ['ascend', 'descend'] as SortOrder[] });

  const columns: TableProps<User>['columns'] = [
    {
      key: 'fullName',
      dataIndex: 'fullName',
      title: t('fields.fullName.label'),
      ...sortable('fullName'),
      render: (_, user) => (
        <Link to={hrefFor(user.id)} className="nowrap">
          {user.fullName}
        </Link>
      ),
    },
    { key: 'login', dataIndex: 'login', title: t('fields.login.label'), ...sortable('login'), responsive: ['md'] },
    { key: 'role', dataIndex: 'role', title: t('fields.role.label'), ...sortable('role'), render: (_, user) => <RoleTag role={user.role} /> },
    { key: 'position', dataIndex: 'position', title: t('fields.position.label'), ...sortable('position'), responsive: ['lg'] },
    { key: 'manager', dataIndex: 'managerName', title: t('fields.managerId.label'), responsive: ['lg'] },
    { key: 'department', dataIndex: 'departmentName', title: t('fields.departmentId.label'), responsive: ['xl'] },
    { key: 'branch', dataIndex: 'branchName', title: t('fields.branchId.label'), responsive: ['xl'] },
    {
      key: 'phones',
      dataIndex: 'phones',
      title: t('fields.phones.label'),
      responsive: ['md'],
      render: (_, user) => (
        <span className="nowrap">
          {user.phones.map((p) => (
            <div key={p}>{formatPhone(p)}</div>
          ))}
        </span>
      ),
    },
    {
      key: 'active',
      dataIndex: 'active',
      title: t('fields.active.label'),
      render: (_, user) => <Badge status={user.active ? 'success' : 'default'} text={t(`enums:active.${String(user.active)}`)} className="nowrap" />,
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('fields.createdAt.label'),
      ...sortable('createdAt'),
      responsive: ['xxl'],
      render: (_, user) => <span className="nowrap">{formatDate(user.createdAt)}</span>,
    },
  ];

  if (canEdit) {
    columns.push({
      key: 'actions',
      title: <span className="sr-only">{t('common:fields.actions.label')}</span>,
      width: 96,
      align: 'right',
      render: (_, user) => (
        <Flex gap={4} justify="flex-end">
          <Tooltip title={t('common:actions.edit')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('actions.editUser', { name: user.fullName })}
              onClick={() => onOpen(user.id)}
            />
          </Tooltip>
          {user.id === me ? null : user.active ? (
            <Tooltip title={t('actions.deactivate')}>
              <Button
                type="text"
                size="small"
                danger
                icon={<StopOutlined />}
                aria-label={t('actions.deactivateUser', { name: user.fullName })}
                onClick={() => confirmDeactivate(user)}
              />
            </Tooltip>
          ) : (
            <Tooltip title={t('actions.activate')}>
              <Button
                type="text"
                size="small"
                icon={<CheckCircleOutlined />}
                aria-label={t('actions.activateUser', { name: user.fullName })}
                loading={activate.isPending && activate.variables === user.id}
                onClick={() => doActivate(user)}
              />
            </Tooltip>
          )}
        </Flex>
      ),
    });
  }

  return (
    <DataTable<User>
      query={query}
      rows={query.data?.items}
      rowKey="id"
      columns={columns}
      pagination={pagination}
      scroll={{ x: 'max-content' }}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort' || Array.isArray(sorter)) return;
        const field = typeof sorter.columnKey === 'string' ? sorter.columnKey : undefined;
        onChange({ sort: sorter.order && field ? `${sorter.order === 'descend' ? '-' : ''}${field}` : undefined });
      }}
      rowClassName={(user) => (user.active ? '' : 'row-inactive')}
    />
  );
}
