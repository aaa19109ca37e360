// The public entry of the organizations feature: what other features may use of it (the lint's boundary rule).
export { useNearbyOrganizations } from './api/get-nearby-organizations';
export { organizationQueryOptions, useOrganization } from './api/get-organization';
export { favoriteOrganizationsQueryOptions, useOrganizations } from './api/get-organizations';
export { OrganizationForm } from './components/organization-form';
export type { OrganizationFormValues } from './components/organization-form-values';
export { OrganizationCard } from './components/organization-card';
export { OrganizationPicker } from './components/organization-picker';
export { OrganizationTypeTag } from './components/organization-tags';
export { filterChoice } from './components/region-choices';
export { RegionSelect } from './components/region-select';
export { StartVisitButton } from './components/start-visit-button';
export { organizationPaths } from './paths';
