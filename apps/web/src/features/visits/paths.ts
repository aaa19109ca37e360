import { hrefOf } from '../../lib/paths';

/** Links to the visits screens (planning, history), built from the nav registry (a path is written once). */
export const visitPaths = {
  main: () => hrefOf('main'),
  calendar: (month?: string) => (month ? hrefOf('visits', {}, { month }) : hrefOf('visits')),
  /** /visits/:date, yyyy-MM-dd */
  day: (date: string) => hrefOf('visitsByDate', { date }),
  planned: () => hrefOf('visitsPlanned'),
  planner: () => hrefOf('visitsRepresentative'),
  choose: () => hrefOf('chooseVisit'),
  /** /history/:id — one organization's visit and order history */
  history: (organizationId: number) => hrefOf('history', { id: organizationId }),
  /** /history-visits */
  historyVisits: () => hrefOf('historyVisits'),
  questionable: () => hrefOf('questionableVisits'),
};
