import { useCan } from '../../../lib/permissions';
import { ClickToCallButton } from '../../calls';
import { useOrganization } from '../../organizations';

/** Click-to-call the order's client (issue 18): its organization's phone, asked for only by whoever may call and see organizations. */
export function OrderClientCall({ orderId, organizationId }: { orderId: number; organizationId: number }) {
  const canCall = useCan('calls.edit');
  const organization = useOrganization(canCall ? organizationId : null);
  return <ClickToCallButton size="small" phone={organization.data?.phone} subject={{ type: 'order', id: orderId }} />;
}
