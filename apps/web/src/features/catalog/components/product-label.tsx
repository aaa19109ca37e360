import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '@pharma/contracts';
import { formatDate } from '../../../lib/format';

/** What tells a product from others of the same name (nine makers sell "Азитромицин 250 мг №6"). */
export interface ProductNaming {
  name: string;
  producerName?: string | null;
  country?: Country | null;
  /** the batch's expiry, or the nearest of the free stock */
  expiryDate?: string | null;
  barcode?: string | null;
}

/** The product as plain text — "name · producer" — for accessible names, messages and selected values. */
export const productTitle = (p: Pick<ProductNaming, 'name' | 'producerName'>) => (p.producerName ? `${p.name} · ${p.producerName}` : p.name);

/**
 * THE label of a product wherever one is chosen or listed (issue 13): its name, and under it the
 * producer, country, expiry and barcode where known — so products of the same name are told apart.
 * `extra` goes at the end of the second line (a warehouse, a free balance).
 */
export function ProductLabel({
  name,
  producerName,
  country,
  expiryDate,
  barcode,
  extra,
  strong = false,
}: ProductNaming & { extra?: ReactNode; strong?: boolean }) {
  const { t } = useTranslation('catalog');
  const facts = [
    producerName,
    country ? t(`enums:country.${country}`) : null,
    expiryDate ? t('labels.expiresOn', { date: formatDate(expiryDate) }) : null,
    barcode,
  ].filter(Boolean);
  return (
    <span className="product-label">
      <span className={strong ? 'product-label__name product-label__name--strong' : 'product-label__name'}>{name}</span>
      {facts.length || extra ? (
        <span className="product-label__meta">
          {facts.join(' · ')}
          {facts.length && extra ? ' · ' : null}
          {extra}
        </span>
      ) : null}
    </span>
  );
}
