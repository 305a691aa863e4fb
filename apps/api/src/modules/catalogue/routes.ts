import {
  courseDetailSchema,
  courseListSchema,
  coursesQuerySchema,
  featuredCoursesSchema,
  idParamsSchema,
  lessonSummarySchema,
  reviewListSchema,
  reviewsQuerySchema,
  routes,
  statsSchema,
} from '@kaushal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { currentUser } from '../auth/session.ts';
import { getCourseAccess } from '../enrollment/access.ts';
import {
  findCourse,
  listCourses,
  listFeatured,
  listLessons,
  listPricingTiers,
  listReviews,
  readStats,
} from './queries.ts';

const COURSE_NOT_FOUND = 'We could not find that course.';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, site, clock } = app.deps;

  app.get(
    routes.courses,
    { schema: { tags: ['catalogue'], querystring: coursesQuerySchema, response: { 200: courseListSchema } } },
    async (request) => listCourses(db, request.query.page, request.query.size),
  );

  app.get(
    routes.featuredCourses,
    { schema: { tags: ['catalogue'], response: { 200: featuredCoursesSchema } } },
    async () => listFeatured(db),
  );

  app.get(routes.stats, { schema: { tags: ['catalogue'], response: { 200: statsSchema } } }, async () =>
    readStats(db, site.successRate),
  );

  app.get(
    routes.course,
    { schema: { tags: ['catalogue'], params: idParamsSchema, response: { 200: courseDetailSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const course = await findCourse(db, id);
      if (!course) throw notFound(COURSE_NOT_FOUND, 'course_not_found');
      const user = await currentUser(request);
      const [lessons, pricingTiers, access] = await Promise.all([
        listLessons(db, id),
        listPricingTiers(db, id),
        getCourseAccess(db, user?.id, id, clock()),
      ]);
      const expired = access.enrollmentStatus !== null && !access.enrollmentStatus.enrolled;
      const hasFreeLesson = lessons.some((l) => l.isFree);
      // Personalised for a signed-in learner, so shared caches must not keep it.
      reply.header('cache-control', 'private, no-cache');
      reply.header('vary', 'cookie');
      return {
        ...course,
        lessons,
        pricingTiers,
        ...access,
        showPricing: course.price > 0 && (!hasFreeLesson || expired),
      };
    },
  );

  app.get(
    routes.courseLessons,
    { schema: { tags: ['catalogue'], params: idParamsSchema, response: { 200: z.array(lessonSummarySchema) } } },
    async (request) => {
      if (!(await findCourse(db, request.params.id))) throw notFound(COURSE_NOT_FOUND, 'course_not_found');
      return listLessons(db, request.params.id);
    },
  );

  app.get(
    routes.courseReviews,
    {
      schema: {
        tags: ['catalogue'],
        params: idParamsSchema,
        querystring: reviewsQuerySchema,
        response: { 200: reviewListSchema },
      },
    },
    async (request) => {
      if (!(await findCourse(db, request.params.id))) throw notFound(COURSE_NOT_FOUND, 'course_not_found');
      return listReviews(db, request.params.id, request.query.page, request.query.size);
    },
  );
};
