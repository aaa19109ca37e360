import { Modal, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MatrixCellOrder, MatrixCellQuery } from '@pharma/contracts';
import { Money, useMoneyTitle } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { EmptyState } from '../../../components/empty-state';
import { formatDate, formatNumber } from '../../../lib/format';
import { useMatrixCellOrders } from '../api/matrix-api';
import { orderItemPath } from '../paths';
import { OrderStatusTag } from './order-status-tag';

/** The orders behind a cell of /matrix: that product's orders of that organization in the period. */
export function MatrixCellOrdersModal({ cell, title, onClose }: { cell: MatrixCellQuery | null; title: string; onClose: () => void }) {
  const { t } = useTranslation('matrix');
  const moneyTitle = useMoneyTitle();
  const query = useMatrixCellOrders(cell);
  return (
    <Modal open={cell !== null} title={title} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <Table<MatrixCellOrder>
          size="small"
          rowKey="id"
          loading={query.isPending}
          dataSource={query.data?.items ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState description={t('messages.noCellOrders')} /> }}
          columns={[
            {
              key: 'number',
              title: t('columns.number'),
              render: (_, r) => (
                <Link to={orderItemPath(r.id)} className="nowrap">
                  № {r.number}
                </Link>
              ),
            },
            { key: 'date', title: t('columns.date'), render: (_, r) => <span className="nowrap">{formatDate(r.date)}</span> },
            { key: 'status', title: t('columns.status'), render: (_, r) => <OrderStatusTag status={r.status} /> },
            { key: 'agent', dataIndex: 'agentName', title: t('columns.agent') },
            { key: 'quantity', title: t('columns.quantity'), align: 'right', render: (_, r) => formatNumber(r.quantity) },
            { key: 'sum', title: moneyTitle(t('columns.sum')), align: 'right', render: (_, r) => <Money value={r.sum} /> },
            {
              key: 'paid',
              title: moneyTitle(t('columns.paidOfOrder')),
              align: 'right',
              render: (_, r) => (
                <Typography.Text className="nowrap">
                  <Money value={r.paid} /> / <Money value={r.ordersSum} />
                </Typography.Text>
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
