import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckLeadDuplicatesBody,
  ConvertLeadBody,
  CreateLeadBody,
  LeadBoardQuery,
  LeadStatsQuery,
  ListLeadsQuery,
  SaveLeadBody,
  SaveLeadStageBody,
} from '@pharma/contracts';
import { api, saveDownload } from '../../../lib/api-client';

export const leadKeys = {
  all: ['leads'] as const,
  stages: ['leads', 'stages'] as const,
  board: ['leads', 'board'] as const,
  list: ['leads', 'list'] as const,
  stats: ['leads', 'stats'] as const,
  detail: (id: number | undefined) => ['leads', 'detail', id] as const,
};

export const useLeadStages = () =>
  useQuery({ queryKey: leadKeys.stages, queryFn: ({ signal }) => api.leads.stages.list({ signal }), select: (data) => data.items });

export const useLeadBoard = (query: LeadBoardQuery, enabled = true) =>
  useQuery({
    queryKey: [...leadKeys.board, query],
    queryFn: ({ signal }) => api.leads.board({ query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useLeadList = (query: ListLeadsQuery & { page: number; size: number }, enabled = true) =>
  useQuery({
    queryKey: [...leadKeys.list, query],
    queryFn: ({ signal }) => api.leads.list({ query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useLeadStats = (query: LeadStatsQuery, enabled = true) =>
  useQuery({ queryKey: [...leadKeys.stats, query], queryFn: ({ signal }) => api.leads.stats({ query, signal }), enabled });

export const useLead = (id: number | undefined) =>
  useQuery({ queryKey: leadKeys.detail(id), queryFn: ({ signal }) => api.leads.get({ params: { id: id! }, signal }), enabled: !!id });

/** After a change the board, the list and the stages' counts are read again; the board's refetch is awaited. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    void queryClient.invalidateQueries({ queryKey: leadKeys.list });
    void queryClient.invalidateQueries({ queryKey: leadKeys.stats });
    void queryClient.invalidateQueries({ queryKey: leadKeys.stages });
    await queryClient.invalidateQueries({ queryKey: leadKeys.board });
  };
}

export function useMoveLead() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, stageId, lostReason }: { id: number; stageId: number; lostReason?: string }) =>
      api.leads.move({ params: { id }, body: { stageId, lostReason } }),
    onSuccess: async (lead) => {
      queryClient.setQueryData(leadKeys.detail(lead.id), lead);
      await refresh();
    },
  });
}

export function useSaveLead() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateLeadBody | SaveLeadBody }) =>
      id ? api.leads.update({ params: { id }, body }) : api.leads.create({ body }),
    onSuccess: async (lead) => {
      queryClient.setQueryData(leadKeys.detail(lead.id), lead);
      await refresh();
    },
  });
}

export function useDeleteLead() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => api.leads.remove({ params: { id } }), onSuccess: refresh });
}

export const checkLeadDuplicates = (body: CheckLeadDuplicatesBody) => api.leads.checkDuplicates({ body });

export function useConvertLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ConvertLeadBody }) => api.leads.convert({ params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}

export const downloadLeadTemplate = async () => saveDownload(await api.leads.importTemplate(), 'leads-template.xlsx');

export function useImportLeads() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (file: string) => api.leads.import({ body: { file } }), onSuccess: refresh });
}

export function useStageChanges() {
  const queryClient = useQueryClient();
  const done = () => void queryClient.invalidateQueries({ queryKey: leadKeys.all });
  return {
    create: useMutation({ mutationFn: (body: SaveLeadStageBody) => api.leads.stages.create({ body }), onSuccess: done }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: SaveLeadStageBody }) => api.leads.stages.update({ params: { id }, body }),
      onSuccess: done,
    }),
    reorder: useMutation({ mutationFn: (ids: number[]) => api.leads.stages.reorder({ body: { ids } }), onSuccess: done }),
    remove: useMutation({ mutationFn: (id: number) => api.leads.stages.remove({ params: { id } }), onSuccess: done }),
  };
}
