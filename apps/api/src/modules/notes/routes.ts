import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { requireUser } from '../auth/index.ts';
import { findPlayableLesson } from '../learning/index.ts';
import { createNote, deleteNote, listCourseNotes, updateNote } from './service.ts';

/**
 * A learner's private notes and bookmarks on lessons (issue 18). Every route needs sign-in (401), and acts on
 * the caller's own notes only: another learner's note is 404, as if it did not exist. Adding one needs the
 * lesson to be one the learner may open (the learning module's rule: 403 or 404 otherwise).
 */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  route(app, endpoints.courseNotes, {}, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'private, no-store');
    return listCourseNotes(db, user, request.params.id);
  });

  // A learner typing notes adds a few a minute; far above that is a script.
  route(app, endpoints.createNote, { config: perLearnerRateLimit(120) }, async (request, reply) => {
    const user = await requireUser(request);
    const now = clock();
    const { lesson } = await findPlayableLesson(db, request.params.id, user, now);
    const note = await createNote(db, user.id, lesson, request.body, now);
    return reply.code(201).send(note);
  });

  route(app, endpoints.updateNote, { config: perLearnerRateLimit(120) }, async (request) => {
    const user = await requireUser(request);
    return updateNote(db, user.id, request.params.id, request.body.body, clock());
  });

  route(app, endpoints.deleteNote, { config: perLearnerRateLimit(120) }, async (request, reply) => {
    const user = await requireUser(request);
    await deleteNote(db, user.id, request.params.id);
    return reply.code(204).send(null);
  });
};
