import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeDemoLookup } from '../../content/demo-media/home-demo.ts';
import { route } from '../../lib/endpoint-route.ts';
import { conflict, notFound, unauthorized, unavailable } from '../../lib/errors.ts';

export const DEMO_VIDEO_KEY = 'demo.mp4';
export const BACKUP_TOKEN_REQUIRED = 'A valid backup token is required (DATA_DIR/secrets/backup-token).';

/** A bearer token compared in constant time. */
function bearerMatches(authorization: string | undefined, expected: string): boolean {
  const given = Buffer.from(authorization?.replace(/^Bearer /i, '') ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config, metrics, media } = app.deps;

  // Liveness: the process answers. Readiness (below) also needs the database.
  route(app, endpoints.healthLive, {}, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  route(app, endpoints.health, {}, async (_request, reply) => {
    try {
      await database.ping();
    } catch (error) {
      app.log.warn({ err: error }, 'health check: database unreachable');
      throw unavailable('The database is not reachable.', 'database_unavailable');
    }
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, database: 'ok' as const };
  });

  // The home page's demo video: public, from the same media store as the lessons. With DEMO_MEDIA, the tour made
  // from the catalogue (DATA_DIR/demo-media, content/demo-media/home-demo.ts) once it is there; until then the
  // committed one, cached briefly as it is about to be replaced.
  const homeDemo = config.demoMedia ? homeDemoLookup(config.demoMediaDir) : () => null;
  route(app, endpoints.demoVideo, {}, (_request, reply) => {
    const generated = homeDemo();
    if (generated) return media.send(reply, generated, 'public, max-age=86400');
    return media.send(reply, DEMO_VIDEO_KEY, config.demoMedia ? 'public, max-age=300' : 'public, max-age=86400');
  });

  // Prometheus exposition, for operators only: a bearer token (METRICS_TOKEN), compared in constant time.
  route(app, endpoints.metrics, {}, async (request, reply) => {
    if (!config.metricsToken) throw notFound('Metrics are not enabled on this server.', 'metrics_disabled');
    if (!bearerMatches(request.headers.authorization, config.metricsToken)) {
      throw unauthorized('A valid metrics token is required.');
    }
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return reply.send(await metrics.registry.metrics());
  });

  // `npm run backup` while the server runs: PGlite lives in this process, so only this process can copy it
  // consistently (db/pglite-backup.ts). Operators only: the token in DATA_DIR/secrets/backup-token, which whoever
  // can read the database folder itself can read. One at a time; queries wait during the copy, not the gzip.
  let backupRunning = false;
  route(app, endpoints.backup, {}, async (request, reply) => {
    if (!config.backupToken) throw notFound('Backups through the server are not enabled here.', 'backup_disabled');
    if (!bearerMatches(request.headers.authorization, config.backupToken)) {
      throw unauthorized(BACKUP_TOKEN_REQUIRED, 'backup_token_required');
    }
    if (!database.snapshot) {
      throw notFound(
        'This server uses PostgreSQL: back it up with pg_dump (docs/production.md).',
        'backup_not_embedded',
      );
    }
    if (backupRunning)
      throw conflict('A backup is being taken already. Try again when it has finished.', 'backup_running');
    backupRunning = true;
    try {
      const started = performance.now();
      const tar = await database.snapshot();
      request.log.info(
        { bytes: tar.byteLength, pausedMs: Math.round(performance.now() - started) },
        'database snapshot taken for a backup',
      );
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="kaushal-backup.tar.gz"')
        .type('application/gzip');
      const gzipped = Readable.from([tar]).pipe(createGzip());
      gzipped.once('close', () => {
        backupRunning = false;
      });
      return reply.send(gzipped);
    } catch (error) {
      backupRunning = false;
      throw error;
    }
  });
};
