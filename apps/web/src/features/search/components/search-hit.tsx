import type { ReactNode } from 'react';
import { MedicineBoxOutlined, ProductOutlined, ShopOutlined, ShoppingCartOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { localized, type SearchHit, type SearchKind } from '@pharma/contracts';
import { hrefOf } from '../../../lib/paths';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';

export const kindIcons: Record<SearchKind, ReactNode> = {
  organization: <ShopOutlined />,
  doctor: <MedicineBoxOutlined />,
  product: <ProductOutlined />,
  order: <ShoppingCartOutlined />,
  user: <UserOutlined />,
};

/** The screen a hit opens: the organization's card, the doctor's, the product's and the user's drawers on their lists, the order. */
export function hitHref(hit: SearchHit): string {
  switch (hit.kind) {
    case 'organization':
      return hrefOf('organization', { id: hit.id });
    case 'doctor':
      return hrefOf('favorite', { id: hit.id });
    case 'product':
      return hrefOf('products', {}, { product: hit.id });
    case 'order':
      return hrefOf('ordersItem', {}, { id: hit.id });
    case 'user':
      return hrefOf('staff', {}, { user: hit.id });
  }
}

/** What tells one hit from another of the same title: district and inn, producer, client and status, role. */
export function useHitSubtitle(): (hit: SearchHit) => string {
  const { t } = useTranslation('search');
  const lng = useLanguage();
  return (hit) => {
    const parts: (string | null | undefined)[] = (() => {
      switch (hit.kind) {
        case 'organization':
          return [t(`enums:organizationType.${hit.type}`), localized(hit.districtName, lng), hit.address, hit.inn ? t('hit.inn', { inn: hit.inn }) : null];
        case 'doctor':
          return [hit.position, hit.organizationName];
        case 'product':
          return [hit.producerName, t(`enums:country.${hit.country}`), t(`enums:unitOfMeasure.${hit.unit}`), hit.active ? null : t('hit.inactive')];
        case 'order':
          return [
            formatDate(hit.date),
            hit.organizationName,
            t(`enums:orderStatus.${hit.status}`),
            t('common:money.amount', { amount: formatMoney(hit.sumSale) }),
          ];
        case 'user':
          return [t(`enums:role.${hit.role}`), hit.position, hit.login, hit.active ? null : t('hit.inactive')];
      }
    })();
    return parts.filter((p) => !!p).join(' · ');
  };
}

/** The title as the hit's kind names it: an order by "Order № 000123". */
export function useHitTitle(): (hit: SearchHit) => string {
  const { t } = useTranslation('search');
  return (hit) => (hit.kind === 'order' ? t('hit.order', { number: hit.title }) : hit.title);
}
