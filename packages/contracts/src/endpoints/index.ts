import { catalogEndpoints } from './catalog.js';
import { visitsEndpoints } from './visits.js';
import { logisticsEndpoints } from './logistics.js';
import { ordersEndpoints } from './orders.js';
import { stockEndpoints } from './stock.js';
import { incomesEndpoints } from './incomes.js';
import { warehousesEndpoints } from './warehouses.js';
import { pricingEndpoints } from './pricing.js';
import { organizationsEndpoints } from './organizations.js';
import { doctorsEndpoints } from './doctors.js';
import { brandsEndpoints } from './brands.js';
import { regionsEndpoints } from './regions.js';
import { territoriesEndpoints } from './territories.js';
import { geocodeEndpoints } from './geocode.js';
import { usersEndpoints } from './users.js';
import { orgUnitsEndpoints } from './org-units.js';
import { accountEndpoints } from './account.js';
import { rolesEndpoints } from './roles.js';
import { auditEndpoints } from './audit.js';
import { appConfigEndpoints } from './app-config.js';
import { healthEndpoints } from './health.js';
import { analyticsEndpoints } from './analytics.js';
import { desktopEndpoints } from './desktop.js';
import { searchEndpoints } from './search.js';
import { notificationsEndpoints } from './notifications.js';
import { tasksEndpoints } from './tasks.js';
import { messagesEndpoints } from './messages.js';
import { eventsEndpoints } from './events.js';
import { leadsEndpoints } from './leads.js';
import { chatsEndpoints } from './chats.js';
import { callsEndpoints } from './calls.js';
import { knowledgeEndpoints } from './knowledge.js';
import { testingEndpoints } from './testing.js';

/**
 * Every endpoint of the API, declared once (issue 14): the server registers its routes from this table
 * (`serve`), the web calls them through the client made from it (`api.<domain>.<…>`), and the OpenAPI
 * document describes them. A domain adds its file here.
 */
export const endpoints = {
  catalog: catalogEndpoints,
  visits: visitsEndpoints,
  logistics: logisticsEndpoints,
  orders: ordersEndpoints,
  stock: stockEndpoints,
  incomes: incomesEndpoints,
  warehouses: warehousesEndpoints,
  pricing: pricingEndpoints,
  organizations: organizationsEndpoints,
  doctors: doctorsEndpoints,
  brands: brandsEndpoints,
  regions: regionsEndpoints,
  territories: territoriesEndpoints,
  geocode: geocodeEndpoints,
  users: usersEndpoints,
  orgUnits: orgUnitsEndpoints,
  account: accountEndpoints,
  roles: rolesEndpoints,
  audit: auditEndpoints,
  appConfig: appConfigEndpoints,
  health: healthEndpoints,
  analytics: analyticsEndpoints,
  desktop: desktopEndpoints,
  search: searchEndpoints,
  notifications: notificationsEndpoints,
  tasks: tasksEndpoints,
  messages: messagesEndpoints,
  events: eventsEndpoints,
  leads: leadsEndpoints,
  chats: chatsEndpoints,
  calls: callsEndpoints,
  knowledge: knowledgeEndpoints,
  testing: testingEndpoints,
};
export type Endpoints = typeof endpoints;
