import { useState } from 'react';
import { Alert, App, Button, Flex, Skeleton, Tag, Typography } from 'antd';
import { ClockCircleOutlined, DeleteOutlined, InboxOutlined, LockOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { maxLineQuantity, type SuggestedOrderLine, type Visit, type VisitReservation } from '@pharma/contracts';
import { ConfirmButton } from '../../../../components/confirm-button';
import { EmptyState } from '../../../../components/empty-state';
import { QueryError } from '../../../../components/query-error';
import { errorMessage, isApiError } from '../../../../lib/api-client';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../../../lib/format';
import { Money } from '../../../../components/money';
import { ProductLabel, productTitle, ProductSelect } from '../../../catalog';
import { useVisitOrder } from '../../api/get-visit-order';
import { usePreOrderLine, useReleaseReservation, useRemovePreOrder, useReserveLine } from '../../api/visit-order';
import { activeReservations } from '../visit-rules';
import { QuantityStepper } from '../../../../components/quantity-stepper';

type Line = Pick<SuggestedOrderLine, 'productId' | 'productName'> & Partial<Omit<SuggestedOrderLine, 'productId' | 'productName'>>;

/**
 * The order taken during the visit: the suggested order pre-filled from the sell-out, a quantity per
 * product, "Reserve" (FEFO, held for some hours) or, when stock is short, "Pre-order"; what is
 * reserved (batch, expiry, 'held until') and pre-ordered, each removable.
 */
export function OrderSection({ visit, onGoToRemainders }: { visit: Visit; onGoToRemainders: () => void }) {
  const { t } = useTranslation('visit');
  const { message } = App.useApp();
  const order = useVisitOrder(visit.id);
  const reserve = useReserveLine();
  const preOrder = usePreOrderLine();
  const release = useReleaseReservation();
  const removePreOrder = useRemovePreOrder();
  const [quantities, setQuantities] = useState<Record<number, number | null>>({});
  const [extra, setExtra] = useState<Line[]>([]);
  const [busy, setBusy] = useState<{ productId: number; what: 'reserve' | 'preOrder' } | null>(null);
  const [lineErrors, setLineErrors] = useState<Record<number, unknown>>({});

  if (order.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (order.isError) return <QueryError error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} title={t('messages.loadError')} />;
  const data = order.data;
  const reservations = activeReservations(data);
  const reservedOf = (productId: number) => reservations.filter((r) => r.productId === productId).reduce((sum, r) => sum + r.quantity, 0);
  const lines: Line[] = [...data.suggested, ...extra.filter((e) => !data.suggested.some((s) => s.productId === e.productId))];
  const quantityOf = (line: Line) => (line.productId in quantities ? (quantities[line.productId] ?? null) : (line.suggestedQuantity ?? 1));

  const run = (line: Line, what: 'reserve' | 'preOrder') => {
    const quantity = quantityOf(line);
    if (!quantity) return;
    setBusy({ productId: line.productId, what });
    setLineErrors(({ [line.productId]: _, ...rest }) => rest);
    const mutation = what === 'reserve' ? reserve : preOrder;
    mutation.mutate(
      { visit, order: data, body: { productId: line.productId, quantity }, product: line },
      {
        onSuccess: () => {
          setQuantities((q) => ({ ...q, [line.productId]: 0 }));
          void message.success(t(what === 'reserve' ? 'messages.reserved' : 'messages.preOrdered', { name: line.productName }));
        },
        onError: (error) => setLineErrors((e) => ({ ...e, [line.productId]: error })),
        onSettled: () => setBusy(null),
      },
    );
  };

  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon icon={<ClockCircleOutlined />} title={t('messages.holdHours', { hours: data.holdHours })} />

      <section aria-labelledby="order-suggested">
        <Typography.Title level={2} id="order-suggested" style={{ fontSize: 16, marginTop: 0 }}>
          {t('labels.suggested')}
        </Typography.Title>
        {visit.remainders.length === 0 && lines.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            title={t('messages.countFirst')}
            action={
              <Button onClick={onGoToRemainders} icon={<InboxOutlined />}>
                {t('sections.remainders')}
              </Button>
            }
          />
        ) : null}
        <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
          {data.previousVisit
            ? t('messages.suggestedFrom', { date: formatDate(data.previousVisit.completedAt ?? data.previousVisit.plannedStart) })
            : t('messages.firstVisit')}
        </Typography.Paragraph>
        {lines.length === 0 ? (
          <EmptyState description={t('messages.noSuggested')} />
        ) : (
          <Flex vertical gap={8} data-testid="order-lines">
            {lines.map((line) => {
              const quantity = quantityOf(line);
              const short = line.freeStock !== undefined && quantity !== null && quantity > line.freeStock;
              const error = lineErrors[line.productId];
              const insufficient = isApiError(error) && error.code === 'INSUFFICIENT_STOCK';
              const reserved = reservedOf(line.productId);
              const preOrdered = data.preOrders.find((p) => p.productId === line.productId)?.quantity ?? 0;
              return (
                <div key={line.productId} className="order-line" data-testid="order-line">
                  <Flex justify="space-between" align="flex-start" gap={8}>
                    <span className="visit-item__name">
                      <ProductLabel name={line.productName} producerName={line.producerName} />
                    </span>
                    <Flex gap={4} wrap justify="flex-end">
                      {reserved ? <Tag color="success">{t('labels.reservedCount', { value: formatNumber(reserved) })}</Tag> : null}
                      {preOrdered ? <Tag color="purple">{t('labels.preOrderedCount', { value: formatNumber(preOrdered) })}</Tag> : null}
                    </Flex>
                  </Flex>
                  {line.sellOut !== undefined ? (
                    <div className="order-line__facts">
                      <span>{t('messages.sellOut', { value: formatNumber(line.sellOut) })}</span>
                      <span>{t('messages.onShelf', { value: formatNumber(line.currentRemainder ?? 0) })}</span>
                      <span>{t('messages.freeStock', { value: formatNumber(line.freeStock ?? 0) })}</span>
                    </div>
                  ) : null}
                  {reserved || preOrdered ? null : (
                    <div className="order-line__actions">
                      <QuantityStepper
                        value={quantity}
                        min={0}
                        max={maxLineQuantity}
                        onChange={(q) => setQuantities((all) => ({ ...all, [line.productId]: q }))}
                        label={t('fields.quantity.labelOf', { name: productTitle({ name: line.productName, producerName: line.producerName }) })}
                      />
                      {short || insufficient ? (
                        <Button
                          size="large"
                          type="primary"
                          icon={<ShoppingCartOutlined />}
                          disabled={!quantity || (busy !== null && busy.productId !== line.productId)}
                          loading={busy?.productId === line.productId && busy.what === 'preOrder'}
                          onClick={() => run(line, 'preOrder')}
                          aria-label={t('actions.preOrderOf', { name: productTitle({ name: line.productName, producerName: line.producerName }) })}
                        >
                          {t('actions.preOrder')}
                        </Button>
                      ) : (
                        <Button
                          size="large"
                          type="primary"
                          icon={<LockOutlined />}
                          disabled={!quantity || (busy !== null && busy.productId !== line.productId)}
                          loading={busy?.productId === line.productId && busy.what === 'reserve'}
                          onClick={() => run(line, 'reserve')}
                          aria-label={t('actions.reserveOf', { name: productTitle({ name: line.productName, producerName: line.producerName }) })}
                        >
                          {t('actions.reserve')}
                        </Button>
                      )}
                    </div>
                  )}
                  {short && !insufficient && !reserved && !preOrdered ? <Typography.Text type="warning">{t('messages.notEnoughStock')}</Typography.Text> : null}
                  {error ? (
                    <Typography.Text type={insufficient ? 'warning' : 'danger'} role="alert">
                      {errorMessage(error)}
                      {insufficient ? ` ${t('messages.notEnoughStock')}` : ''}
                    </Typography.Text>
                  ) : null}
                </div>
              );
            })}
          </Flex>
        )}
        <div style={{ marginTop: 8 }}>
          <ProductSelect
            size="large"
            value={null}
            aria-label={t('fields.orderProduct.label')}
            placeholder={t('fields.orderProduct.placeholder')}
            onChange={(id, product) => {
              if (!id || !product || lines.some((l) => l.productId === id)) return;
              setExtra((all) => [...all, { productId: id, productName: product.name, producerName: product.producerName }]);
              setQuantities((q) => ({ ...q, [id]: 1 }));
            }}
            style={{ width: '100%' }}
          />
        </div>
      </section>

      <section aria-labelledby="order-reserved">
        <Typography.Title level={2} id="order-reserved" style={{ fontSize: 16, marginTop: 0 }}>
          {t('labels.reservations', { value: reservations.length })}
        </Typography.Title>
        {reservations.length === 0 ? (
          <Typography.Text type="secondary">{t('messages.noReservations')}</Typography.Text>
        ) : (
          <ul className="visit-list" data-testid="reservations">
            {reservations.map((r) => (
              <li key={r.id} className="visit-item visit-item--done" data-testid="reservation">
                <ReservationFacts reservation={r} />
                <ConfirmButton
                  size="large"
                  danger
                  icon={<DeleteOutlined />}
                  loading={release.isPending && release.variables?.reservationId === r.id}
                  // a reservation made on the phone is released once the server has it
                  disabled={r.id < 0}
                  aria-label={t('actions.releaseOf', { name: productTitle({ name: r.productName, producerName: r.producerName }) })}
                  onConfirm={() => release.mutate({ visit, order: data, reservationId: r.id }, { onError: (error) => void message.error(errorMessage(error)) })}
                />
              </li>
            ))}
          </ul>
        )}
        {reservations.length ? (
          <div className="visit-total" data-testid="reservations-total">
            <span>{t('labels.reservedTotal')}</span>
            <Money value={data.sumSale} currency strong />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="order-pre-orders">
        <Typography.Title level={2} id="order-pre-orders" style={{ fontSize: 16, marginTop: 0 }}>
          {t('labels.preOrders', { value: data.preOrders.length })}
        </Typography.Title>
        {data.preOrders.length === 0 ? (
          <Typography.Text type="secondary">{t('messages.noPreOrders')}</Typography.Text>
        ) : (
          <ul className="visit-list" data-testid="pre-orders">
            {data.preOrders.map((p) => (
              <li key={p.productId} className="visit-item">
                <span className="visit-item__main">
                  <span className="visit-item__name">
                    <ProductLabel name={p.productName} producerName={p.producerName} />
                  </span>
                  <span className="visit-item__meta">{t('labels.preOrderedCount', { value: formatNumber(p.quantity) })}</span>
                </span>
                <ConfirmButton
                  size="large"
                  danger
                  icon={<DeleteOutlined />}
                  loading={removePreOrder.isPending && removePreOrder.variables?.productId === p.productId}
                  aria-label={t('actions.removeOf', { name: productTitle({ name: p.productName, producerName: p.producerName }) })}
                  onConfirm={() =>
                    removePreOrder.mutate({ visit, order: data, productId: p.productId }, { onError: (error) => void message.error(errorMessage(error)) })
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Flex>
  );
}

/**
 * A reservation as the rep reads it: the product told apart from others of its name, quantity × price =
 * sum, the batch, its warehouse — and why that warehouse when the client's minimum shelf life left out
 * nearer batches elsewhere — and how long the hold lasts.
 */
export function ReservationFacts({ reservation: r }: { reservation: VisitReservation }) {
  const { t } = useTranslation('visit');
  return (
    <span className="visit-item__main">
      <span className="visit-item__name">
        <ProductLabel name={r.productName} producerName={r.producerName} />
      </span>
      <span className="visit-item__price" data-testid="reservation-price">
        {t('messages.priceLine', { quantity: formatNumber(r.quantity), price: formatMoney(r.salePrice) })} <Money value={r.sumSale} strong />
      </span>
      <span className="visit-item__meta">{t('messages.batch', { series: r.series, date: formatDate(r.expiryDate), warehouse: r.warehouseName })}</span>
      {r.shelfLife ? (
        <span className="visit-item__note" data-testid="shelf-life-note">
          {t('messages.otherWarehouse', { warehouse: r.warehouseName, months: r.shelfLife.minShelfLifeMonths, nearer: r.shelfLife.nearerWarehouseName })}
        </span>
      ) : null}
      {r.expiresAt && r.status === 'active' ? <span className="visit-item__meta">{t('messages.heldUntil', { time: formatDateTime(r.expiresAt) })}</span> : null}
    </span>
  );
}
