import type {
  AdminCourseDetail,
  AdminCourseList,
  AdminCoursesQuery,
  CourseStatus,
  CreateCourseBody,
  TierBody,
  UpdateCourseBody,
} from '@kaushal/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { formatCourseDuration } from '../../content/duration.ts';
import type { Db, Tx } from '../../db/client.ts';
import { courseInstructors, courses, lessons, pricingTiers, sections, userRoles, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type Actor, type AuditEntryInput, changedFields, recordAudit } from '../audit/index.ts';
import { resourcesOfLessons } from '../catalogue/index.ts';
import {
  applyDraft,
  currentWorkingCopy,
  type DraftedValues,
  discardDraft,
  draftedValues,
  notADraft,
  openWorkingCopy,
  type WorkingCopy,
} from './drafts.ts';

type CourseRow = typeof courses.$inferSelect;

export function statusOf(course: Pick<CourseRow, 'published' | 'firstPublishedAt'>): CourseStatus {
  if (course.published) return 'published';
  return course.firstPublishedAt ? 'unpublished' : 'draft';
}

const STATUS_FILTERS: Record<CourseStatus, SQL | undefined> = {
  published: eq(courses.published, true),
  draft: and(eq(courses.published, false), isNull(courses.firstPublishedAt)),
  unpublished: and(eq(courses.published, false), isNotNull(courses.firstPublishedAt)),
};

const likeEscaped = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The console's course list: admin and support see every course, an instructor the ones they teach. */
export async function listCourses(
  db: Db,
  viewer: { id: string; seesAll: boolean },
  query: AdminCoursesQuery,
): Promise<AdminCourseList> {
  const filters: SQL[] = [notADraft];
  if (!viewer.seesAll) {
    filters.push(
      inArray(
        courses.id,
        db
          .select({ id: courseInstructors.courseId })
          .from(courseInstructors)
          .where(eq(courseInstructors.userId, viewer.id)),
      ),
    );
  }
  if (query.status) filters.push(STATUS_FILTERS[query.status] ?? sql`true`);
  if (query.q) {
    const pattern = likeEscaped(query.q);
    filters.push(or(ilike(courses.title, pattern), ilike(courses.id, pattern)) ?? sql`true`);
  }
  const where = and(...filters);
  const students = sql<number>`${courses.baseStudents} + ${courses.enrolledCount}`;
  const order =
    query.sort === 'title'
      ? [asc(sql`lower(${courses.title}) collate "C"`), asc(courses.id)]
      : query.sort === 'students'
        ? [desc(students), asc(courses.title)]
        : [desc(courses.updatedAt), asc(courses.id)];
  const [total] = await db.select({ n: count() }).from(courses).where(where);
  const rows = await db
    .select({
      course: courses,
      // Spelled out: inside a select list drizzle writes a column without its table, which the subquery would
      // read as its own `l.id`.
      lessons: sql<number>`(select count(*)::int from lessons l where l.course_id = "courses"."id")`,
    })
    .from(courses)
    .where(where)
    .orderBy(...order)
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const n = total?.n ?? 0;
  return {
    items: rows.map(({ course, lessons: lessonCount }) => ({
      id: course.id,
      title: course.title,
      status: statusOf(course),
      difficulty: course.difficulty,
      pricePaise: course.pricePaise,
      lessons: Number(lessonCount),
      students: course.baseStudents + course.enrolledCount,
      featured: course.featured,
      updatedAt: course.updatedAt.toISOString(),
    })),
    page: query.page,
    pages: Math.max(1, Math.ceil(n / query.size)),
    total: n,
  };
}

const NO_COURSE = 'There is no course with this id.';

