import { idParamsSchema, routes, successSchema } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/session.ts';
import { perLearnerRateLimit } from '../payments/rate-limit.ts';
import { enrollForFree } from './free-enrollment.ts';

export const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.post(
    routes.enroll,
    {
      config: perLearnerRateLimit(30),
      schema: { tags: ['enrollment'], params: idParamsSchema, response: { 200: successSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      await enrollForFree(db, user.id, request.params.id, clock());
      return { success: true, message: 'You are enrolled in this course.' };
    },
  );
};
