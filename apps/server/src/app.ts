import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { openApiTransform } from './platform/openapi.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { frameworkErrors, registerErrorHandler } from './platform/error-handler.js';
import { registerAuth, verifiedToken } from './platform/auth.js';
import { registerOfflineWrites } from './platform/offline/offline-writes.js';
import { loadActor } from './modules/users/users.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { appConfigRoutes } from './modules/app-config/app-config.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { rolesRoutes } from './modules/roles/roles.routes.js';
import { regionsRoutes } from './modules/regions/regions.routes.js';
import { orgUnitRoutes } from './modules/org-units/org-units.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { productsRoutes, producersRoutes, categoriesRoutes } from './modules/catalog/catalog.routes.js';
import { warehousesRoutes } from './modules/warehouses/warehouses.routes.js';
import { incomesRoutes } from './modules/incomes/incomes.routes.js';
import { stockRoutes } from './modules/stock/stock.routes.js';
import { reservationsRoutes } from './modules/stock/reservations.routes.js';
import { pricingRoutes } from './modules/pricing/pricing.routes.js';
import { territoriesRoutes } from './modules/territories/territories.routes.js';
import { brandsRoutes } from './modules/brands/brands.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { organizationsRoutes } from './modules/organizations/organizations.routes.js';
import { doctorsRoutes } from './modules/doctors/doctors.routes.js';
import { geocodeRoutes } from './modules/geocode/geocode.routes.js';
import { visitsRoutes } from './modules/visits/visits.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { paymentsRoutes } from './modules/orders/payments.routes.js';
import { carsRoutes } from './modules/logistics/cars.routes.js';
import { deliveriesRoutes } from './modules/logistics/deliveries.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { desktopRoutes } from './modules/desktop/desktop.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { tasksRoutes } from './modules/tasks/tasks.routes.js';
import { leadsRoutes } from './modules/leads/leads.routes.js';
import { testingRoutes } from './modules/testing/testing.routes.js';
import { chatsRoutes } from './modules/chats/chats.routes.js';
import { metaWebhookRoutes } from './modules/chats/meta-webhook.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import { callsRoutes, telephonyRoutes } from './modules/calls/calls.routes.js';
import { knowledgeRoutes } from './modules/knowledge/knowledge.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** the database itself: its LISTEN (notifications reach every instance, issue 17) */
    database: Database;
    /** where reports and statistics read: the replica of DATABASE_READ_URL, else the primary */
    readDb: Db;
    config: Config;
  }
}

/** Each domain is one Fastify plugin under its own prefix; a new domain adds one line here. */
const modules: [prefix: string, plugin: FastifyPluginAsync][] = [
  ['/api/health', healthRoutes],
  ['/api/app-config', appConfigRoutes],
  ['/api/account', accountRoutes],
  ['/api/users', usersRoutes],
  ['/api/roles', rolesRoutes],
  ['/api/regions', regionsRoutes],
  ['/api/departments', orgUnitRoutes('departments')],
  ['/api/branches', orgUnitRoutes('branches')],
  ['/api/audit', auditRoutes],
  ['/api/products', productsRoutes],
  ['/api/producers', producersRoutes],
  ['/api/categories', categoriesRoutes],
  ['/api/warehouses', warehousesRoutes],
  ['/api/incomes', incomesRoutes],
  ['/api/stock', stockRoutes],
  ['/api/reservations', reservationsRoutes],
  ['/api/pricing', pricingRoutes],
  ['/api/users', territoriesRoutes],
  ['/api/brands', brandsRoutes],
  ['/api/organizations', organizationsRoutes],
  ['/api/doctors', doctorsRoutes],
  ['/api/geocode', geocodeRoutes],
  ['/api/visits', visitsRoutes],
  ['/api/orders', ordersRoutes],
  ['/api', paymentsRoutes],
  ['/api/cars', carsRoutes],
  ['/api/deliveries', deliveriesRoutes],
  ['/api/analytics', analyticsRoutes],
  ['/api/desktop', desktopRoutes],
  ['/api/search', searchRoutes],
  ['/api/notifications', notificationsRoutes],
  ['/api/tasks', tasksRoutes],
  ['/api/messages', messagesRoutes],
  ['/api/events', eventsRoutes],
  ['/api', leadsRoutes],
  ['/api', testingRoutes],
  ['/api', chatsRoutes],
  ['/api/social', metaWebhookRoutes],
  ['/api/calls', callsRoutes],
  ['/api/telephony', telephonyRoutes],
  ['/api/knowledge', knowledgeRoutes],
];

