import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { defaultPageSize, pageSizes, sortParam } from '@pharma/contracts';

type ParamValue = string | number | boolean | null | undefined;

/**
 * Paging, sort and filters of a list kept in the URL, so a link reproduces the view.
 * `filters` are the names of the extra query parameters the list reads.
 */
export function useListParams<K extends string>(filters: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('size'));
  const size = (pageSizes as readonly number[]).includes(sizeParam) ? sizeParam : defaultPageSize;
  // a sort the server would refuse (a mangled link) is no sort: the list's own order, not an error
  const sortValue = params.get('sort') ?? undefined;
  const sort = sortParam.safeParse(sortValue).success ? sortValue : undefined;
  const filterKey = filters.map((f) => `${f}=${params.get(f) ?? ''}`).join('&');
  const values = useMemo(() => Object.fromEntries(filters.map((f) => [f, params.get(f) ?? undefined])) as Record<K, string | undefined>, [filterKey]);

  // the address as it is now: react-router's functional update starts from the parameters of the render that
  // made the setter, so a handler a widget kept from an earlier render (antd's pagination) dropped the sort
  // chosen since; two changes before the next render build on each other
  const latest = useRef(params);
  latest.current = params;

  /** Changes some parameters; any change other than the page itself goes back to page 1. */
  const update = useCallback(
    (patch: Record<string, ParamValue>) => {
      setParams(
        () => {
          const next = new URLSearchParams(latest.current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          if (next.get('page') === '1') next.delete('page');
          if (next.get('size') === String(defaultPageSize)) next.delete('size');
          latest.current = next;
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { page, size, sort, filters: values, update, params };
}

/** An id filter from the address bar: a positive integer, else none. */
export function idFilter(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