/** One course as the console edits it: with its pending changes, when it has a draft. */
export async function courseDetail(db: Db | Tx, id: string): Promise<AdminCourseDetail> {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), notADraft))
    .limit(1);
  if (!course) throw notFound(NO_COURSE, 'course_not_found');
  const working = await currentWorkingCopy(db, id);
  const content = draftedValues(working.draft ?? course);
  const [updatedBy] = course.updatedBy
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, course.updatedBy))
    : [];
  const instructors = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(courseInstructors)
    .innerJoin(users, eq(users.id, courseInstructors.userId))
    .where(eq(courseInstructors.courseId, id))
    .orderBy(asc(users.name));
  const lessonRows = await db
    .select({
      id: lessons.id,
      sectionId: lessons.sectionId,
      title: lessons.title,
      description: lessons.description,
      isFree: lessons.isFree,
      durationSeconds: lessons.durationSeconds,
      videoType: lessons.videoType,
      videoRef: lessons.videoRef,
      captions: lessons.captions,
    })
    .from(lessons)
    .where(eq(lessons.courseId, working.courseId))
    .orderBy(asc(lessons.position));
  const sectionRows = await db
    .select({ id: sections.id, title: sections.title })
    .from(sections)
    .where(eq(sections.courseId, working.courseId))
    .orderBy(asc(sections.position));
  const tiers = await db
    .select({
      tier: pricingTiers,
      orders: sql<number>`(select count(*)::int from payment_orders o where o.pricing_tier_id = "pricing_tiers"."id" and o.status in ('paid', 'refunded'))`,
    })
    .from(pricingTiers)
    .where(eq(pricingTiers.courseId, id))
    .orderBy(asc(pricingTiers.position));
  const resources = await resourcesOfLessons(
    db,
    lessonRows.map((l) => l.id),
  );
  return {
    id: course.id,
    title: content.title,
    description: content.description,
    difficulty: content.difficulty,
    instructor: content.instructor,
    duration: content.duration,
    pricePaise: course.pricePaise,
    featured: course.featured,
    thumbnailUrl: content.thumbnail ? `/thumbnails/${content.thumbnail}` : '',
    status: statusOf(course),
    idLocked: course.firstPublishedAt !== null,
    version: course.version,
    updatedAt: course.updatedAt.toISOString(),
    updatedBy: updatedBy ?? null,
    instructors,
    sections: sectionRows.map((section) => ({
      id: working.sectionId(section.id),
      title: section.title,
      lessonIds: lessonRows.filter((l) => l.sectionId === section.id).map((l) => working.lessonId(l.id)),
    })),
    lessons: lessonRows.map(({ id: row, sectionId, videoRef, captions, ...l }) => ({
      ...l,
      id: working.lessonId(row),
      sectionId: working.sectionId(sectionId),
      youtubeUrl: l.videoType === 'youtube' ? videoRef : null,
      captions: captions.map(({ lang, label }) => ({ lang, label })),
      previewId: row,
      resources: resources.get(row) ?? [],
    })),
    tiers: tiers.map(({ tier, orders }) => ({
      id: tier.id,
      title: tier.title,
      description: tier.description,
      pricePaise: tier.pricePaise,
      originalPricePaise: tier.originalPricePaise,
      accessType: tier.accessType,
      orders: Number(orders),
      archived: tier.archived,
    })),
    students: course.baseStudents + course.enrolledCount,
    draft: working.draft ? { previewId: working.draft.id, updatedAt: working.draft.updatedAt.toISOString() } : null,
  };
}

/** The fields the audit log and the editor compare (the drafted ones as staff see them: from the draft). */
const editable = (c: CourseRow, drafted: DraftedValues = c) => ({
  title: drafted.title,
  description: drafted.description,
  difficulty: drafted.difficulty,
  instructor: drafted.instructor,
  duration: drafted.duration,
  pricePaise: c.pricePaise,
  featured: c.featured,
  published: c.published,
});

export async function createCourse(
  db: Db,
  actor: Actor,
  body: CreateCourseBody,
  now: Date,
): Promise<AdminCourseDetail> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(courses)
      .values({
        id: body.id,
        title: body.title,
        difficulty: body.difficulty,
        pricePaise: body.pricePaise,
        published: false,
        sortOrder: 1000,
        createdAt: now,
        updatedAt: now,
        updatedBy: actor.id,
      })
      .onConflictDoNothing({ target: courses.id })
      .returning();
    const course = inserted[0];
    if (!course) throw conflict('Another course already has this id. Choose another one.', 'course_id_taken');
    // Lessons go into sections: a new course starts with one, renamed or joined by others in the outline.
    await tx.insert(sections).values({ id: `${course.id}-s1`, courseId: course.id, position: 0, title: 'Lessons' });
    await recordAudit(
      tx,
      actor,
      { action: 'course.create', entity: 'course', entityId: course.id, before: null, after: editable(course) },
      now,
    );
    return courseDetail(tx, course.id);
  });
}

/**
 * Locks the course row and checks the version the editor saw: a course changed since (by another member of
 * staff, in another tab) is refused with who changed it and when, instead of being overwritten.
 */
export async function lockAtVersion(tx: Tx, id: string, version: number): Promise<CourseRow> {
  const [course] = await tx
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), notADraft))
    .for('update');
  if (!course) throw notFound(NO_COURSE, 'course_not_found');
  if (course.version !== version) {
    const [editor] = course.updatedBy
      ? await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, course.updatedBy))
      : [];
    const who = editor ? `${editor.name} (${editor.email})` : 'someone else';
    throw conflict(
      `This course was changed by ${who} at ${course.updatedAt.toISOString()}. Reload to see their changes, then edit again.`,
      'stale_version',
    );
  }
  return course;
}

