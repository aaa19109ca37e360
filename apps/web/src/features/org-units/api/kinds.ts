/** Departments and branches share one shape and one set of routes: /api/departments, /api/branches. */
export const orgUnitKinds = ['departments', 'branches'] as const;
export type OrgUnitKind = (typeof orgUnitKinds)[number];
