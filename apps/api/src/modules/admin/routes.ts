import { endpoints } from '@kaushal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseInstructors } from '../../db/schema.ts';
import { route } from '../../lib/endpoint-route.ts';
import { perLearnerRateLimit } from '../../plugins/per-learner-rate-limit.ts';
import { listAudit } from '../audit/index.ts';
import { requireUser } from '../auth/index.ts';
import { setRoles } from '../roles/index.ts';
import { removeStaleLadders } from '../streaming/index.ts';
import { actorOf, requireCourseEditor, requireCourseReader, requireRole } from './access.ts';
import {
  courseDetail,
  createCourse,
  createTier,
  discardCourseDraft,
  listCourses,
  setInstructors,
  setPublished,
  updateCourse,
  updateTier,
} from './courses.ts';
import { listEmails } from './emails.ts';
import { createLesson, saveOutline, updateLesson } from './outline.ts';
import { deleteQuiz, listAdminQuizzes, saveQuiz } from './quizzes.ts';
import { archiveTier, deleteTier, reorderTiers } from './tiers.ts';
import { removeLessonCaptions } from './uploads.ts';
import { searchUsers } from './users.ts';

/** Staff writes: plenty for a person editing, too few to hammer the database. */
const WRITE_LIMIT = perLearnerRateLimit(120);

/**
 * The console's API under /admin: every route checks the caller's role on the server (access.ts), and every
 * write records its audit row in its own transaction (audit.ts). CSRF rules as for the rest of the API.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, media } = app.deps;
  /** A failure to clean up is logged, never the editor's error: the change itself is saved. */
  const sweepLadders = (log: FastifyBaseLogger) =>
    removeStaleLadders({ db, media, log }).catch((error: unknown) =>
      log.error({ err: error }, 'old HLS ladders could not be removed'),
    );
  const noStore = { 'cache-control': 'private, no-store' };

  route(app, endpoints.adminMe, {}, async (request, reply) => {
    const user = await requireUser(request);
    const taught = await db
      .select({ courseId: courseInstructors.courseId })
      .from(courseInstructors)
      .where(eq(courseInstructors.userId, user.id));
    reply.headers(noStore);
    return { roles: user.roles, instructorOf: taught.map((t) => t.courseId).sort() };
  });

  route(app, endpoints.adminCourses, {}, async (request, reply) => {
    const user = await requireRole(request, ['admin', 'support', 'instructor']);
    const seesAll = user.roles.includes('admin') || user.roles.includes('support');
    reply.headers(noStore);
    return listCourses(db, { id: user.id, seesAll }, request.query);
  });

  route(app, endpoints.adminCreateCourse, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireRole(request, ['admin']);
    const course = await createCourse(db, actorOf(user), request.body, clock());
    return reply.code(201).headers(noStore).send(course);
  });

  route(app, endpoints.adminCourse, {}, async (request, reply) => {
    await requireCourseReader(request, db, request.params.id);
    reply.headers(noStore);
    return courseDetail(db, request.params.id);
  });

  route(app, endpoints.adminUpdateCourse, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    return updateCourse(db, actorOf(user), request.params.id, request.body, clock());
  });

  route(app, endpoints.adminPublishCourse, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    const course = await setPublished(db, actorOf(user), request.params.id, request.body.version, true, clock());
    // A published draft may have replaced lesson videos: their old ladders go (decision 039).
    await sweepLadders(request.log);
    return course;
  });

  route(app, endpoints.adminUnpublishCourse, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    return setPublished(db, actorOf(user), request.params.id, request.body.version, false, clock());
  });

  route(app, endpoints.adminDiscardDraft, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    const course = await discardCourseDraft(db, actorOf(user), request.params.id, request.body.version, clock());
    // The draft's lessons are gone, and the ladders of videos only they played with them (decision 039).
    await sweepLadders(request.log);
    return course;
  });

  route(app, endpoints.adminCreateTier, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    const course = await createTier(db, actorOf(user), request.params.id, request.body, clock());
    return reply.code(201).send(course);
  });

  route(app, endpoints.adminUpdateTier, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    return updateTier(db, actorOf(user), request.params.id, request.params.tierId, request.body, clock());
  });

  route(app, endpoints.adminArchiveTier, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    return archiveTier(db, actorOf(user), request.params.id, request.params.tierId, request.body, clock());
  });

  route(app, endpoints.adminDeleteTier, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    return deleteTier(db, actorOf(user), request.params.id, request.params.tierId, request.query.version, clock());
  });

  route(app, endpoints.adminReorderTiers, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    return reorderTiers(db, actorOf(user), request.params.id, request.body, clock());
  });

  route(app, endpoints.adminCourseInstructors, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireRole(request, ['admin']);
    return setInstructors(db, actorOf(user), request.params.id, request.body, clock());
  });

  route(app, endpoints.adminCourseOutline, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    return saveOutline(db, actorOf(user), request.params.id, request.body, clock());
  });

  route(app, endpoints.adminCreateLesson, { config: WRITE_LIMIT }, async (request, reply) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    const course = await createLesson(db, actorOf(user), request.params.id, request.body, clock());
    return reply.code(201).send(course);
  });

  route(app, endpoints.adminUpdateLesson, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    return updateLesson(db, actorOf(user), request.params.id, request.params.lessonId, request.body, clock());
  });

  route(app, endpoints.adminCourseQuizzes, {}, async (request, reply) => {
    await requireCourseReader(request, db, request.params.id);
    reply.headers(noStore);
    return listAdminQuizzes(db, request.params.id);
  });

  route(app, endpoints.adminSaveQuiz, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    const { id, sectionId } = request.params;
    return saveQuiz(db, actorOf(user), id, sectionId, request.body, clock());
  });

  route(app, endpoints.adminDeleteQuiz, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    const { id, sectionId } = request.params;
    return deleteQuiz(db, actorOf(user), id, sectionId, request.query.version, clock());
  });

  route(app, endpoints.adminRemoveCaptions, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireCourseEditor(request, db, request.params.id);
    const { id: courseId, lessonId, lang } = request.params;
    return removeLessonCaptions(
      db,
      actorOf(user),
      { courseId, lessonId, version: request.query.version },
      lang,
      clock(),
    );
  });

  route(app, endpoints.adminUsers, {}, async (request, reply) => {
    await requireRole(request, ['admin']);
    reply.headers(noStore);
    return searchUsers(db, request.query);
  });

  route(app, endpoints.adminUserRoles, { config: WRITE_LIMIT }, async (request) => {
    const user = await requireRole(request, ['admin']);
    return setRoles(db, actorOf(user), request.params.id, request.body.roles, clock());
  });

  route(app, endpoints.adminAudit, {}, async (request, reply) => {
    await requireRole(request, ['admin']);
    reply.headers(noStore);
    return listAudit(db, request.query);
  });

  route(app, endpoints.adminEmails, {}, async (request, reply) => {
    await requireRole(request, ['admin', 'support']);
    reply.headers(noStore);
    return listEmails(db, request.query);
  });
};
