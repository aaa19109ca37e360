import { useTranslation } from 'react-i18next';
import type { OrderSpecification } from '@pharma/contracts';
import { formatMoney, formatNumber, formatPercent } from '../../../lib/format';
import '../specification.css';

function Details({ title, lines }: { title: string; lines: [string, string | null | undefined][] }) {
  return (
    <section>
      <h2>{title}</h2>
      <dl>
        {lines
          .filter(([, value]) => !!value)
          .map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** The sheet itself: the same parts, labels and figures as the .xlsx and the PDF. */
export function SpecificationSheet({ spec }: { spec: OrderSpecification }) {
  const { t } = useTranslation('specification');
  const { order, distributor: d, client: c, totals } = spec;
  const f = (key: string) => t(`fields.${key}`);
  const country = (code: string | null) => (code ? t(`enums:country.${code}`, { defaultValue: code }) : '—');
  const percent = (v: number) => formatPercent(v).replace(/\s%$/, '');
  const sum = (tiyin: number) => formatMoney(tiyin, { alwaysDecimals: true });
  // each VAT right under its own total
  const totalRows: [string, number, string][] = [
    [t('totals.sumBaseWithVat'), totals.sumBaseWithVat, 'sumBaseWithVat'],
    [t('totals.vatIncluded'), totals.vatInBase, 'vatInBase'],
    [t('totals.sumSale'), totals.sumSale, 'sumSale'],
    [t('totals.vatIncluded'), totals.vatInSale, 'vatInSale'],
    [t('totals.prepayment', { percent: percent(totals.prepaymentPercent) }), totals.prepaymentAmount, 'prepaymentAmount'],
  ];
  return (
    <article className="spec-sheet" data-testid="specification-sheet">
      <h1>{t('title', { number: order.number, date: order.date })}</h1>
      <div className="spec-parties">
        <Details
          title={t('sections.distributor')}
          lines={[
            [f('name'), d.name],
            [f('inn'), d.inn],
            [f('address'), d.address],
            [f('phone'), d.phone],
            [f('bankName'), d.bankName],
            [f('bankAccount'), d.bankAccount],
            [f('bankMfo'), d.bankMfo],
          ]}
        />
        <Details
          title={t('sections.client')}
          lines={[
            [f('name'), c.name],
            [f('legalName'), c.legalName],
            [f('inn'), c.inn],
            [f('address'), c.address],
            [f('legalAddress'), c.legalAddress],
            [f('phone'), c.phone],
            [f('bankName'), c.bankName],
            [f('bankAccount'), c.bankAccount],
            [f('bankMfo'), c.bankMfo],
            [f('contractNumber'), c.contractNumber],
          ]}
        />
        <Details
          title={t('sections.order')}
          lines={[
            [f('orderNumber'), order.number],
            [f('date'), order.date],
            [f('status'), t(`enums:orderStatus.${order.status}`)],
            [f('paymentVariant'), t(`enums:paymentVariant.${order.paymentVariant}`)],
            [f('clientType'), t(`enums:clientType.${order.clientType}`)],
            [f('deliveryAddress'), order.deliveryAddress],
          ]}
        />
      </div>
      <p className="spec-note">{t('currency')}</p>
      <div className="spec-table-wrap">
        <table className="spec-table">
          <thead>
            <tr>
              {(
                [
                  'no',
                  'productName',
                  'producerName',
                  'country',
                  'series',
                  'expiryDate',
                  'quantity',
                  'basePriceWithVat',
                  'markupPercent',
                  'vatPercent',
                  'salePrice',
                  'sumSale',
                ] as const
              ).map((key) => (
                <th key={key}>{t(`columns.${key}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {order.positions.map((p, i) => (
              <tr key={p.id}>
                <td className="num">{i + 1}</td>
                <td>{p.productName}</td>
                <td>{p.producerName ?? '—'}</td>
                <td>{country(p.country)}</td>
                <td>{p.series}</td>
                <td className="num">{p.expiryDate}</td>
                <td className="num">{formatNumber(p.quantity)}</td>
                <td className="num">{sum(p.basePriceWithVat)}</td>
                <td className="num">{percent(p.markupPercent)}</td>
                <td className="num">{percent(p.vatPercent)}</td>
                <td className="num">{sum(p.salePrice)}</td>
                <td className="num">{sum(p.sumSale)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {totalRows.map(([label, value, key], i) => (
              <tr key={key} data-testid={`specification-total-${key}`}>
                <td colSpan={6} />
                <td className={i === 0 ? 'num' : undefined}>{i === 0 ? formatNumber(totals.quantity) : null}</td>
                <td colSpan={4}>{label}</td>
                <td className="num">{sum(value)}</td>
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
      <div className="spec-signatures">
        <span>{t('signatures.distributor')}: ____________________</span>
        <span>{t('signatures.client')}: ____________________</span>
      </div>
    </article>
  );
}
