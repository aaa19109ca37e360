import { generatePath } from 'react-router';
import { pathOf } from '../../app/nav-registry';

/** Links to the history screens, built from the nav registry (a path is written once). */
export const visitHistoryPaths = {
  visits: () => pathOf('historyVisits'),
  /** /history/:id — one organization's visit history */
  organization: (organizationId: number) => generatePath(pathOf('history'), { id: String(organizationId) }),
  questionable: () => pathOf('questionableVisits'),
};
