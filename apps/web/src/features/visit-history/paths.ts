import { hrefOf } from '../../lib/paths';

/** Links to the history screens, built from the nav registry (a path is written once). */
export const visitHistoryPaths = {
  visits: () => hrefOf('historyVisits'),
  /** /history/:id — one organization's visit history */
  organization: (organizationId: number) => hrefOf('history', { id: organizationId }),
  questionable: () => hrefOf('questionableVisits'),
};
