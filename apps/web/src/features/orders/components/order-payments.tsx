import { useState } from 'react';
import { App, Button, DatePicker, Flex, Form, Input, Modal, Select, Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  orderOwed,
  businessDate,
  dateFormat,
  orderActorsOfRole,
  paymentMethods,
  recordPaymentBody,
  type Order,
  type Payment,
  type PaymentMethod,
} from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { Money, MoneyInput, useMoneyTitle } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { useZodForm } from '../../../components/zod-form';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useDeletePayment, useOrderPayments, useRecordPayment } from '../api/payments-api';

const closed = (order: Order) => order.status === 'cancelled' || order.status === 'completed' || order.status === 'unknown';

/** The payments of an order: the list, and for the operator's desk 'Record payment' and deleting a mistaken one. */
export function OrderPayments({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const moneyTitle = useMoneyTitle();
  const query = useOrderPayments(order.id);
  const remove = useDeletePayment(order.id);
  const role = useSession().user?.role;
  const desk = !!role && orderActorsOfRole[role].includes('operator');
  const mayEdit = useCan('orders.edit');
  const mayDelete = useCan('orders.delete');
  const canRecord = desk && mayEdit && !closed(order);
  const canDelete = desk && mayDelete && !closed(order);
  const [recording, setRecording] = useState(false);

  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const data = query.data;
  const columns: TableProps<Payment>['columns'] = [
    { key: 'paidOn', title: t('payments.paidOn'), dataIndex: 'paidOn', render: (v: string) => formatDate(v), width: 120 },
    { key: 'amount', title: moneyTitle(t('payments.amount')), dataIndex: 'amount', align: 'right', render: (v: number) => <Money value={v} /> },
    { key: 'method', title: t('payments.method'), dataIndex: 'method', render: (v: PaymentMethod) => t(`enums:paymentMethod.${v}`) },
    { key: 'comment', title: t('payments.comment'), dataIndex: 'comment', render: (v: string | null) => v ?? '—' },
    { key: 'recordedBy', title: t('payments.recordedBy'), dataIndex: 'recordedByName', responsive: ['md'] },
    ...(canDelete
      ? [
          {
            key: 'actions',
            title: '',
            width: 110,
            render: (_: unknown, p: Payment) => (
              <ConfirmButton
                size="small"
                danger
                type="link"
                loading={remove.isPending && remove.variables === p.id}
                question={t('payments.confirmDelete')}
                onConfirm={() =>
                  remove.mutate(p.id, {
                    onSuccess: () => void message.success(t('payments.deleted')),
                    onError: (error) => void message.error(errorMessage(error)),
                  })
                }
              >
                {t('common:actions.delete')}
              </ConfirmButton>
            ),
          },
        ]
      : []),
  ];
  return (
    <Flex vertical gap={8} data-testid="order-payments">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text>
          {t('payments.owed')}: <Money value={data?.owed ?? orderOwed(order)} currency strong />
        </Typography.Text>
        {canRecord ? (
          <Button type="primary" disabled={!data || data.owed <= 0} onClick={() => setRecording(true)}>
            {t('payments.record')}
          </Button>
        ) : null}
      </Flex>
      <Table<Payment>
        rowKey="id"
        size="small"
        loading={query.isPending}
        dataSource={data?.items ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('payments.none') }}
      />
      {recording && data ? <RecordPaymentModal orderId={order.id} owed={data.owed} onClose={() => setRecording(false)} /> : null}
    </Flex>
  );
}

interface FormValues {
  amount: number | null;
  paidOn: Dayjs;
  method: PaymentMethod;
  comment?: string;
}

/** 'Record payment': amount in UZS (kept in tiyin), date, method, comment; the server refuses more than is owed. */
function RecordPaymentModal({ orderId, owed, onClose }: { orderId: number; owed: number; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const record = useRecordPayment(orderId);
  const zf = useZodForm(recordPaymentBody);
  const toBody = (v: FormValues) => ({ amount: v.amount ?? undefined, paidOn: v.paidOn?.format(dateFormat), method: v.method, comment: v.comment });
  return (
    <Modal
      open
      title={t('payments.record')}
      okText={t('payments.save')}
      okButtonProps={{ loading: record.isPending }}
      cancelText={t('common:actions.cancel')}
      onCancel={onClose}
      onOk={() => zf.form.submit()}
      destroyOnHidden
    >
      <Form<FormValues>
        form={zf.form}
        layout="vertical"
        initialValues={{ amount: owed, paidOn: dayjs(businessDate()), method: 'cash' }}
        {...zf.submitHandlers(
          (body) =>
            record.mutate(body, {
              onSuccess: () => {
                void message.success(t('payments.recorded'));
                onClose();
              },
              onError: zf.fail,
            }),
          toBody,
        )}
      >
        <Form.Item name="amount" label={t('payments.amount')} required extra={t('payments.owedHint', { amount: formatMoney(owed) })}>
          <MoneyInput autoFocus />
        </Form.Item>
        <Form.Item name="paidOn" label={t('payments.paidOn')} required>
          <DatePicker format={dateFormat} allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="method" label={t('payments.method')} required>
          <Select options={paymentMethods.map((m) => ({ value: m, label: t(`enums:paymentMethod.${m}`) }))} />
        </Form.Item>
        <Form.Item name="comment" label={t('payments.comment')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
