import { endpoints } from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { requireUser } from '../auth/index.ts';
import { enrollForFree } from './free-enrollment.ts';

export const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, outbox } = app.deps;

  route(app, endpoints.enroll, { config: perLearnerRateLimit(30) }, async (request) => {
    const user = await requireUser(request);
    await enrollForFree({ db, outbox }, user.id, request.params.id, clock());
    return { success: true, message: 'You are enrolled in this course.' };
  });
};
