import { Button, Card, Flex, Progress, Segmented, Skeleton, Typography } from 'antd';
import { CalendarOutlined, EnvironmentOutlined, InboxOutlined, NodeIndexOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { deliveryTabs, type DeliverySummary, type DeliveryTab } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { formatDate, formatNumber } from '../../../lib/format';
import { useDeliveries } from '../api/deliveries';
import { DeliveryStatusTag } from '../components/delivery-status-tag';
import '../courier.css';

const tabOf = (value: string | null): DeliveryTab => ((deliveryTabs as readonly string[]).includes(value ?? '') ? (value as DeliveryTab) : 'active');
export const km = (meters: number) => formatNumber(Math.round(meters / 100) / 10);

/** /courier-deliveries: the courier's own deliveries, phone first — Active and Completed, a card each. */
export function CourierDeliveriesPage() {
  const { t } = useTranslation('courier');
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('tab'));
  const query = useDeliveries(tab);
  const items = query.data?.items ?? [];

  return (
    <div className="courier-page">
      <PageHeader
        title={t('nav:titles.courierDeliveries')}
        extra={
          <Button size="large" icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('actions.refresh')}
          </Button>
        }
      />
      <Segmented<DeliveryTab>
        block
        size="large"
        value={tab}
        onChange={(value) => setSearch(value === 'active' ? {} : { tab: value }, { replace: true })}
        options={deliveryTabs.map((value) => ({ value, label: t(`tabs.${value}`) }))}
        aria-label={t('tabs.label')}
      />
      <div className="courier-list" aria-busy={query.isFetching}>
        {query.isPending ? (
          <Skeleton active />
        ) : query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : items.length === 0 ? (
          <Card variant="borderless">
            <EmptyState description={t(`empty.${tab}`)} />
          </Card>
        ) : (
          items.map((delivery) => <DeliveryCard key={delivery.id} delivery={delivery} />)
        )}
      </div>
    </div>
  );
}

function DeliveryCard({ delivery }: { delivery: DeliverySummary }) {
  const { t } = useTranslation('courier');
  const percent = delivery.stopCount ? Math.round((delivery.closedCount / delivery.stopCount) * 100) : 0;
  return (
    <Link to={`/courier-deliveries/${delivery.id}`} className="courier-card-link" aria-label={t('titles.delivery', { number: delivery.number })}>
      <Card size="small" hoverable className="courier-card" data-testid="delivery-card">
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong className="courier-card__number">
            {t('titles.delivery', { number: delivery.number })}
          </Typography.Text>
          <DeliveryStatusTag status={delivery.status} />
        </Flex>
        <Flex vertical gap={4} className="courier-card__facts">
          <span>
            <CalendarOutlined /> {formatDate(delivery.date)}
          </span>
          <span>
            <EnvironmentOutlined /> <span data-testid="first-address">{delivery.firstStopAddress ?? delivery.address}</span>
          </span>
          <Flex gap={16} wrap>
            <span>
              <InboxOutlined /> {t('facts.boxes', { boxes: delivery.boxCount })}
            </span>
            <span>
              <NodeIndexOutlined /> {t('facts.km', { km: km(delivery.distanceM) })}
            </span>
          </Flex>
        </Flex>
        <div className="courier-card__progress">
          <span data-testid="delivery-progress">{t('facts.stops', { done: delivery.closedCount, total: delivery.stopCount })}</span>
          <Progress
            percent={percent}
            showInfo={false}
            aria-label={t('facts.stops', { done: delivery.closedCount, total: delivery.stopCount })}
            size="small"
            status={delivery.status === 'completed' ? 'success' : 'active'}
          />
        </div>
      </Card>
    </Link>
  );
}
