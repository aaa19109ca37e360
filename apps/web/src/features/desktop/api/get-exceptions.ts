import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { desktopKeys } from './keys';

/** GET /api/desktop/exceptions: the manager's exceptions inbox. */
export const useExceptions = (enabled = true) =>
  useQuery({ queryKey: desktopKeys.exceptions, queryFn: ({ signal }) => api.desktop.exceptions({ query: {}, signal }), enabled });
