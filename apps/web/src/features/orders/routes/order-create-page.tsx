import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Steps, Table, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, CheckOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createOrderBody, deliveryAddressLine, orderActorsOfRole, type OrderQuote, type QuoteOrderBody } from '@pharma/contracts';
import { Money, useMoneyTitle } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { useInvalidFormNotice, useZodForm } from '../../../components/zod-form';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { idFilter } from '../../../lib/use-list-params';
import { useSession } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { OrganizationPicker, useOrganization } from '../../organizations';
import { useVisit, useVisitOrder, activeReservations } from '../../visits';
import { useOrderQuote } from '../api/orders-api';
import { useCreateOrder } from '../api/create-order';
import { OrderLinesEditor } from '../components/order-lines-editor';
import { OrganizationDebt } from '../components/organization-debt';
import { OrderTermsFields } from '../components/order-terms-fields';
import { clearDraft, loadDraft, saveDraft, type OrderDraft } from '../order-draft';
import { linesToBody, type DraftLine } from '../order-lines';
import { orderItemPath } from '../paths';
import { hrefOf } from '../../../lib/paths';
import '../components/order-screens.css';

const steps = ['client', 'drugs', 'delivery', 'review'] as const;

/** /add-order-new: the wizard — client (an organization or a visit), drugs from stock, delivery, review. */
export function AddOrderNewPage() {
  return <OrderCreator layout="wizard" />;
}
/** /add-orders: the same order on one page, for the desk (stock, visit, counters, table). */
export function AddOrdersPage() {
  return <OrderCreator layout="page" />;
}

