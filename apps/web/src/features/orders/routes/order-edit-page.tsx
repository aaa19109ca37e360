import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Breadcrumb, Button, Card, Flex, Form, Skeleton } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { editableOrderStatuses, editOrderBody, orderActorsOfRole, type Order, type QuoteOrderBody } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useZodForm } from '../../../components/zod-form';
import { hrefOf } from '../../../lib/paths';
import { formatDate } from '../../../lib/format';
import { idFilter } from '../../../lib/use-list-params';
import { useSession } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useEditOrder, useOrder, useOrderQuote } from '../api/orders-api';
import { OrderLinesEditor } from '../components/order-lines-editor';
import { OrderTermsFields } from '../components/order-terms-fields';
import { linesToBody, type DraftLine } from '../order-lines';
import { orderItemPath } from '../paths';

/** The order's positions as editable lines: one per product, with the markup a line set on its own. */
function draftLinesOf(order: Order): DraftLine[] {
  const byProduct = new Map<number, DraftLine>();
  for (const p of order.positions) {
    const line = byProduct.get(p.productId);
    if (line) line.quantity = (line.quantity ?? 0) + p.quantity;
    else
      byProduct.set(p.productId, {
        productId: p.productId,
        productName: p.productName,
        producerName: p.producerName ?? undefined,
        quantity: p.quantity,
        markupPercent: order.markupPercent === null ? p.markupPercent : null,
      });
  }
  return [...byProduct.values()];
}

/** /orders-item-edit?id=ID: the order's terms and drugs with live totals. */
export function OrderEditPage() {
  return <OrderEditor linesOnly={false} />;
}
/** /drugs-table-edit?id=ID: only the order's drugs, counters and totals. */
export function DrugsTableEditPage() {
  return <OrderEditor linesOnly />;
}

function OrderEditor({ linesOnly }: { linesOnly: boolean }) {
  const { t } = useTranslation('orders');
  const [params] = useSearchParams();
  const id = idFilter(params.get('id') ?? undefined) ?? 0;
  const query = useOrder(id);
  if (query.isPending && id > 0) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (query.isError || !query.data) {
    return (
      <>
        <PageHeader title={t(linesOnly ? 'nav:titles.drugsTableEdit' : 'nav:titles.ordersItemEdit')} />
        <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </>
    );
  }
  return <OrderEditForm key={query.data.id} order={query.data} linesOnly={linesOnly} />;
}

function OrderEditForm({ order, linesOnly }: { order: Order; linesOnly: boolean }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const role = useSession().user?.role;
  const desk = !!role && orderActorsOfRole[role].includes('operator');
  const editable = desk ? editableOrderStatuses.includes(order.status) : order.status === 'new';
  const zf = useZodForm(editOrderBody);
  const save = useEditOrder(order.id);
  const [lines, setLines] = useState<DraftLine[]>(() => draftLinesOf(order));
  const initial = useMemo(
    () => ({
      clientType: order.clientType,
      paymentVariant: order.paymentVariant,
      prepaymentPercent: order.prepaymentPercent,
      markupPercent: order.markupPercent,
      deliveryAddress: order.deliveryAddress,
      contractNumber: order.contractNumber ?? '',
      comment: order.comment ?? '',
      operatorComment: order.operatorComment ?? '',
    }),
    [order],
  );
  const clientType = Form.useWatch('clientType', zf.form) ?? order.clientType;
  const markupPercent = Form.useWatch('markupPercent', zf.form);
  const prepaymentPercent = Form.useWatch('prepaymentPercent', zf.form);
  const body = linesToBody(lines);
  const quoteBody = useDebouncedValue<QuoteOrderBody | null>(
    body.length
      ? {
          organizationId: order.organizationId,
          orderId: order.id,
          clientType,
          markupPercent: typeof markupPercent === 'number' ? markupPercent : null,
          prepaymentPercent: typeof prepaymentPercent === 'number' ? prepaymentPercent : order.prepaymentPercent,
          positions: body,
        }
      : null,
    400,
  );
  const quote = useOrderQuote(editable ? quoteBody : null);
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const submit = zf.submitHandlers(
    (parsed) =>
      save.mutate(parsed, {
        onSuccess: (saved) => {
          setDirty(false);
          void message.success(t('common:messages.saved'));
          void navigate(orderItemPath(saved.id));
        },
        onError: zf.fail,
      }),
    (values: Record<string, unknown>) => ({
      ...initial,
      ...values,
      markupPercent: typeof values.markupPercent === 'number' ? values.markupPercent : null,
      contractNumber: values.contractNumber || undefined,
      comment: values.comment || undefined,
      operatorComment: values.operatorComment || undefined,
      positions: body,
    }),
  );

  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 8 }}
        items={[
          { title: <Link to={hrefOf('orders')}>{t('nav:titles.orders')}</Link> },
          { title: <Link to={orderItemPath(order.id)}>№ {order.number}</Link> },
          { title: t(linesOnly ? 'nav:titles.drugsTableEdit' : 'nav:titles.ordersItemEdit') },
        ]}
      />
      <PageHeader
        title={t('titles.editOrder', { number: order.number, date: formatDate(order.date) })}
        extra={
          <Flex gap={8}>
            <Button onClick={() => void navigate(orderItemPath(order.id))}>{t('common:actions.cancel')}</Button>
            <Button type="primary" icon={<SaveOutlined />} disabled={!editable || lines.length === 0} loading={save.isPending} onClick={() => zf.form.submit()}>
              {t('common:actions.save')}
            </Button>
          </Flex>
        }
      />
      {!editable ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('messages.notEditable', { status: t(`enums:orderStatus.${order.status}`) })} />
      ) : null}
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('messages.editReserves')} />
      <Form form={zf.form} layout="vertical" initialValues={initial} disabled={!editable} onValuesChange={() => setDirty(true)} {...submit}>
        <Card variant="borderless" title={t('titles.positions')} style={{ marginBottom: 12 }}>
          <OrderLinesEditor
            lines={lines}
            onChange={(next) => {
              setLines(next);
              setDirty(true);
            }}
            quote={quote.data}
            quoteError={quote.error}
            quoting={quote.isFetching}
            showMarkup={desk}
          />
        </Card>
        <Card variant="borderless" title={t('titles.terms')} style={{ display: linesOnly ? 'none' : undefined }}>
          <OrderTermsFields rule={zf.rule} desk={desk} />
        </Card>
      </Form>
    </>
  );
}
