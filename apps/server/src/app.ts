import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { registerErrorHandler } from './platform/error-handler.js';
import { registerAuth } from './platform/auth.js';
import { loadActor } from './modules/users/users.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { appConfigRoutes } from './modules/app-config/app-config.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { rolesRoutes } from './modules/roles/roles.routes.js';
import { regionsRoutes } from './modules/regions/regions.routes.js';
import { orgUnitRoutes } from './modules/org-units/org-units.routes.js';
import { auditRoutes } from './platform/audit/audit.routes.js';
import { productsRoutes, producersRoutes, categoriesRoutes } from './modules/catalog/catalog.routes.js';
import { warehousesRoutes } from './modules/warehouses/warehouses.routes.js';
import { incomesRoutes } from './modules/incomes/incomes.routes.js';
import { stockRoutes } from './modules/stock/stock.routes.js';
import { reservationsRoutes } from './modules/stock/reservations.routes.js';
import { pricingRoutes } from './modules/pricing/pricing.routes.js';
import { territoriesRoutes } from './modules/territories/territories.routes.js';
import { brandsRoutes } from './modules/brands/brands.routes.js';
import { organizationsRoutes } from './modules/organizations/organizations.routes.js';
import { doctorsRoutes } from './modules/doctors/doctors.routes.js';
import { geocodeRoutes } from './modules/geocode/geocode.routes.js';
import { visitsRoutes } from './modules/visits/visits.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { paymentsRoutes } from './modules/orders/payments.routes.js';
import { carsRoutes } from './modules/logistics/cars.routes.js';
import { deliveriesRoutes } from './modules/logistics/deliveries.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
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
];

export interface AppDeps {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: boolean | object;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    trustProxy: true,
    bodyLimit: 5 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', deps.database.db);
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
      },
    },
  });
  await app.register(rateLimit, {
    max: config.API_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (req) => !req.url.startsWith('/api'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pharma field sales API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await registerAuth(app, {
    secret: deps.jwtSecret,
    tokenTtlMinutes: config.TOKEN_TTL_MINUTES,
    loadActor: (id) => loadActor(app.db, id),
  });

  for (const [prefix, plugin] of modules) await app.register(plugin, { prefix });

  if (existsSync(config.WEB_DIST)) {
    await app.register(fastifyStatic, { root: config.WEB_DIST, preCompressed: true, wildcard: false, index: 'index.html' });
    // the web app owns every other path (client-side routes)
    app.get('/*', { config: { access: 'public' } }, (request, reply) => {
      if (request.url.startsWith('/api')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
}
