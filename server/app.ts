import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_NAME } from '../domain/codes.js';
import { EXTEND_HEADER, registerGuard } from './auth/guard.js';
import { registerRateLimits } from './auth/rateLimitStore.js';
import { SessionCache } from './auth/sessionCache.js';
import { TokenService } from './auth/tokens.js';
import { ReminderScheduler } from './commands/reminderScheduler.js';
import { runReminderPass } from './commands/reminders.js';
import type { AppConfig } from './config.js';
import { type Database, openDatabase } from './db/database.js';
import { VIDEO_HOSTS } from './html/sanitize.js';
import { bindKeys } from './http/bindKeys.js';
import { BODY_LIMIT, limitPublicCalls, registerJsonParser } from './http/bodyLimits.js';
import { apiNotFound, registerErrorHandling } from './http/errors.js';
import { registerBoundedValidator } from './http/inputBounds.js';
import { createMetrics, metricsRoute } from './http/metrics.js';
import { readyRoute } from './http/ready.js';
import { OneLineRequestLog } from './http/requestLog.js';
import { DOCUMENT_ONLY_HEADERS, registerSecurityHeaders } from './http/securityHeaders.js';
import { registerShutdownGate } from './http/shutdown.js';
import { limitWrites } from './http/writeLimits.js';
import { createMailer } from './mail/mailer.js';
import type { Deps } from './routes/deps.js';
import { routeAreas } from './routes/index.js';
import { mailQueueRoute } from './routes/mailQueue.js';
import { seedDatabase } from './seed/seedDatabase.js';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Every route as registered, so a test can check each one states who may call it. */
    apiRoutes: {
      method: string | string[];
      url: string;
      access: unknown;
      /**
       * The route's request schemas (zod), so a fuzz test can mutate each route's own input, and its
       * answer schemas, so a test can check every route declares its answer.
       */
      schema?: { body?: unknown; params?: unknown; querystring?: unknown; response?: unknown };
    }[];
  }
}

/** The OpenAPI description as /api/docs answers it: every field kept, the version named. */
const openApiDocument = z.looseObject({ openapi: z.string() }).describe('The OpenAPI 3 description');

