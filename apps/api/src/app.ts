import { createServer } from 'node:http';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, type SiteConfig } from '@kaushal/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type Adapters, createAdapters } from './adapters.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { BlockLogDestination } from './lib/log-destination.ts';
import { createMetrics, type Metrics } from './lib/metrics.ts';
import { ReplayedReads } from './lib/replayed-reads.ts';
import { lazyChildLogger, OneLinePerRequest, RequestLines, requestId } from './lib/request-log.ts';
import { type Clock, systemClock } from './lib/time.ts';
import { accountRoutes } from './modules/account/index.ts';
import { adminResourceRoutes, adminRoutes, adminUploadRoutes } from './modules/admin/index.ts';
import { analyticsJobs, analyticsRoutes } from './modules/analytics/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { billingRoutes } from './modules/billing/index.ts';
import { catalogueRoutes } from './modules/catalogue/index.ts';
import { certificateRoutes } from './modules/certificates/index.ts';
import { adminCouponRoutes } from './modules/coupons/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { enrollmentRoutes } from './modules/enrollment/index.ts';
import { invoiceAttachment, invoiceRoutes } from './modules/invoices/index.ts';
import { learnerRoutes } from './modules/learners/index.ts';
import { learningRoutes } from './modules/learning/index.ts';
import { devMailboxRoutes, hasDevMailbox, mailRoutes, startMailJobs } from './modules/mail/index.ts';
import { notesRoutes } from './modules/notes/index.ts';
import { orderRoutes } from './modules/orders/index.ts';
import { paymentRoutes } from './modules/payments/index.ts';
import { quizRoutes } from './modules/quizzes/index.ts';
import { refundRoutes } from './modules/refunds/index.ts';
import { siteRoutes } from './modules/site/index.ts';
import { streamingJobs, streamingRoutes } from './modules/streaming/index.ts';
import { supportInboxRoutes, supportRoutes } from './modules/support/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import { registerCanonicalHost } from './plugins/canonical-host.ts';
import { handleFrameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerResponseHeaders } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';
import { createFirstPaintRenderer } from './plugins/web-first-paint.ts';

/** What route plugins use, handed to them by buildApp (the composition root): they construct none of it. */
export interface AppDeps extends Adapters {
  config: Config;
  database: Database;
  db: Db;
  site: SiteConfig;
  clock: Clock;
  metrics: Metrics;
  /** Public reads answered again in front of Fastify (decision 049). */
  replays: ReplayedReads;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  site: SiteConfig;
  clock?: Clock;
  /** Pino options; false silences logs (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Where the production logger (with its redaction) writes instead of stdout: tests read what it logs. */
  logStream?: { write(line: string): void };
}

