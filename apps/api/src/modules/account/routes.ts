import {
  routes,
  settingsSchema,
  updateProfileBodySchema,
  updateSettingsBodySchema,
  userSchema,
} from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookie, requireUser } from '../auth/session.ts';
import { perLearnerRateLimit } from '../payments/rate-limit.ts';
import { deleteAccount } from './delete-account.ts';
import { renameUser } from './profile.ts';
import { mergeSettings, resolveSettings } from './settings.ts';

/** The learner's own account: name, settings and deletion. Every route needs sign-in (401 otherwise). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.patch(
    routes.me,
    {
      config: perLearnerRateLimit(30),
      schema: {
        tags: ['account'],
        summary: "Change the learner's full name (1 to 80 visible characters, trimmed)",
        body: updateProfileBodySchema,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return renameUser(db, user.id, request.body.name, clock());
    },
  );

  app.get(
    routes.mySettings,
    {
      schema: {
        tags: ['account'],
        summary: "The learner's settings (stored values over the defaults)",
        response: { 200: settingsSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return resolveSettings(user.settings);
    },
  );

  app.put(
    routes.mySettings,
    {
      config: perLearnerRateLimit(60),
      schema: {
        tags: ['account'],
        summary: 'Change some settings; keys left out keep their values. Answers the full settings.',
        body: updateSettingsBodySchema,
        response: { 200: settingsSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return mergeSettings(db, user.id, request.body, clock());
    },
  );

  app.delete(
    routes.me,
    {
      config: perLearnerRateLimit(10),
      schema: {
        tags: ['account'],
        summary: 'Delete the account and its personal data, and sign out (payment orders are kept, detached)',
        response: { 204: z.null().describe('Deleted and signed out') },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteAccount(db, user.id);
      request.log.info({ userId: user.id }, 'account deleted');
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );
};
