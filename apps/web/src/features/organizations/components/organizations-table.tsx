import { App, Flex, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localized, type Organization } from '@pharma/contracts';
import { DataTable } from '../../../components/data-table';
import { FavoriteStar } from '../../../components/favorite-star';
import { errorMessage } from '../../../lib/api-client';
import { formatPhone } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useSetFavoriteOrganization } from '../api/set-favorite-organization';
import { organizationPaths } from '../paths';
import { BlockedTag, OrganizationTypeTag } from './organization-tags';
import type { useOrganizations } from '../api/get-organizations';

/** The organizations of an infinite list as a dense table; blocked rows are marked. */
/** The infinite query of organizations a list shows (as a table on the desk, as cards on a phone). */
export type InfiniteOrganizations = ReturnType<typeof useOrganizations>;

export function OrganizationsTable({ query, rows, emptyText }: { query: InfiniteOrganizations; rows: Organization[] | undefined; emptyText?: string }) {
  const { t } = useTranslation('organizations');
  const lng = useLanguage();
  const { message } = App.useApp();
  const favorite = useSetFavoriteOrganization();

  const columns: TableProps<Organization>['columns'] = [
    {
      key: 'favorite',
      width: 48,
      title: <span className="sr-only">{t('fields.favorite.label')}</span>,
      render: (_, o) => (
        <FavoriteStar
          size="small"
          active={o.favorite}
          loading={favorite.isPending && favorite.variables?.id === o.id}
          addLabel={t('actions.addFavoriteOf', { name: o.name })}
          removeLabel={t('actions.removeFavoriteOf', { name: o.name })}
          onToggle={(next) => favorite.mutate({ id: o.id, favorite: next }, { onError: (error) => void message.error(errorMessage(error)) })}
        />
      ),
    },
    {
      key: 'name',
      title: t('fields.name.label'),
      render: (_, o) => (
        <Flex vertical gap={2}>
          <Flex gap={6} wrap align="center">
            <Link to={organizationPaths.detail(o.id)} className="org-name">
              {o.name}
            </Link>
            {o.blocked ? <BlockedTag block={o.block} /> : null}
          </Flex>
          {o.legalName ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {o.legalName}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'type', title: t('fields.type.label'), render: (_, o) => <OrganizationTypeTag type={o.type} /> },
    {
      key: 'address',
      title: t('fields.address.label'),
      responsive: ['md'],
      render: (_, o) => (
        <Flex vertical gap={2}>
          <span>{o.address}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {localized(o.regionName, lng)}, {localized(o.districtName, lng)}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'inn', dataIndex: 'inn', title: t('fields.inn.label'), responsive: ['lg'], className: 'nowrap' },
    { key: 'phone', title: t('fields.phone.label'), responsive: ['lg'], render: (_, o) => <span className="nowrap">{formatPhone(o.phone)}</span> },
    { key: 'responsible', dataIndex: 'responsiblePerson', title: t('fields.responsiblePerson.label'), responsive: ['xl'] },
    { key: 'size', title: t('fields.size.label'), responsive: ['xl'], render: (_, o) => (o.size ? t(`enums:organizationSize.${o.size}`) : '') },
  ];

  return (
    <DataTable<Organization>
      query={query}
      rows={rows}
      rowKey="id"
      columns={columns}
      pagination={false}
      emptyText={emptyText}
      scroll={{ x: 'max-content' }}
      rowClassName={(o) => (o.blocked ? 'row-blocked' : '')}
    />
  );
}
