import { adminCourseDetailSchema, auditListSchema, type CourseDetail, type StaffRole } from '@kaushal/contract';
import { count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createLearner, type Learner } from '../../../test/payments.ts';
import { callAs, createStaff } from '../../../test/support/staff.ts';
import { exportCatalogue } from '../../content/export.ts';
import { courseInstructors, courses, lessonProgress } from '../../db/schema.ts';

const COURSE = 'python-for-ai';

describe('drafts of published courses', () => {
  const ctx = useTestApp();

  const staff = (name: string, ...roles: StaffRole[]) => createStaff(ctx, name, ...roles);
  const call = (who: Learner | null, method: string, url: string, payload?: unknown) =>
    callAs(ctx, who, method, url, payload);
  const ok = async (who: Learner, method: string, url: string, payload?: unknown) => {
    const response = await call(who, method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return adminCourseDetailSchema.parse(response.json());
  };
  const learnerView = async (who: Learner | null, id = COURSE) => {
    const response = await call(who, 'GET', `/courses/${id}`);
    return { status: response.statusCode, course: response.json() as CourseDetail };
  };
  const draftRows = async () =>
    (await ctx.database.db.select({ n: count() }).from(courses).where(isNotNull(courses.draftOf)))[0]?.n ?? 0;

  it('holds every content edit back from learners until Publish, and keeps their progress through it', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const learner = await createLearner(ctx, 'Lena Learner');
    expect((await call(learner, 'POST', `/courses/${COURSE}/enroll`)).statusCode).toBeLessThan(300);
    const published = await learnerView(learner);
    const first = published.course.lessons[0];
    if (!first) throw new Error('the seeded course has no lessons');
    const progress = await call(learner, 'PUT', `/lessons/${first.id}/progress`, {
      watchSeconds: 30,
      completed: false,
    });
    expect(progress.statusCode, progress.body).toBe(200);

    let course = await ok(admin, 'GET', `/admin/courses/${COURSE}`);
    expect(course.draft).toBeNull();
    course = await ok(admin, 'PATCH', `/admin/courses/${COURSE}`, {
      version: course.version,
      title: 'Python for AI, Revised',
    });
    expect(course.draft).not.toBeNull();
    expect(course.title).toBe('Python for AI, Revised');
    // The console still names lessons and sections by their published ids.
    expect(course.lessons.map((l) => l.id)).toEqual(published.course.lessons.map((l) => l.id));
    expect(course.lessons[0]?.previewId).not.toBe(first.id);

    course = await ok(admin, 'PATCH', `/admin/courses/${COURSE}/lessons/${first.id}`, {
      version: course.version,
      title: 'Setting up, again',
    });
    const sectionId = course.sections[0]?.id as string;
    course = await ok(admin, 'PUT', `/admin/courses/${COURSE}/outline`, {
      version: course.version,
      sections: [
        { id: sectionId, title: 'Foundations', lessonIds: course.lessons.slice(0, 3).map((l) => l.id) },
        { title: 'Going further', lessonIds: course.lessons.slice(3).map((l) => l.id) },
      ],
    });
    const newSection = course.sections[1]?.id as string;
    expect(newSection).toBe(`${COURSE}-s2`);
    course = await ok(admin, 'POST', `/admin/courses/${COURSE}/lessons`, {
      version: course.version,
      sectionId: newSection,
      id: 'python-for-ai-extra',
      title: 'An extra lesson',
      description: '',
      isFree: true,
      youtubeUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    });
    expect(course.lessons).toHaveLength(published.course.lessons.length + 1);

    // Learners (and visitors) still see the course as published.
    for (const who of [null, learner]) {
      const seen = await learnerView(who);
      expect(seen.course.title).toBe(published.course.title);
      expect(seen.course.lessons.map((l) => [l.id, l.title])).toEqual(
        published.course.lessons.map((l) => [l.id, l.title]),
      );
    }
    expect((await call(learner, 'GET', '/lessons/python-for-ai-extra')).statusCode).toBe(404);

    // Staff preview the draft at its own id; nobody else can open it.
    const previewId = course.draft?.previewId as string;
    const preview = await learnerView(admin, previewId);
    expect(preview.status).toBe(200);
    expect(preview.course.title).toBe('Python for AI, Revised');
    expect(preview.course.lessons.map((l) => l.section.title)).toContain('Going further');
    expect(preview.course.lessons[0]?.title).toBe('Setting up, again');
    // Staff preview opens every lesson for them; a learner's course page never says so.
    expect(preview.course.staffPreview).toBe(true);
    expect((await learnerView(admin)).course.staffPreview).toBe(true);
    expect(published.course).not.toHaveProperty('staffPreview');
    expect((await learnerView(learner, previewId)).status).toBe(404);
    expect((await learnerView(null, previewId)).status).toBe(404);
    const lessonPreview = course.lessons[0]?.previewId as string;
    expect((await call(admin, 'GET', `/lessons/${lessonPreview}`)).statusCode).toBe(200);
    expect((await call(learner, 'GET', `/lessons/${lessonPreview}`)).statusCode).toBe(404);
    const teacher = await staff('Tara Teacher', 'instructor');
    expect((await learnerView(teacher, previewId)).status).toBe(404);
    await ctx.database.db.insert(courseInstructors).values({ courseId: COURSE, userId: teacher.id });
    expect((await learnerView(teacher, previewId)).status).toBe(200);
    // A draft is in no list and no export.
    const listed = (await call(admin, 'GET', '/admin/courses?size=100')).json() as { items: Array<{ id: string }> };
    expect(listed.items.map((c) => c.id)).not.toContain(previewId);
    expect((await exportCatalogue(ctx.database.db)).map((c) => c.id)).not.toContain(previewId);

    course = await ok(admin, 'POST', `/admin/courses/${COURSE}/publish`, { version: course.version });
    expect(course.draft).toBeNull();
    expect(await draftRows()).toBe(0);
    const live = await learnerView(learner);
    expect(live.course.title).toBe('Python for AI, Revised');
    expect(live.course.lessons.map((l) => l.id)).toEqual([
      ...published.course.lessons.map((l) => l.id),
      'python-for-ai-extra',
    ]);
    expect(live.course.lessons[0]).toMatchObject({ id: first.id, title: 'Setting up, again' });
    expect(live.course.lessons.at(-1)?.section).toEqual({ id: newSection, title: 'Going further' });
    // The learner's progress stayed with the lesson.
    const [kept] = await ctx.database.db.select().from(lessonProgress).where(eq(lessonProgress.lessonId, first.id));
    expect(kept).toMatchObject({ userId: learner.id, resumeSeconds: 30 });
    expect(live.course.isEnrolled).toBe(true);

    const log = auditListSchema.parse(
      (await call(admin, 'GET', `/admin/audit?entity=course&entityId=${COURSE}`)).json(),
    );
    expect(log.items.find((e) => e.action === 'course.publish')).toMatchObject({
      before: { status: 'published', title: published.course.title },
      after: { status: 'published', title: 'Python for AI, Revised', draft: 'published' },
    });
  });

  it('discards a draft, and changes what the course sells at once', async () => {
    const admin = await staff('Ada Admin', 'admin');
    let course = await ok(admin, 'GET', `/admin/courses/${COURSE}`);
    const title = course.title;
    course = await ok(admin, 'PATCH', `/admin/courses/${COURSE}`, {
      version: course.version,
      description: 'Half-written…',
      featured: !course.featured,
    });
    expect(course.draft).not.toBeNull();
    const seen = await learnerView(null);
    expect(seen.course.description).not.toBe('Half-written…');
    const [row] = await ctx.database.db.select().from(courses).where(eq(courses.id, COURSE));
    expect(row?.featured).toBe(course.featured);

    course = await ok(admin, 'POST', `/admin/courses/${COURSE}/discard-draft`, { version: course.version });
    expect(course.draft).toBeNull();
    expect(course.title).toBe(title);
    expect(course.description).toBe(seen.course.description);
    expect(await draftRows()).toBe(0);
    const again = await call(admin, 'POST', `/admin/courses/${COURSE}/discard-draft`, { version: course.version });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'no_draft' });
    const log = auditListSchema.parse((await call(admin, 'GET', '/admin/audit?action=course.discard_draft')).json());
    expect(log.items[0]).toMatchObject({ entityId: COURSE, before: { description: 'Half-written…' }, after: null });
  });

  it('edits a course never published in place: a draft course needs no draft', async () => {
    const admin = await staff('Ada Admin', 'admin');
    let course = await ok(admin, 'POST', '/admin/courses', {
      id: 'fresh-course',
      title: 'A Fresh Course',
      difficulty: 'Beginner',
      pricePaise: 0,
    });
    course = await ok(admin, 'PATCH', '/admin/courses/fresh-course', { version: course.version, title: 'Renamed' });
    expect(course.draft).toBeNull();
    expect(await draftRows()).toBe(0);
    expect((await call(admin, 'GET', `/admin/courses/${COURSE}`)).statusCode).toBe(200);
  });

  it('refuses a draft row addressed as a course', async () => {
    const admin = await staff('Ada Admin', 'admin');
    let course = await ok(admin, 'GET', `/admin/courses/${COURSE}`);
    course = await ok(admin, 'PATCH', `/admin/courses/${COURSE}`, { version: course.version, title: 'Drafted' });
    const draftId = course.draft?.previewId as string;
    expect((await call(admin, 'GET', `/admin/courses/${draftId}`)).statusCode).toBe(404);
    const edit = await call(admin, 'PATCH', `/admin/courses/${draftId}`, { version: 1, title: 'Draft of a draft' });
    expect(edit.statusCode).toBe(404);
  });
});
