import { generatePath } from 'react-router';
import { pathOf } from '../../app/nav-registry';

/** Links to the visit planning screens, built from the nav registry (a path is written once). */
export const visitPaths = {
  main: () => pathOf('main'),
  calendar: (month?: string) => (month ? `${pathOf('visits')}?month=${month}` : pathOf('visits')),
  /** /visits/:date, yyyy-MM-dd */
  day: (date: string) => generatePath(pathOf('visitsByDate'), { date }),
  planned: () => pathOf('visitsPlanned'),
  planner: () => pathOf('visitsRepresentative'),
  choose: () => pathOf('chooseVisit'),
  /** one organization's visit and order history (/history/:id) */
  history: (organizationId: number) => generatePath(pathOf('history'), { id: String(organizationId) }),
};
