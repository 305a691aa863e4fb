import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { clearSessionCookie, requireUser } from '../auth/index.ts';
import { deleteAccount } from './delete-account.ts';
import { renameUser } from './profile.ts';
import { mergeSettings, resolveSettings } from './settings.ts';

/** The learner's own account: name, settings and deletion. Every route needs sign-in (401 otherwise). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  route(app, endpoints.updateProfile, { config: perLearnerRateLimit(30) }, async (request) => {
    const user = await requireUser(request);
    return renameUser(db, user.id, request.body.name, clock(), user.roles);
  });

  route(app, endpoints.settings, {}, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'private, no-store');
    return resolveSettings(user.settings);
  });

  route(app, endpoints.updateSettings, { config: perLearnerRateLimit(60) }, async (request) => {
    const user = await requireUser(request);
    return mergeSettings(db, user.id, request.body, clock());
  });

  route(app, endpoints.deleteAccount, { config: perLearnerRateLimit(10) }, async (request, reply) => {
    const user = await requireUser(request);
    await deleteAccount(db, user.id, clock());
    request.log.info({ userId: user.id }, 'account deleted');
    clearSessionCookie(reply);
    return reply.code(204).send(null);
  });
};
