import { z } from 'zod';

/** The eight roles of spec §6. */
export const roles = ['admin', 'operator', 'chief', 'boss', 'rep', 'wholesale', 'employee', 'courier'] as const;
export type Role = (typeof roles)[number];
export const roleSchema = z.enum(roles);

/** Permission kinds of the roles-and-rights settings (spec §6): view, editing, deleting. */
export const permissionActions = ['view', 'edit', 'delete'] as const;
export type PermissionAction = (typeof permissionActions)[number];

/**
 * Areas of the product a right is granted on. A grant is "<area>.<action>".
 * A new domain adds its area here and to the default grants below.
 */
export const permissionAreas = [
  'visits',
  'orders',
  'stock',
  'organizations',
  'logistics',
  'reports',
  'tasks',
  'events',
  'notifications',
  'knowledge',
  'testing',
  'messages',
  'leads',
  'chats',
  'calls',
  'telephony',
  'licenses',
  'users',
  'roles',
  'settings',
  'audit',
] as const;
export type PermissionArea = (typeof permissionAreas)[number];
/**
 * Rights that are not view/edit/delete of an area: approving an order above the client's credit
 * limit with a recorded reason (decision 010); base (purchase) prices and what reveals them in the
 * .xlsx exports of stock, write-offs and incomes (decision 035).
 */
export const specialPermissions = ['orders.creditOverride', 'stock.exportBasePrices'] as const;
export type SpecialPermission = (typeof specialPermissions)[number];
export type Permission = `${PermissionArea}.${PermissionAction}` | SpecialPermission;
export const allPermissions: Permission[] = [
  ...permissionAreas.flatMap((area) => permissionActions.map((action) => `${area}.${action}` as Permission)),
  ...specialPermissions,
];
export const permissionSchema = z.enum(allPermissions as [Permission, ...Permission[]]);

/**
 * Data scope: which records a role sees.
 * own — records the user is responsible for; team — the user's and those of
 * everybody under them in the manager hierarchy (any depth); all — everything.
 */
export const dataScopes = ['own', 'team', 'all'] as const;
export type DataScope = (typeof dataScopes)[number];

const every = (area: PermissionArea): Permission[] => permissionActions.map((a) => `${area}.${a}` as Permission);
const view = (...areas: PermissionArea[]): Permission[] => areas.map((a) => `${a}.view` as Permission);
const viewEdit = (...areas: PermissionArea[]): Permission[] => areas.flatMap((a) => [`${a}.view`, `${a}.edit`] as Permission[]);

/** What a fresh installation grants each role; an administrator changes it in Settings → Roles and rights. */
export const defaultRoleRights: Record<Role, { scope: DataScope; grants: Permission[] }> = {
  admin: { scope: 'all', grants: [...allPermissions] },
  operator: {
    scope: 'all',
    grants: [
      ...every('orders'),
      'orders.creditOverride',
      'stock.exportBasePrices',
      ...viewEdit('organizations', 'logistics', 'tasks', 'events', 'notifications', 'messages', 'leads', 'chats', 'calls'),
      'telephony.view',
      ...view('visits', 'stock', 'reports', 'knowledge', 'testing', 'users'),
    ],
  },
  boss: {
    scope: 'team',
    grants: [
      ...viewEdit('visits', 'orders', 'organizations', 'tasks', 'events', 'notifications', 'messages', 'leads', 'chats', 'calls', 'knowledge'),
      ...every('testing'),
      ...view('stock', 'logistics', 'reports', 'licenses', 'users', 'audit'),
    ],
  },
  chief: {
    scope: 'team',
    grants: [
      ...viewEdit('visits', 'orders', 'organizations', 'tasks', 'events', 'notifications', 'messages', 'leads', 'chats', 'calls', 'knowledge'),
      ...every('testing'),
      ...view('stock', 'logistics', 'reports', 'users'),
    ],
  },
  rep: {
    scope: 'own',
    grants: [
      ...viewEdit('visits', 'orders', 'organizations', 'tasks', 'events', 'notifications', 'messages', 'leads', 'chats', 'calls'),
      ...view('stock', 'reports', 'knowledge', 'testing'),
    ],
  },
  wholesale: {
    scope: 'own',
    grants: [...viewEdit('orders', 'organizations', 'tasks', 'events', 'notifications', 'messages'), ...view('stock', 'reports', 'knowledge', 'testing')],
  },
  employee: {
    scope: 'all',
    grants: [
      ...every('stock'),
      'stock.exportBasePrices',
      ...viewEdit('logistics', 'tasks', 'events', 'notifications', 'messages'),
      ...view('orders', 'knowledge', 'testing'),
    ],
  },
  courier: {
    scope: 'own',
    grants: [...viewEdit('logistics', 'notifications', 'messages'), ...view('tasks', 'events', 'knowledge', 'testing')],
  },
};

export function hasPermission(grants: readonly string[] | undefined, permission: Permission): boolean {
  return !!grants && grants.includes(permission);
}
