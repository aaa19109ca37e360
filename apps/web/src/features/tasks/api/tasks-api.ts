import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskBody, listTasksQuery, Task, TaskStatus } from '@pharma/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type TasksParams = z.input<typeof listTasksQuery> & { page: number; size: number };

export const useTasks = (params: TasksParams) =>
  useQuery({ queryKey: ['tasks', 'list', params], queryFn: ({ signal }) => api.tasks.list({ query: params, signal }), placeholderData: keepPreviousData });

export const useTask = (id: number | undefined) =>
  useQuery({ queryKey: ['tasks', 'detail', id], queryFn: ({ signal }) => api.tasks.get({ params: { id: id! }, signal }), enabled: !!id });

/** Every change answers the task as it now is: the drawer shows it at once, the lists are read again. */
function useTaskChange<V>(change: (vars: V) => Promise<Task>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (task) => {
      queryClient.setQueryData(['tasks', 'detail', task.id], task);
      void queryClient.invalidateQueries({ queryKey: ['tasks', 'list'] });
    },
  });
}

export function useCreateTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskBody) => api.tasks.create({ body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['tasks'] }),
  });
}
export const useMoveTask = () => useTaskChange(({ id, to }: { id: number; to: TaskStatus }) => api.tasks.move({ params: { id }, body: { to } }));
export const useCommentTask = () => useTaskChange(({ id, text }: { id: number; text: string }) => api.tasks.comment({ params: { id }, body: { text } }));
export const useAddChecklistItem = () =>
  useTaskChange(({ id, text }: { id: number; text: string }) => api.tasks.addChecklistItem({ params: { id }, body: { text } }));
export const useCheckChecklistItem = () =>
  useTaskChange(({ id, itemId, done }: { id: number; itemId: number; done: boolean }) =>
    api.tasks.checkChecklistItem({ params: { id, itemId }, body: { done } }),
  );
