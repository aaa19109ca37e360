import { useMemo } from 'react';
import { organizationSizes, type OrganizationSize, type OrganizationType } from '@pharma/contracts';
import { useListParams } from '../../../lib/use-list-params';
import type { OrganizationsParams } from '../api/get-organizations';

/** The tabs of /references: pharmacies, medical institutions (hospitals and healthcare facilities), wholesalers. */
export const organizationTabs = {
  all: undefined,
  pharmacies: ['pharmacy'],
  medical: ['hospital', 'healthcare'],
  wholesalers: ['wholesaler'],
} as const satisfies Record<string, readonly OrganizationType[] | undefined>;
export type OrganizationTab = keyof typeof organizationTabs;
export const organizationTabKeys = Object.keys(organizationTabs) as OrganizationTab[];

const filterNames = ['q', 'tab', 'regionId', 'districtId', 'orgSize', 'blocked'] as const;
export type OrganizationFilterName = (typeof filterNames)[number];

const positive = (v: string | undefined) => (Number(v) > 0 ? Number(v) : undefined);

/** The filters of an organization list, kept in the URL (a link reproduces the view). */
export function useOrganizationFilters() {
  const { size, sort, filters, update } = useListParams(filterNames);
  const tab: OrganizationTab = filters.tab && filters.tab in organizationTabs ? (filters.tab as OrganizationTab) : 'all';
  const orgSize = (organizationSizes as readonly string[]).includes(filters.orgSize ?? '') ? (filters.orgSize as OrganizationSize) : undefined;
  const blocked = filters.blocked === 'true' ? true : filters.blocked === 'false' ? false : undefined;
  const regionId = positive(filters.regionId);
  const districtId = regionId ? positive(filters.districtId) : undefined;

  const params = useMemo<OrganizationsParams>(
    () => ({ size, sort, q: filters.q, type: organizationTabs[tab], regionId, districtId, orgSize, blocked }),
    [size, sort, filters.q, tab, regionId, districtId, orgSize, blocked],
  );
  const active = !!(filters.q || regionId || orgSize || blocked !== undefined);
  return { params, tab, q: filters.q, regionId, districtId, orgSize, blocked, sort, active, update };
}
