import type { SorterResult, SortOrder } from 'antd/es/table/interface';

/** The antd sort order of a column for a list's `sort` parameter ("name" / "-name"). */
export function orderOf(sort: string | undefined, field: string): SortOrder {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}

/** A server-sorted column: its order follows the URL. */
export const sortable = (sort: string | undefined, field: string) => ({
  sorter: true,
  sortOrder: orderOf(sort, field),
  sortDirections: ['ascend', 'descend'] as SortOrder[],
});

/** The `sort` parameter after a click on a column head (none: the list's default). */
export function sortParam<T>(sorter: SorterResult<T> | SorterResult<T>[]): string | undefined {
  if (Array.isArray(sorter)) return undefined;
  const field = typeof sorter.columnKey === 'string' ? sorter.columnKey : undefined;
  return sorter.order && field ? `${sorter.order === 'descend' ? '-' : ''}${field}` : undefined;
}
