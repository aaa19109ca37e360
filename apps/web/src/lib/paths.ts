/**
 * Every screen's path by its id, apart from the registry that lazy-loads the pages, so a feature links to
 * a screen without importing every page (and a typo in an id is a compile error).
 */
export const paths = {
  home: '/',
  main: '/main',
  desktop: '/desktop',
  search: '/search',
  visits: '/visits',
  visitsByDate: '/visits/:date',
  visitsPlanned: '/visits-planned',
  visitsRepresentative: '/visits-representative',
  historyVisits: '/history-visits',
  questionableVisits: '/questionable-visits',
  chooseVisit: '/choose-visit',
  pointVisit: '/point-visit',
  pointVisitItem: '/point-visit/:id/:type_id',
  pointVisitNew: '/point-visit-new/:id/:type_id',
  nearbyOrganizations: '/nearby-organizations',
  chooseDoctor: '/choose-doctor',
  favorites: '/favorites',
  favorite: '/favorite/:id',
  favoritePharmacies: '/favorite-pharmacies',
  history: '/history/:id',
  removingResidues: '/removing-residues/:id',
  events: '/events',
  tasks: '/tasks',
  voiceAssistant: '/voice-assistant',
  orders: '/orders',
  confirmOrders: '/confirm-orders',
  addOrderNew: '/add-order-new',
  addOrders: '/add-orders',
  ordersItem: '/orders-item',
  ordersItemEdit: '/orders-item-edit',
  addDrugs: '/add-drugs',
  drugsTableEdit: '/drugs-table-edit',
  sendOrders: '/send-orders',
  matrix: '/matrix',
  testOrder: '/testOrder',
  print: '/print',
  orderHistory: '/order-history',
  stock: '/stock',
  shortDated: '/short-dated',
  residuesDrugs: '/residues-drugs',
  products: '/products',
  incomes: '/incomes',
  incomeCreate: '/incomes/new',
  incomeStatistics: '/incomes/statistics',
  incomeItem: '/incomes/:id',
  removedStockHistory: '/removed-stock-history',
  editable: '/editable',
  statusDrugs: '/status-drugs',
  producers: '/producers',
  categories: '/categories',
  warehouses: '/warehouses',
  references: '/references',
  organization: '/references/:id',
  referencesNew: '/references-new',
  addOrganization: '/add-organization',
  editOrganization: '/add-organization/:id',
  addAddress: '/add-address',
  addDeliveryAddress: '/add-delivery-address',
  brands: '/brands',
  blockedOrganizations: '/blocked-organizations',
  logistics: '/logistics',
  facts: '/facts',
  delivery: '/delivery',
  courierDeliveries: '/courier-deliveries',
  courierDelivery: '/courier-deliveries/:id',
  cars: '/cars',
  shipmentsWizard: '/shipments-wizard',
  statistics: '/statistics',
  coverageMap: '/coverage-map',
  monthlySales: '/monthly-sales',
  reportsByRegion: '/reports/by-region',
  reportsByBranch: '/reports/by-branch',
  reportsByEmployee: '/reports/by-employee',
  reportsGeneral: '/reports/general',
  messages: '/messages',
  leads: '/leads',
  leadConvert: '/leads/:id/convert',
  calls: '/calls',
  socialNetworks: '/social-networks',
  telephony: '/telephony',
  knowledgeBase: '/knowledge-base',
  testing: '/testing',
  trainingManuals: '/training-manuals',
  licenses: '/licenses',
  systems: '/systems',
  tariffs: '/tariffs',
  settingsMain: '/settings',
  staff: '/settings/staff',
  roles: '/settings/roles',
  regions: '/settings/regions',
  departments: '/settings/departments',
  branches: '/settings/branches',
  territories: '/settings/territories',
  targets: '/settings/targets',
  filters: '/settings/filters',
  prepaymentsMarkups: '/settings/prepayments-and-markups',
  license: '/settings/license',
  auditLog: '/settings/audit-log',
  chatTemplates: '/settings/chat-templates',
  leadStages: '/settings/lead-stages',
  profile: '/profile',
  changePassword: '/change-password',
  sync: '/sync',
  notificationSettings: '/notification-settings',
} as const;

export type ScreenId = keyof typeof paths;
type Value = string | number | boolean | null | undefined;

/**
 * The address of a screen: its path with the `:params` filled in, and the query's set values after it.
 * `hrefOf('organization', { id: 7 })` → `/references/7`; `hrefOf('ordersItem', {}, { id: 12 })` → `/orders-item?id=12`.
 */
export function hrefOf(id: ScreenId, params: Record<string, string | number> = {}, query: Record<string, Value> = {}): string {
  const path = paths[id].replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`hrefOf('${id}'): missing :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
