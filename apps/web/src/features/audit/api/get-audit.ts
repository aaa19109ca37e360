import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AuditParams {
  page: number;
  size: number;
  entity?: string;
  entityId?: string;
}

export const getAudit = (params: AuditParams, signal?: AbortSignal) => api.audit.list({ query: params, signal });

export const auditQueryOptions = (params: AuditParams) =>
  queryOptions({ queryKey: ['audit', params], queryFn: ({ signal }) => getAudit(params, signal), placeholderData: keepPreviousData });

/** Who changed what, newest first. */
export function useAudit(params: AuditParams) {
  return useQuery(auditQueryOptions(params));
}
