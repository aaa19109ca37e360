import { Alert, Button, Card, Flex, Progress, Typography } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { pathOf } from '../../../app/nav-registry';
import { useCan } from '../../../lib/permissions';
import { useTranslation } from 'react-i18next';
import { visitProofLimits, type Visit } from '@pharma/contracts';
import { formatDateTime, formatNumber } from '../../../lib/format';

/** The completed visit: its visit-proof score and, when questionable, the reasons a manager will review. */
export function VisitResult({ visit }: { visit: Visit }) {
  const { t } = useTranslation('visit');
  const canOrder = useCan('orders.edit');
  const score = visit.proofScore;
  const questionable = score !== null && score < visitProofLimits.questionableBelow;
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
        {canOrder ? (
          // the visit's reservations become the order's first lines
          <Link to={`${pathOf('addOrderNew')}?visitId=${visit.id}`}>
            <Button type="primary" size="large" block icon={<ShoppingCartOutlined />}>
              {t('actions.createOrder')}
            </Button>
          </Link>
        ) : null}
      </Flex>
    </Card>
  );
}
