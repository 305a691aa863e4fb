import { endpoints } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { courses } from '../../db/schema.ts';
import { route } from '../../lib/endpoint-route.ts';
import { notFound } from '../../lib/errors.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { currentUser, requireUser, SESSION_COOKIE, type SessionUser } from '../auth/index.ts';
import { canPreviewCourse } from '../roles/index.ts';
import { findTakeableQuiz } from './quiz-access.ts';
import { listCourseQuizzes, quizForLearner, submitAttempt } from './quiz-service.ts';

const COURSE_NOT_FOUND = 'We could not find that course.';

/** A learner answers a quiz in a minute or more; 30 attempts a minute leaves room for quick retries, not for scripts. */
export const QUIZ_ATTEMPTS_PER_MINUTE = 30;

/** A published course, or one the staff member may preview; 404 otherwise (as the course page). */
async function requireVisibleCourse(db: Db, courseId: string, user: SessionUser | null): Promise<void> {
  const [course] = await db.select({ published: courses.published }).from(courses).where(eq(courses.id, courseId));
  if (course?.published) return;
  if (course && user && user.roles.length > 0 && (await canPreviewCourse(db, user, courseId))) return;
  throw notFound(COURSE_NOT_FOUND, 'course_not_found');
}

/** Section quizzes: the course page's list, a quiz to take (without its answers), and graded attempts. */
export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, outbox } = app.deps;

  route(app, endpoints.courseQuizzes, {}, async (request, reply) => {
    const user = request.cookies[SESSION_COOKIE] ? await currentUser(request) : null;
    await requireVisibleCourse(db, request.params.id, user);
    reply.header('cache-control', 'private, no-cache');
    reply.header('vary', 'cookie');
    return listCourseQuizzes(db, request.params.id, user?.id ?? null);
  });

  route(app, endpoints.quiz, {}, async (request, reply) => {
    const user = await requireUser(request);
    const quiz = await findTakeableQuiz(db, request.params.id, user, clock());
    reply.header('cache-control', 'private, no-store');
    return quizForLearner(db, quiz, user.id);
  });

  route(app, endpoints.quizAttempt, { config: perLearnerRateLimit(QUIZ_ATTEMPTS_PER_MINUTE) }, async (request) => {
    const user = await requireUser(request);
    const now = clock();
    const quiz = await findTakeableQuiz(db, request.params.id, user, now);
    return submitAttempt({ db, outbox }, quiz, user.id, request.body, now);
  });
};
