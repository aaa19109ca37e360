import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { desktopKeys } from './keys';

/** GET /api/desktop/figures: today and the month of the rep or the team against the targets. */
export const useDesktopFigures = (enabled = true) =>
  useQuery({ queryKey: desktopKeys.figures, queryFn: ({ signal }) => api.desktop.figures({ signal }), enabled });
