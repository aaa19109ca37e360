import { App, Button, Flex, Skeleton, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@pharma/contracts';
import { EmptyState } from '../../../../components/empty-state';
import { QueryError } from '../../../../components/query-error';
import { formatDate, formatNumber } from '../../../../lib/format';
import { ProductLabel, productTitle, ProductSelect } from '../../../catalog';
import { useVisitOrder } from '../../api/get-visit-order';
import { useVisitWriteWaiting } from '../../api/queued-visit-write';
import { useSaveRemainders } from '../../api/visit-results';
import { useDraft, type RemaindersDraft } from '../use-draft';
import { remainderRowsOf, remaindersBodyOf, remaindersOf, remaindersChanged } from '../visit-rules';
import { QuantityStepper } from '../../../../components/quantity-stepper';
import { SaveError } from '../../../../components/save-error';
import { SaveState } from '../../../../components/save-state';

/**
 * Removing remainders (/removing-residues/:id and the visit's section): our products on the pharmacy's
 * shelf, counted with a counter each; the previous visit's count is the hint. 'Successfully saved!'.
 */
export function RemaindersSection({ visit, readOnly = false }: { visit: Visit; readOnly?: boolean }) {
  const { t } = useTranslation(['visit', 'stock']);
  const { message } = App.useApp();
  const order = useVisitOrder(visit.id);
  const [draft, setDraft, clearDraft] = useDraft<RemaindersDraft>(visit.id, 'remainders');
  const queued = useVisitWriteWaiting(visit.id, 'visitRemainders');
  const save = useSaveRemainders();
  const rows = remainderRowsOf(order.data?.suggested ?? [], visit.remainders, draft ?? {}, !!order.data?.previousVisit);
  const dirty = draft !== null && remaindersChanged(rows, visit.remainders);
  const counted = rows.filter((r) => r.quantity !== null).length;

  const set = (productId: number, productName: string, producerName: string | undefined, quantity: number | null) =>
    setDraft({ ...(draft ?? {}), [productId]: { productName, producerName, quantity } });

  const submit = () =>
    save.mutate(
      { visit, body: remaindersBodyOf(rows), remainders: remaindersOf(rows) },
      {
        onSuccess: () => {
          clearDraft();
          void message.success(t('common:messages.saved'));
        },
      },
    );

  if (order.isLoading && visit.remainders.length === 0 && !draft) return <Skeleton active paragraph={{ rows: 4 }} />;

  return (
    <Flex vertical gap={12}>
      {order.isError ? (
        <QueryError error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} title={t('messages.loadError')} />
      ) : null}
      {order.data?.previousVisit ? (
        <Typography.Text type="secondary">
          {t('messages.previousVisit', { date: formatDate(order.data.previousVisit.completedAt ?? order.data.previousVisit.plannedStart) })}
        </Typography.Text>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState description={t('stock:messages.noRemains')} />
      ) : (
        <ul className="visit-list" data-testid="remainders">
          {rows.map((row) => (
            <li key={row.productId} className="visit-item" data-testid="remainder-row">
              <span className="visit-item__main">
                <span className="visit-item__name">
                  <ProductLabel name={row.productName} producerName={row.producerName} />
                </span>
                <span className="visit-item__meta">
                  {row.previous !== null ? t('messages.previousCount', { value: formatNumber(row.previous) }) : t('messages.previousNone')}
                  {row.quantity === null ? ` · ${t('messages.notCounted')}` : ''}
                </span>
              </span>
              <QuantityStepper
                value={row.quantity}
                onChange={(q) => set(row.productId, row.productName, row.producerName, q)}
                label={t('fields.remainder.labelOf', { name: productTitle({ name: row.productName, producerName: row.producerName }) })}
                disabled={readOnly || save.isPending}
              />
            </li>
          ))}
        </ul>
      )}
      {readOnly ? null : (
        <>
          <ProductSelect
            size="large"
            value={null}
            aria-label={t('fields.remainderProduct.label')}
            placeholder={t('fields.remainderProduct.placeholder')}
            onChange={(id, product) => {
              if (id && product && !rows.some((r) => r.productId === id)) set(id, product.name, product.producerName, null);
            }}
            style={{ width: '100%' }}
          />
          <SaveError error={save.error} onRetry={submit} retrying={save.isPending} />
          <Flex align="center" justify="space-between" gap={8} wrap>
            <SaveState
              dirty={dirty}
              saving={save.isPending}
              failed={save.isError}
              queued={queued}
              sent={save.isSuccess}
              idle={t('messages.countedOf', { counted, total: rows.length })}
            />
            <Button type="primary" size="large" icon={<SaveOutlined />} loading={save.isPending} disabled={!dirty || counted === 0} onClick={submit}>
              {t('actions.saveRemainders')}
            </Button>
          </Flex>
        </>
      )}
    </Flex>
  );
}
