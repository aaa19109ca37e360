import { generatePath } from 'react-router';
import type { OrganizationType } from '@pharma/contracts';
import { pathOf } from '../../app/nav-registry';

/** Links to the organization screens, built from the nav registry (a path is written once). */
export const organizationPaths = {
  detail: (id: number) => generatePath(pathOf('organization'), { id: String(id) }),
  edit: (id: number) => generatePath(pathOf('editOrganization'), { id: String(id) }),
  add: () => pathOf('addOrganization'),
  address: (id: number) => `${pathOf('addAddress')}?organization=${id}`,
  deliveryAddress: (id: number) => `${pathOf('addDeliveryAddress')}?organization=${id}`,
  chooseDoctor: (id: number) => `${pathOf('chooseDoctor')}?organization=${id}`,
  /** the visit screen (its own issue): /point-visit/:id/:type_id */
  visit: (id: number, type: OrganizationType) => generatePath(pathOf('pointVisitItem'), { id: String(id), type_id: type }),
};
