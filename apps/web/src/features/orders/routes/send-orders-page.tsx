import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Input, Modal, Table, type TableProps } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@pharma/contracts';
import { usePagination } from '../../../components/data-table';
import { Money, useMoneyTitle } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { api, errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useQueryClient } from '@tanstack/react-query';
import { useOrders } from '../api/orders-api';
import { orderItemPath } from '../paths';
import { selectAllTitle } from '../../../components/table-a11y';

interface Failure {
  number: string;
  message: string;
}

/**
 * /send-orders: the new orders in scope, several chosen and sent for review at once after a
 * confirmation; each is moved by the state machine on the server, and any that could not be sent
 * stays in the list with the reason.
 */
export function SendOrdersPage() {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const moneyTitle = useMoneyTitle();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ page: 1, size: 25 });
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [failures, setFailures] = useState<Failure[]>([]);
  const orders = useOrders({ status: 'new', sort: 'date', ...page });
  const pagination = usePagination(page.page, page.size, orders.data?.total, (p, s) => setPage(s !== page.size ? { page: 1, size: s } : { page: p, size: s }));
  const rows = (orders.data?.items ?? []).filter(
    (o) => !filter || o.organizationName.toLowerCase().includes(filter.toLowerCase()) || o.number.includes(filter),
  );
  const chosen = (orders.data?.items ?? []).filter((o) => selected.includes(o.id));
  const chosenSum = chosen.reduce((s, o) => s + o.sumSale, 0);

  const send = async () => {
    setSending(true);
    const failed: Failure[] = [];
    for (const order of chosen) {
      try {
        await api.orders.orders.move({ params: { id: order.id }, body: { to: 'sent_for_review' } });
      } catch (error) {
        failed.push({ number: order.number, message: errorMessage(error) });
      }
    }
    setSending(false);
    setConfirming(false);
    setFailures(failed);
    setSelected(failed.length ? chosen.filter((o) => failed.some((f) => f.number === o.number)).map((o) => o.id) : []);
    const sent = chosen.length - failed.length;
    if (sent) void message.success(t('messages.sentManyForReview', { count: sent }));
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  };

  const columns: TableProps<OrderSummary>['columns'] = [
    { key: 'number', title: t('columns.number'), render: (_, o) => <Link to={orderItemPath(o.id)}>№ {o.number}</Link> },
    { key: 'date', title: t('columns.date'), render: (_, o) => formatDate(o.date) },
    { key: 'organization', title: t('columns.organization'), dataIndex: 'organizationName' },
    { key: 'agent', title: t('columns.agent'), dataIndex: 'agentName', responsive: ['md'] },
    { key: 'sum', title: moneyTitle(t('columns.sumSale')), align: 'right', render: (_, o) => <Money value={o.sumSale} /> },
  ];

  return (
    <>
      <PageHeader
        title={t('nav:titles.sendOrders')}
        extra={
          <Button type="primary" icon={<SendOutlined />} disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
            {t('actions.sendChosen', { count: chosen.length })}
          </Button>
        }
      />
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('messages.sendOrdersHint')} />
      {failures.length ? (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setFailures([])}
          style={{ marginBottom: 12 }}
          title={t('messages.notSent', { count: failures.length })}
          description={failures.map((f) => `№ ${f.number}: ${f.message}`).join('; ')}
        />
      ) : null}
      <Card variant="borderless">
        <Flex style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder={t('filters.numberOrOrganization')}
            aria-label={t('filters.numberOrOrganization')}
            style={{ maxWidth: 360 }}
            onChange={(e) => setFilter(e.target.value.trim())}
          />
        </Flex>
        {orders.isError ? (
          <QueryError error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
        ) : (
          <Table<OrderSummary>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={orders.isFetching}
            pagination={pagination as TableProps<OrderSummary>['pagination']}
            rowSelection={{ columnTitle: selectAllTitle, selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
            locale={{ emptyText: t('messages.noNewOrders') }}
            scroll={{ x: 640 }}
          />
        )}
      </Card>
      <Modal
        open={confirming}
        title={t('titles.sendForReview')}
        okText={t('actions.sendForReview')}
        cancelText={t('common:actions.cancel')}
        confirmLoading={sending}
        onOk={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        {t('messages.confirmSendMany', { count: chosen.length, sum: formatMoney(chosenSum) })}
      </Modal>
    </>
  );
}
