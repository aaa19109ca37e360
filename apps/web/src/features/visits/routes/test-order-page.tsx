import { Alert, Card, Collapse, Descriptions, Flex, Skeleton, Table, Tag, Typography, type TableProps } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type TestOrderLine } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { Money, useMoneyTitle } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDate, formatNumber } from '../../../lib/format';
import { idFilter } from '../../../lib/use-list-params';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { ProductLabel } from '../../catalog';
import { OrganizationPicker } from '../../organizations';
import { useSuggestedOrder } from '../api/get-suggested-order';

const perDay = (value: number | null) => (value === null ? '—' : formatNumber(value, 2));

/**
 * /testOrder: the calculator behind the visit's suggested order, for checking it. Pick an organization
 * (kept in the URL): its last two counts of remainders, what we delivered in between, the sell-out
 * (per day too), the days it covers, the suggested quantity — the visit screen's one rule — priced as a
 * draft order that is not saved; the rule written out above the table.
 */
export function TestOrderPage() {
  const { t } = useTranslation('visits');
  const moneyTitle = useMoneyTitle();
  const phone = useWindowWidth() < phoneBelowPx;
  const [params, setParams] = useSearchParams();
  const organizationId = idFilter(params.get('organizationId') ?? undefined);
  const query = useSuggestedOrder(organizationId);
  const draft = query.data;
  const previousDate = draft?.previousCount ? formatDate(draft.previousCount.countedAt) : '—';
  const lastDate = draft?.lastCount ? formatDate(draft.lastCount.countedAt) : '—';
  const days = draft?.days === null || draft?.days === undefined ? '—' : formatNumber(draft.days, 1);

  const columns: TableProps<TestOrderLine>['columns'] = [
    { key: 'product', title: t('testOrder.columns.product'), render: (_, l) => <ProductLabel name={l.productName} producerName={l.producerName} /> },
    {
      key: 'previous',
      title: t('testOrder.columns.remainderOn', { date: previousDate }),
      align: 'right',
      render: (_, l) => formatNumber(l.previousRemainder),
      responsive: ['sm'],
    },
    { key: 'delivered', title: t('testOrder.columns.delivered'), align: 'right', render: (_, l) => formatNumber(l.delivered), responsive: ['sm'] },
    {
      key: 'current',
      title: t('testOrder.columns.remainderOn', { date: lastDate }),
      align: 'right',
      render: (_, l) => formatNumber(l.currentRemainder),
      responsive: ['sm'],
    },
    { key: 'sellOut', title: t('testOrder.columns.sellOut'), align: 'right', render: (_, l) => formatNumber(l.sellOut), responsive: ['sm'] },
    { key: 'perDay', title: t('testOrder.columns.perDay'), align: 'right', render: (_, l) => perDay(l.sellOutPerDay), responsive: ['md'] },
    { key: 'days', title: t('testOrder.columns.daysToCover'), align: 'right', render: () => days, responsive: ['md'] },
    {
      key: 'suggested',
      title: t('testOrder.columns.suggested'),
      align: 'right',
      render: (_, l) => <Typography.Text strong>{formatNumber(l.suggestedQuantity)}</Typography.Text>,
    },
    { key: 'free', title: t('testOrder.columns.freeStock'), align: 'right', render: (_, l) => formatNumber(l.freeStock), responsive: ['lg'] },
    {
      key: 'price',
      title: moneyTitle(t('testOrder.columns.price')),
      align: 'right',
      render: (_, l) => (l.price === null ? <Tag>{t('testOrder.noStock')}</Tag> : <Money value={l.price} />),
      responsive: ['md'],
    },
    { key: 'sum', title: moneyTitle(t('testOrder.columns.sum')), align: 'right', render: (_, l) => <Money value={l.sum} strong={l.sum > 0} /> },
  ];

  return (
    <>
      <PageHeader title={t('nav:titles.testOrder')} subtitle={t('testOrder.subtitle')} />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex vertical gap={12}>
          <div style={{ maxWidth: phone ? undefined : 420 }}>
            <OrganizationPicker
              ariaLabel={t('testOrder.organization')}
              placeholder={t('testOrder.pickOrganization')}
              value={organizationId ?? null}
              onChange={(id) =>
                setParams(
                  (previous) => {
                    const next = new URLSearchParams(previous);
                    if (id) next.set('organizationId', String(id));
                    else next.delete('organizationId');
                    return next;
                  },
                  { replace: true },
                )
              }
            />
          </div>
          {phone ? (
            <Collapse size="small" items={[{ key: 'rule', label: t('testOrder.ruleTitle'), children: <RuleText /> }]} />
          ) : (
            <Alert type="info" showIcon title={t('testOrder.ruleTitle')} description={<RuleText />} />
          )}
          {!organizationId ? (
            <EmptyState description={t('testOrder.pickFirst')} />
          ) : query.isPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : query.isError || !draft ? (
            <QueryError error={query.error} title={t('testOrder.loadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : (
            <>
              <Descriptions
                size="small"
                column={{ xs: 1, md: 2, xl: 3 }}
                items={[
                  { key: 'organization', label: t('testOrder.organization'), children: draft.organizationName },
                  { key: 'clientType', label: t('testOrder.clientType'), children: t(`enums:clientType.${draft.clientType}`) },
                  {
                    key: 'previous',
                    label: t('testOrder.previousCount'),
                    children: draft.previousCount ? `${previousDate} · ${draft.previousCount.representativeName}` : t('testOrder.none'),
                  },
                  {
                    key: 'last',
                    label: t('testOrder.lastCount'),
                    children: draft.lastCount ? `${lastDate} · ${draft.lastCount.representativeName}` : t('testOrder.none'),
                  },
                  { key: 'days', label: t('testOrder.days'), children: days },
                ]}
              />
              {draft.lastCount && !draft.previousCount ? <Alert type="warning" showIcon title={t('testOrder.oneCount')} /> : null}
              {phone ? (
                <DraftCards lines={draft.lines} previousDate={previousDate} lastDate={lastDate} total={draft.total} />
              ) : (
                <Table<TestOrderLine>
                  size="small"
                  rowKey="productId"
                  columns={columns}
                  dataSource={draft.lines}
                  pagination={false}
                  scroll={{ x: true }}
                  aria-label={t('testOrder.tableLabel')}
                  locale={{ emptyText: <EmptyState description={t('testOrder.noCounts')} /> }}
                  summary={() =>
                    draft.lines.length ? (
                      <Table.Summary.Row>
                        <Table.Summary.Cell index={0} colSpan={columns.length - 1}>
                          <Typography.Text strong>{t('testOrder.total')}</Typography.Text>
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={1} align="right">
                          <Money value={draft.total} currency strong />
                        </Table.Summary.Cell>
                      </Table.Summary.Row>
                    ) : null
                  }
                />
              )}
              <Typography.Text type="secondary">{t('testOrder.notSaved')}</Typography.Text>
            </>
          )}
        </Flex>
      </Card>
    </>
  );
}

/** A phone: one card per product — the two counts and what came in between, the sell-out, the suggestion and its sum. */
function DraftCards({ lines, previousDate, lastDate, total }: { lines: TestOrderLine[]; previousDate: string; lastDate: string; total: number }) {
  const { t } = useTranslation('visits');
  if (lines.length === 0) return <EmptyState description={t('testOrder.noCounts')} />;
  return (
    <Flex vertical gap={8}>
      <ul
        className="test-order-cards"
        aria-label={t('testOrder.tableLabel')}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
      >
        {lines.map((l) => (
          <li key={l.productId}>
            <Card size="small">
              <ProductLabel name={l.productName} producerName={l.producerName} />
              <Descriptions
                size="small"
                column={1}
                style={{ marginTop: 6 }}
                items={[
                  { key: 'previous', label: t('testOrder.columns.remainderOn', { date: previousDate }), children: formatNumber(l.previousRemainder) },
                  { key: 'current', label: t('testOrder.columns.remainderOn', { date: lastDate }), children: formatNumber(l.currentRemainder) },
                  { key: 'delivered', label: t('testOrder.columns.delivered'), children: formatNumber(l.delivered) },
                  {
                    key: 'sellOut',
                    label: t('testOrder.columns.sellOut'),
                    children: `${formatNumber(l.sellOut)} (${perDay(l.sellOutPerDay)} / ${t('testOrder.columns.perDay').toLowerCase()})`,
                  },
                ]}
              />
              <Flex justify="space-between" align="baseline" gap={8} style={{ marginTop: 4 }}>
                <span>
                  {t('testOrder.columns.suggested')}: <Typography.Text strong>{formatNumber(l.suggestedQuantity)}</Typography.Text>
                  {l.price === null ? (
                    <Tag style={{ marginInlineStart: 6 }}>{t('testOrder.noStock')}</Tag>
                  ) : (
                    <span className="cell-muted">
                      {' × '}
                      <Money value={l.price} />
                    </span>
                  )}
                </span>
                <Money value={l.sum} currency strong={l.sum > 0} />
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
      <Flex justify="space-between" style={{ padding: '0 4px' }}>
        <Typography.Text strong>{t('testOrder.total')}</Typography.Text>
        <Money value={total} currency strong />
      </Flex>
    </Flex>
  );
}

function RuleText() {
  const { t } = useTranslation('visits');
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      <li>{t('testOrder.rule.sellOut')}</li>
      <li>{t('testOrder.rule.perDay')}</li>
      <li>{t('testOrder.rule.suggested')}</li>
      <li>{t('testOrder.rule.price')}</li>
    </ul>
  );
}
