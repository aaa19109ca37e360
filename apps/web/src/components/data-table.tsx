import { Skeleton, Table, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pageSizes } from '@pharma/contracts';
import { usePreferences } from '../lib/preferences';
import { EmptyState } from './empty-state';
import { QueryError } from './query-error';

export interface DataTableProps<T> extends Omit<TableProps<T>, 'loading' | 'dataSource'> {
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'isFetching' | 'refetch' | 'isPlaceholderData'>;
  rows: T[] | undefined;
  emptyText?: string;
  /** the screen's own words for a failed load (default 'Data loading error!') */
  errorTitle?: string;
}

/**
 * Every list: a skeleton while the first page loads, the error state with a retry,
 * 'No data' when empty, a spinner over the rows while another page loads.
 */
export function DataTable<T extends object>({ query, rows, emptyText, errorTitle, locale, size, ...props }: DataTableProps<T>) {
  // tables run one step denser than forms: an operator reads many rows at a desk
  const preferred = usePreferences().size;
  if (query.isPending) {
    return (
      <div className="table-skeleton" aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (query.isError && !rows) {
    return <QueryError error={query.error} title={errorTitle} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return (
    <Table<T>
      {...props}
      size={size ?? (preferred === 'large' ? 'middle' : 'small')}
      dataSource={rows}
      loading={query.isFetching && (query.isPlaceholderData || !rows)}
      locale={{ emptyText: <EmptyState description={emptyText} />, ...locale }}
    />
  );
}

/** antd pagination for a server-paged list: 25/50/100 (spec §9). */
export function usePagination(
  page: number,
  size: number,
  total: number | undefined,
  onChange: (page: number, size: number) => void,
): TableProps<object>['pagination'] {
  const { t } = useTranslation();
  return {
    current: page,
    pageSize: size,
    total: total ?? 0,
    pageSizeOptions: pageSizes.map(String),
    showSizeChanger: true,
    showTotal: (count) => t('table.total', { count }),
    onChange,
    hideOnSinglePage: false,
  };
}
