import { lazy, useCallback, type ComponentType, type LazyExoticComponent } from 'react';
import type { NavIconName } from './nav-icons';
import { deliveryPlannerParts, orderActorsOfRole, searchKindRights, type OrderActor, type Permission, type Role } from '@pharma/contracts';
import { canAccess, useGrants, type Access } from '../lib/permissions';
import { useSession } from '../lib/session';
import { paths, type ScreenId } from '../lib/paths';
import { MessagesNavBadge } from '../features/messages';

/**
 * THE nav registry: every screen of the product once — its path, title (key of the `nav` namespace),
 * icon, the right it needs, its sidebar group, and its lazily loaded page. It drives the sidebar,
 * the router and the permission checks. A screen without `page` shows 'This page is under development'.
 */
export const navGroups = ['work', 'sales', 'stock', 'counterparties', 'logistics', 'analytics', 'communication', 'knowledge', 'licensing', 'settings'] as const;
export type NavGroup = (typeof navGroups)[number];

export const navGroupIcons: Record<NavGroup, NavIconName> = {
  work: 'CalendarOutlined',
  sales: 'ShoppingCartOutlined',
  stock: 'InboxOutlined',
  counterparties: 'ShopOutlined',
  logistics: 'CarOutlined',
  analytics: 'BarChartOutlined',
  communication: 'CustomerServiceOutlined',
  knowledge: 'ReadOutlined',
  licensing: 'SafetyCertificateOutlined',
  settings: 'SettingOutlined',
};

export interface NavEntry {
  /** unique; `nav:titles.<id>` is its title */
  id: ScreenId;
  path: string;
  title: `titles.${string}`;
  /** drawn by NavIcon: the icons' code loads after the first screen (issue 16) */
  icon: NavIconName;
  access: Access;
  /**
   * besides the right, a part of an order's life the user's role must play (decision 012): the
   * shipments wizard is the desk's and the warehouse's, though couriers hold logistics.edit too; the
   * courier's phone screens are the courier's (the desk works deliveries on /logistics)
   */
  actors?: readonly OrderActor[];
  /** besides the right, at least one of these (global search: the right of any kind it finds) */
  anyOf?: readonly Permission[];
  /** its place in the sidebar; none for screens reached from another one (details, steps) */
  group?: NavGroup;
  page?: LazyExoticComponent<ComponentType>;
  /** a count beside the sidebar item (unread messages) */
  badge?: ComponentType;
}

function page<M>(load: () => Promise<M>, name: keyof M): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
}

