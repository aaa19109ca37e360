import { Card, Skeleton, Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/query-error';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { hrefOf } from '../../../lib/paths';
import { useOrderQueue } from '../api/get-order-queue';

/** The operator's order queue: open orders per status (count, sum, the oldest date), each opening the filtered list. */
export function OrderQueue() {
  const { t } = useTranslation('desktop');
  const query = useOrderQueue();
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (query.isError)
    body = <QueryError error={query.error} title={t('messages.queueLoadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else
    body = (
      <Table
        size="small"
        rowKey="status"
        pagination={false}
        dataSource={query.data}
        columns={[
          {
            key: 'status',
            title: t('columns.status'),
            render: (_, r) => <Link to={hrefOf('orders', {}, { status: r.status })}>{t(`enums:orderStatus.${r.status}`)}</Link>,
          },
          { key: 'count', title: t('columns.count'), align: 'right', render: (_, r) => formatNumber(r.count) },
          { key: 'sum', title: t('columns.sum'), align: 'right', render: (_, r) => formatMoney(r.sum) },
          { key: 'oldest', title: t('columns.oldest'), responsive: ['sm'], render: (_, r) => (r.oldest ? formatDate(r.oldest) : '—') },
        ]}
      />
    );
  return (
    <Card className="desktop-section" variant="borderless" title={t('sections.orderQueue')}>
      {body}
    </Card>
  );
}
