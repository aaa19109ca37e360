import { useMemo, useState } from 'react';
import { Table, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Matrix, MatrixCell, MatrixCellQuery, MatrixOrganization, MatrixProduct } from '@pharma/contracts';
import { formatMoney, formatNumber, formatPercent } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useWindowWidth, phoneBelowPx } from '../../../lib/use-window-width';
import { useSavePlan, type MatrixParams } from '../api/matrix-api';
import { paidShare, planOf } from '../matrix-plan';
import { MatrixCellOrdersModal } from './matrix-cell-orders-modal';
import { PlanInput } from './plan-input';

interface Props {
  matrix: Matrix;
  params: MatrixParams;
  /** the products shown (the search applied) */
  products: MatrixProduct[];
  /** the month (yyyy-MM) the plan inputs edit */
  planMonth: string;
}

/**
 * Products (rows, the first column sticky) × organizations (columns, the header sticky): ordered packs
 * (the sum on hover; a click opens the cell's orders) and the plan input of the chosen month; totals
 * per product and per organization, and each organization's payments (paid of ordered).
 */
export function MatrixTable({ matrix, params, products, planMonth }: Props) {
  const { t } = useTranslation('matrix');
  const phone = useWindowWidth() < phoneBelowPx;
  const canPlan = useCan('orders.edit');
  const save = useSavePlan(params);
  const [open, setOpen] = useState<{ query: MatrixCellQuery; title: string } | null>(null);
  const cells = useMemo(() => new Map(matrix.cells.map((c) => [`${c.productId}:${c.organizationId}`, c])), [matrix.cells]);
  const severalMonths = matrix.months.length > 1;

  const cellView = (product: MatrixProduct, organization: MatrixOrganization) => {
    const cell: MatrixCell | undefined = cells.get(`${product.id}:${organization.id}`);
    const quantity = cell?.quantity ?? 0;
    return (
      <div className="matrix-cell">
        <button
          type="button"
          className="matrix-cell__quantity"
          title={quantity ? t('messages.cellSum', { sum: formatMoney(cell?.sum ?? 0) }) : undefined}
          aria-label={t('messages.cellLabel', { product: product.name, organization: organization.name, quantity })}
          disabled={!quantity}
          onClick={() =>
            setOpen({
              query: { from: params.from, to: params.to, organizationId: organization.id, productId: product.id, agentId: params.agentId },
              title: t('titles.cellOrders', { product: product.name, organization: organization.name }),
            })
          }
        >
          {quantity ? formatNumber(quantity) : '—'}
        </button>
        {canPlan ? (
          <PlanInput
            value={planOf(matrix, product.id, organization.id, planMonth)}
            label={t('fields.plan.aria', { product: product.name, organization: organization.name, month: planMonth })}
            onSave={(q) => save.mutateAsync({ organizationId: organization.id, productId: product.id, month: planMonth, quantity: q })}
          />
        ) : null}
        {(!canPlan || severalMonths) && cell?.planned ? (
          <span className="matrix-cell__planned">{t('messages.plannedInPeriod', { quantity: formatNumber(cell.planned) })}</span>
        ) : null}
      </div>
    );
  };

  const columns: TableProps<MatrixProduct>['columns'] = [
    {
      key: 'product',
      title: t('columns.product'),
      fixed: 'left',
      width: phone ? 130 : 220,
      render: (_, p) => (
        <div title={p.producerName ? `${p.name} — ${p.producerName}` : p.name}>
          <span className="matrix-product">{p.name}</span>
          {p.producerName ? <span className="matrix-cell__planned">{p.producerName}</span> : null}
        </div>
      ),
    },
    ...matrix.organizations.map((o) => ({
      key: `o${o.id}`,
      title: (
        <span className="matrix-organization" title={o.name}>
          {o.name}
        </span>
      ),
      width: 128,
      align: 'center' as const,
      render: (_: unknown, p: MatrixProduct) => cellView(p, o),
    })),
    {
      key: 'total',
      title: t('columns.total'),
      width: 120,
      align: 'right',
      render: (_, p) => (
        <div className="matrix-total" title={t('messages.cellSum', { sum: formatMoney(p.sum) })}>
          <strong>{formatNumber(p.quantity)}</strong>
          <span className="matrix-cell__planned">{t('messages.plannedInPeriod', { quantity: formatNumber(p.planned) })}</span>
        </div>
      ),
    },
  ];

  const first = columns.length;
  return (
    <>
      <Table<MatrixProduct>
        className="matrix-table"
        size="small"
        bordered
        rowKey="id"
        sticky={{ offsetHeader: 56 }}
        columns={columns}
        dataSource={products}
        scroll={{ x: 'max-content' }}
        pagination={products.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        summary={() => (
          <Table.Summary fixed={phone ? false : 'bottom'}>
            <Table.Summary.Row className="matrix-summary">
              <Table.Summary.Cell index={0} className="matrix-summary__title">
                {t('columns.totals')}
              </Table.Summary.Cell>
              {matrix.organizations.map((o, i) => (
                <Table.Summary.Cell key={o.id} index={i + 1} align="center">
                  <span title={t('messages.cellSum', { sum: formatMoney(o.sum) })}>{formatNumber(o.quantity)}</span>
                  <span className="matrix-cell__planned">{t('messages.plannedInPeriod', { quantity: formatNumber(o.planned) })}</span>
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={first - 1} align="right">
                <strong title={t('messages.cellSum', { sum: formatMoney(matrix.totals.sum) })}>{formatNumber(matrix.totals.quantity)}</strong>
                <span className="matrix-cell__planned">{t('messages.plannedInPeriod', { quantity: formatNumber(matrix.totals.planned) })}</span>
              </Table.Summary.Cell>
            </Table.Summary.Row>
            <Table.Summary.Row className="matrix-payments">
              <Table.Summary.Cell index={0} className="matrix-summary__title">
                {t('columns.payments')}
              </Table.Summary.Cell>
              {matrix.organizations.map((o, i) => (
                <Table.Summary.Cell key={o.id} index={i + 1} align="center">
                  <PaidOfOrdered paid={o.paid} ordered={o.ordersSum} />
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={first - 1} align="right">
                <PaidOfOrdered paid={matrix.totals.paid} ordered={matrix.totals.ordersSum} />
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
      <MatrixCellOrdersModal cell={open?.query ?? null} title={open?.title ?? ''} onClose={() => setOpen(null)} />
    </>
  );
}

/** "paid / ordered" in sum with the share paid. */
function PaidOfOrdered({ paid, ordered }: { paid: number; ordered: number }) {
  const { t } = useTranslation('matrix');
  const share = Math.round(paidShare(paid, ordered) * 1000) / 10;
  return (
    <div className="matrix-paid" title={t('messages.paidOfOrdered', { paid: formatMoney(paid), ordered: formatMoney(ordered) })}>
      <span>{formatMoney(paid)}</span>
      <Typography.Text type="secondary" className="matrix-paid__of">
        / {formatMoney(ordered)}
      </Typography.Text>
      <Typography.Text type={share >= 100 ? 'success' : 'secondary'} className="matrix-paid__share">
        {formatPercent(share)}
      </Typography.Text>
    </div>
  );
}
