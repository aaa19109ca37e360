import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateOrderBody, Order } from '@pharma/contracts';
import { localId, onOutboxSent, queuedWrites, useOutbox, type OutboxItem } from '../../../lib/outbox';
import { queryClient } from '../../../lib/query-client';

/** What an order made on the phone is about in its queue (the sync log, the orders list's "waiting"). */
const orderWrites = queuedWrites<'orderCreate'>('orders.orders', { orderCreate: 'create' });

/** What changes once an order is made: the lists and the stock it reserved. */
function afterCreate(client: QueryClient, order: Order) {
  client.setQueryData(['orders', 'detail', order.id], order);
  void client.invalidateQueries({ queryKey: ['orders', 'list'] });
  void client.invalidateQueries({ queryKey: ['stock'] });
}

/**
 * Creating an order through the phone's queue (issue 16): its Idempotency-Key is the draft's, made when
 * the draft was, so every send of it — a retry now, the queue's later sends after a lost answer — makes
 * one order. Answers the server's order when it could be sent now, else `null` and `queued` (the order
 * waits on the phone, listed as waiting on the orders list, until the network returns).
 */
export async function createOrder({ body, key, organizationName }: { body: CreateOrderBody; key: string; organizationName: string }) {
  const local = localId();
  const { answer, queued } = await orderWrites<Order | null>(
    'orderCreate',
    { body, key, creates: local, subject: `order:${local}`, name: organizationName },
    () => null,
  );
  return { order: answer, queued };
}

export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: ({ order }) => {
      if (order) afterCreate(client, order);
    },
  });
}

/** The orders made on this phone that the server does not have yet: waiting to be sent, or refused and needing attention. */
export function useQueuedOrders(): OutboxItem[] {
  return useOutbox().items.filter((i) => i.label.kind === 'orderCreate' && i.state !== 'sent');
}

// an order the queue sent later: the lists and the stock follow
onOutboxSent((item, answer) => {
  if (item.label.kind === 'orderCreate' && answer && typeof answer === 'object' && typeof (answer as Order).id === 'number')
    afterCreate(queryClient, answer as Order);
});
