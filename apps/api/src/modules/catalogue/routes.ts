import {
  type CourseDetail,
  courseDetailSchema,
  courseListSchema,
  endpoints,
  featuredCoursesSchema,
  statsSchema,
  suggestionsSchema,
} from '@kaushal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/endpoint-route.ts';
import { notFound } from '../../lib/errors.ts';
import { type CachedResponse, ResponseCache, sendCached } from '../../lib/response-cache.ts';
import { currentUser, SESSION_COOKIE } from '../auth/index.ts';
import { getCourseAccess } from '../enrollment/index.ts';
import { canPreviewCourse, publicCourseOf } from '../roles/index.ts';
import {
  findCourse,
  listCourses,
  listFeatured,
  listLessonProgress,
  listLessons,
  listPricingTiers,
  listReviews,
  readStats,
} from './queries.ts';
import { isSearchOrFilter, searchCatalogue, suggest } from './search.ts';

const COURSE_NOT_FOUND = 'We could not find that course.';
/** Shared caches may keep public catalogue answers briefly; clients revalidate with the ETag. */
const PUBLIC_CACHE = 'public, max-age=5, stale-while-revalidate=30';

/** The public part of a course page: what every visitor sees, before their own access is added. */
async function loadPublicCourse(db: Db, id: string, options: { preview?: boolean } = {}): Promise<CourseDetail | null> {
  const course = await findCourse(db, id, options);
  if (!course) return null;
  // A draft under preview sells what its course sells.
  const offeredBy = options.preview ? await publicCourseOf(db, id) : id;
  const [lessons, pricingTiers] = await Promise.all([listLessons(db, id), listPricingTiers(db, offeredBy)]);
  return {
    ...course,
    lessons,
    pricingTiers,
    enrollmentStatus: null,
    isEnrolled: false,
    hasCompletedFreeLesson: false,
    showPricing: course.price > 0 && !lessons.some((l) => l.isFree),
    lessonProgress: [],
  };
}

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, site, clock, config, replays } = app.deps;
  const cache = new ResponseCache(config.catalogueCacheMs);
  // Searches have as many keys as learners have words: a cache of their own, so a flood of distinct searches
  // never pushes the course pages out of the other.
  const searches = new ResponseCache(config.catalogueCacheMs, 1000);
  /** Sends a cached answer that is the same for every visitor, and offers it for replay while it is current. */
  const sendPublic = (
    request: FastifyRequest,
    reply: FastifyReply,
    from: ResponseCache,
    key: string,
    cached: CachedResponse<unknown>,
    cacheControl = PUBLIC_CACHE,
  ) => {
    sendCached(request, reply, cached, cacheControl);
    replays.offer(request, reply, cached.body, () => from.holds(key, cached));
    return reply;
  };

  route(app, endpoints.courses, {}, async (request, reply) => {
    const query = request.query;
    const { page, size } = query;
    if (isSearchOrFilter(query)) {
      const key = `search:${JSON.stringify([query.q, query.difficulty, query.price, query.minPrice, query.maxPrice, query.duration, query.sort, page, size])}`;
      const cached = await searches.get(key, courseListSchema, () => searchCatalogue(db, query));
      return sendPublic(request, reply, searches, key, cached);
    }
    const key = `courses:${page}:${size}`;
    const cached = await cache.get(key, courseListSchema, () => listCourses(db, page, size));
    return sendPublic(request, reply, cache, key, cached);
  });

  route(app, endpoints.searchSuggestions, {}, async (request, reply) => {
    const key = `suggest:${request.query.q.toLowerCase()}`;
    const cached = await searches.get(key, suggestionsSchema, () => suggest(db, request.query.q));
    return sendPublic(request, reply, searches, key, cached);
  });

  route(app, endpoints.featuredCourses, {}, async (request, reply) => {
    const cached = await cache.get('featured', featuredCoursesSchema, () => listFeatured(db));
    return sendPublic(request, reply, cache, 'featured', cached);
  });

  route(app, endpoints.stats, {}, async (request, reply) => {
    const cached = await cache.get('stats', statsSchema, () => readStats(db, site.successRate));
    return sendPublic(request, reply, cache, 'stats', cached);
  });

  route(app, endpoints.course, {}, async (request, reply) => {
    const { id } = request.params;
    const key = `course:${id}`;
    const cached = await cache.getOptional(key, courseDetailSchema, () => loadPublicCourse(db, id));
    const user = request.cookies[SESSION_COOKIE] ? await currentUser(request) : null;
    // Staff of the course (never a plain learner: no roles, no query) preview it: every lesson opens for them.
    const staff = Boolean(user && user.roles.length > 0 && (await canPreviewCourse(db, user, id)));
    // Not in the catalogue: staff who may preview it see it as a learner would (never cached).
    const preview = !cached && staff ? await loadPublicCourse(db, id, { preview: true }) : null;
    if (!cached && !preview) throw notFound(COURSE_NOT_FOUND, 'course_not_found');
    // Personalised for a signed-in learner, so shared caches must not keep it.
    reply.header('vary', 'cookie');
    // A visitor's answer is the same for every visitor (offered for replay only to requests without a cookie).
    if (!user && cached) return sendPublic(request, reply, cache, key, cached, 'private, no-cache');
    reply.header('cache-control', 'private, no-cache');
    const course = (cached?.value ?? preview) as CourseDetail;
    if (!user) return course;
    // The learner's own rows only, keyed by the verified session: never another learner's progress.
    const [access, lessonProgress] = await Promise.all([
      getCourseAccess(db, user.id, id, clock()),
      listLessonProgress(db, user.id, id, course.lessons),
    ]);
    const expired = access.enrollmentStatus !== null && !access.enrollmentStatus.enrolled;
    return {
      ...course,
      ...access,
      showPricing: course.price > 0 && (!course.lessons.some((l) => l.isFree) || expired),
      lessonProgress,
      ...(staff ? { staffPreview: true as const } : {}),
    };
  });

  route(app, endpoints.courseLessons, {}, async (request) => {
    if (!(await findCourse(db, request.params.id))) {
      const user = request.cookies[SESSION_COOKIE] ? await currentUser(request) : null;
      const preview = user && user.roles.length > 0 && (await canPreviewCourse(db, user, request.params.id));
      if (!preview || !(await findCourse(db, request.params.id, { preview: true }))) {
        throw notFound(COURSE_NOT_FOUND, 'course_not_found');
      }
    }
    return listLessons(db, request.params.id);
  });

  route(app, endpoints.courseReviews, {}, async (request) => {
    if (!(await findCourse(db, request.params.id))) throw notFound(COURSE_NOT_FOUND, 'course_not_found');
    return listReviews(db, request.params.id, request.query.page, request.query.size);
  });
};
