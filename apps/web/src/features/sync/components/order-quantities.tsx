import { Flex, InputNumber } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { maxLineQuantity } from '@pharma/contracts';
import { offlineCatalogQueryOptions } from '../../catalog';
import { positionsOf } from '../attention';
import type { OutboxItem } from '../../../lib/outbox';

/**
 * The lines of an order the server refused (stock gone meanwhile): a quantity each, to send the order
 * again for what is there. The drugs' names come from the catalog kept on the phone.
 */
export function OrderQuantities({
  item,
  value,
  onChange,
}: {
  item: OutboxItem;
  value: Readonly<Record<number, number | null>> | undefined;
  onChange: (next: Record<number, number | null>) => void;
}) {
  const { t } = useTranslation('sync');
  const catalog = useQuery({ ...offlineCatalogQueryOptions(), enabled: false });
  const positions = positionsOf(item) ?? [];
  return (
    <Flex vertical gap={6} data-testid="sync-order-lines">
      {positions.map((p, i) => {
        const name = catalog.data?.find((product) => product.id === p.productId)?.name ?? t('labels.product', { id: p.productId });
        return (
          <InputNumber
            key={`${p.productId}-${i}`}
            min={1}
            max={maxLineQuantity}
            precision={0}
            size="large"
            value={value?.[i] ?? p.quantity}
            onChange={(quantity) => onChange({ ...value, [i]: quantity })}
            aria-label={t('fields.quantityOf', { name })}
            addonBefore={name}
            style={{ maxWidth: 340 }}
          />
        );
      })}
    </Flex>
  );
}
