import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { useListParams } from './use-list-params';

const inRouter = (entry: string) =>
  function Router({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>;
  };

describe('a list’s parameters in the address', () => {
  it('keeps a sort chosen after a widget took its handler: paging with a handler of an earlier render does not drop it', () => {
    const { result } = renderHook(() => useListParams(['by'] as const), { wrapper: inRouter('/monthly-sales?by=product') });
    // antd's pagination keeps the handler it was given when it rendered
    const keptByThePagination = result.current.update;
    act(() => result.current.update({ sort: 'name' }));
    expect(result.current.sort).toBe('name');
    act(() => keptByThePagination({ page: 2 }));
    expect(result.current).toMatchObject({ sort: 'name', page: 2, filters: { by: 'product' } });
  });

  it('builds two changes made before the next render on each other, and a change other than the page goes back to page 1', () => {
    const { result } = renderHook(() => useListParams(['by'] as const), { wrapper: inRouter('/x?page=3') });
    act(() => {
      result.current.update({ by: 'category' });
      result.current.update({ sort: '-sum' });
    });
    expect(result.current).toMatchObject({ page: 1, sort: '-sum', filters: { by: 'category' } });
  });

  it('reads a sort the server would refuse as none, and a page or size out of range as the defaults', () => {
    const { result } = renderHook(() => useListParams([] as const), { wrapper: inRouter('/x?sort=__proto__&page=-3&size=7') });
    expect(result.current).toMatchObject({ sort: undefined, page: 1, size: 25 });
  });
});
