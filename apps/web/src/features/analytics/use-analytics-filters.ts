import { useMemo } from 'react';
import { clientTypes, organizationSizes, organizationTypes, periodKinds, periodOf, type AnalyticsQuery, type PeriodKind } from '@pharma/contracts';
import { useToday } from '../../lib/business-day';
import { idFilter, useListParams } from '../../lib/use-list-params';

/** The period and filters of every analytics screen, kept in the address (a link reproduces the view). */
export const analyticsFilterNames = [
  'period',
  'date',
  'from',
  'to',
  'regionId',
  'districtId',
  'branchId',
  'teamId',
  'representativeId',
  'clientType',
  'organizationType',
  'organizationSize',
] as const;

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): T | undefined =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

export function useAnalyticsFilters<K extends string = never>(extra: readonly K[] = []) {
  const today = useToday();
  const list = useListParams([...analyticsFilterNames, ...extra]);
  const f = list.filters as Record<(typeof analyticsFilterNames)[number] | K, string | undefined>;
  const kind: PeriodKind = oneOf(periodKinds, f.period) ?? 'month';
  const anchor = /^\d{4}-\d{2}-\d{2}$/.test(f.date ?? '') ? f.date! : today;
  const period = kind === 'custom' && f.from && f.to && f.from <= f.to ? { from: f.from, to: f.to } : periodOf(kind === 'custom' ? 'month' : kind, anchor);
  const query: AnalyticsQuery = useMemo(
    () => ({
      from: period.from,
      to: period.to,
      regionId: idFilter(f.regionId),
      districtId: idFilter(f.districtId),
      branchId: idFilter(f.branchId),
      teamId: idFilter(f.teamId),
      representativeId: idFilter(f.representativeId),
      clientType: oneOf(clientTypes, f.clientType),
      organizationType: oneOf(organizationTypes, f.organizationType),
      organizationSize: oneOf(organizationSizes, f.organizationSize),
    }),
    [period.from, period.to, f.regionId, f.districtId, f.branchId, f.teamId, f.representativeId, f.clientType, f.organizationType, f.organizationSize],
  );
  const active = [
    query.regionId,
    query.districtId,
    query.branchId,
    query.teamId,
    query.representativeId,
    query.clientType,
    query.organizationType,
    query.organizationSize,
  ].filter(Boolean).length;
  return { kind, anchor, query, active, filters: f, update: list.update, page: list.page, size: list.size, sort: list.sort };
}
export type AnalyticsFilters = ReturnType<typeof useAnalyticsFilters>;
