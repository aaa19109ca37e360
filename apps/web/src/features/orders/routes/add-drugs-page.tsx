import { useState } from 'react';
import { App, Breadcrumb, Button, Card, Flex, List, Skeleton, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { EmptyState } from '../../../components/empty-state';
import { hrefOf } from '../../../lib/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { idFilter } from '../../../lib/use-list-params';
import { useEditOrder, useOrder } from '../api/orders-api';
import { StockPicker } from '../components/stock-picker';
import { addLine, linesToBody, type DraftLine } from '../order-lines';
import { orderItemPath } from '../paths';
import { ProductLabel } from '../../catalog';

/**
 * /add-drugs?id=ID: drugs from stock added to an existing order — counters never above the free
 * balance, a drug already in the order cannot be added twice; "Add to order" saves them (reserved by
 * FEFO and priced by the server) and opens the order's drugs table.
 */
export function AddDrugsPage() {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idFilter(params.get('id') ?? undefined) ?? 0;
  const order = useOrder(id);
  const save = useEditOrder(id);
  const [picked, setPicked] = useState<DraftLine[]>([]);

  if (!id)
    return (
      <>
        <PageHeader title={t('nav:titles.addDrugs')} />
        <Card variant="borderless">
          <EmptyState description={t('messages.chooseOrderFirst')} />
          <Flex justify="center">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(hrefOf('addOrderNew'))}>
              {t('actions.newOrder')}
            </Button>
          </Flex>
        </Card>
      </>
    );
  if (order.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (order.isError || !order.data) return <QueryError error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} />;
  const o = order.data;
  const existing = new Map<number, number>();
  for (const p of o.positions) existing.set(p.productId, (existing.get(p.productId) ?? 0) + p.quantity);

  const addToOrder = () =>
    save.mutate(
      {
        clientType: o.clientType,
        paymentVariant: o.paymentVariant,
        prepaymentPercent: o.prepaymentPercent,
        markupPercent: o.markupPercent,
        deliveryAddress: o.deliveryAddress,
        contractNumber: o.contractNumber ?? undefined,
        comment: o.comment ?? undefined,
        operatorComment: o.operatorComment ?? undefined,
        positions: [
          ...[...existing].map(([productId, quantity]) => {
            const markup = o.markupPercent === null ? o.positions.find((p) => p.productId === productId)?.markupPercent : undefined;
            return { productId, quantity, ...(markup === undefined ? {} : { markupPercent: markup }) };
          }),
          ...linesToBody(picked),
        ],
      },
      {
        onSuccess: () => {
          void message.success(t('messages.drugsAdded', { count: picked.length }));
          void navigate(hrefOf('drugsTableEdit', {}, { id: o.id }));
        },
        onError: (error) => void message.error(errorMessage(error)),
      },
    );

  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 8 }}
        items={[
          { title: <Link to={hrefOf('orders')}>{t('nav:titles.orders')}</Link> },
          { title: <Link to={orderItemPath(o.id)}>№ {o.number}</Link> },
          { title: t('nav:titles.addDrugs') },
        ]}
      />
      <PageHeader
        title={t('titles.addDrugsTo', { number: o.number, organization: o.organizationName })}
        extra={
          <Button type="primary" icon={<PlusOutlined />} disabled={picked.length === 0} loading={save.isPending} onClick={addToOrder}>
            {t('actions.addToOrder', { count: picked.length })}
          </Button>
        }
      />
      <Flex gap={12} wrap align="flex-start">
        <Card variant="borderless" style={{ flex: '2 1 560px' }}>
          <StockPicker added={new Set([...existing.keys(), ...picked.map((l) => l.productId)])} onAdd={(line) => setPicked((all) => addLine(all, line))} />
        </Card>
        <Card variant="borderless" title={t('titles.picked')} style={{ flex: '1 1 280px' }}>
          {picked.length === 0 ? (
            <Typography.Text type="secondary">{t('messages.nothingPicked')}</Typography.Text>
          ) : (
            <List
              dataSource={picked}
              renderItem={(line) => (
                <List.Item
                  actions={[
                    <Button
                      key="remove"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('actions.removeDrugOf', { name: line.productName })}
                      onClick={() => setPicked((all) => all.filter((l) => l.productId !== line.productId))}
                    />,
                  ]}
                >
                  <ProductLabel name={line.productName} producerName={line.producerName} extra={formatNumber(line.quantity ?? 0)} />
                </List.Item>
              )}
            />
          )}
        </Card>
      </Flex>
    </>
  );
}
