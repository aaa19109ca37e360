import { Button, Card, Flex, Select, Tooltip, type TableProps } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BlockedOrganization } from '@pharma/contracts';
import { DataTable, usePagination } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { formatDateTime, formatPhone } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useListParams } from '../../../lib/use-list-params';
import { useBlockedOrganizations } from '../api/get-blocked-organizations';
import { OrganizationTypeTag } from '../components/organization-tags';
import { filterChoice, useRegionChoices } from '../components/region-choices';
import { useUnblockConfirm } from '../components/use-unblock';
import { organizationTabKeys, organizationTabs, type OrganizationTab } from '../components/use-organization-filters';
import { organizationPaths } from '../paths';

type SortOrder = 'ascend' | 'descend' | null;
const orderOf = (sort: string | undefined, field: string): SortOrder => (sort === field ? 'ascend' : sort === `-${field}` ? 'descend' : null);

/** /blocked-organizations: the blacklist — reason, creator, block date; unblock after the spec's question. */
export function BlockedOrganizationsPage() {
  const { t } = useTranslation('organizations');
  const canEdit = useCan('organizations.edit');
  const choices = useRegionChoices();
  const { page, size, sort, filters, update } = useListParams(['q', 'tab', 'regionId'] as const);
  const tab: OrganizationTab = filters.tab && filters.tab in organizationTabs ? (filters.tab as OrganizationTab) : 'all';
  const regionId = Number(filters.regionId) > 0 ? Number(filters.regionId) : undefined;
  const query = useBlockedOrganizations({ page, size, sort: sort ?? '-blockedAt', q: filters.q, type: organizationTabs[tab], regionId });
  const unblock = useUnblockConfirm();
  const pagination = usePagination(page, size, query.data?.total, (p, s) => update(s !== size ? { page: 1, size: s } : { page: p }));
  const sortable = (field: string) => ({ sorter: true, sortOrder: orderOf(sort ?? '-blockedAt', field), sortDirections: ['ascend', 'descend'] as SortOrder[] });

  const columns: TableProps<BlockedOrganization>['columns'] = [
    {
      key: 'name',
      title: t('fields.name.label'),
      ...sortable('name'),
      render: (_, o) => (
        <Flex vertical gap={2}>
          <Link to={organizationPaths.detail(o.organizationId)} className="org-name">
            {o.name}
          </Link>
          <span className="cell-muted" style={{ fontSize: 12 }}>
            {t('fields.inn.label')}: {o.inn} · {formatPhone(o.phone)}
          </span>
        </Flex>
      ),
    },
    { key: 'type', title: t('fields.type.label'), render: (_, o) => <OrganizationTypeTag type={o.type} />, responsive: ['sm'] },
    { key: 'address', dataIndex: 'address', title: t('fields.address.label'), responsive: ['lg'] },
    { key: 'reason', dataIndex: 'reason', title: t('fields.reason.label') },
    { key: 'blockedBy', dataIndex: 'blockedByName', title: t('fields.blockedBy.label'), responsive: ['md'] },
    {
      key: 'blockedAt',
      title: t('fields.blockedAt.label'),
      ...sortable('blockedAt'),
      render: (_, o) => <span className="nowrap">{formatDateTime(o.blockedAt)}</span>,
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      align: 'right',
      title: <span className="sr-only">{t('common:fields.actions.label')}</span>,
      render: (_, o) => (
        <Tooltip title={t('actions.unblock')}>
          <Button
            size="small"
            icon={<CheckCircleOutlined />}
            aria-label={t('actions.unblockOf', { name: o.name })}
            onClick={() => unblock.confirm({ id: o.organizationId, name: o.name })}
          >
            <span className="hide-on-phone">{t('actions.unblock')}</span>
          </Button>
        </Tooltip>
      ),
    });
  }

  return (
    <>
      <PageHeader title={t('nav:titles.blockedOrganizations')} />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search.label')} />
          <Select<OrganizationTab>
            aria-label={t('fields.type.label')}
            value={tab}
            onChange={(value) => update({ tab: value === 'all' ? undefined : value })}
            options={organizationTabKeys.map((key) => ({ value: key, label: t(`tabs.${key}`) }))}
            style={{ width: 220 }}
          />
          <Select<number>
            aria-label={t('fields.regionId.label')}
            placeholder={t('filters.allRegions')}
            allowClear
            showSearch={{ filterOption: filterChoice }}
            value={regionId}
            onChange={(value) => update({ regionId: value })}
            options={choices.regions}
            style={{ width: 220 }}
          />
        </Flex>
        <DataTable<BlockedOrganization>
          query={query}
          rows={query.data?.items}
          rowKey="organizationId"
          columns={columns}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          emptyText={t('messages.noBlocked')}
          onChange={(_p, _f, sorter, extra) => {
            if (extra.action !== 'sort' || Array.isArray(sorter)) return;
            const field = typeof sorter.columnKey === 'string' ? sorter.columnKey : undefined;
            update({ sort: sorter.order && field ? `${sorter.order === 'descend' ? '-' : ''}${field}` : undefined });
          }}
        />
      </Card>
    </>
  );
}
