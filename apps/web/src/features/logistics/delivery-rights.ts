import { orderActorsOfRole, plansDeliveries } from '@pharma/contracts';
import { useCan } from '../../lib/permissions';
import { useSession } from '../../lib/session';

/** What the signed-in user may do with deliveries: plan them (the desk, the warehouse) and take the warehouse's steps. */
export function useDeliveryRights() {
  const role = useSession().user?.role;
  const canEdit = useCan('logistics.edit');
  const parts = role ? orderActorsOfRole[role] : [];
  return {
    canPlan: canEdit && !!role && plansDeliveries(role),
    isWarehouse: canEdit && parts.includes('warehouse'),
  };
}
