import {
  API_PREFIX,
  idParamsSchema,
  lessonDetailSchema,
  progressBodySchema,
  progressResponseSchema,
  routes,
  signedVideoSchema,
  videoEventsBodySchema,
  videoEventsResponseSchema,
} from '@kaushal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batchOptionsFor } from '../../lib/batching.ts';
import { badRequest } from '../../lib/errors.ts';
import { createLocalMediaStore } from '../../providers/media/local-media-store.ts';
import { hashToken, requireUser, SESSION_COOKIE } from '../auth/session.ts';
import { EventWriter } from './event-ingest.ts';
import { findPlayableLesson } from './lesson-access.ts';
import { lessonDetail, openVideoSession } from './lesson-service.ts';
import { mediaRoutes } from './media-routes.ts';
import { saveProgress } from './progress-service.ts';

/** 100 events of about 100 bytes each, with room to spare; larger bodies get 413. */
export const EVENTS_BODY_LIMIT = 32 * 1024;

/** Per learner (their session cookie), else per address: far above what one player sends. */
const perLearner = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => {
      const token = request.cookies[SESSION_COOKIE];
      return token ? `learner:${hashToken(token)}` : `ip:${request.ip}`;
    },
  },
});

/** Lessons, signed video, progress, watch events and the media they point to. */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, database, clock, config, metrics } = app.deps;
  const events = new EventWriter(db, metrics.eventsIngested, batchOptionsFor(database));
  const media = createLocalMediaStore({
    secret: config.mediaSigningSecret,
    basePath: `${API_PREFIX}${routes.media.replace('/*', '')}`,
  });

  // navigator.sendBeacon posts its JSON as text/plain; parse it as JSON in this plugin only.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The request body is not valid JSON.', 'invalid_json'), undefined);
    }
  });

  app.get(
    routes.lesson,
    { schema: { tags: ['learning'], params: idParamsSchema, response: { 200: lessonDetailSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const now = clock();
      const { lesson } = await findPlayableLesson(db, request.params.id, user.id, now);
      reply.header('cache-control', 'private, no-store');
      return lessonDetail(db, media, lesson, user.id, now);
    },
  );

  app.get(
    routes.lessonSignedUrl,
    { schema: { tags: ['learning'], params: idParamsSchema, response: { 200: signedVideoSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const now = clock();
      const { lesson } = await findPlayableLesson(db, request.params.id, user.id, now);
      reply.header('cache-control', 'private, no-store');
      return openVideoSession(db, media, lesson, user.id, now);
    },
  );

  app.put(
    routes.lessonProgress,
    {
      config: perLearner(240),
      schema: {
        tags: ['learning'],
        params: idParamsSchema,
        body: progressBodySchema,
        response: { 200: progressResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const now = clock();
      const { lesson, access } = await findPlayableLesson(db, request.params.id, user.id, now);
      return saveProgress(db, lesson, access, user.id, request.body, now);
    },
  );

  app.post(
    routes.lessonEvents,
    {
      bodyLimit: EVENTS_BODY_LIMIT,
      config: perLearner(600),
      schema: {
        tags: ['learning'],
        params: idParamsSchema,
        body: videoEventsBodySchema,
        response: { 200: videoEventsResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const accepted = await events.write(user.id, request.params.id, request.body, clock());
      return { accepted };
    },
  );

  await app.register(mediaRoutes);
};
