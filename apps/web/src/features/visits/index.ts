// The public entry of the visits feature (planning, the visit screen, history): what other features may use of it (the lint's boundary rule).
export { useVisit } from './api/get-visit';
export { loadRepDays } from './day-data';
export { useReviewVisit } from './api/review-visit';
export { useVisitOrder } from './api/get-visit-order';
export { visitKeys } from './api/invalidate';
export { RepresentativeFilter, RepresentativeSelect } from './components/representative-select';
export { useSeesTeam } from './components/visit-filters';
export { VisitStatusTag } from './components/visit-status-tag';
export { visitPaths } from './paths';
export { activeReservations } from './screen/visit-rules';
export { useReplanVisit } from './api/replan-visit';
export { useOpenVisitById } from './components/use-open-visit';
export { useVisitReminderPopup } from './components/visit-reminder-popup';
