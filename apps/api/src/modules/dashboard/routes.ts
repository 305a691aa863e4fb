import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requireUser } from '../auth/index.ts';
import { buildDashboard, listAchievements, listEnrollments } from './service.ts';

/** The signed-in learner's dashboard and its parts; personal, so never cached by anyone else. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  route(app, endpoints.dashboard, {}, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'private, no-store');
    return buildDashboard(db, user.id, clock());
  });

  route(app, endpoints.myEnrollments, {}, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'private, no-store');
    return listEnrollments(db, user.id, clock());
  });

  route(app, endpoints.myAchievements, {}, async (request, reply) => {
    const user = await requireUser(request);
    reply.header('cache-control', 'private, no-store');
    return listAchievements(db, user.id, clock());
  });
};
