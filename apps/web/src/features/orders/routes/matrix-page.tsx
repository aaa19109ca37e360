import { useMemo } from 'react';
import { Alert, Card, DatePicker, Flex, Input, Select, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { businessDate, maxMatrixColumns, maxMatrixMonths, monthCount, searchKey } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { idFilter, useListParams } from '../../../lib/use-list-params';
import { RepresentativeSelect, useSeesTeam } from '../../visits';
import { OrganizationPicker, RegionSelect } from '../../organizations';
import { ProductSelect } from '../../catalog';
import { useMatrix, type MatrixParams } from '../api/matrix-api';
import { MatrixTable } from '../components/matrix-table';
import '../components/matrix.css';

const filterNames = ['from', 'to', 'regionId', 'agentId', 'organizationIds', 'productId', 'q', 'planMonth'] as const;
const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthFormat = 'YYYY-MM';

/** ?organizationIds=3,5: the positive ids, each once. */
const idList = (value: string | undefined) => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map(idFilter)
      .filter((id): id is number => id !== undefined),
  ),
];

/** This month and the two before it: the period the matrix opens with. */
function defaultPeriod() {
  const now = dayjs(businessDate());
  return { from: now.subtract(2, 'month').format(monthFormat), to: now.format(monthFormat) };
}

/**
 * /matrix: products × organizations of a period of months — ordered packs, payments, and plans typed
 * into the cells. Filters (period, region, agent, organization, product search) live in the URL.
 */
export function MatrixPage() {
  const { t } = useTranslation('matrix');
  const seesTeam = useSeesTeam();
  const { filters, update } = useListParams(filterNames);
  const fallback = useMemo(defaultPeriod, []);
  const from = filters.from && monthPattern.test(filters.from) ? filters.from : fallback.from;
  const to = filters.to && monthPattern.test(filters.to) ? filters.to : fallback.to;
  const organizationIds = idList(filters.organizationIds);
  const productId = idFilter(filters.productId);
  const params: MatrixParams = {
    from,
    to,
    regionId: idFilter(filters.regionId),
    agentId: idFilter(filters.agentId),
    organizationIds: organizationIds.length ? organizationIds : undefined,
    productIds: productId ? [productId] : undefined,
  };
  const setOrganizations = (ids: number[]) => update({ organizationIds: ids.length ? ids.join(',') : undefined });
  const tooLong = monthCount(from, to) > maxMatrixMonths;
  const query = useMatrix(params, !tooLong && to >= from);
  const matrix = query.data;
  const planMonth = matrix?.months.includes(filters.planMonth ?? '') ? filters.planMonth! : (matrix?.months.at(-1) ?? to);

  const products = useMemo(() => {
    const q = searchKey(filters.q ?? '');
    return (matrix?.products ?? []).filter((p) => !q || searchKey(p.name).includes(q));
  }, [matrix?.products, filters.q]);

  let body: React.ReactNode;
  if (tooLong) body = <Alert type="warning" showIcon message={t('validation:periodTooLong')} />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (!matrix) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (matrix.organizations.length === 0 || (matrix.products.length === 0 && !filters.q)) body = <EmptyState description={t('messages.noOrders')} />;
  else if (products.length === 0) body = <EmptyState description={t('messages.noProducts')} />;
  else body = <MatrixTable matrix={matrix} params={params} products={products} planMonth={planMonth} />;

  return (
    <>
      <PageHeader title={t('nav:titles.matrix')} />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <DatePicker.RangePicker
            picker="month"
            aria-label={t('fields.period.label')}
            format={monthFormat}
            allowClear={false}
            value={[dayjs(`${from}-01`), dayjs(`${to}-01`)]}
            onChange={(range) => {
              if (range?.[0] && range[1]) update({ from: range[0].format(monthFormat), to: range[1].format(monthFormat) });
            }}
            style={{ width: 220 }}
          />
          <RegionSelect
            label={t('fields.region.label')}
            placeholder={t('fields.region.placeholder')}
            value={params.regionId}
            onChange={(id) => update({ regionId: id })}
          />
          {seesTeam ? (
            <RepresentativeSelect
              ariaLabel={t('fields.agent.label')}
              placeholder={t('fields.agent.placeholder')}
              allowClear
              value={params.agentId}
              onChange={(id) => update({ agentId: id })}
              style={{ width: 220 }}
            />
          ) : null}
          <div style={{ width: 240 }}>
            <OrganizationPicker
              ariaLabel={t('fields.organization.label')}
              placeholder={t(organizationIds.length ? 'fields.organization.addPlaceholder' : 'fields.organization.placeholder')}
              value={null}
              onChange={(id) => {
                if (id && !organizationIds.includes(id) && organizationIds.length < maxMatrixColumns) setOrganizations([...organizationIds, id]);
              }}
            />
          </div>
          <ProductSelect
            aria-label={t('fields.product.label')}
            placeholder={t('fields.product.placeholder')}
            onlyActive={false}
            allowClear
            value={productId}
            onChange={(id) => update({ productId: id })}
            style={{ width: 240 }}
          />
          <Input.Search
            aria-label={t('fields.productSearch.label')}
            placeholder={t('fields.productSearch.placeholder')}
            allowClear
            defaultValue={filters.q}
            onSearch={(q) => update({ q: q.trim() })}
            onChange={(e) => {
              if (e.target.value === '') update({ q: undefined });
            }}
            style={{ width: 220 }}
          />
          {matrix && matrix.months.length > 1 ? (
            <Select<string>
              aria-label={t('fields.planMonth.label')}
              prefix={t('fields.planMonth.label')}
              value={planMonth}
              onChange={(m) => update({ planMonth: m })}
              options={matrix.months.map((m) => ({ value: m, label: m }))}
              style={{ width: 200 }}
            />
          ) : null}
        </Flex>
        {organizationIds.length ? (
          <Flex gap={4} wrap className="matrix-note" aria-label={t('fields.organization.chosen')}>
            {organizationIds.map((id) => (
              <Tag key={id} closable onClose={() => setOrganizations(organizationIds.filter((o) => o !== id))} closeIcon>
                {matrix?.organizations.find((o) => o.id === id)?.name ?? `#${id}`}
              </Tag>
            ))}
          </Flex>
        ) : null}
        {matrix && matrix.moreOrganizations > 0 ? (
          <Typography.Paragraph type="secondary" className="matrix-note">
            {t('messages.moreOrganizations', { shown: matrix.organizations.length, count: matrix.moreOrganizations })}
          </Typography.Paragraph>
        ) : null}
        {body}
      </Card>
    </>
  );
}