/** The nearest `hops` proxies may name the client (Fastify's types take no plain hop count). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole product: database ready, routes mounted. Tests call this without a port. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Small by default; the rich-text saves of sections and questions set their own, larger limit.
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-For names the client only when the operator says which proxy sets it (TRUST_PROXY);
    // otherwise any client could pick its own address and slip past every per-address limit.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    logController: new OneLineRequestLog(),
    // Requests arriving during shutdown get the app's own 503 envelope (server/http/shutdown.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  registerShutdownGate(app);
  registerBoundedValidator(app);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app);

  const database: Database = await openDatabase(config);
  app.addHook('onClose', async () => database.close());
  // No answer leaves before the writes made so far are on disk (server/db/walFlush.ts).
  const { flush } = database;
  if (flush) app.addHook('onSend', async () => flush());
  await seedDatabase(database.db, config, app.log);
  const tokens = await TokenService.create(
    database.db,
    config.tokenTtlMinutes,
    config.jwtSecret,
    config.dataDir,
  );
  // Metrics cost nothing unless the operator asks for them (METRICS_TOKEN).
  const metrics = config.metricsToken
    ? createMetrics({
        token: config.metricsToken,
        database,
        smtp: config.smtpUrl !== undefined,
        outboxDir: path.join(config.dataDir, 'outbox'),
        mailQueue: () => mailer.sender.stats(),
      })
    : undefined;
  metrics?.trackRequests(app);
  // E-mail is queued in the database with the change it reports and sent by a loop after the commit,
  // retried with back-off (server/mail). The loop starts once the app is ready; at close it finishes
  // the delivery in progress before the database closes (onClose hooks run last-registered first).
  const mailer = createMailer(config, database.db, app.log, {
    flush: database.flush,
    observer: metrics?.mailObserver,
  });
  app.addHook('onReady', async () => mailer.sender.start());
  app.addHook('onClose', async () => mailer.close());
  // Reminders of unanswered invites and due actions (docs/decisions.md#insights-reminders): a loop in
  // every process; registered after the mailer, so at close it stops before the mailer does.
  const reminders = new ReminderScheduler(
    () => runReminderPass({ db: database.db, config, mailer }),
    config.reminderIntervalMinutes * 60_000,
    app.log,
  );
  app.addHook('onReady', async () => reminders.start());
  app.addHook('onClose', async () => reminders.stop());
  const sessions = new SessionCache(database.db, database.sessionChanges);
  const deps: Deps = { db: database.db, dialect: database.dialect, config, tokens, mailer, sessions };
  app.decorate('deps', deps);

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        // Help and intro videos embed players from the allow-listed video hosts only.
        frameSrc: VIDEO_HOSTS.map((host) => `https://${host}`),
        // No inline styles: the rich-text editor's base CSS ships in the app's stylesheet (injectCSS off).
        styleSrc: ["'self'"],
        // The built CSS embeds no fonts and loads none from elsewhere.
        fontSrc: ["'self'"],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Reset and invite pages carry their token in the address: no page sends it on as a referrer.
    referrerPolicy: { policy: 'no-referrer' },
  });
  // Text goes out compressed (the web app's scripts and styles, JSON, CSV): a phone on a slow line
  // downloads a fraction of the bytes. Brotli at a middle quality costs little CPU per answer.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // Counted in the database: every process sharing it applies the same limits (docs/decisions.md#data-shared-counters).
  await registerRateLimits(app, database.db);
  limitPublicCalls(app);
  // Per-user limits on submissions, draft saves and calls that send e-mail (docs/decisions.md#http-write-limits).
  limitWrites(app, database.db, config.writeLimitFactor);
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description: 'Every call of docs/product.md#calls.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api'))
      apiRoutes.push({
        method: route.method,
        url: route.url,
        access: route.config?.access,
        schema: route.schema && {
          body: route.schema.body,
          params: route.schema.params,
          querystring: route.schema.querystring,
          response: route.schema.response,
        },
      });
  });

  registerErrorHandling(app);
  registerGuard(app, sessions, tokens);
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api')) reply.header('access-control-expose-headers', EXTEND_HEADER);
  });
  // Answers and downloads hold people's data: no browser or proxy keeps a copy (errors included).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.toLowerCase().startsWith('/api')) reply.header('cache-control', 'no-store');
  });
  // docs/product.md#calls-conventions: body keys bind case-insensitively; rename them to the schema's spelling first.
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.body;
    if (schema && request.body !== undefined && typeof schema === 'object' && '_zod' in schema) {
      request.body = bindKeys(schema as never, request.body);
    }
  });

  await app.register(
    async (api) => {
      for (const area of routeAreas) area(api, deps);
      readyRoute(api, database.db);
      metricsRoute(api, metrics);
      mailQueueRoute(api, mailer);
      api.get(
        '/docs',
        { config: { access: 'public' }, schema: { hide: true, response: { 200: openApiDocument } } },
        async () => app.swagger(),
      );
    },
    { prefix: '/api' },
  );

  registerWebApp(app, config.webDir);
  return app;
}

/** Serves the built single-page app; every non-API path answers index.html so deep links work. */
function registerWebApp(app: FastifyInstance, webDir: string | undefined): void {
  const index = webDir ? path.join(webDir, 'index.html') : undefined;
  const hasWeb = index !== undefined && fs.existsSync(index);
  if (hasWeb && webDir) {
    app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (scripts/webBuild.mjs): sent as they are, no work per download.
      preCompressed: true,
      // Those copies are served in place of their file, never under their own address: without a
      // route each, start-up registers 123 routes for dist/web instead of 267, each twice (GET and HEAD):
      // about 30 ms of CPU less (docs/perf-notes/startup.md).
      globIgnore: ['**/*.br', '**/*.gz'],
      maxAge: '1h',
      immutable: false,
      // Vite names every asset after its content, so a browser may keep one for good; a script or
      // stylesheet then needs no validators, nor the page's own security headers
      // (docs/decisions.md#web-asset-headers).
      setHeaders: (reply, file) => {
        if (!file.split(path.sep).includes('assets')) return;
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        if (!/\.(js|css)(\.br|\.gz)?$/.test(file)) return;
        for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
        reply.removeHeader('etag').removeHeader('last-modified');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.toLowerCase().startsWith('/api')) {
      return reply.status(404).send(apiNotFound(request.method, request.url));
    }
    // A path that names a file (an old asset after a rebuild, a typo) is a real 404, not the app.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (hasWeb && !looksLikeFile && (request.method === 'GET' || request.method === 'HEAD')) {
      // A shared roadmap link's page: for the person holding the link, never for search engines.
      if (/^\/shared\//i.test(request.url)) reply.header('x-robots-tag', 'noindex, nofollow');
      // Asked for again each time (its own caching off): after an upgrade it names the new assets.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return reply
      .status(404)
      .type('text/plain')
      .send(
        hasWeb
          ? 'Not Found'
          : 'The web app is not built yet: run `npm run build` (npm start does it for you).',
      );
  });
}