const VisitsCalendarPage = page(() => import('../features/visits/routes/visits-calendar-page'), 'VisitsCalendarPage');
const VisitsDayPage = page(() => import('../features/visits/routes/visits-day-page'), 'VisitsDayPage');
const VisitsPlannedPage = page(() => import('../features/visits/routes/visits-planned-page'), 'VisitsPlannedPage');
const VisitsRepresentativePage = page(() => import('../features/visits/routes/visits-representative-page'), 'VisitsRepresentativePage');
const ChooseVisitPage = page(() => import('../features/visits/routes/choose-visit-page'), 'ChooseVisitPage');
const StaffPage = page(() => import('../features/users/routes/staff-page'), 'StaffPage');
const RolesPage = page(() => import('../features/roles/routes/roles-page'), 'RolesPage');
const RegionsPage = page(() => import('../features/regions/routes/regions-page'), 'RegionsPage');
const DepartmentsPage = page(() => import('../features/org-units/routes/departments-page'), 'DepartmentsPage');
const BranchesPage = page(() => import('../features/org-units/routes/branches-page'), 'BranchesPage');
const AuditLogPage = page(() => import('../features/audit/routes/audit-log-page'), 'AuditLogPage');
const ProfilePage = page(() => import('../features/account/routes/profile-page'), 'ProfilePage');
const TasksPage = page(() => import('../features/tasks/routes/tasks-page'), 'TasksPage');
const CallsPage = page(() => import('../features/calls/routes/calls-page'), 'CallsPage');
const TelephonyPage = page(() => import('../features/calls/routes/telephony-page'), 'TelephonyPage');
const MessagesPage = page(() => import('../features/messages/routes/messages-page'), 'MessagesPage');
const EventsPage = page(() => import('../features/events/routes/events-page'), 'EventsPage');
const SyncPage = page(() => import('../features/sync/routes/sync-page'), 'SyncPage');
const NotificationSettingsPage = page(() => import('../features/notifications/routes/notification-settings-page'), 'NotificationSettingsPage');
const ChangePasswordPage = page(() => import('../features/account/routes/change-password-page'), 'ChangePasswordPage');
const StockPage = page(() => import('../features/stock/routes/stock-page'), 'StockPage');
const ShortDatedPage = page(() => import('../features/stock/routes/short-dated-page'), 'ShortDatedPage');
const ResiduesPage = page(() => import('../features/stock/routes/residues-page'), 'ResiduesPage');
const RemovedStockHistoryPage = page(() => import('../features/stock/routes/removed-stock-history-page'), 'RemovedStockHistoryPage');
const EditablePage = page(() => import('../features/stock/routes/editable-page'), 'EditablePage');
const ProductsPage = page(() => import('../features/catalog/routes/products-page'), 'ProductsPage');
const ProducersPage = page(() => import('../features/catalog/routes/producers-page'), 'ProducersPage');
const CategoriesPage = page(() => import('../features/catalog/routes/categories-page'), 'CategoriesPage');
const StatusDrugsPage = page(() => import('../features/catalog/routes/status-drugs-page'), 'StatusDrugsPage');
const WarehousesPage = page(() => import('../features/warehouses/routes/warehouses-page'), 'WarehousesPage');
const IncomesPage = page(() => import('../features/incomes/routes/incomes-page'), 'IncomesPage');
const IncomeCreatePage = page(() => import('../features/incomes/routes/income-create-page'), 'IncomeCreatePage');
const IncomePage = page(() => import('../features/incomes/routes/income-page'), 'IncomePage');
const IncomeStatisticsPage = page(() => import('../features/incomes/routes/income-statistics-page'), 'IncomeStatisticsPage');
const StatisticsPage = page(() => import('../features/analytics/routes/statistics-page'), 'StatisticsPage');
const CoverageMapPage = page(() => import('../features/analytics/routes/coverage-map-page'), 'CoverageMapPage');
const MonthlySalesPage = page(() => import('../features/analytics/routes/monthly-sales-page'), 'MonthlySalesPage');
const ReportsByRegionPage = page(() => import('../features/analytics/routes/report-page'), 'ReportsByRegionPage');
const ReportsByBranchPage = page(() => import('../features/analytics/routes/report-page'), 'ReportsByBranchPage');
const ReportsByEmployeePage = page(() => import('../features/analytics/routes/report-page'), 'ReportsByEmployeePage');
const ReportsGeneralPage = page(() => import('../features/analytics/routes/report-page'), 'ReportsGeneralPage');
const OrdersPage = page(() => import('../features/orders/routes/orders-page'), 'OrdersPage');
const ConfirmOrdersPage = page(() => import('../features/orders/routes/orders-page'), 'ConfirmOrdersPage');
const MatrixPage = page(() => import('../features/orders/routes/matrix-page'), 'MatrixPage');
const TestOrderPage = page(() => import('../features/visits/routes/test-order-page'), 'TestOrderPage');
const OrderHistoryPage = page(() => import('../features/orders/routes/order-history-page'), 'OrderHistoryPage');
const OrderPage = page(() => import('../features/orders/routes/order-page'), 'OrderPage');
const AddOrderNewPage = page(() => import('../features/orders/routes/order-create-page'), 'AddOrderNewPage');
const AddOrdersPage = page(() => import('../features/orders/routes/order-create-page'), 'AddOrdersPage');
const OrderEditPage = page(() => import('../features/orders/routes/order-edit-page'), 'OrderEditPage');
const DrugsTableEditPage = page(() => import('../features/orders/routes/order-edit-page'), 'DrugsTableEditPage');
const AddDrugsPage = page(() => import('../features/orders/routes/add-drugs-page'), 'AddDrugsPage');
const SendOrdersPage = page(() => import('../features/orders/routes/send-orders-page'), 'SendOrdersPage');
const PrintPage = page(() => import('../features/orders/routes/print-page'), 'PrintPage');
const CarsPage = page(() => import('../features/logistics/routes/cars-page'), 'CarsPage');
const CourierDeliveriesPage = page(() => import('../features/courier/routes/courier-deliveries-page'), 'CourierDeliveriesPage');
const CourierDeliveryPage = page(() => import('../features/courier/routes/courier-delivery-page'), 'CourierDeliveryPage');
const LogisticsPage = page(() => import('../features/logistics/routes/logistics-page'), 'LogisticsPage');
const FactsPage = page(() => import('../features/logistics/routes/facts-page'), 'FactsPage');
const DeliveryMapPage = page(() => import('../features/logistics/routes/delivery-map-page'), 'DeliveryMapPage');
const ShipmentsWizardPage = page(() => import('../features/logistics/routes/shipments-wizard-page'), 'ShipmentsWizardPage');
const PrepaymentsMarkupsPage = page(() => import('../features/pricing/routes/prepayments-markups-page'), 'PrepaymentsMarkupsPage');
const ReferencesPage = page(() => import('../features/organizations/routes/references-page'), 'ReferencesPage');
const ReferencesMapPage = page(() => import('../features/organizations/routes/references-map-page'), 'ReferencesMapPage');
const OrganizationPage = page(() => import('../features/organizations/routes/organization-page'), 'OrganizationPage');
const OrganizationFormPage = page(() => import('../features/organizations/routes/organization-form-page'), 'OrganizationFormPage');
const AddAddressPage = page(() => import('../features/organizations/routes/address-page'), 'AddAddressPage');
const AddDeliveryAddressPage = page(() => import('../features/organizations/routes/address-page'), 'AddDeliveryAddressPage');
const BlockedOrganizationsPage = page(() => import('../features/organizations/routes/blocked-organizations-page'), 'BlockedOrganizationsPage');
const FavoritePharmaciesPage = page(() => import('../features/organizations/routes/favorite-pharmacies-page'), 'FavoritePharmaciesPage');
const PointVisitPage = page(() => import('../features/organizations/routes/point-visit-page'), 'PointVisitPage');
const NearbyOrganizationsPage = page(() => import('../features/organizations/routes/point-visit-page'), 'NearbyOrganizationsPage');
const VisitPage = page(() => import('../features/visits/screen/routes/visit-page'), 'VisitPage');
const RemovingResiduesPage = page(() => import('../features/visits/screen/routes/removing-residues-page'), 'RemovingResiduesPage');
const ChooseDoctorPage = page(() => import('../features/doctors/routes/choose-doctor-page'), 'ChooseDoctorPage');
const FavoritesPage = page(() => import('../features/doctors/routes/favorites-page'), 'FavoritesPage');
const DoctorPage = page(() => import('../features/doctors/routes/doctor-page'), 'DoctorPage');
const SearchPage = page(() => import('../features/search/routes/search-page'), 'SearchPage');
const BrandsPage = page(() => import('../features/brands/routes/brands-page'), 'BrandsPage');
const TerritoriesPage = page(() => import('../features/territories/routes/territories-page'), 'TerritoriesPage');
const HistoryVisitsPage = page(() => import('../features/visits/history/routes/history-visits-page'), 'HistoryVisitsPage');
const OrganizationHistoryPage = page(() => import('../features/visits/history/routes/organization-history-page'), 'OrganizationHistoryPage');
const DesktopPage = page(() => import('../features/desktop/routes/desktop-page'), 'DesktopPage');
const TargetsPage = page(() => import('../features/desktop/routes/targets-page'), 'TargetsPage');
const QuestionableVisitsPage = page(() => import('../features/visits/history/routes/questionable-visits-page'), 'QuestionableVisitsPage');
const ChatsPage = page(() => import('../features/chats/routes/chats-page'), 'ChatsPage');
const ChatTemplatesPage = page(() => import('../features/chats/routes/chat-templates-page'), 'ChatTemplatesPage');
const LeadsPage = page(() => import('../features/leads/routes/leads-page'), 'LeadsPage');
const LeadConvertPage = page(() => import('../features/leads/routes/lead-convert-page'), 'LeadConvertPage');
const LeadStagesPage = page(() => import('../features/leads/routes/lead-stages-page'), 'LeadStagesPage');
const KnowledgePage = page(() => import('../features/knowledge/routes/knowledge-page'), 'KnowledgePage');
const ArticlePage = page(() => import('../features/knowledge/routes/article-page'), 'ArticlePage');
const ArticleEditPage = page(() => import('../features/knowledge/routes/article-edit-page'), 'ArticleEditPage');
const TestingPage = page(() => import('../features/testing/routes/testing-page'), 'TestingPage');
const AttemptPage = page(() => import('../features/testing/routes/attempt-page'), 'AttemptPage');

