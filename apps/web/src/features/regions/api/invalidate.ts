import type { QueryClient } from '@tanstack/react-query';

export function invalidateAfterRegionChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['regions'] });
  void queryClient.invalidateQueries({ queryKey: ['audit'] });
}