/** Headers and fields that must never reach a log. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-razorpay-signature"]',
  'res.headers["set-cookie"]',
  '*.razorpay_signature',
  '*.password',
  '*.token',
];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, site } = options;
  // Logs leave through an asynchronous destination that writes in blocks: a busy process does not wait on stdout
  // for each line (decisions 022 and 044).
  const logDestination = options.logStream ? null : new BlockLogDestination();
  const logStream = options.logStream ?? logDestination ?? undefined;
  // The request lines are written without pino's redaction, to the same destination (decisions 035 and 049).
  const requestLines =
    options.logger === undefined ? new RequestLines(config.logLevel, logStream ?? process.stdout) : undefined;
  const metrics = createMetrics(database.poolStats);
  const replays = new ReplayedReads(requestLines, metrics);
  const app = Fastify({
    serverFactory: (handler) => createServer((req, res) => replays.answer(req, res) || handler(req, res)),
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      stream: logStream,
    },
    logController: new OneLinePerRequest(requestLines),
    childLoggerFactory: lazyChildLogger,
    genReqId: requestId,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: handleFrameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  const clock = options.clock ?? systemClock;
  app.decorate('deps', {
    config,
    database,
    db: database.db,
    site,
    clock,
    metrics,
    replays,
    ...createAdapters(config, database, { clock, metrics, log: app.log, site }),
  });
  const stopCheckpoints = database.keepWalBounded?.({
    onError: (error) => app.log.warn({ err: error }, 'embedded database: checkpoint failed, trying again shortly'),
  });
  app.addHook('preClose', (done) => {
    stopCheckpoints?.();
    replays.close();
    done();
  });
  app.addHook('onClose', async () => {
    // After the last request: reports and events already received are written before the database closes, also
    // those whose client went away without waiting for the answer.
    await Promise.all([app.deps.progressWriter.settled(), app.deps.eventWriter.settled()]);
    await app.deps.jobs.stop();
    app.deps.mailer.close();
    await app.deps.pdfThread.close();
    logDestination?.flushSync();
  });
  // Hooks of every request in callback style: no promise per request for work that never waits.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  // JSON only: Fastify also parses text/plain by default, which no endpoint expects (the learning routes add
  // their own for sendBeacon); such a body is what a cross-site page can send without a CORS preflight.
  app.removeContentTypeParser('text/plain');

  // First of the request hooks: every answer carries these, a redirect or an error included.
  registerResponseHeaders(app, config);
  // Next: a page opened under another host name moves to PUBLIC_URL's before any cookie is set.
  registerCanonicalHost(app, config);
  await app.register(fastifyCookie);
  if (config.webOrigin !== config.publicUrl) {
    await app.register(fastifyCors, { origin: config.webOrigin, credentials: true });
  }
  await registerRateLimits(app, config);
  // Serves files for sendFile() (media, demo video) without exposing a folder of its own.
  await app.register(fastifyStatic, { root: path.join(config.contentDir, 'media'), serve: false });
  await app.register(fastifySwagger, {
    openapi: { info: { title: `${site.productName} API`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  // Opt-in in production (API_DOCS): the full route map helps an attacker more than a learner.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  registerOriginCheck(app);

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(catalogueRoutes);
      await api.register(authRoutes);
      await api.register(learningRoutes);
      await api.register(streamingRoutes);
      await api.register(notesRoutes);
      await api.register(enrollmentRoutes);
      await api.register(paymentRoutes);
      await api.register(quizRoutes);
      await api.register(supportRoutes);
      await api.register(dashboardRoutes);
      await api.register(certificateRoutes);
      await api.register(invoiceRoutes);
      await api.register(accountRoutes);
      await api.register(siteRoutes);
      await api.register(mailRoutes);
      await api.register(adminRoutes);
      await api.register(adminUploadRoutes);
      await api.register(adminResourceRoutes);
      await api.register(adminCouponRoutes);
      await api.register(billingRoutes);
      await api.register(refundRoutes);
      await api.register(orderRoutes);
      await api.register(learnerRoutes);
      await api.register(supportInboxRoutes);
      await api.register(analyticsRoutes);
    },
    { prefix: API_PREFIX },
  );
  // Outside production without SMTP_URL, mail is kept in the database and read here.
  // Email attachments (an invoice's PDF) are resolved at delivery from the references stored with the message.
  const resolveAttachment = invoiceAttachment(database.db, app.deps.pdfThread);
  if (hasDevMailbox(app.deps)) await app.register(devMailboxRoutes, { resolveAttachment });
  await startMailJobs(app, resolveAttachment, [analyticsJobs(app), streamingJobs(app)]);

  await registerWeb(app, {
    distDir: config.webDistDir,
    contentDir: config.contentDir,
    media: app.deps.media,
    renderIndex: createFirstPaintRenderer(
      { modulePath: config.webFirstPaintModule, cacheMs: config.catalogueCacheMs, publicUrl: config.publicUrl },
      app.log,
    ),
  });
  return app;
}

/**
 * The web client sends `Content-Type: application/json` on every request (spec), also on body-less POSTs
 * such as logout; Fastify would refuse those as an empty JSON body. Keep the default parser (with its
 * prototype-poisoning protection) and let an empty body mean "no body".
 */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body.toString(), done);
  });
}
