import { achievementSchema, dashboardEnrollmentSchema, dashboardSchema, routes } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/session.ts';
import { buildDashboard, listAchievements, listEnrollments } from './service.ts';

/** The signed-in learner's dashboard and its parts; personal, so never cached by anyone else. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    routes.dashboard,
    {
      schema: {
        tags: ['dashboard'],
        summary: "The learner's enrollments with progress, metrics and achievements",
        response: { 200: dashboardSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return buildDashboard(db, user.id, clock());
    },
  );

  app.get(
    routes.myEnrollments,
    {
      schema: {
        tags: ['dashboard'],
        summary: 'The courses the learner can access now, with progress',
        response: { 200: z.array(dashboardEnrollmentSchema) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return listEnrollments(db, user.id, clock());
    },
  );

  app.get(
    routes.myAchievements,
    {
      schema: {
        tags: ['dashboard'],
        summary: "The learner's achievements, earned or not",
        response: { 200: z.array(achievementSchema) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return listAchievements(db, user.id, clock());
    },
  );
};
