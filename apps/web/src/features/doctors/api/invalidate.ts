import type { QueryClient } from '@tanstack/react-query';

/** A change to a doctor shows in the doctor lists and favorites, and in the audit log. */
export function invalidateAfterDoctorChange(queryClient: QueryClient) {
  for (const domain of ['doctors', 'audit']) void queryClient.invalidateQueries({ queryKey: [domain] });
}
