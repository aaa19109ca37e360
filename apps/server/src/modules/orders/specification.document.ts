import { formatMoney, formatNumber, type Language, type OrderPosition, type OrderSpecification } from '@pharma/contracts';
import { translate } from '../../platform/i18n.js';

/**
 * What the .xlsx and the PDF of a specification show, once: the parties' detail lines, the columns
 * of the positions table and the totals, labelled in one language. Money stays in tiyin here.
 */
export type SpecCellKind = 'int' | 'text' | 'date' | 'money' | 'percent';
export interface SpecColumn {
  key: string;
  title: string;
  kind: SpecCellKind;
  value: (p: OrderPosition, index: number) => string | number | null;
  /** relative width (xlsx characters; the PDF shares its page width by them) */
  width: number;
}

export interface SpecDocument {
  lng: Language;
  t: (key: string, params?: Record<string, unknown>) => string;
  title: string;
  parties: { title: string; lines: [label: string, value: string][] }[];
  columns: SpecColumn[];
  /** in print order, each VAT right under its own total */
  totals: { label: string; value: number; key: 'sumBaseWithVat' | 'vatInBase' | 'sumSale' | 'vatInSale' | 'prepaymentAmount' }[];
}

const present = (lines: [string, string | null | undefined][]): [string, string][] => lines.filter((l): l is [string, string] => !!l[1]);

export function specificationDocument(spec: OrderSpecification, lng: Language): SpecDocument {
  const t = (key: string, params: Record<string, unknown> = {}) => translate(lng, key.includes(':') ? key : `specification:${key}`, params);
  const country = (code: string | null) => {
    if (!code) return null;
    const name = t(`enums:country.${code}`);
    return name === `enums:country.${code}` ? code : name;
  };
  const { order, distributor: d, client: c, totals } = spec;
  const percent = (v: number) => (Number.isInteger(v) ? formatNumber(v) : formatNumber(v, 2).replace(/0$/, ''));
  return {
    lng,
    t,
    title: t('title', { number: order.number, date: order.date }),
    parties: [
      {
        title: t('sections.distributor'),
        lines: present([
          [t('fields.name'), d.name],
          [t('fields.inn'), d.inn],
          [t('fields.address'), d.address],
          [t('fields.phone'), d.phone],
          [t('fields.bankName'), d.bankName],
          [t('fields.bankAccount'), d.bankAccount],
          [t('fields.bankMfo'), d.bankMfo],
        ]),
      },
      {
        title: t('sections.client'),
        lines: present([
          [t('fields.name'), c.name],
          [t('fields.legalName'), c.legalName],
          [t('fields.inn'), c.inn],
          [t('fields.address'), c.address],
          [t('fields.legalAddress'), c.legalAddress],
          [t('fields.phone'), c.phone],
          [t('fields.bankName'), c.bankName],
          [t('fields.bankAccount'), c.bankAccount],
          [t('fields.bankMfo'), c.bankMfo],
          [t('fields.contractNumber'), c.contractNumber],
        ]),
      },
      {
        title: t('sections.order'),
        lines: present([
          [t('fields.orderNumber'), order.number],
          [t('fields.date'), order.date],
          [t('fields.status'), t(`enums:orderStatus.${order.status}`)],
          [t('fields.paymentVariant'), t(`enums:paymentVariant.${order.paymentVariant}`)],
          [t('fields.clientType'), t(`enums:clientType.${order.clientType}`)],
          [t('fields.deliveryAddress'), order.deliveryAddress],
        ]),
      },
    ],
    columns: [
      { key: 'no', title: t('columns.no'), kind: 'int', value: (_, i) => i + 1, width: 5 },
      { key: 'productName', title: t('columns.productName'), kind: 'text', value: (p) => p.productName, width: 28 },
      { key: 'producerName', title: t('columns.producerName'), kind: 'text', value: (p) => p.producerName, width: 18 },
      { key: 'country', title: t('columns.country'), kind: 'text', value: (p) => country(p.country), width: 18 },
      { key: 'series', title: t('columns.series'), kind: 'text', value: (p) => p.series, width: 12 },
      { key: 'expiryDate', title: t('columns.expiryDate'), kind: 'date', value: (p) => p.expiryDate, width: 12 },
      { key: 'quantity', title: t('columns.quantity'), kind: 'int', value: (p) => p.quantity, width: 9 },
      { key: 'basePriceWithVat', title: t('columns.basePriceWithVat'), kind: 'money', value: (p) => p.basePriceWithVat, width: 15 },
      { key: 'markupPercent', title: t('columns.markupPercent'), kind: 'percent', value: (p) => p.markupPercent, width: 10 },
      { key: 'vatPercent', title: t('columns.vatPercent'), kind: 'percent', value: (p) => p.vatPercent, width: 8 },
      { key: 'salePrice', title: t('columns.salePrice'), kind: 'money', value: (p) => p.salePrice, width: 15 },
      { key: 'sumSale', title: t('columns.sumSale'), kind: 'money', value: (p) => p.sumSale, width: 17 },
    ],
    totals: [
      { key: 'sumBaseWithVat', label: t('totals.sumBaseWithVat'), value: totals.sumBaseWithVat },
      { key: 'vatInBase', label: t('totals.vatIncluded'), value: totals.vatInBase },
      { key: 'sumSale', label: t('totals.sumSale'), value: totals.sumSale },
      { key: 'vatInSale', label: t('totals.vatIncluded'), value: totals.vatInSale },
      { key: 'prepaymentAmount', label: t('totals.prepayment', { percent: percent(totals.prepaymentPercent) }), value: totals.prepaymentAmount },
    ],
  };
}

/** A cell as text (the PDF): money in sum with two decimals in the document's language's convention. */
export function cellText(kind: SpecCellKind, value: string | number | null, lng: Language): string {
  if (value === null || value === '') return '—';
  if (kind === 'money') return formatMoney(Number(value), { alwaysDecimals: true, lng });
  if (kind === 'int') return formatNumber(Number(value));
  if (kind === 'percent') return Number.isInteger(Number(value)) ? formatNumber(Number(value)) : formatNumber(Number(value), 2).replace(/0$/, '');
  return String(value);
}
