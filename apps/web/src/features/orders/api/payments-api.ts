import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderPayments, RecordPaymentBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const getOrderPayments = (id: number, signal?: AbortSignal) => api.orders.payments.list({ params: { id }, signal });
export const getOrganizationDebt = (organizationId: number, signal?: AbortSignal) =>
  api.orders.payments.organizationDebt({ params: { id: organizationId }, signal });

/** The order's payments, newest first, with what it still owes. */
export function useOrderPayments(id: number) {
  return useQuery({ queryKey: ['orders', 'payments', id], queryFn: ({ signal }) => getOrderPayments(id, signal), enabled: id > 0 });
}

/** The organization's debt with its ageing and what is left of its credit limit. */
export function useOrganizationDebt(organizationId: number) {
  return useQuery({
    queryKey: ['orders', 'debt', organizationId],
    queryFn: ({ signal }) => getOrganizationDebt(organizationId, signal),
    enabled: organizationId > 0,
  });
}

/** A payment changes the order (paid), its payments, the debt and the lists: everything under 'orders' reloads. */
function usePaymentMutation<V>(id: number, run: (variables: V) => Promise<OrderPayments>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (payments) => {
      queryClient.setQueryData(['orders', 'payments', id], payments);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export const useRecordPayment = (id: number) => usePaymentMutation(id, (body: RecordPaymentBody) => api.orders.payments.record({ params: { id }, body }));
export const useDeletePayment = (id: number) => usePaymentMutation(id, (paymentId: number) => api.orders.payments.delete({ params: { id, paymentId } }));
