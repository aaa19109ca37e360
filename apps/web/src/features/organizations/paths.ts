import type { OrganizationType } from '@pharma/contracts';
import { hrefOf } from '../../lib/paths';

/** Links to the organization screens, built from the nav registry (a path is written once). */
export const organizationPaths = {
  detail: (id: number) => hrefOf('organization', { id }),
  edit: (id: number) => hrefOf('editOrganization', { id }),
  add: () => hrefOf('addOrganization'),
  address: (id: number) => hrefOf('addAddress', {}, { organization: id }),
  deliveryAddress: (id: number) => hrefOf('addDeliveryAddress', {}, { organization: id }),
  chooseDoctor: (id: number) => hrefOf('chooseDoctor', {}, { organization: id }),
  /** the visit screen (its own issue): /point-visit/:id/:type_id */
  visit: (id: number, type: OrganizationType) => hrefOf('pointVisitItem', { id: id, type_id: type }),
};
