import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { sendSerialised } from '../../lib/response-cache.ts';
import { requireUser } from '../auth/index.ts';
import { DashboardCache } from './dashboard-cache.ts';
import { listAchievements, listEnrollments } from './service.ts';

/** The signed-in learner's dashboard and its parts; personal, so never cached by anyone else. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  // Kept per learner at their version (decision 035); course edits show within the catalogue cache's time.
  const dashboards = new DashboardCache(db, config.catalogueCacheMs);

  route(app, endpoints.dashboard, {}, async (request, reply) => {
    const user = await requireUser(request);
    const body = await dashboards.get(user.id, user.learningVersion, clock());
    return sendSerialised(reply, body, 'private, no-store');
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