function OrderCreator({ layout }: { layout: 'wizard' | 'page' }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const moneyTitle = useMoneyTitle();
  const [params] = useSearchParams();
  const phone = useWindowWidth() < phoneBelowPx;
  const role = useSession().user?.role;
  const desk = !!role && orderActorsOfRole[role].includes('operator');
  const start = { visitId: idFilter(params.get('visitId') ?? undefined) ?? null, organizationId: idFilter(params.get('organizationId') ?? undefined) ?? null };
  const [draft, setDraft] = useState<OrderDraft>(() => loadDraft(start));
  const update = (patch: Partial<OrderDraft>) => setDraft((d) => ({ ...d, ...patch }));
  useEffect(() => saveDraft(draft), [draft]);

  const visit = useVisit(draft.visitId);
  const visitOrder = useVisitOrder(draft.visitId ?? 0, !!draft.visitId);
  const organizationId = draft.organizationId ?? visit.data?.organizationId ?? null;
  const organization = useOrganization(organizationId);
  const zf = useZodForm(createOrderBody);
  const create = useCreateOrder();

  // a visit's reservations become the order's first lines (once)
  useEffect(() => {
    if (!draft.visitId || draft.lines.length || !visitOrder.data) return;
    const lines = new Map<number, DraftLine>();
    for (const r of activeReservations(visitOrder.data)) {
      const line = lines.get(r.productId);
      if (line) line.quantity = (line.quantity ?? 0) + r.quantity;
      else lines.set(r.productId, { productId: r.productId, productName: r.productName, producerName: r.producerName, quantity: r.quantity });
    }
    if (lines.size) update({ lines: [...lines.values()] });
  }, [draft.visitId, draft.lines.length, visitOrder.data]);

  // the organization's terms and delivery address fill the delivery step unless already typed
  useEffect(() => {
    const org = organization.data;
    if (!org) return;
    const current = zf.form.getFieldsValue();
    zf.form.setFieldsValue({
      deliveryAddress: current.deliveryAddress || (org.deliveryAddress ? deliveryAddressLine(org) : org.address),
      clientType: current.clientType ?? org.defaultClientType ?? 'retail',
      paymentVariant: current.paymentVariant ?? org.defaultPaymentVariant ?? 'cash',
    });
  }, [organization.data, zf.form]);

  const clientType = Form.useWatch('clientType', zf.form);
  const markupPercent = Form.useWatch('markupPercent', zf.form);
  const prepaymentPercent = Form.useWatch('prepaymentPercent', zf.form);
  const body = linesToBody(draft.lines);
  const quoteBody = useDebouncedValue<QuoteOrderBody | null>(
    organizationId && body.length
      ? {
          organizationId,
          clientType: clientType ?? undefined,
          markupPercent: typeof markupPercent === 'number' ? markupPercent : null,
          prepaymentPercent: typeof prepaymentPercent === 'number' ? prepaymentPercent : undefined,
          positions: body,
        }
      : null,
    400,
  );
  const quote = useOrderQuote(quoteBody);

  const invalid = useInvalidFormNotice();
  const canNext = [!!organizationId, body.length > 0, true, true];
  const goTo = async (step: number) => {
    if (step > draft.step && draft.step === 2) {
      try {
        await zf.form.validateFields();
      } catch (failure) {
        invalid.afterRejected(failure);
        return;
      }
    }
    update({ step });
  };

  const submit = zf.submitHandlers(
    (parsed) =>
      create.mutate(
        { body: parsed, key: draft.key, organizationName: organization.data?.name ?? visit.data?.organizationName ?? '' },
        {
          onSuccess: ({ order }) => {
            clearDraft();
            if (order) {
              void message.success(t('messages.created'));
              void navigate(orderItemPath(order.id));
            } else {
              // no answer: the order waits on the phone with its key and is sent once the network returns
              void message.info(t('messages.queued'));
              void navigate(hrefOf('orders'));
            }
          },
          onError: (error) => {
            zf.fail(error);
            if (layout === 'wizard' && Object.keys((error as { fields?: object }).fields ?? {}).some((f) => !f.startsWith('positions'))) update({ step: 2 });
          },
        },
      ),
    (values: Record<string, unknown>) => ({
      ...draft.terms,
      ...values,
      organizationId,
      visitId: draft.visitId ?? undefined,
      markupPercent: typeof values.markupPercent === 'number' ? values.markupPercent : undefined,
      prepaymentPercent: typeof values.prepaymentPercent === 'number' ? values.prepaymentPercent : undefined,
      contractNumber: values.contractNumber || undefined,
      comment: values.comment || undefined,
      operatorComment: undefined,
      positions: body,
    }),
  );

  const clientSection = (
    <Flex vertical gap={12}>
      {draft.visitId ? (
        <Alert
          type="info"
          showIcon
          title={
            visit.data
              ? t('messages.fromVisit', { organization: visit.data.organizationName, date: formatDate(visit.data.completedAt ?? visit.data.plannedStart) })
              : t('messages.loadingVisit')
          }
          action={
            <Button size="small" onClick={() => update({ visitId: null, organizationId: null, lines: [] })}>
              {t('actions.withoutVisit')}
            </Button>
          }
        />
      ) : (
        <Form.Item label={t('columns.organization')} required style={{ marginBottom: 0 }}>
          <OrganizationPicker
            value={draft.organizationId}
            onChange={(id) => update({ organizationId: id })}
            ariaLabel={t('columns.organization')}
            placeholder={t('filters.searchOrganization')}
          />
        </Form.Item>
      )}
      {organization.data ? (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'name', label: t('columns.organization'), children: organization.data.name },
            {
              key: 'address',
              label: t('columns.deliveryAddress'),
              children: organization.data.deliveryAddress ? deliveryAddressLine(organization.data) : organization.data.address,
            },
            {
              key: 'credit',
              label: t('fields.creditLimit'),
              children: organization.data.creditLimit === null ? t('labels.noCredit') : <Money value={organization.data.creditLimit} currency />,
            },
          ]}
        />
      ) : null}
      {/* the client's debt and its ageing, before the rep takes more on credit */}
      {organizationId ? <OrganizationDebt organizationId={organizationId} /> : null}
    </Flex>
  );
  const drugsSection = (
    <OrderLinesEditor
      lines={draft.lines}
      onChange={(lines) => update({ lines })}
      quote={quote.data}
      quoteError={quote.error}
      quoting={quote.isFetching}
      showMarkup={desk}
    />
  );
  const creditWarning = <CreditWarning quote={quote.data} />;
  const deliverySection = (
    <>
      <OrderTermsFields rule={zf.rule} desk={desk} creating />
      {creditWarning}
    </>
  );
  const reviewSection = (
    <>
      {creditWarning}
      <ReviewTable quote={quote.data} lines={draft.lines} moneyTitle={moneyTitle} />
    </>
  );

  const createButton = (
    <Button
      type="primary"
      size="large"
      icon={<CheckOutlined />}
      loading={create.isPending}
      disabled={!organizationId || body.length === 0}
      onClick={() => zf.form.submit()}
    >
      {t('actions.createOrder')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t(layout === 'wizard' ? 'nav:titles.addOrderNew' : 'nav:titles.addOrders')} />
      <Form form={zf.form} layout="vertical" initialValues={draft.terms} onValuesChange={(_, values) => update({ terms: values })} {...submit}>
        {layout === 'wizard' ? (
          <>
            <Steps
              size="small"
              // a phone: the four steps in one short row of dots, not a list filling half the screen
              responsive={false}
              type={phone ? 'dot' : 'default'}
              titlePlacement={phone ? 'vertical' : 'horizontal'}
              className="order-wizard-steps"
              current={draft.step}
              style={{ marginBottom: 16 }}
              onChange={(step) => void (step < draft.step || canNext.slice(0, step).every(Boolean) ? goTo(step) : undefined)}
              items={steps.map((s) => ({ title: t(`steps.${s}`) }))}
            />
            <Card variant="borderless">
              <div style={{ display: draft.step === 0 ? undefined : 'none' }}>{clientSection}</div>
              <div style={{ display: draft.step === 1 ? undefined : 'none' }}>{drugsSection}</div>
              <div style={{ display: draft.step === 2 ? undefined : 'none' }}>{deliverySection}</div>
              {draft.step === 3 ? reviewSection : null}
              <Flex justify="space-between" style={{ marginTop: 16 }}>
                <Button icon={<ArrowLeftOutlined />} disabled={draft.step === 0} onClick={() => update({ step: draft.step - 1 })}>
                  {t('actions.back')}
                </Button>
                {draft.step < steps.length - 1 ? (
                  <Button type="primary" disabled={!canNext[draft.step]} onClick={() => void goTo(draft.step + 1)}>
                    {t('actions.next')} <ArrowRightOutlined />
                  </Button>
                ) : (
                  createButton
                )}
              </Flex>
            </Card>
          </>
        ) : (
          <Flex vertical gap={12}>
            <Card variant="borderless" title={t('steps.client')}>
              {clientSection}
            </Card>
            <Card variant="borderless" title={t('steps.drugs')}>
              {drugsSection}
            </Card>
            <Card variant="borderless" title={t('steps.delivery')}>
              {deliverySection}
            </Card>
            <Flex justify="flex-end">{createButton}</Flex>
          </Flex>
        )}
      </Form>
    </>
  );
}

