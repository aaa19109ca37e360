// The public entry of the analytics feature: what other features may use of it (the lint's boundary rule).
export { formatMeasure } from './format-measure';
