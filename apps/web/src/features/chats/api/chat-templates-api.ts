import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveChatTemplateBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { chatsKeys } from './chats-keys';

export const useChatTemplates = (enabled = true) =>
  useQuery({
    queryKey: chatsKeys.templates,
    queryFn: ({ signal }) => api.chats.templates.list({ signal }),
    select: (answer) => answer.items,
    staleTime: 60_000,
    enabled,
  });

function useTemplateChange<V>(change: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatsKeys.templates }) });
}

export const useCreateChatTemplate = () => useTemplateChange((body: SaveChatTemplateBody) => api.chats.templates.create({ body }));
export const useUpdateChatTemplate = () =>
  useTemplateChange(({ id, body }: { id: number; body: SaveChatTemplateBody }) => api.chats.templates.update({ params: { id }, body }));
export const useDeleteChatTemplate = () => useTemplateChange((id: number) => api.chats.templates.remove({ params: { id } }));

/** Whether each channel is connected (Settings → Social networks). */
export const useChatChannels = () =>
  useQuery({
    queryKey: [...chatsKeys.templates, 'channels'],
    queryFn: ({ signal }) => api.chats.channels({ signal }),
    select: (answer) => answer.items,
    staleTime: 60_000,
  });
