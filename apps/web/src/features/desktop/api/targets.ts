import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RepTargetBody } from '@pharma/contracts';
import { api } from '../../../lib/api-client';
import { desktopKeys } from './keys';

/** GET /api/desktop/targets: the reps in scope with their targets. */
export const useTargets = () => useQuery({ queryKey: desktopKeys.targets, queryFn: ({ signal }) => api.desktop.targets.list({ signal }) });

/** PUT /api/desktop/targets/:userId; the targets and the desktop's figures load again. */
export function useSaveTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: RepTargetBody }) => api.desktop.targets.put({ params: { userId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: desktopKeys.all }),
  });
}
