import { Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { specificationTotalsOf, type Order, type OrderPosition } from '@pharma/contracts';
import { Money, useMoneyTitle } from '../../../components/money';
import { formatDate, formatNumber, formatPercent } from '../../../lib/format';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import './order-screens.css';

/**
 * The order's positions as spec §3 lists them, with the totals and the VAT inside each total (the
 * specification's figures, `specificationTotalsOf`). On a desk every sum is in view without a
 * horizontal scroll at 1366 px: the secondary facts share a cell with the main one (producer and
 * country under the drug, expiry under the series, base price with VAT under the base price, VAT under
 * the markup). On a phone each position is a card.
 */
export function OrderPositionsTable({ order }: { order: Order }) {
  return useWindowWidth() < phoneBelowPx ? <PositionCards order={order} /> : <PositionsDesk order={order} />;
}

const secondary = (text: React.ReactNode) => (
  <Typography.Text type="secondary" className="position-sub">
    {text}
  </Typography.Text>
);

function PositionsDesk({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const moneyTitle = useMoneyTitle();
  const totals = specificationTotalsOf(order);
  const columns: TableProps<OrderPosition>['columns'] = [
    {
      key: 'product',
      title: t('columns.product'),
      render: (_, r) => (
        <>
          <div>{r.productName}</div>
          {secondary([r.producerName, r.country].filter(Boolean).join(' · ') || '—')}
        </>
      ),
    },
    {
      key: 'series',
      title: `${t('columns.series')} / ${t('columns.expiry')}`,
      render: (_, r) => (
        <>
          <div>{r.series}</div>
          {secondary(<span className="nowrap">{formatDate(r.expiryDate)}</span>)}
        </>
      ),
    },
    { key: 'free', title: t('columns.freeBalance'), align: 'right', render: (_, r) => formatNumber(r.freeBalance) },
    { key: 'quantity', title: t('columns.quantity'), align: 'right', render: (_, r) => formatNumber(r.quantity) },
    {
      key: 'basePrice',
      title: moneyTitle(`${t('columns.basePrice')} / ${t('columns.basePriceWithVat')}`),
      align: 'right',
      render: (_, r) => (
        <>
          <Money value={r.basePrice} />
          <div>{secondary(<Money value={r.basePriceWithVat} />)}</div>
        </>
      ),
    },
    {
      key: 'markup',
      title: t('columns.markupAndVat'),
      align: 'right',
      render: (_, r) => (
        <span className="nowrap">
          {formatPercent(r.markupPercent)}
          <div>{secondary(formatPercent(r.vatPercent))}</div>
        </span>
      ),
    },
    { key: 'salePrice', title: moneyTitle(t('columns.salePrice')), align: 'right', render: (_, r) => <Money value={r.salePrice} /> },
    { key: 'sumBaseWithVat', title: moneyTitle(t('columns.sumBaseWithVat')), align: 'right', render: (_, r) => <Money value={r.sumBaseWithVat} /> },
    { key: 'sumSale', title: moneyTitle(t('columns.sumSale')), align: 'right', render: (_, r) => <Money value={r.sumSale} strong /> },
  ];
  return (
    <Table<OrderPosition>
      className="order-positions"
      data-testid="order-positions"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={order.positions}
      pagination={false}
      summary={() => (
        <>
          <Table.Summary.Row className="table-total">
            <Table.Summary.Cell index={0} colSpan={3}>
              <strong>{t('columns.total')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              <strong>{formatNumber(totals.quantity)}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} colSpan={3} />
            <Table.Summary.Cell index={7} align="right">
              <Money value={totals.sumBaseWithVat} strong />
            </Table.Summary.Cell>
            <Table.Summary.Cell index={8} align="right">
              <span data-testid="order-total-sale">
                <Money value={totals.sumSale} strong />
              </span>
            </Table.Summary.Cell>
          </Table.Summary.Row>
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={7} align="right">
              {t('columns.vatIncluded')}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">
              <span data-testid="order-vat-base">
                <Money value={totals.vatInBase} />
              </span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={8} align="right">
              <span data-testid="order-vat-sale">
                <Money value={totals.vatInSale} />
              </span>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        </>
      )}
    />
  );
}

/** A phone: one card per position — what, which batch, how many at what price, the sum — then the totals. */
function PositionCards({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const totals = specificationTotalsOf(order);
  return (
    <div data-testid="order-positions">
      <ul className="position-cards">
        {order.positions.map((p) => (
          <li key={p.id} className="position-card">
            <div className="position-card__name">{p.productName}</div>
            {secondary([p.producerName, p.country].filter(Boolean).join(' · ') || '—')}
            <div className="position-card__line">
              {secondary(`${t('columns.series')} ${p.series} · ${formatDate(p.expiryDate)}`)}
              {secondary(`${formatPercent(p.markupPercent)} / ${formatPercent(p.vatPercent)}`)}
            </div>
            <div className="position-card__line">
              <span>
                {formatNumber(p.quantity)} × <Money value={p.salePrice} />
              </span>
              <Money value={p.sumSale} strong />
            </div>
          </li>
        ))}
      </ul>
      <dl className="position-totals">
        <dt>{t('columns.sumBaseWithVat')}</dt>
        <dd>
          <Money value={totals.sumBaseWithVat} currency />
        </dd>
        <dt className="position-totals__vat">{t('columns.vatIncluded')}</dt>
        <dd data-testid="order-vat-base">
          <Money value={totals.vatInBase} currency />
        </dd>
        <dt>{t('columns.sumSale')}</dt>
        <dd data-testid="order-total-sale">
          <Money value={totals.sumSale} currency strong />
        </dd>
        <dt className="position-totals__vat">{t('columns.vatIncluded')}</dt>
        <dd data-testid="order-vat-sale">
          <Money value={totals.vatInSale} currency />
        </dd>
      </dl>
    </div>
  );
}
