// The public entry of the visits feature: what other features may use of it (the lint's boundary rule).
export { RepresentativeFilter, RepresentativeSelect } from './components/representative-select';
export { useSeesTeam } from './components/visit-filters';
export { VisitStatusTag } from './components/visit-status-tag';
