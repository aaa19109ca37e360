import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Matrix, MatrixCellQuery, SavePlanBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { applyPlan } from '../matrix-plan';

export interface MatrixParams {
  from: string;
  to: string;
  organizationIds?: number[];
  productIds?: number[];
  regionId?: number;
  agentId?: number;
}

const list = (ids: number[] | undefined) => (ids?.length ? ids.join(',') : undefined);
const asQuery = ({ organizationIds, productIds, ...rest }: MatrixParams) => ({ ...rest, organizationIds: list(organizationIds), productIds: list(productIds) });
export const matrixKey = (params: MatrixParams) => ['orders', 'matrix', params] as const;

export const getMatrix = (params: MatrixParams, signal?: AbortSignal) => api.orders.matrix.get({ query: asQuery(params), signal });

/** /matrix: products × organizations of a period of months, with payments and plans. */
export function useMatrix(params: MatrixParams, enabled = true) {
  return useQuery({ queryKey: matrixKey(params), queryFn: ({ signal }) => getMatrix(params, signal), placeholderData: keepPreviousData, enabled });
}

/** One cell's orders (the modal); only while a cell is open. */
export function useMatrixCellOrders(params: MatrixCellQuery | null) {
  return useQuery({
    queryKey: ['orders', 'matrix', 'cell', params],
    queryFn: ({ signal }) => api.orders.matrix.cellOrders({ query: params!, signal }),
    enabled: params !== null,
  });
}

/**
 * Saves a plan, shown at once in the matrix (optimistic) and put back as it was when the server refuses;
 * the matrix is read again afterwards either way.
 */
export function useSavePlan(params: MatrixParams) {
  const queryClient = useQueryClient();
  const key = matrixKey(params);
  return useMutation({
    mutationFn: (body: SavePlanBody) => api.orders.matrix.savePlan({ body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Matrix>(key);
      if (before) queryClient.setQueryData<Matrix>(key, applyPlan(before, body));
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['orders', 'matrix'] });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}
