import { useEffect, useMemo, useState } from 'react';
import { App, Badge, Button, Card, DatePicker, Flex, Input, InputNumber, Tooltip, type TableProps } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { dateFormat, editBatchRow, fieldIssues, maxMarkupPercent, maxVatPercent, pricePosition, type Batch } from '@pharma/contracts';
import { DataTable, usePagination } from '../../../components/data-table';
import { Money, MoneyInput, useMoneyTitle } from '../../../components/money';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { sortable, sortParam } from '../../../components/sort';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useListParams, idFilter } from '../../../lib/use-list-params';
import { WarehouseSelect } from '../../warehouses';
import { useEditBatches } from '../api/edit-batches';
import { useBatches } from '../api/get-batches';
import { StockStateTag, stockRowClass } from '../components/stock-state-tag';
import { cellEdited, editableFields, same, valuesOf, type Draft, type Field } from './editable-rows';

/**
 * /editable: stock rows edited in place. Edited cells are marked, each row can be undone, "Undo all"
 * drops every change, and "Save" sends the edited rows at once (all or none); a row someone else changed
 * meanwhile, or a count below the reserved quantity, comes back on its cell.
 */
export function EditablePage() {
  const { t } = useTranslation('stock');
  const { message, modal } = App.useApp();
  const moneyTitle = useMoneyTitle();
  const canEdit = useCan('stock.edit');
  const { page, size, sort, filters, update } = useListParams(['q', 'warehouseId'] as const);
  const query = useBatches({ q: filters.q, warehouseId: idFilter(filters.warehouseId), page, size, sort: sort ?? 'expiryDate' });
  const save = useEditBatches();
  const pagination = usePagination(page, size, query.data?.total, (p, s) => update(s !== size ? { size: s } : { page: p }));

  // edits survive paging: each keeps the row as it was loaded (its version goes back to the server)
  const [edits, setEdits] = useState<Map<number, { original: Batch; draft: Draft }>>(new Map());
  const [serverErrors, setServerErrors] = useState<Map<number, Partial<Record<Field | 'version', string>>>>(new Map());

  const dirty = [...edits.values()].filter(({ original, draft }) => editableFields.some((f) => f in draft && !same(draft[f], valuesOf(original)[f])));
  const dirtyCount = dirty.length;

  useEffect(() => {
    if (dirtyCount === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirtyCount]);

  const current = (b: Batch): Record<Field, unknown> => ({ ...valuesOf(edits.get(b.id)?.original ?? b), ...edits.get(b.id)?.draft });
  const isEdited = (b: Batch, f: Field) => cellEdited(edits.get(b.id), f);
  const rowEdited = (b: Batch) => editableFields.some((f) => isEdited(b, f));

  /** Client-side check of one row with the contract's schema: field → message. */
  const clientErrors = useMemo(() => {
    const out = new Map<number, Partial<Record<string, string>>>();
    for (const { original, draft } of edits.values()) {
      const result = editBatchRow.safeParse({ id: original.id, version: original.version, ...valuesOf(original), ...draft });
      if (!result.success) out.set(original.id, Object.fromEntries(fieldIssues(result.error).map((i) => [i.path, t(`validation:${i.key}`, i.params)])));
    }
    return out;
  }, [edits, t]);

  const errorOf = (b: Batch, f: Field) => clientErrors.get(b.id)?.[f] ?? serverErrors.get(b.id)?.[f];

  const setCell = (b: Batch, f: Field, value: unknown) => {
    setEdits((prev) => {
      const next = new Map(prev);
      const entry = next.get(b.id) ?? { original: b, draft: {} };
      next.set(b.id, { ...entry, draft: { ...entry.draft, [f]: value } });
      return next;
    });
    setServerErrors((prev) => {
      if (!prev.has(b.id)) return prev;
      const next = new Map(prev);
      const { [f]: _dropped, version: _version, ...rest } = next.get(b.id)!;
      next.set(b.id, rest);
      return next;
    });
  };

  const undoRow = (id: number) => {
    setEdits((prev) => {
      const next = new Map(prev);
      next.delete(id);
      return next;
    });
    setServerErrors((prev) => {
      const next = new Map(prev);
      next.delete(id);
      return next;
    });
  };
  const undoAll = () => {
    setEdits(new Map());
    setServerErrors(new Map());
  };

  const submit = () => {
    if (dirty.some(({ original }) => clientErrors.has(original.id))) {
      void message.error(t('errors:VALIDATION_FAILED'));
      return;
    }
    const rows = dirty.map(({ original, draft }) => editBatchRow.parse({ id: original.id, version: original.version, ...valuesOf(original), ...draft }));
    save.mutate(
      { rows },
      {
        onSuccess: () => {
          undoAll();
          void message.success(t('common:messages.saved'));
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length) {
            const next = new Map<number, Partial<Record<Field | 'version', string>>>();
            for (const [path, text] of Object.entries(error.fields)) {
              const m = /^rows\.(\d+)\.(\w+)$/.exec(path);
              const row = m ? rows[Number(m[1])] : undefined;
              if (!row || !m) continue;
              next.set(row.id, { ...next.get(row.id), [m[2] === 'id' ? 'version' : (m[2] as Field)]: text });
            }
            setServerErrors(next);
          }
          void message.error(errorMessage(error));
        },
      },
    );
  };

  const cell = (f: Field, render: (b: Batch, value: unknown, status: 'error' | undefined) => React.ReactNode, width?: number) => ({
    key: f,
    width,
    onCell: (b: Batch) => ({ className: isEdited(b, f) ? 'cell-edited' : undefined }),
    render: (_: unknown, b: Batch) => {
      const error = errorOf(b, f);
      const node = render(b, current(b)[f], error ? 'error' : undefined);
      return error ? (
        <div className="cell-error">
          {node}
          <div className="cell-error__text" role="alert">
            {error}
          </div>
        </div>
      ) : (
        node
      );
    },
  });

  const label = (b: Batch, f: string) => t('fields.cell.label', { field: f, product: b.productName, series: b.series });
  /** A whole-percent cell (VAT, markup) of the table. */
  const percentColumn = (f: 'vatPercent' | 'markupPercent', max: number) => ({
    ...cell(
      f,
      (b, v, status) => (
        <InputNumber<number>
          size="small"
          min={0}
          max={max}
          step={1}
          status={status}
          disabled={!canEdit}
          aria-label={label(b, t(`stock:columns.${f}`))}
          value={v as number | null}
          onChange={(n) => setCell(b, f, n)}
          style={{ width: 72 }}
        />
      ),
      84,
    ),
    title: t(`stock:columns.${f}`),
  });
  const columns: TableProps<Batch>['columns'] = [
    {
      key: 'productName',
      title: t('stock:columns.productName'),
      ...sortable(sort, 'productName'),
      fixed: 'left',
      render: (_, b) => (
        <div className="cell-product">
          <span className="cell-product__name">
            {rowEdited(b) ? <Badge status="warning" /> : null} {b.productName}
          </span>
          <span className="cell-muted">
            {b.warehouseName} · {b.incomeNumber}
          </span>
          {serverErrors.get(b.id)?.version ? <span className="text-expired">{serverErrors.get(b.id)?.version}</span> : null}
        </div>
      ),
    },
    {
      ...cell(
        'series',
        (b, v, status) => (
          <Input
            size="small"
            value={String(v ?? '')}
            status={status}
            maxLength={64}
            disabled={!canEdit}
            aria-label={label(b, t('stock:columns.series'))}
            onChange={(e) => setCell(b, 'series', e.target.value)}
          />
        ),
        120,
      ),
      title: t('stock:columns.series'),
      ...sortable(sort, 'series'),
    },
    {
      ...cell(
        'serialNumber',
        (b, v, status) => (
          <Input
            size="small"
            value={String(v ?? '')}
            status={status}
            maxLength={64}
            disabled={!canEdit}
            aria-label={label(b, t('stock:columns.serialNumber'))}
            onChange={(e) => setCell(b, 'serialNumber', e.target.value || null)}
          />
        ),
        120,
      ),
      title: t('stock:columns.serialNumber'),
    },
    {
      ...cell(
        'expiryDate',
        (b, v, status) => (
          <DatePicker
            size="small"
            format={dateFormat}
            allowClear={false}
            status={status}
            disabled={!canEdit}
            aria-label={label(b, t('stock:columns.expiryDate'))}
            value={typeof v === 'string' && v ? dayjs(v) : null}
            onChange={(d) => setCell(b, 'expiryDate', d ? d.format(dateFormat) : '')}
            style={{ width: 128 }}
          />
        ),
        140,
      ),
      title: t('stock:columns.expiryDate'),
      ...sortable(sort, 'expiryDate'),
    },
    { key: 'state', title: t('stock:columns.state'), render: (_, b) => <StockStateTag state={b.state} reason={b.statusReason} /> },
    {
      ...cell(
        'onHand',
        (b, v, status) => (
          <InputNumber<number>
            size="small"
            min={0}
            precision={0}
            status={status}
            disabled={!canEdit}
            aria-label={label(b, t('stock:columns.onHand'))}
            value={v as number | null}
            onChange={(n) => setCell(b, 'onHand', n)}
            style={{ width: 96 }}
          />
        ),
        110,
      ),
      title: t('stock:columns.onHand'),
      ...sortable(sort, 'onHand'),
    },
    { key: 'reserved', title: t('stock:columns.reserved'), align: 'right', render: (_, b) => formatNumber(b.reserved) },
    {
      ...cell(
        'basePrice',
        (b, v, status) => (
          <MoneyInput
            size="small"
            status={status}
            disabled={!canEdit}
            aria-label={label(b, t('stock:columns.basePrice'))}
            value={v as number | null}
            onChange={(n) => setCell(b, 'basePrice', n)}
            style={{ width: 130 }}
          />
        ),
        140,
      ),
      title: moneyTitle(t('stock:columns.basePrice')),
    },
    percentColumn('vatPercent', maxVatPercent),
    percentColumn('markupPercent', maxMarkupPercent),
    {
      key: 'salePrice',
      title: moneyTitle(t('stock:columns.salePrice')),
      align: 'right',
      render: (_, b) => {
        const v = current(b);
        if (clientErrors.get(b.id)?.basePrice || clientErrors.get(b.id)?.vatPercent || clientErrors.get(b.id)?.markupPercent)
          return <span className="cell-muted">—</span>;
        try {
          const priced = pricePosition({
            basePrice: Number(v.basePrice),
            quantity: 1,
            markupPercent: Number(v.markupPercent),
            vatPercent: Number(v.vatPercent),
          });
          return <Money value={priced.salePrice} />;
        } catch {
          return <span className="cell-muted">—</span>;
        }
      },
    },
    {
      key: 'undo',
      width: 48,
      align: 'right',
      title: <span className="sr-only">{t('actions.undo')}</span>,
      render: (_, b) =>
        rowEdited(b) ? (
          <Tooltip title={t('actions.undo')}>
            <Button
              type="text"
              size="small"
              icon={<UndoOutlined />}
              aria-label={t('actions.undoRow', { product: b.productName, series: b.series })}
              onClick={() => undoRow(b.id)}
            />
          </Tooltip>
        ) : null,
    },
  ];

  const changeList = (patch: Record<string, string | number | undefined>) => {
    if (dirtyCount > 0 && ('q' in patch || 'warehouseId' in patch)) {
      modal.confirm({
        title: t('messages.unsavedEdits', { count: dirtyCount }),
        okText: t('common:actions.yes'),
        cancelText: t('common:actions.no'),
        onOk: () => update(patch),
      });
    } else update(patch);
  };

  return (
    <>
      <PageHeader
        title={t('nav:titles.editable')}
        subtitle={t('messages.editableHint')}
        extra={
          canEdit ? (
            <>
              <Button icon={<UndoOutlined />} disabled={dirtyCount === 0} onClick={undoAll}>
                {t('actions.undoAll')}
              </Button>
              <Button type="primary" icon={<SaveOutlined />} disabled={dirtyCount === 0} loading={save.isPending} onClick={submit}>
                {dirtyCount ? t('actions.saveCount', { count: dirtyCount }) : t('common:actions.save')}
              </Button>
            </>
          ) : null
        }
      />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <SearchInput value={filters.q} onSearch={(q) => changeList({ q })} label={t('fields.search.label')} />
          <WarehouseSelect
            aria-label={t('stock:columns.warehouseName')}
            placeholder={t('filters.allWarehouses')}
            allowClear
            value={idFilter(filters.warehouseId)}
            onChange={(id) => changeList({ warehouseId: id })}
            style={{ width: 240 }}
          />
        </Flex>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (dirtyCount) submit();
          }}
        >
          <DataTable<Batch>
            query={query}
            rows={query.data?.items}
            rowKey="id"
            columns={columns}
            pagination={pagination}
            scroll={{ x: 'max-content' }}
            className="editable-table"
            emptyText={t('messages.noStock')}
            rowClassName={(b) => `${stockRowClass(b.state)}${rowEdited(b) ? ' row-edited' : ''}`}
            onChange={(_p, _f, sorter, extra) => {
              if (extra.action === 'sort') update({ sort: sortParam(sorter) });
            }}
          />
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </form>
      </Card>
    </>
  );
}