/** Bumps the version and stamps the editor: every staff change to a course or its parts goes through here. */
export async function touch(
  tx: Tx,
  id: string,
  actor: Actor,
  now: Date,
  set: Partial<typeof courses.$inferInsert> = {},
) {
  const [after] = await tx
    .update(courses)
    .set({ ...set, version: sql`${courses.version} + 1`, updatedAt: now, updatedBy: actor.id })
    .where(eq(courses.id, id))
    .returning();
  if (!after) throw notFound(NO_COURSE, 'course_not_found');
  return after;
}

/** What one edit did: the course columns it sets (beside the version and stamp), and its audit entry. */
export interface CourseEdit {
  set?: Partial<typeof courses.$inferInsert>;
  audit: AuditEntryInput | ((after: CourseRow) => AuditEntryInput);
}

/**
 * One staff edit of a course or its parts, in one transaction: the course locked at the version the editor saw
 * (409 naming who changed it otherwise), the edit, the version bumped and the editor stamped, and the edit's
 * audit row. Answers the course as the console shows it.
 */
export async function editCourse(
  db: Db,
  actor: Actor,
  courseId: string,
  version: number,
  now: Date,
  edit: (tx: Tx, before: CourseRow) => Promise<CourseEdit>,
): Promise<AdminCourseDetail> {
  return db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, courseId, version);
    const { set, audit } = await edit(tx, before);
    const after = await touch(tx, courseId, actor, now, set);
    await recordAudit(tx, actor, typeof audit === 'function' ? audit(after) : audit, now);
    return courseDetail(tx, courseId);
  });
}

/** An edit of what learners read: it writes the working copy, and `content` sets the course text there. */
export interface ContentEdit extends CourseEdit {
  content?: Partial<DraftedValues>;
}

/**
 * One staff edit of the course's content (text, thumbnail, outline, lessons, media): `editCourse`, writing to
 * the course's draft once the course has been published (drafts.ts), to the course itself before.
 */
export async function editContent(
  db: Db,
  actor: Actor,
  courseId: string,
  version: number,
  now: Date,
  edit: (tx: Tx, working: WorkingCopy, before: CourseRow) => Promise<ContentEdit>,
): Promise<AdminCourseDetail> {
  return editCourse(db, actor, courseId, version, now, async (tx, before) => {
    const working = await openWorkingCopy(tx, before, now);
    const { content = {}, set = {}, audit } = await edit(tx, working, before);
    if (!working.draft) return { set: { ...content, ...set }, audit };
    await tx
      .update(courses)
      .set({ ...content, updatedAt: now })
      .where(eq(courses.id, working.courseId));
    return { set, audit };
  });
}

/** The object without its undefined fields (an update body's fields left out). */
const defined = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

