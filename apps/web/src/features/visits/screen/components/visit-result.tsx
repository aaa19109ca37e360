import { Alert, Card, Flex, Progress, Skeleton, Typography } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { LinkButton } from '../../../../components/link-button';
import { hrefOf } from '../../../../lib/paths';
import { useCan } from '../../../../lib/permissions';
import { useTranslation } from 'react-i18next';
import { isQuestionableScore, type Visit } from '@pharma/contracts';
import { Money } from '../../../../components/money';
import { QueryError } from '../../../../components/query-error';
import { formatDate, formatDateTime, formatNumber } from '../../../../lib/format';
import { OrderStatusTag, orderItemPath } from '../../../orders';
import { useVisitOrder } from '../../api/get-visit-order';
import { useVisitOrders } from '../../api/get-visit-orders';
import { activeReservations } from '../visit-rules';
import { ReservationFacts } from './order-section';

/** The completed visit: its visit-proof score and, when questionable, the reasons a manager will review. */
export function VisitResult({ visit }: { visit: Visit }) {
  const { t } = useTranslation('visit');
  const score = visit.proofScore;
  const questionable = isQuestionableScore(score);
  const minutes = visit.startedAt && visit.completedAt ? Math.max(0, Math.round((Date.parse(visit.completedAt) - Date.parse(visit.startedAt)) / 60_000)) : null;

  return (
    <Card size="small" title={t('titles.result')} data-testid="visit-result">
      <Flex vertical gap={12}>
        <div className="visit-score">
          {score !== null ? (
            <Progress
              type="circle"
              size={84}
              percent={score}
              status={questionable ? 'exception' : 'success'}
              format={() => formatNumber(score)}
              aria-label={t('messages.score', { score })}
            />
          ) : null}
          <div className="visit-score__facts">
            {score !== null ? <strong style={{ color: 'var(--ant-color-text)' }}>{t('messages.score', { score })}</strong> : null}
            {visit.completedAt ? <span>{t('messages.completedAt', { time: formatDateTime(visit.completedAt) })}</span> : null}
            {minutes !== null ? <span>{t('messages.duration', { minutes })}</span> : null}
            {visit.distanceM !== null ? <span>{t('messages.distance', { meters: formatNumber(visit.distanceM) })}</span> : null}
          </div>
        </div>
        {visit.review === 'accepted' || visit.review === 'rejected' ? (
          <Alert
            type={visit.review === 'accepted' ? 'success' : 'error'}
            showIcon
            data-testid="visit-review"
            title={t(`messages.review.${visit.review}`, { name: visit.reviewedByName ?? '', time: formatDateTime(visit.reviewedAt) })}
            description={visit.reviewComment ?? undefined}
          />
        ) : null}
        {questionable ? (
          <Alert
            type="warning"
            showIcon
            data-testid="visit-questionable"
            title={visit.review === 'accepted' || visit.review === 'rejected' ? t('messages.questionableReviewed') : t('messages.questionable')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {visit.proofReasons.map((r) => (
                  <li key={r}>{t(`enums:visitProofReason.${r}`)}</li>
                ))}
              </ul>
            }
          />
        ) : visit.proofReasons.length ? (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('messages.notes', { reasons: visit.proofReasons.map((r) => t(`enums:visitProofReason.${r}`)).join('; ') })}
          </Typography.Text>
        ) : null}
        <VisitOrderSummary visit={visit} />
      </Flex>
    </Card>
  );
}

/**
 * What the completed visit led to: its order(s) by number and status — once an order exists there is
 * no big "Create order" (a duplicate would be one tap away), only a quiet link while holds are left
 * that no order took —, and the reservations still held, priced, with their total.
 */
function VisitOrderSummary({ visit }: { visit: Visit }) {
  const { t } = useTranslation('visit');
  const canOrder = useCan('orders.edit');
  const canSeeOrders = useCan('orders.view');
  const orders = useVisitOrders(visit.id, canSeeOrders);
  const visitOrder = useVisitOrder(visit.id);
  const held = activeReservations(visitOrder.data);
  const made = orders.data?.items ?? [];
  const create = hrefOf('addOrderNew', {}, { visitId: visit.id });
  if (orders.isPending && canSeeOrders) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <section aria-labelledby="visit-order-title" data-testid="visit-order-summary">
      <Typography.Title level={2} id="visit-order-title" style={{ fontSize: 16, margin: '0 0 8px' }}>
        {t('titles.visitOrder')}
      </Typography.Title>
      {orders.isError ? <QueryError error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} /> : null}
      {made.length ? (
        <ul className="visit-list" data-testid="visit-orders">
          {made.map((o) => (
            <li key={o.id} className="visit-item">
              <span className="visit-item__main">
                <Link to={orderItemPath(o.id)} className="visit-item__name">
                  {t('labels.orderNumber', { number: o.number })}
                </Link>
                <span className="visit-item__meta">{formatDate(o.date)}</span>
              </span>
              <Flex vertical align="flex-end" gap={4}>
                <OrderStatusTag status={o.status} />
                <Money value={o.sumSale} currency />
              </Flex>
            </li>
          ))}
        </ul>
      ) : canSeeOrders && !orders.isError ? (
        <Typography.Text type="secondary">{t('messages.noOrderYet')}</Typography.Text>
      ) : null}
      {held.length ? (
        <>
          <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
            {t('labels.reservations', { value: held.length })}
          </Typography.Text>
          <ul className="visit-list" data-testid="reservations">
            {held.map((r) => (
              <li key={r.id} className="visit-item" data-testid="reservation">
                <ReservationFacts reservation={r} />
              </li>
            ))}
          </ul>
          <div className="visit-total" data-testid="reservations-total">
            <span>{t('labels.reservedTotal')}</span>
            <Money value={visitOrder.data?.sumSale} currency strong />
          </div>
        </>
      ) : null}
      {canOrder && !made.length && !orders.isError ? (
        // the visit's reservations become the order's first lines
        <LinkButton to={create} type="primary" size="large" block icon={<ShoppingCartOutlined />} style={{ marginTop: 12 }}>
          {t('actions.createOrder')}
        </LinkButton>
      ) : null}
      {canOrder && made.length && held.length ? (
        <Link to={create} style={{ display: 'inline-block', marginTop: 8 }}>
          {t('actions.createAnotherOrder')}
        </Link>
      ) : null}
    </section>
  );
}
