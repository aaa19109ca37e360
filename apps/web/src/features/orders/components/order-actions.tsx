import { useState, type ReactNode } from 'react';
import { Alert, App, Button, DatePicker, Flex, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditOutlined, PlusOutlined, TruckOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  dateFormat,
  deliveryOrderStatuses,
  editableOrderStatuses,
  nextOrderStatuses,
  orderActorsOfRole,
  orderMoveNeedsReason,
  orderMoveParts,
  type Order,
  type OrderCredit,
  type OrderStatus,
} from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useCan, useGrants } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { OrganizationPicker } from '../../organizations';
import { useChangeOrderDate, useMoveOrder, useOrderCredit, useReplaceCounterparty } from '../api/orders-api';
import { formatMoney } from '../../../lib/format';
import { LinkButton } from '../../../components/link-button';
import { hrefOf } from '../../../lib/paths';
import { useDeliveryRights, useDeliveries } from '../../logistics';
import { useInvalidFormNotice } from '../../../components/zod-form';
import './order-screens.css';

/** The moves the signed-in user may make from a status: the role's part and the right it needs. */
export function useOrderMoves(status: OrderStatus): OrderStatus[] {
  const role = useSession().user?.role;
  const grants = useGrants();
  if (!role) return [];
  return nextOrderStatuses(role, status).filter((to) => orderMoveParts(role, grants, status, to).length > 0);
}

const moveLabel = (to: OrderStatus, needsReason: boolean) =>
  to === 'sent_for_review'
    ? 'actions.sendForReview'
    : to === 'approved_for_shipment'
      ? 'actions.allowShipment'
      : to === 'cancelled'
        ? needsReason
          ? 'actions.refuseShipment'
          : 'actions.cancelOrder'
        : null;
const moveMessage = (to: OrderStatus) =>
  to === 'sent_for_review'
    ? 'messages.sentForReview'
    : to === 'approved_for_shipment'
      ? 'messages.approvedForShipment'
      : to === 'cancelled'
        ? 'messages.cancelled'
        : 'messages.statusChanged';

