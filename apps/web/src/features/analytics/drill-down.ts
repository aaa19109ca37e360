import type { AnalyticsQuery, BreakdownDimension, BreakdownRow, MeasureKey } from '@pharma/contracts';
import { analyticsMeasures } from '@pharma/contracts';
import { hrefOf } from '../../lib/paths';

/** The visit status a visits measure counts, when it counts one. */
const visitStatusOf: Partial<Record<MeasureKey, string>> = { visitsCompleted: 'completed', visitsCancelled: 'cancelled', visitsOverdue: 'overdue' };
const orderStatusOf: Partial<Record<MeasureKey, string>> = { cancelledCount: 'cancelled', cancelledSum: 'cancelled' };

/**
 * The list behind a figure, with the same period and filters in its address: visits for the visits
 * measures, orders for the orders measures, organizations for coverage.
 */
export function drillDown(measure: MeasureKey, q: AnalyticsQuery): string | undefined {
  switch (analyticsMeasures[measure].group) {
    case 'visits':
      return hrefOf('historyVisits', {}, { from: q.from, to: q.to, representativeId: q.representativeId, status: visitStatusOf[measure] });
    case 'orders':
      return hrefOf(
        'orders',
        {},
        { from: q.from, to: q.to, agentId: q.representativeId, regionId: q.regionId, clientType: q.clientType, status: orderStatusOf[measure] ?? 'all' },
      );
    case 'coverage':
      return hrefOf('references', {}, { regionId: q.regionId, districtId: q.districtId, orgSize: q.organizationSize });
  }
}

/** A breakdown row's list: an employee's orders, a region's orders, a status's orders … */
export function rowDrillDown(by: BreakdownDimension, row: BreakdownRow, q: AnalyticsQuery): string | undefined {
  if (row.key === null) return undefined;
  const base = { from: q.from, to: q.to, agentId: q.representativeId, regionId: q.regionId, clientType: q.clientType, status: 'all' };
  switch (by) {
    case 'representative':
      return hrefOf('orders', {}, { ...base, agentId: row.key });
    case 'region':
      return hrefOf('orders', {}, { ...base, regionId: row.key });
    case 'clientType':
      return hrefOf('orders', {}, { ...base, clientType: row.key });
    case 'orderStatus':
      return hrefOf('orders', {}, { ...base, status: row.key });
    default:
      return undefined;
  }
}