async function lessonsDuration(tx: Tx, courseId: string): Promise<string> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${lessons.durationSeconds}), 0)::int` })
    .from(lessons)
    .where(eq(lessons.courseId, courseId));
  return formatCourseDuration(Number(row?.total ?? 0));
}

export async function updateCourse(
  db: Db,
  actor: Actor,
  id: string,
  body: UpdateCourseBody,
  now: Date,
): Promise<AdminCourseDetail> {
  return editContent(db, actor, id, body.version, now, async (tx, working, before) => {
    const { version: _version, duration, pricePaise, featured, ...text } = body;
    const content: Partial<DraftedValues> = defined({
      ...text,
      duration: duration === '' ? await lessonsDuration(tx, working.courseId) : duration,
    });
    // What the course sells is not drafted: price and featured change at once.
    const set = defined({ pricePaise, featured });
    const shown = editable(before, working.draft ?? before);
    return {
      content,
      set,
      audit: {
        action: 'course.update',
        entity: 'course',
        entityId: id,
        ...changedFields(shown, { ...shown, ...content, ...set }),
      },
    };
  });
}

/**
 * Publishing puts the course in the catalogue and fixes its id, and makes its pending changes (a draft) live;
 * unpublishing keeps every learner's access (and the draft).
 */
export async function setPublished(
  db: Db,
  actor: Actor,
  id: string,
  version: number,
  published: boolean,
  now: Date,
): Promise<AdminCourseDetail> {
  return editCourse(db, actor, id, version, now, async (tx, before) => {
    if (!published) {
      return {
        set: { published },
        audit: (after) => ({
          action: 'course.unpublish',
          entity: 'course',
          entityId: id,
          before: { status: statusOf(before) },
          after: { status: statusOf(after) },
        }),
      };
    }
    const { courseId: contentId } = await currentWorkingCopy(tx, id);
    const [lessonCount] = await tx.select({ n: count() }).from(lessons).where(eq(lessons.courseId, contentId));
    if ((lessonCount?.n ?? 0) === 0) {
      throw conflict('Add at least one lesson before publishing this course.', 'course_has_no_lessons');
    }
    const drafted = await applyDraft(tx, id);
    const changed = drafted ? changedFields(draftedValues(before), drafted) : { before: {}, after: {} };
    return {
      set: { ...drafted, published: true, ...(before.firstPublishedAt ? {} : { firstPublishedAt: now }) },
      audit: (after) => ({
        action: 'course.publish',
        entity: 'course',
        entityId: id,
        before: { status: statusOf(before), ...changed.before },
        after: { status: statusOf(after), ...changed.after, ...(drafted ? { draft: 'published' } : {}) },
      }),
    };
  });
}

/** Throws away the course's pending changes; learners never saw them. */
export async function discardCourseDraft(
  db: Db,
  actor: Actor,
  id: string,
  version: number,
  now: Date,
): Promise<AdminCourseDetail> {
  return editCourse(db, actor, id, version, now, async (tx) => {
    const working = await currentWorkingCopy(tx, id);
    if (!working.draft || !(await discardDraft(tx, id))) {
      throw conflict('This course has no unpublished changes to discard.', 'no_draft');
    }
    return {
      audit: {
        action: 'course.discard_draft',
        entity: 'course',
        entityId: id,
        before: { draft: working.draft.id, ...draftedValues(working.draft) },
        after: null,
      },
    };
  });
}

const tierValues = (t: Omit<TierBody, 'version'>) => ({
  title: t.title,
  description: t.description,
  pricePaise: t.pricePaise,
  originalPricePaise: t.originalPricePaise,
  accessType: t.accessType,
});

const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'tier';

export async function createTier(
  db: Db,
  actor: Actor,
  courseId: string,
  body: TierBody,
  now: Date,
): Promise<AdminCourseDetail> {
  return editCourse(db, actor, courseId, body.version, now, async (tx) => {
    const existing = await tx
      .select({ id: pricingTiers.id, position: pricingTiers.position })
      .from(pricingTiers)
      .where(eq(pricingTiers.courseId, courseId));
    const taken = new Set(existing.map((t) => t.id));
    const base = `${courseId}-${slugify(body.title)}`.slice(0, 90);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    // Tier ids are global: one of another course's may already hold the name.
    const [elsewhere] = await tx.select({ id: pricingTiers.id }).from(pricingTiers).where(eq(pricingTiers.id, id));
    if (elsewhere) id = `${base}-${Date.now().toString(36)}`;
    const position = Math.max(-1, ...existing.map((t) => t.position)) + 1;
    const values = tierValues(body);
    await tx.insert(pricingTiers).values({ id, courseId, position, ...values });
    return {
      audit: { action: 'tier.create', entity: 'tier', entityId: id, before: null, after: { courseId, ...values } },
    };
  });
}

export async function updateTier(
  db: Db,
  actor: Actor,
  courseId: string,
  tierId: string,
  body: TierBody,
  now: Date,
): Promise<AdminCourseDetail> {
  return editCourse(db, actor, courseId, body.version, now, async (tx) => {
    const [before] = await tx
      .select()
      .from(pricingTiers)
      .where(and(eq(pricingTiers.id, tierId), eq(pricingTiers.courseId, courseId)));
    if (!before) throw notFound('This course has no such pricing tier.', 'tier_not_found');
    const values = tierValues(body);
    await tx.update(pricingTiers).set(values).where(eq(pricingTiers.id, tierId));
    return {
      audit: { action: 'tier.update', entity: 'tier', entityId: tierId, ...changedFields(tierValues(before), values) },
    };
  });
}

/** Sets who authors the course; each must hold the instructor role. */
export async function setInstructors(
  db: Db,
  actor: Actor,
  courseId: string,
  body: { version: number; userIds: string[] },
  now: Date,
): Promise<AdminCourseDetail> {
  return editCourse(db, actor, courseId, body.version, now, async (tx) => {
    const wanted = [...new Set(body.userIds)];
    if (wanted.length > 0) {
      const instructors = await tx
        .select({ userId: userRoles.userId })
        .from(userRoles)
        .where(and(inArray(userRoles.userId, wanted), eq(userRoles.role, 'instructor')));
      const known = new Set(instructors.map((r) => r.userId));
      const missing = wanted.filter((id) => !known.has(id));
      if (missing.length > 0) {
        throw conflict(
          'Only users with the instructor role can author a course: give them the role first.',
          'not_an_instructor',
        );
      }
    }
    const before = await tx
      .select({ userId: courseInstructors.userId })
      .from(courseInstructors)
      .where(eq(courseInstructors.courseId, courseId));
    await tx.delete(courseInstructors).where(eq(courseInstructors.courseId, courseId));
    if (wanted.length > 0) {
      await tx.insert(courseInstructors).values(wanted.map((userId) => ({ courseId, userId })));
    }
    return {
      audit: {
        action: 'course.instructors',
        entity: 'course',
        entityId: courseId,
        before: { instructors: before.map((r) => r.userId).sort() },
        after: { instructors: wanted.sort() },
      },
    };
  });
}
