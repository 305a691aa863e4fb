import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { badRequest } from '../../lib/errors.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { hashToken, requireUser, SESSION_COOKIE } from '../auth/index.ts';
import { findPlayableLesson } from './lesson-access.ts';
import { lessonDetail, openVideoSession } from './lesson-service.ts';
import { mediaRoutes } from './media-routes.ts';
import { resourceRoutes } from './resource-routes.ts';

/** 100 events of about 100 bytes each, with room to spare; larger bodies get 413. */
export const EVENTS_BODY_LIMIT = 32 * 1024;

/** Lessons, signed video, progress, watch events and the media they point to. */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, media, eventWriter, progressWriter, hlsAccess } = app.deps;

  // navigator.sendBeacon posts its JSON as text/plain; parse it as JSON in this plugin only.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The request body is not valid JSON.', 'invalid_json'), undefined);
    }
  });

  route(app, endpoints.lesson, {}, async (request, reply) => {
    const user = await requireUser(request);
    const now = clock();
    const { lesson } = await findPlayableLesson(db, request.params.id, user, now);
    reply.header('cache-control', 'private, no-store');
    return lessonDetail(db, media, lesson, user.id, now);
  });

  route(app, endpoints.lessonSignedUrl, {}, async (request, reply) => {
    const user = await requireUser(request);
    const now = clock();
    const { lesson } = await findPlayableLesson(db, request.params.id, user, now);
    reply.header('cache-control', 'private, no-store');
    const video = await openVideoSession(db, media, lesson, user.id, now);
    // The adaptive stream once the video is transcoded (decision 034); the player falls back to `url` without it.
    const cookie = request.cookies[SESSION_COOKIE];
    const hls =
      video.type === 'direct' && lesson.videoRef && cookie
        ? await hlsAccess.open(lesson.videoRef, video.sessionId, hashToken(cookie), now)
        : null;
    return { ...video, hls };
  });

  // Far above what one player sends (a report per 10 s of playback, a batch per 10 events or 30 s).
  // Access, the row and its certificate are the progress writer's, a batch of concurrent reports at a time.
  // A session this process confirmed in the last seconds is enough here (decision 041): a playing video reports
  // every 10 s, and only the learner's id and roles are read.
  const recent = { recent: true };
  route(
    app,
    endpoints.lessonProgress,
    { config: perLearnerRateLimit(240, { recentSession: true }) },
    async (request) => {
      const user = await requireUser(request, recent);
      return progressWriter.save({ viewer: user, lessonId: request.params.id, body: request.body, now: clock() });
    },
  );

  route(
    app,
    endpoints.lessonEvents,
    { bodyLimit: EVENTS_BODY_LIMIT, config: perLearnerRateLimit(600) },
    async (request) => {
      const user = await requireUser(request);
      const accepted = await eventWriter.write(user.id, request.params.id, request.body, clock());
      return { accepted };
    },
  );

  await app.register(mediaRoutes);
  await app.register(resourceRoutes);
};