type Def = Omit<NavEntry, 'title' | 'path' | 'id'> & { id: ScreenId };
const entry = (def: Def): NavEntry => ({ ...def, path: paths[def.id], title: `titles.${def.id}` });

export const navRegistry: NavEntry[] = [
  // Work: the day of a representative — visits, organizations to visit, tasks
  // / and /main: the app shell renders the role's main screen there (HomePage, which reads this registry)
  entry({ id: 'home', icon: 'HomeOutlined', access: 'signedIn' }),
  entry({ id: 'main', icon: 'HomeOutlined', access: 'signedIn', group: 'work' }),
  entry({ id: 'desktop', icon: 'DesktopOutlined', access: 'signedIn', group: 'work', page: DesktopPage }),
  // global search: each kind by its own right, so anyone with the right of one kind (the warehouse: products, orders); the header's Ctrl+K palette shows the first hits
  entry({ id: 'search', icon: 'SearchOutlined', access: 'signedIn', anyOf: Object.values(searchKindRights), group: 'work', page: SearchPage }),
  entry({ id: 'visits', icon: 'CalendarOutlined', access: 'visits.view', group: 'work', page: VisitsCalendarPage }),
  entry({ id: 'visitsByDate', icon: 'CalendarOutlined', access: 'visits.view', page: VisitsDayPage }),
  entry({ id: 'visitsPlanned', icon: 'ScheduleOutlined', access: 'visits.view', group: 'work', page: VisitsPlannedPage }),
  entry({ id: 'visitsRepresentative', icon: 'CarryOutOutlined', access: 'visits.view', group: 'work', page: VisitsRepresentativePage }),
  entry({ id: 'historyVisits', icon: 'HistoryOutlined', access: 'visits.view', group: 'work', page: HistoryVisitsPage }),
  // the manager's review of visits whose proof score fell below the threshold (a rep's own visits never show there)
  entry({ id: 'questionableVisits', icon: 'ExclamationCircleOutlined', access: 'visits.edit', group: 'work', page: QuestionableVisitsPage }),
  entry({ id: 'chooseVisit', icon: 'AimOutlined', access: 'visits.view', group: 'work', page: ChooseVisitPage }),
  entry({ id: 'pointVisit', icon: 'EnvironmentOutlined', access: 'visits.view', group: 'work', page: PointVisitPage }),
  entry({ id: 'pointVisitItem', icon: 'EnvironmentOutlined', access: 'visits.view', page: VisitPage }),
  entry({ id: 'pointVisitNew', icon: 'EnvironmentOutlined', access: 'visits.view', page: VisitPage }),
  entry({ id: 'nearbyOrganizations', icon: 'CompassOutlined', access: 'organizations.view', group: 'work', page: NearbyOrganizationsPage }),
  entry({ id: 'chooseDoctor', icon: 'SolutionOutlined', access: 'visits.view', page: ChooseDoctorPage }),
  entry({ id: 'favorites', icon: 'StarOutlined', access: 'organizations.view', group: 'work', page: FavoritesPage }),
  entry({ id: 'favorite', icon: 'StarOutlined', access: 'organizations.view', page: DoctorPage }),
  entry({ id: 'favoritePharmacies', icon: 'HeartOutlined', access: 'organizations.view', group: 'work', page: FavoritePharmaciesPage }),
  entry({ id: 'history', icon: 'HistoryOutlined', access: 'visits.view', page: OrganizationHistoryPage }),
  entry({ id: 'removingResidues', icon: 'MinusSquareOutlined', access: 'visits.view', page: RemovingResiduesPage }),
  entry({ id: 'events', icon: 'FlagOutlined', access: 'events.view', group: 'work', page: EventsPage }),
  entry({ id: 'tasks', icon: 'CheckSquareOutlined', access: 'tasks.view', group: 'work', page: TasksPage }),
  entry({ id: 'voiceAssistant', icon: 'AudioOutlined', access: 'visits.view', group: 'work' }),

  // Sales: orders from request to shipment
  entry({ id: 'orders', icon: 'ShoppingCartOutlined', access: 'orders.view', group: 'sales', page: OrdersPage }),
  entry({ id: 'confirmOrders', icon: 'FileDoneOutlined', access: 'orders.view', group: 'sales', page: ConfirmOrdersPage }),
  entry({ id: 'addOrderNew', icon: 'FileAddOutlined', access: 'orders.edit', group: 'sales', page: AddOrderNewPage }),
  entry({ id: 'addOrders', icon: 'FileAddOutlined', access: 'orders.edit', page: AddOrdersPage }),
  entry({ id: 'ordersItem', icon: 'ProfileOutlined', access: 'orders.view', page: OrderPage }),
  entry({ id: 'ordersItemEdit', icon: 'EditOutlined', access: 'orders.edit', page: OrderEditPage }),
  entry({ id: 'addDrugs', icon: 'MedicineBoxOutlined', access: 'orders.edit', page: AddDrugsPage }),
  entry({ id: 'drugsTableEdit', icon: 'TableOutlined', access: 'orders.edit', page: DrugsTableEditPage }),
  entry({ id: 'sendOrders', icon: 'DeliveredProcedureOutlined', access: 'orders.edit', group: 'sales', page: SendOrdersPage }),
  entry({ id: 'matrix', icon: 'AppstoreOutlined', access: 'orders.view', group: 'sales', page: MatrixPage }),
  // the calculator behind the visit's suggested order, for checking it (spec: "test screen using visit statistics")
  entry({ id: 'testOrder', icon: 'ExperimentOutlined', access: 'orders.view', page: TestOrderPage }),
  entry({ id: 'print', icon: 'PrinterOutlined', access: 'orders.view', page: PrintPage }),
  // every status change of the orders in scope (/order-history), scoped and permitted as /orders
  entry({ id: 'orderHistory', icon: 'HistoryOutlined', access: 'orders.view', group: 'sales', page: OrderHistoryPage }),

  // Stock: balances, what to offer first, incomes, write-offs, the catalog and its references
  entry({ id: 'stock', icon: 'DatabaseOutlined', access: 'stock.view', group: 'stock', page: StockPage }),
  entry({ id: 'shortDated', icon: 'HourglassOutlined', access: 'stock.view', group: 'stock', page: ShortDatedPage }),
  entry({ id: 'residuesDrugs', icon: 'MedicineBoxOutlined', access: 'stock.view', group: 'stock', page: ResiduesPage }),
  entry({ id: 'products', icon: 'ProductOutlined', access: 'stock.view', group: 'stock', page: ProductsPage }),
  entry({ id: 'incomes', icon: 'ImportOutlined', access: 'stock.view', group: 'stock', page: IncomesPage }),
  entry({ id: 'incomeCreate', icon: 'FileAddOutlined', access: 'stock.edit', page: IncomeCreatePage }),
  entry({ id: 'incomeStatistics', icon: 'BarChartOutlined', access: 'stock.view', group: 'stock', page: IncomeStatisticsPage }),
  entry({ id: 'incomeItem', icon: 'ImportOutlined', access: 'stock.view', page: IncomePage }),
  entry({ id: 'removedStockHistory', icon: 'MinusSquareOutlined', access: 'stock.view', group: 'stock', page: RemovedStockHistoryPage }),
  // /editable: stock rows edited in place (spec: "editable list of orders or stock")
  entry({ id: 'editable', icon: 'FormOutlined', access: 'stock.edit', group: 'stock', page: EditablePage }),
  // medication status belongs to the catalog: the API needs stock.view (was visits.view)
  entry({ id: 'statusDrugs', icon: 'ExperimentOutlined', access: 'stock.view', group: 'stock', page: StatusDrugsPage }),
  entry({ id: 'producers', icon: 'ApiOutlined', access: 'stock.view', group: 'stock', page: ProducersPage }),
  entry({ id: 'categories', icon: 'TagsOutlined', access: 'stock.view', group: 'stock', page: CategoriesPage }),
  entry({ id: 'warehouses', icon: 'ShopFilled', access: 'stock.view', group: 'stock', page: WarehousesPage }),

  // Counterparties
  entry({ id: 'references', icon: 'ShopOutlined', access: 'organizations.view', group: 'counterparties', page: ReferencesPage }),
  entry({ id: 'organization', icon: 'ShopOutlined', access: 'organizations.view', page: OrganizationPage }),
  entry({ id: 'referencesNew', icon: 'ShopOutlined', access: 'organizations.view', page: ReferencesMapPage }),
  entry({ id: 'addOrganization', icon: 'FileAddOutlined', access: 'organizations.edit', group: 'counterparties', page: OrganizationFormPage }),
  entry({ id: 'editOrganization', icon: 'EditOutlined', access: 'organizations.view', page: OrganizationFormPage }),
  entry({ id: 'addAddress', icon: 'EnvironmentOutlined', access: 'organizations.edit', page: AddAddressPage }),
  entry({ id: 'addDeliveryAddress', icon: 'EnvironmentOutlined', access: 'organizations.edit', page: AddDeliveryAddressPage }),
  entry({ id: 'brands', icon: 'TagsOutlined', access: 'organizations.view', group: 'counterparties', page: BrandsPage }),
  entry({ id: 'blockedOrganizations', icon: 'StopOutlined', access: 'organizations.view', group: 'counterparties', page: BlockedOrganizationsPage }),

  // Logistics
  entry({ id: 'logistics', icon: 'DashboardOutlined', access: 'logistics.view', group: 'logistics', page: LogisticsPage }),
  entry({ id: 'facts', icon: 'UnorderedListOutlined', access: 'logistics.view', group: 'logistics', page: FactsPage }),
  entry({ id: 'delivery', icon: 'TruckOutlined', access: 'logistics.view', group: 'logistics', page: DeliveryMapPage }),
  entry({ id: 'courierDeliveries', icon: 'CarOutlined', access: 'logistics.view', actors: ['courier'], group: 'logistics', page: CourierDeliveriesPage }),
  entry({ id: 'courierDelivery', icon: 'CarOutlined', access: 'logistics.view', actors: ['courier'], page: CourierDeliveryPage }),
  entry({ id: 'cars', icon: 'CarOutlined', access: 'logistics.view', group: 'logistics', page: CarsPage }),
  entry({
    id: 'shipmentsWizard',
    icon: 'ContainerOutlined',
    access: 'logistics.edit',
    actors: deliveryPlannerParts,
    group: 'logistics',
    page: ShipmentsWizardPage,
  }),

  // Analytics
  entry({ id: 'statistics', icon: 'PieChartOutlined', access: 'reports.view', group: 'analytics', page: StatisticsPage }),
  entry({ id: 'coverageMap', icon: 'CompassOutlined', access: 'reports.view', group: 'analytics', page: CoverageMapPage }),
  entry({ id: 'monthlySales', icon: 'RiseOutlined', access: 'reports.view', group: 'analytics', page: MonthlySalesPage }),
  entry({ id: 'reportsByRegion', icon: 'EnvironmentOutlined', access: 'reports.view', group: 'analytics', page: ReportsByRegionPage }),
  entry({ id: 'reportsByBranch', icon: 'BranchesOutlined', access: 'reports.view', group: 'analytics', page: ReportsByBranchPage }),
  entry({ id: 'reportsByEmployee', icon: 'UserOutlined', access: 'reports.view', group: 'analytics', page: ReportsByEmployeePage }),
  entry({ id: 'reportsGeneral', icon: 'LineChartOutlined', access: 'reports.view', group: 'analytics', page: ReportsGeneralPage }),

  // Communication
  entry({ id: 'messages', icon: 'MessageOutlined', access: 'messages.view', group: 'communication', page: MessagesPage, badge: MessagesNavBadge }),
  entry({ id: 'leads', icon: 'FundOutlined', access: 'leads.view', group: 'communication', page: LeadsPage }),
  entry({ id: 'leadConvert', icon: 'FundOutlined', access: 'leads.edit', page: LeadConvertPage }),
  entry({ id: 'calls', icon: 'PhoneOutlined', access: 'calls.view', group: 'communication', page: CallsPage }),
  entry({ id: 'socialNetworks', icon: 'ShareAltOutlined', access: 'chats.view', group: 'communication', page: ChatsPage }),
  // Settings → Telephony: the adapter (telephony.edit) and one's own extension (issue 18)
  entry({ id: 'telephony', icon: 'CustomerServiceOutlined', access: 'calls.view', group: 'settings', page: TelephonyPage }),

  // Knowledge
  entry({ id: 'knowledgeBase', icon: 'BookOutlined', access: 'knowledge.view', group: 'knowledge', page: KnowledgePage }),
  entry({ id: 'knowledgeArticle', icon: 'BookOutlined', access: 'knowledge.view', page: ArticlePage }),
  entry({ id: 'knowledgeArticleEdit', icon: 'EditOutlined', access: 'knowledge.edit', page: ArticleEditPage }),
  // knowledge checks (issue 19 item 3): its own rights area, testing
  entry({ id: 'testing', icon: 'FileSearchOutlined', access: 'testing.view', group: 'knowledge', page: TestingPage }),
  entry({ id: 'testingAttempt', icon: 'FileSearchOutlined', access: 'testing.view', page: AttemptPage }),
  entry({ id: 'trainingManuals', icon: 'ReadOutlined', access: 'knowledge.view', group: 'knowledge' }),

  // Licensing
  entry({ id: 'licenses', icon: 'FileProtectOutlined', access: 'licenses.view', group: 'licensing' }),
  entry({ id: 'systems', icon: 'ClusterOutlined', access: 'licenses.view', group: 'licensing' }),
  entry({ id: 'tariffs', icon: 'WalletOutlined', access: 'licenses.view', group: 'licensing' }),

  // Settings
  entry({ id: 'settingsMain', icon: 'ToolOutlined', access: 'settings.view', group: 'settings' }),
  entry({ id: 'staff', icon: 'TeamOutlined', access: 'users.view', group: 'settings', page: StaffPage }),
  entry({ id: 'roles', icon: 'KeyOutlined', access: 'roles.view', group: 'settings', page: RolesPage }),
  entry({ id: 'regions', icon: 'EnvironmentOutlined', access: 'settings.view', group: 'settings', page: RegionsPage }),
  entry({ id: 'departments', icon: 'ApartmentOutlined', access: 'settings.view', group: 'settings', page: DepartmentsPage }),
  entry({ id: 'branches', icon: 'BankOutlined', access: 'settings.view', group: 'settings', page: BranchesPage }),
  entry({ id: 'territories', icon: 'GlobalOutlined', access: 'users.view', group: 'settings', page: TerritoriesPage }),
  entry({ id: 'targets', icon: 'FlagOutlined', access: 'users.view', group: 'settings', page: TargetsPage }),
  entry({ id: 'filters', icon: 'FilterOutlined', access: 'settings.view', group: 'settings' }),
  entry({ id: 'prepaymentsMarkups', icon: 'PercentageOutlined', access: 'settings.view', group: 'settings', page: PrepaymentsMarkupsPage }),
  entry({ id: 'license', icon: 'FieldTimeOutlined', access: 'settings.view', group: 'settings' }),
  entry({ id: 'auditLog', icon: 'AuditOutlined', access: 'audit.view', group: 'settings', page: AuditLogPage }),
  entry({ id: 'chatTemplates', icon: 'MessageOutlined', access: 'settings.view', group: 'settings', page: ChatTemplatesPage }),
  entry({ id: 'leadStages', icon: 'FilterOutlined', access: 'settings.view', group: 'settings', page: LeadStagesPage }),

  // The signed-in user's own pages (profile menu)
  entry({ id: 'profile', icon: 'IdcardOutlined', access: 'signedIn', page: ProfilePage }),
  entry({ id: 'changePassword', icon: 'LockOutlined', access: 'signedIn', page: ChangePasswordPage }),
  // what this device made offline and where it stands (issue 16): the header's sync indicator opens it
  entry({ id: 'sync', icon: 'CloudSyncOutlined', access: 'signedIn', page: SyncPage }),
  // how each kind of notification reaches the user (issue 17): the bell's list links to it
  entry({ id: 'notificationSettings', icon: 'BellOutlined', access: 'notifications.view', page: NotificationSettingsPage }),
];

/**
 * The main screen (/ and /main) of a role whose day is not the representatives' visits: the screen of
 * the registry it opens on — the operator works from the queue of orders sent for review. Other roles
 * get the visits day (whoever works with visits) or the shortcuts to their screens.
 */
export const mainScreenOf: Partial<Record<Role, ScreenId>> = { operator: 'confirmOrders' };

/** The ids of the main screen (/ and /main). */
export const homeScreens: readonly ScreenId[] = ['home', 'main'];

export function findEntry(id: ScreenId): NavEntry | undefined {
  return navRegistry.find((e) => e.id === id);
}

/** Whether the signed-in user may open an entry: its right, and the part it needs when it names one. */
export function useNavAccess(): (entry: NavEntry) => boolean {
  const grants = useGrants();
  const role = useSession().user?.role;
  return useCallback(
    (entry: NavEntry) =>
      canAccess(grants, entry.access) &&
      (!entry.anyOf || entry.anyOf.some((right) => canAccess(grants, right))) &&
      (!entry.actors || (!!role && orderActorsOfRole[role].some((part) => entry.actors!.includes(part)))),
    [grants, role],
  );
}