/**
 * What will stop the approval even once the prepayment is paid (decision 022): a client without credit
 * taking a deferred order, overdue debt, an order over the limit — said while the terms can still change.
 */
function CreditWarning({ quote }: { quote: OrderQuote | undefined }) {
  const { t } = useTranslation('orders');
  if (!quote?.creditReasons.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="credit-warning"
      title={t('credit.warning')}
      description={
        <ul className="credit-reasons">
          {quote.creditReasons.map((reason) => (
            <li key={reason}>{t(`credit.warnings.${reason}`)}</li>
          ))}
        </ul>
      }
    />
  );
}

/** The review step: what FEFO will take, at what price, and the totals — the server's own figures. */
function ReviewTable({ quote, lines, moneyTitle }: { quote: OrderQuote | undefined; lines: DraftLine[]; moneyTitle: (title: string) => string }) {
  const { t } = useTranslation('orders');
  const names = useMemo(() => new Map(lines.map((l) => [l.productId, l.productName])), [lines]);
  const phone = useWindowWidth() < phoneBelowPx;
  if (!quote) return <Typography.Text type="secondary">{t('messages.noDrugs')}</Typography.Text>;
  return (
    <Flex vertical gap={12}>
      {phone ? (
        // a phone: one card per batch, the sum in view
        <ul className="position-cards" data-testid="review-positions">
          {quote.positions.map((p) => (
            <li key={p.batchId} className="position-card">
              <div className="position-card__name">{names.get(p.productId) ?? p.productId}</div>
              <Typography.Text type="secondary">
                {t('columns.series')} {p.series} · {formatDate(p.expiryDate)} · {formatPercent(p.markupPercent)}
              </Typography.Text>
              <div className="position-card__line">
                <span>
                  {p.quantity} × <Money value={p.salePrice} />
                </span>
                <Money value={p.sumSale} strong />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Table
          size="small"
          rowKey="batchId"
          pagination={false}
          scroll={{ x: 720 }}
          dataSource={quote.positions}
          columns={[
            { key: 'product', title: t('columns.product'), render: (_, p) => names.get(p.productId) ?? p.productId },
            { key: 'series', title: t('columns.series'), dataIndex: 'series' },
            { key: 'expiry', title: t('columns.expiry'), render: (_, p) => formatDate(p.expiryDate) },
            { key: 'quantity', title: t('columns.quantity'), dataIndex: 'quantity', align: 'right' },
            { key: 'markup', title: t('columns.markupPercent'), align: 'right', render: (_, p) => formatPercent(p.markupPercent) },
            { key: 'price', title: moneyTitle(t('columns.salePrice')), align: 'right', render: (_, p) => formatMoney(p.salePrice) },
            { key: 'sum', title: moneyTitle(t('columns.sumSale')), align: 'right', render: (_, p) => <Money value={p.sumSale} strong /> },
          ]}
        />
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        items={[
          { key: 'withVat', label: moneyTitle(t('columns.sumBaseWithVat')), children: formatMoney(quote.sumBaseWithVat) },
          { key: 'sale', label: moneyTitle(t('columns.sumSale')), children: <strong data-testid="review-total">{formatMoney(quote.sumSale)}</strong> },
          {
            key: 'prepayment',
            label: moneyTitle(t('columns.prepaymentOf', { percent: formatPercent(quote.prepaymentPercent) })),
            children: formatMoney(quote.prepaymentAmount),
          },
        ]}
      />
    </Flex>
  );
}