/** The action buttons of /orders-item: status moves allowed to the user, a refusal with its reason, the date and the counterparty. */
export function OrderActions({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const moves = useOrderMoves(order.status);
  const move = useMoveOrder(order.id);
  const changeDate = useChangeOrderDate(order.id);
  const role = useSession().user?.role;
  // the date and the counterparty are the operator's desk's (as the server enforces), while the order is editable
  const canEdit = useCan('orders.edit') && !!role && orderActorsOfRole[role].includes('operator') && editableOrderStatuses.includes(order.status);
  // positions and terms: the desk while editable, the agent their own new order (as the server enforces)
  const userId = useSession().user?.id;
  const canEditLines =
    useCan('orders.edit') && !!role && (canEdit || (orderActorsOfRole[role].includes('agent') && order.agentId === userId && order.status === 'new'));
  const { canPlan: canPlanDelivery } = useDeliveryRights();
  const [refusing, setRefusing] = useState(false);
  const [replacing, setReplacing] = useState(false);
  // decision 022: what the approval meets is known before the click; a user with the right overrides it with a reason
  const canOverride = useCan('orders.creditOverride');
  const credit = useOrderCredit(order.id, moves.includes('approved_for_shipment'));
  const creditStops = credit.data && !credit.data.ok;
  const [creditRefusal, setCreditRefusal] = useState<string | null>(null);

  const run = (to: OrderStatus, reason?: string, overrideReason?: string) =>
    move.mutateAsync({ to, reason, overrideReason }).then(
      () => {
        void message.success(t(moveMessage(to)));
        return true;
      },
      (error: unknown) => {
        if (to === 'approved_for_shipment' && !overrideReason && canOverride && isApiError(error) && creditCodes.has(error.code))
          setCreditRefusal(error.message);
        else void message.error(errorMessage(error));
        return false;
      },
    );
  const approve = () => (creditStops ? setCreditRefusal(t('credit.needsOverride')) : void run('approved_for_shipment'));

  return (
    <Flex gap={8} wrap align="center">
      {moves.map((to) => {
        const needsReason = orderMoveNeedsReason(order.status, to);
        const label = moveLabel(to, needsReason);
        const text = label ? t(label) : t(`enums:orderStatus.${to}`);
        if (to === 'cancelled' && needsReason)
          return (
            <Button key={to} danger onClick={() => setRefusing(true)}>
              {text}
            </Button>
          );
        if (to === 'cancelled')
          return (
            <ConfirmButton key={to} danger question={t('messages.confirmCancel')} onConfirm={() => run(to)}>
              {text}
            </ConfirmButton>
          );
        if (to === 'approved_for_shipment')
          return (
            <Button
              key={to}
              type="primary"
              loading={(move.isPending && move.variables?.to === to) || credit.isPending}
              // without the override right an approval the credit stops cannot be made here: the card beside says why
              disabled={creditStops && !canOverride}
              onClick={approve}
            >
              {text}
            </Button>
          );
        return (
          <Button
            key={to}
            type={to === 'sent_for_review' ? 'primary' : 'default'}
            loading={move.isPending && move.variables?.to === to}
            onClick={() => void run(to)}
          >
            {text}
          </Button>
        );
      })}
      {canEditLines ? (
        <>
          <LinkButton to={hrefOf('ordersItemEdit', {}, { id: order.id })} icon={<EditOutlined />}>
            {t('actions.editOrder')}
          </LinkButton>
          <LinkButton to={hrefOf('addDrugs', {}, { id: order.id })} icon={<PlusOutlined />}>
            {t('actions.addDrugs')}
          </LinkButton>
        </>
      ) : null}
      <OrderDeliveryLink order={order} canPlan={canPlanDelivery} />
      {canEdit ? (
        <>
          <DatePicker
            aria-label={t('actions.changeDate')}
            format={dateFormat}
            allowClear={false}
            value={dayjs(order.date)}
            disabled={changeDate.isPending}
            onChange={(value) => {
              if (!value) return;
              changeDate.mutate(value.format(dateFormat), {
                onSuccess: () => void message.success(t('messages.dateChanged')),
                onError: (error) => void message.error(errorMessage(error)),
              });
            }}
          />
          <Button onClick={() => setReplacing(true)}>{t('actions.replaceCounterparty')}</Button>
        </>
      ) : null}
      {creditRefusal !== null ? (
        <ReasonModal
          title={t('credit.title')}
          okText={t('credit.override')}
          label={t('credit.reason')}
          extra={t('credit.reasonHint')}
          refusal={creditRefusal}
          details={credit.data ? <CreditReasons credit={credit.data} /> : null}
          onClose={() => setCreditRefusal(null)}
          onSubmit={(reason) => run('approved_for_shipment', undefined, reason)}
        />
      ) : null}
      {refusing ? (
        <ReasonModal
          title={t('messages.confirmCancel')}
          okText={t('actions.refuseShipment')}
          label={t('fields.refusalReason')}
          onClose={() => setRefusing(false)}
          onSubmit={(reason) => run('cancelled', reason)}
        />
      ) : null}
      {replacing ? <ReplaceCounterpartyModal order={order} onClose={() => setReplacing(false)} /> : null}
    </Flex>
  );
}

/**
 * The order's way to the warehouse (decision 020): the delivery it travels in, whose steps on /logistics
 * assemble and ship it; an order approved for shipment and in no delivery yet is taken into one in the
 * shipments wizard. The order page itself offers none of the warehouse's moves.
 */
function OrderDeliveryLink({ order, canPlan }: { order: Order; canPlan: boolean }) {
  const { t } = useTranslation('logistics');
  const canSee = useCan('logistics.view') && deliveryOrderStatuses.includes(order.status);
  const query = useDeliveries({ orderId: order.id, page: 1, size: 25 }, { enabled: canSee });
  if (!canSee || query.isPending) return null;
  const delivery = query.data?.items[0];
  if (delivery) {
    const tab = delivery.status === 'completed' ? 'completed' : 'active';
    return (
      <LinkButton to={hrefOf('logistics', {}, { date: delivery.date, tab, id: delivery.id })} icon={<TruckOutlined />}>
        {t('titles.delivery', { number: delivery.number })}
      </LinkButton>
    );
  }
  return canPlan && order.status === 'approved_for_shipment' && !query.isError ? (
    <LinkButton to={hrefOf('shipmentsWizard', {}, { orderIds: order.id })} type="primary" icon={<TruckOutlined />}>
      {t('actions.createDelivery')}
    </LinkButton>
  ) : null;
}

const creditCodes = new Set(['CREDIT_LIMIT_EXCEEDED', 'CREDIT_OVERDUE', 'CREDIT_NONE', 'CREDIT_PREPAYMENT_UNPAID']);

/** Every reason the approval meets, with its figures (decision 022). */
export function CreditReasons({ credit }: { credit: OrderCredit }) {
  const { t } = useTranslation('orders');
  const figures = {
    prepaymentUnpaid: { amount: formatMoney(credit.prepaymentOwed) },
    noCredit: { amount: formatMoney(credit.unpaid) },
    overdue: { amount: formatMoney(credit.overdue) },
    limitExceeded: { debt: formatMoney(credit.debt), unpaid: formatMoney(credit.unpaid), limit: formatMoney(credit.creditLimit ?? 0) },
  };
  return (
    <ul className="credit-reasons" data-testid="credit-reasons">
      {credit.reasons.map((reason) => (
        <li key={reason}>{t(`credit.reasons.${reason}`, figures[reason])}</li>
      ))}
    </ul>
  );
}

/**
 * Before "Allow shipment" is clicked (decision 022): why the approval needs the override and a reason —
 * or, for a user without the right, why it cannot be made here. Only for those who may approve.
 */
export function OrderCreditAlert({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const moves = useOrderMoves(order.status);
  const canOverride = useCan('orders.creditOverride');
  const mayApprove = moves.includes('approved_for_shipment');
  const credit = useOrderCredit(order.id, mayApprove);
  // once approved (or out of this user's hands) the cached check is no longer this screen's business
  if (!mayApprove || !credit.data || credit.data.ok) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="order-credit"
      title={t(canOverride ? 'credit.needsOverride' : 'credit.needsRight')}
      description={<CreditReasons credit={credit.data} />}
    />
  );
}

/**
 * A move that needs a reason, asked in a modal: refusing shipment ('Do you really want to cancel?',
 * spec: a refusal needs a reason) and approving above the credit limit (decision 010: the refusal
 * shown, the override recorded with its reason).
 */
function ReasonModal({
  title,
  okText,
  label,
  extra,
  refusal,
  details,
  onClose,
  onSubmit,
}: {
  title: string;
  okText: string;
  label: string;
  extra?: string;
  refusal?: string;
  details?: ReactNode;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('orders');
  const [form] = Form.useForm<{ reason: string }>();
  const invalid = useInvalidFormNotice();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger: true, loading: busy }}
      cancelText={t('common:actions.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {refusal ? <Alert type="error" showIcon title={refusal} description={details} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        onFinishFailed={invalid.onFinishFailed}
        onFinish={({ reason }) => {
          setBusy(true);
          void onSubmit(reason.trim()).then((ok) => {
            setBusy(false);
            if (ok) onClose();
          });
        }}
      >
        <Form.Item name="reason" label={label} extra={extra} rules={[{ required: true, whitespace: true, message: t('validation:required') }]}>
          <Input.TextArea rows={3} maxLength={500} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Replacing the counterparty: pick another organization, then 'Do you really want to replace the counterparty?'. */
function ReplaceCounterpartyModal({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const replace = useReplaceCounterparty(order.id);
  const [organizationId, setOrganizationId] = useState<number | null>(null);
  return (
    <Modal open title={t('actions.replaceCounterparty')} onCancel={onClose} footer={null} destroyOnHidden>
      <Flex vertical gap={12}>
        <OrganizationPicker value={organizationId} onChange={setOrganizationId} ariaLabel={t('columns.organization')} />
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <ConfirmButton
            type="primary"
            danger={false}
            disabled={!organizationId || organizationId === order.organizationId}
            loading={replace.isPending}
            question={t('messages.confirmReplaceCounterparty')}
            onConfirm={() =>
              organizationId &&
              replace.mutate(organizationId, {
                onSuccess: () => {
                  void message.success(t('messages.counterpartyReplaced'));
                  onClose();
                },
                onError: (error) => void message.error(errorMessage(error)),
              })
            }
          >
            {t('actions.replace')}
          </ConfirmButton>
        </Flex>
      </Flex>
    </Modal>
  );
}