/** A hop count as proxy-addr reads it: the nearest `hops` addresses of the chain are proxies. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface AppDeps {
  config: Config;
  database: Database;
  /** a read replica for reports (DATABASE_READ_URL) */
  readDatabase?: Database;
  jwtSecret: string;
  logger?: boolean | object;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    frameworkErrors,
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    // X-Forwarded-For/-Proto count only from the configured proxies (TRUST_PROXY, decision 030)
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 5 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', deps.database.db);
  app.decorate('database', deps.database);
  app.decorate('readDb', deps.readDatabase?.db ?? deps.database.db);
  app.decorate('config', config);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https:'],
        workerSrc: ["'self'", 'blob:'],
        // only over TLS (below): over plain HTTP under any name but localhost it sends the browser to
        // https for every script and stylesheet, and the app stays blank (issue 13 item 2)
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    // request.protocol is https on a TLS socket, or behind a trusted proxy that says X-Forwarded-Proto: https
    if (request.protocol !== 'https') return;
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.raw.setHeader('content-security-policy', `${csp};upgrade-insecure-requests`);
    reply.raw.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  // The API rate limit (decision 031): a signed-in request counts against its user (the verified token's
  // subject), any other against its address, each with its own budget. One hook for the whole API that runs
  // before the auth hook, so a request refused with 401 is counted too.
  await app.register(rateLimit, {
    global: false,
    timeWindow: '1 minute',
    keyGenerator: (request) => {
      const token = verifiedToken(request);
      return token ? `user:${token.userId}` : `ip:${request.ip}`;
    },
    max: (_request, key) => (key.startsWith('user:') ? config.API_RATE_LIMIT_PER_MINUTE : config.API_RATE_LIMIT_ANONYMOUS_PER_MINUTE),
    // a PBX's call events come signed from one address, hundreds a second at peak (issue 18)
    allowList: (request) => !request.url.startsWith('/api') || request.url.startsWith('/api/telephony/webhook'),
  });
  app.addHook('onRequest', app.rateLimit());
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pharma field sales API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
      servers: [{ url: '/', description: 'this server' }],
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await registerAuth(app, {
    secret: deps.jwtSecret,
    tokenTtlMinutes: config.TOKEN_TTL_MINUTES,
    loadActor: (id) => loadActor(app.db, id),
  });

  registerOfflineWrites(app, app.db);
  for (const [prefix, plugin] of modules) await app.register(plugin, { prefix });

  if (existsSync(config.WEB_DIST)) {
    // index: false — the directory index at `/` is not the static plugin's: with preCompressed its index lookup
    // answered 404 to every request that accepts br/gzip (issue 13 item 1). `/` is a client-side route like
    // any other, served by the handler below (which picks index.html.br/.gz itself).
    // Vite names every file under assets/ by its content: a phone keeps them for a year without asking again
    // (issue 16); the rest (sw.js, boot.js, the manifests, the icons) keeps its name across builds, so it is revalidated
    const assets = path.join(path.resolve(config.WEB_DIST), 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      preCompressed: true,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', file.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    // the web app owns every other path (client-side routes), `/` included
    app.get('/*', { config: { access: 'public' } }, (request, reply) => {
      // an API path, or a build file that is not there (an open page of an older build): 404, never the app's HTML
      if (request.url.startsWith('/api') || request.url.startsWith('/assets/')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    });
  }
  return app;
}
