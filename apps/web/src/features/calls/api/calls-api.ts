import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallNoteBody, listCallsQuery, OriginateBody, SaveExtensionBody, TelephonyAdapter } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type CallsParams = z.input<typeof listCallsQuery> & { page: number; size: number };

export const useCalls = (params: CallsParams) =>
  useQuery({ queryKey: ['calls', 'list', params], queryFn: ({ signal }) => api.calls.list({ query: params, signal }), placeholderData: keepPreviousData });

export function useSaveCallNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CallNoteBody & { id: number }) => api.calls.note({ params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['calls', 'list'] }),
  });
}

export const useOriginate = () => useMutation({ mutationFn: (body: OriginateBody) => api.calls.originate({ body }) });

export const useTelephonySettings = (enabled = true) =>
  useQuery({ queryKey: ['calls', 'telephony'], queryFn: ({ signal }) => api.calls.settings({ signal }), enabled });

export function useSaveAdapter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adapter: TelephonyAdapter) => api.calls.saveSettings({ body: { adapter } }),
    onSuccess: (settings) => queryClient.setQueryData(['calls', 'telephony'], settings),
  });
}

export function useSaveExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveExtensionBody) => api.calls.saveExtension({ body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(['calls', 'telephony'], settings);
      void queryClient.invalidateQueries({ queryKey: ['calls', 'extensions'] });
    },
  });
}

export const useExtensions = (enabled: boolean) =>
  useQuery({ queryKey: ['calls', 'extensions'], queryFn: ({ signal }) => api.calls.extensions({ signal }), enabled });
