import {
  adminCourseDetailSchema,
  adminCourseListSchema,
  adminTicketSchema,
  auditListSchema,
  contactResponseSchema,
  endpoints,
  refundOutcomeSchema,
  type StaffRole,
} from '@kaushal/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import { createLearner, type Learner } from '../../../test/payments.ts';
import { freshAddress } from '../../../test/support/learners.ts';
import { callAs, createStaff } from '../../../test/support/staff.ts';
import { tinyVideo, tusMetadata } from '../../../test/support/tiny-video.ts';
import { auditLog, courseInstructors, enrollments, paymentOrders } from '../../db/schema.ts';
import { buy, sandboxPayment } from '../refunds/test-support.ts';

const PAID = 'rag-from-scratch';
/** One question, for the quiz writes the audit test makes. */
const AUDIT_QUIZ_QUESTIONS = [
  { id: 'q1', kind: 'numeric', prompt: 'Two plus two?', answer: 4, tolerance: 0, explanation: 'Four.' },
];
const OTHER = 'llm-evaluation';
/** The course and tier the refund writes of the audit test buy (untouched by the console's edits). */
const REFUND_COURSE = 'vector-databases';
const REFUND_TIER = 'vector-databases-lifetime';

describe('the staff console API', () => {
  const ctx = useTestApp();

  const staff = (name: string, ...roles: StaffRole[]) => createStaff(ctx, name, ...roles);
  const call = (who: Learner | null, method: string, url: string, payload?: unknown) =>
    callAs(ctx, who, method, url, payload);
  const detail = async (who: Learner, id = PAID) =>
    adminCourseDetailSchema.parse((await call(who, 'GET', `/admin/courses/${id}`)).json());
  const auditRows = async () => (await ctx.database.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;

  it('tells anyone signed in their roles, and refuses the console to learners', async () => {
    expect((await call(null, 'GET', '/admin/me')).statusCode).toBe(401);
    const learner = await staff('Plain Learner');
    expect((await call(learner, 'GET', '/admin/me')).json()).toEqual({ roles: [], instructorOf: [] });
    expect((await call(learner, 'GET', '/auth/me')).json()).toMatchObject({ roles: [] });
    const refused = await call(learner, 'GET', '/admin/courses');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'role_required' });
    const admin = await staff('Ada Admin', 'admin');
    expect((await call(admin, 'GET', '/auth/me')).json()).toMatchObject({ roles: ['admin'] });
  });

  it('lists courses with search, status and sort; an instructor sees only their own', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const all = adminCourseListSchema.parse((await call(admin, 'GET', '/admin/courses?size=100')).json());
    expect(all.total).toBeGreaterThan(10);
    expect(all.items.every((c) => c.status === 'published')).toBe(true);
    const found = adminCourseListSchema.parse((await call(admin, 'GET', '/admin/courses?q=RAG')).json());
    expect(found.items.map((c) => c.id)).toContain(PAID);
    expect(all.items.find((c) => c.id === 'python-for-ai')?.lessons).toBe(6);
    const byTitle = adminCourseListSchema.parse(
      (await call(admin, 'GET', '/admin/courses?sort=title&size=100')).json(),
    );
    const titles = byTitle.items.map((c) => c.title);
    const lower = titles.map((t) => t.toLowerCase());
    expect(lower).toEqual([...lower].sort());
    expect((await call(admin, 'GET', '/admin/courses?status=draft')).json()).toMatchObject({ total: 0 });

    const teacher = await staff('Tara Teacher', 'instructor');
    await ctx.database.db.insert(courseInstructors).values({ courseId: PAID, userId: teacher.id });
    const own = adminCourseListSchema.parse((await call(teacher, 'GET', '/admin/courses')).json());
    expect(own.items.map((c) => c.id)).toEqual([PAID]);
    expect((await call(teacher, 'GET', `/admin/courses/${OTHER}`)).statusCode).toBe(403);
    expect((await call(teacher, 'GET', '/admin/me')).json()).toEqual({ roles: ['instructor'], instructorOf: [PAID] });
  });

  it('creates a draft, edits it at its version, refuses a stale save naming who changed it, and audits each write', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const other = await staff('Omar Admin', 'admin');
    const created = await call(admin, 'POST', '/admin/courses', {
      id: 'agents-in-production',
      title: 'Agents in Production',
      difficulty: 'Advanced',
      pricePaise: 299_900,
    });
    expect(created.statusCode, created.body).toBe(201);
    const course = adminCourseDetailSchema.parse(created.json());
    expect(course).toMatchObject({
      status: 'draft',
      version: 1,
      idLocked: false,
      lessons: [],
      tiers: [],
      sections: [{ id: 'agents-in-production-s1', title: 'Lessons', lessonIds: [] }],
    });
    const again = await call(admin, 'POST', '/admin/courses', {
      id: 'agents-in-production',
      title: 'Another',
      difficulty: 'Beginner',
      pricePaise: 0,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'course_id_taken' });

    const edited = await call(admin, 'PATCH', '/admin/courses/agents-in-production', {
      version: 1,
      title: 'Agents in Production, Hands-on',
      description: 'Ship tool-using agents.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, title: 'Agents in Production, Hands-on' });
    // The second editor still holds version 1.
    const stale = await call(other, 'PATCH', '/admin/courses/agents-in-production', { version: 1, title: 'Mine' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(
      /^This course was changed by Ada Admin \(.+\) at .+\. Reload to see their changes/,
    );
    expect((await detail(admin, 'agents-in-production')).title).toBe('Agents in Production, Hands-on');

    const log = auditListSchema.parse(
      (await call(admin, 'GET', '/admin/audit?entity=course&entityId=agents-in-production')).json(),
    );
    expect(log.items.map((e) => e.action)).toEqual(['course.update', 'course.create']);
    expect(log.items[0]).toMatchObject({
      actor: admin.email,
      before: { title: 'Agents in Production', description: '' },
      after: { title: 'Agents in Production, Hands-on', description: 'Ship tool-using agents.' },
    });
  });

  it('validates each field with a readable message and writes nothing', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const before = await auditRows();
    const { version } = await detail(admin);
    const cases: Array<[string, string, unknown, RegExp]> = [
      [
        'POST',
        `/admin/courses/${PAID}/tiers`,
        { version, title: 'Free?', pricePaise: 0, originalPricePaise: 0, accessType: 'weekly' },
        /price above ₹0/,
      ],
      [
        'POST',
        `/admin/courses/${PAID}/tiers`,
        { version, title: 'Odd', pricePaise: 5000, originalPricePaise: 100, accessType: 'weekly' },
        /original price cannot be below/,
      ],
      ['PATCH', `/admin/courses/${PAID}`, { version, title: 'ab' }, /at least 3 characters/],
      ['PATCH', `/admin/courses/${PAID}`, { version, pricePaise: 10.5 }, /whole paise/],
      [
        'POST',
        '/admin/courses',
        { id: 'Bad Id', title: 'Valid title', difficulty: 'Beginner', pricePaise: 0 },
        /lower-case/,
      ],
    ];
    for (const [method, url, body, message] of cases) {
      const res = await call(admin, method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().detail).toMatch(message);
    }
    expect(await auditRows()).toBe(before);
  });

  it('publishes and unpublishes: the catalogue follows, enrolled learners keep access, an empty course cannot go live', async () => {
    const admin = await staff('Ada Admin', 'admin');
    let { version } = await detail(admin);
    const off = await call(admin, 'POST', `/admin/courses/${PAID}/unpublish`, { version });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: 'unpublished', idLocked: true });
    expect((await call(null, 'GET', `/courses/${PAID}`)).statusCode).toBe(404);
    version = off.json().version;
    const on = await call(admin, 'POST', `/admin/courses/${PAID}/publish`, { version });
    expect(on.json()).toMatchObject({ status: 'published' });
    expect((await call(null, 'GET', `/courses/${PAID}`)).statusCode).toBe(200);

    await call(admin, 'POST', '/admin/courses', {
      id: 'empty-course',
      title: 'Empty Course',
      difficulty: 'Beginner',
      pricePaise: 0,
    });
    const empty = await call(admin, 'POST', '/admin/courses/empty-course/publish', { version: 1 });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({ code: 'course_has_no_lessons' });
  });

  it('adds and edits pricing tiers in paise', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const { version, tiers } = await detail(admin);
    const added = await call(admin, 'POST', `/admin/courses/${PAID}/tiers`, {
      version,
      title: 'Team of five',
      description: 'Five seats, lifetime access.',
      pricePaise: 1_999_950,
      originalPricePaise: 2_499_900,
      accessType: 'permanent',
    });
    expect(added.statusCode, added.body).toBe(201);
    const course = adminCourseDetailSchema.parse(added.json());
    expect(course.tiers).toHaveLength(tiers.length + 1);
    const tier = course.tiers.at(-1);
    expect(tier).toMatchObject({ id: `${PAID}-team-of-five`, pricePaise: 1_999_950, orders: 0 });
    const changed = await call(admin, 'PUT', `/admin/courses/${PAID}/tiers/${tier?.id}`, {
      version: course.version,
      title: 'Team of five',
      pricePaise: 1_799_900,
      originalPricePaise: 2_499_900,
      accessType: 'permanent',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Learners see it in rupees.
    const page = await call(null, 'GET', `/courses/${PAID}`);
    expect(page.json().pricingTiers.map((t: { price: number }) => t.price)).toContain(17_999);
  });

  it('archives a bought tier (hidden and refused at checkout, its orders kept), deletes an unbought one, reorders', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const buyer = await staff('Bina Buyer');
    const weekly = `${PAID}-weekly`;
    const order = await call(buyer, 'POST', '/payments/create-order', { courseId: PAID, pricingTierId: weekly });
    expect(order.statusCode, order.body).toBe(200);
    await ctx.database.db
      .update(paymentOrders)
      .set({ status: 'paid', providerPaymentId: 'pay_ARCHIVETEST01', paidAt: new Date() })
      .where(eq(paymentOrders.id, order.json().orderId));
    let course = await detail(admin);
    expect(course.tiers.find((t) => t.id === weekly)).toMatchObject({ orders: 1, archived: false });

    const refusedDelete = await call(
      admin,
      'DELETE',
      `/admin/courses/${PAID}/tiers/${weekly}?version=${course.version}`,
    );
    expect(refusedDelete.statusCode).toBe(409);
    expect(refusedDelete.json()).toMatchObject({ code: 'tier_has_orders' });

    const archived = await call(admin, 'POST', `/admin/courses/${PAID}/tiers/${weekly}/archive`, {
      version: course.version,
      archived: true,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    course = adminCourseDetailSchema.parse(archived.json());
    expect(course.tiers.find((t) => t.id === weekly)?.archived).toBe(true);
    const page = (await call(null, 'GET', `/courses/${PAID}`)).json() as { pricingTiers: Array<{ id: string }> };
    expect(page.pricingTiers.map((t) => t.id)).not.toContain(weekly);
    const checkout = await call(buyer, 'POST', '/payments/create-order', { courseId: PAID, pricingTierId: weekly });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json()).toMatchObject({ code: 'tier_archived' });

    const added = adminCourseDetailSchema.parse(
      (
        await call(admin, 'POST', `/admin/courses/${PAID}/tiers`, {
          version: course.version,
          title: 'Unbought',
          pricePaise: 100,
          originalPricePaise: 100,
          accessType: 'weekly',
        })
      ).json(),
    );
    const reversed = added.tiers.map((t) => t.id).reverse();
    const reordered = await call(admin, 'PUT', `/admin/courses/${PAID}/tier-order`, {
      version: added.version,
      tierIds: reversed,
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(adminCourseDetailSchema.parse(reordered.json()).tiers.map((t) => t.id)).toEqual(reversed);
    const badOrder = await call(admin, 'PUT', `/admin/courses/${PAID}/tier-order`, {
      version: reordered.json().version,
      tierIds: reversed.slice(1),
    });
    expect(badOrder.statusCode).toBe(400);
    const deleted = await call(
      admin,
      'DELETE',
      `/admin/courses/${PAID}/tiers/${PAID}-unbought?version=${reordered.json().version}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(adminCourseDetailSchema.parse(deleted.json()).tiers.map((t) => t.id)).not.toContain(`${PAID}-unbought`);
  });

  it('lets an admin grant roles and assign instructors, and an instructor edit only their course', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const teacher = await staff('Tara Teacher');
    const notYet = await call(admin, 'PUT', `/admin/courses/${PAID}/instructors`, {
      version: (await detail(admin)).version,
      userIds: [teacher.id],
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ code: 'not_an_instructor' });
    const granted = await call(admin, 'PUT', `/admin/users/${teacher.id}/roles`, { roles: ['instructor'] });
    expect(granted.json()).toMatchObject({ roles: ['instructor'] });
    const assigned = await call(admin, 'PUT', `/admin/courses/${PAID}/instructors`, {
      version: (await detail(admin)).version,
      userIds: [teacher.id],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const own = await call(teacher, 'PATCH', `/admin/courses/${PAID}`, {
      version: assigned.json().version,
      description: 'Retrieval, step by step.',
    });
    expect(own.statusCode, own.body).toBe(200);
    const { version: otherVersion } = await detail(admin, OTHER);
    const notOwn = await call(teacher, 'PATCH', `/admin/courses/${OTHER}`, {
      version: otherVersion,
      title: 'Taken over',
    });
    expect(notOwn.statusCode).toBe(403);
    expect(notOwn.json()).toMatchObject({ code: 'not_your_course' });
    expect((await call(teacher, 'PUT', `/admin/users/${teacher.id}/roles`, { roles: ['admin'] })).statusCode).toBe(403);
    const self = await call(admin, 'PUT', `/admin/users/${admin.id}/roles`, { roles: [] });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'own_admin_role' });
    const grants = auditListSchema.parse(
      (await call(admin, 'GET', `/admin/audit?entity=user&entityId=${teacher.id}`)).json(),
    );
    expect(grants.items).toMatchObject([{ action: 'role.grant', after: { role: 'instructor' } }]);
  });

  it('saves an outline: sections created, renamed, reordered and removed, lessons moved, every lesson placed once', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const course = await detail(admin, 'transformers-explained');
    expect(course.sections.map((s) => s.title)).toEqual([
      'Foundations',
      'Inside the transformer',
      'Transformers in practice',
    ]);
    const [first, second, third] = course.sections;
    const ids = course.lessons.map((l) => l.id);
    const outline = {
      version: course.version,
      sections: [
        { id: third?.id, title: 'In practice', lessonIds: third?.lessonIds ?? [] },
        { title: 'Start here', lessonIds: [...(first?.lessonIds ?? []), ...(second?.lessonIds ?? [])].reverse() },
      ],
    };
    const saved = await call(admin, 'PUT', '/admin/courses/transformers-explained/outline', outline);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = adminCourseDetailSchema.parse(saved.json());
    expect(after.sections.map((s) => [s.title, s.lessonIds.length])).toEqual([
      ['In practice', 2],
      ['Start here', 6],
    ]);
    expect(after.sections[1]?.id).toBe('transformers-explained-s4');
    // The course is published: the outline waits in its draft, and the learner's page follows once it is
    // published (drafts.test.ts), with the lessons in the new order, under the new sections.
    const published = await call(admin, 'POST', '/admin/courses/transformers-explained/publish', {
      version: after.version,
    });
    expect(published.statusCode, published.body).toBe(200);
    const lessonsPage = (await call(null, 'GET', '/courses/transformers-explained/lessons')).json() as Array<{
      id: string;
      section: { title: string };
    }>;
    expect(lessonsPage.map((l) => l.id)).toEqual(after.sections.flatMap((s) => s.lessonIds));
    expect(lessonsPage[0]?.section.title).toBe('In practice');

    const bad = async (sections: unknown, message: RegExp) => {
      const res = await call(admin, 'PUT', '/admin/courses/transformers-explained/outline', {
        version: after.version + 1,
        sections,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toMatch(message);
    };
    await bad([{ title: 'All', lessonIds: ids.slice(1) }], /missing from the outline/);
    await bad([{ title: 'All', lessonIds: [...ids, ids[0]] }], /placed twice/);
    await bad([{ title: 'All', lessonIds: [...ids, 'rag-from-scratch-01'] }], /not a lesson of this course/);
    await bad([{ id: 'rag-from-scratch-s1', title: 'All', lessonIds: ids }], /not a section of this course/);
    await bad([], /at least one section/);
  });

  it('adds a lesson at the end of its section and edits it, with a YouTube link validated', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const course = await detail(admin, 'transformers-explained');
    const section = course.sections[0];
    const created = await call(admin, 'POST', '/admin/courses/transformers-explained/lessons', {
      version: course.version,
      sectionId: section?.id,
      id: 'transformers-explained-extra',
      title: 'Attention, visualised',
      youtubeUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = adminCourseDetailSchema.parse(created.json());
    expect(after.sections[0]?.lessonIds.at(-1)).toBe('transformers-explained-extra');
    expect(after.lessons.map((l) => l.id).indexOf('transformers-explained-extra')).toBe(section?.lessonIds.length);
    const badLink = await call(
      admin,
      'PATCH',
      '/admin/courses/transformers-explained/lessons/transformers-explained-extra',
      {
        version: after.version,
        youtubeUrl: 'https://evil.example/watch?v=x',
      },
    );
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().detail).toMatch(/YouTube embed link/);
    const edited = await call(
      admin,
      'PATCH',
      '/admin/courses/transformers-explained/lessons/transformers-explained-extra',
      {
        version: after.version,
        isFree: true,
        description: 'A picture of attention.',
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      adminCourseDetailSchema.parse(edited.json()).lessons.find((l) => l.id === 'transformers-explained-extra'),
    ).toMatchObject({
      isFree: true,
      description: 'A picture of attention.',
      youtubeUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    });
    const taken = await call(admin, 'POST', '/admin/courses/transformers-explained/lessons', {
      version: adminCourseDetailSchema.parse(edited.json()).version,
      sectionId: section?.id,
      id: 'rag-from-scratch-01',
      title: 'Clash',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'lesson_id_taken' });
  });

  it('lets staff preview a draft as a learner sees it; learners and other instructors get a 404', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const teacher = await staff('Tara Teacher', 'instructor');
    const learner = await staff('Lina Learner');
    let course = adminCourseDetailSchema.parse(
      (
        await call(admin, 'POST', '/admin/courses', {
          id: 'draft-preview',
          title: 'Draft Preview',
          difficulty: 'Beginner',
          pricePaise: 99_900,
        })
      ).json(),
    );
    course = adminCourseDetailSchema.parse(
      (
        await call(admin, 'POST', '/admin/courses/draft-preview/lessons', {
          version: course.version,
          sectionId: course.sections[0]?.id,
          id: 'draft-preview-01',
          title: 'A paid lesson',
          youtubeUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
        })
      ).json(),
    );
    const page = await call(admin, 'GET', '/courses/draft-preview');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.json()).toMatchObject({
      title: 'Draft Preview',
      lessons: [{ id: 'draft-preview-01', section: { title: 'Lessons' } }],
    });
    expect((await call(admin, 'GET', '/courses/draft-preview/lessons')).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/lessons/draft-preview-01/signed-url')).statusCode).toBe(200);
    for (const outsider of [null, learner, teacher]) {
      expect((await call(outsider, 'GET', '/courses/draft-preview')).statusCode).toBe(404);
      expect((await call(outsider, 'GET', '/courses/draft-preview/lessons')).statusCode).toBe(404);
    }
    for (const outsider of [learner, teacher]) {
      expect((await call(outsider, 'GET', '/lessons/draft-preview-01')).statusCode).toBe(404);
    }
    await ctx.database.db.insert(courseInstructors).values({ courseId: 'draft-preview', userId: teacher.id });
    expect((await call(teacher, 'GET', '/courses/draft-preview')).statusCode).toBe(200);
    expect((await call(teacher, 'GET', '/lessons/draft-preview-01')).statusCode).toBe(200);
  });

  it('support reads courses and mail but edits nothing', async () => {
    const helper = await staff('Sam Support', 'support');
    expect((await call(helper, 'GET', `/admin/courses/${PAID}`)).statusCode).toBe(200);
    expect((await call(helper, 'GET', '/admin/emails?status=failed')).statusCode).toBe(200);
    const { version } = await detail(helper);
    expect((await call(helper, 'PATCH', `/admin/courses/${PAID}`, { version, title: 'Support edit' })).statusCode).toBe(
      403,
    );
    expect((await call(helper, 'GET', '/admin/audit')).statusCode).toBe(403);
  });

  it('records an audit row with every staff write, for every write endpoint', async () => {
    const admin = await staff('Ada Admin', 'admin');
    const teacher = await staff('Tara Teacher', 'instructor');
    const writes = Object.values(endpoints).filter((e) => e.path.startsWith('/admin/') && e.method !== 'GET');
    const version = async (id = PAID) => (await detail(admin, id)).version;
    /** A ticket a learner opened through the contact form (no staff write, so not counted), as staff read it. */
    const openTicket = async (reader: Learner) => {
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/contact/submit',
        remoteAddress: freshAddress(),
        headers: { origin: TEST_ORIGIN },
        payload: {
          name: 'Lena Learner',
          email: 'lena@example.com',
          subject: 'Lesson stops',
          category: 'technical',
          message: 'The third lesson stops after two minutes.',
        },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const ticketId = contactResponseSchema.parse(sent.json()).ticket_id;
      return adminTicketSchema.parse((await call(reader, 'GET', `/admin/tickets/${ticketId}`)).json());
    };
    const tierId = (await detail(admin)).tiers[0]?.id;
    // The uploads (decision 020): raw bodies with their own headers; the tus PATCH continues the upload the
    // creation began and, sending the whole (tiny) video, finishes it: the lesson's video is the audited write.
    const video = await tinyVideo();
    const created: { location?: string } = {};
    const raw = (type: string, extra: Record<string, string> = {}) => ({
      origin: TEST_ORIGIN,
      cookie: admin.cookie,
      'content-type': type,
      ...extra,
    });
    /** A resource of the lesson, uploaded first (its own audited write, made before the count) when it has none. */
    const someResource = async (): Promise<string> => {
      const listed = (await detail(admin)).lessons.find((l) => l.id === `${PAID}-02`)?.resources[0];
      if (listed) return listed.id;
      const added = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/courses/${PAID}/lessons/${PAID}-02/resources?version=${await version()}&title=Data&fileName=data.csv`,
        headers: raw('application/octet-stream'),
        payload: 'a,b\n1,2\n',
      });
      expect(added.statusCode, added.body).toBe(201);
      return someResource();
    };
    const valid: Record<string, () => Promise<[string, unknown, Record<string, string>?]>> = {
      adminCreateVideoUpload: async () => [
        '/admin/uploads/videos',
        undefined,
        {
          origin: TEST_ORIGIN,
          cookie: admin.cookie,
          'tus-resumable': '1.0.0',
          'upload-length': String(video.length),
          'upload-metadata': tusMetadata({ courseId: PAID, lessonId: `${PAID}-02` }),
        },
      ],
      adminVideoUploadChunk: async () => [
        (created.location as string).replace('/api/v1', ''),
        video,
        raw('application/offset+octet-stream', { 'tus-resumable': '1.0.0', 'upload-offset': '0' }),
      ],
      adminLessonCaptions: async () => [
        `/admin/courses/${PAID}/lessons/${PAID}-02/captions/en?version=${await version()}&label=English`,
        'WEBVTT\n\n00:00.000 --> 00:01.000\nAudited.\n',
        raw('text/vtt'),
      ],
      adminCourseThumbnail: async () => [
        `/admin/courses/${PAID}/thumbnail?version=${await version()}`,
        await sharp({ create: { width: 320, height: 180, channels: 3, background: '#246' } })
          .png()
          .toBuffer(),
        raw('image/png'),
      ],
      adminCreateCourse: async () => [
        '/admin/courses',
        { id: 'audit-probe', title: 'Audit Probe', difficulty: 'Beginner', pricePaise: 0 },
      ],
      adminUpdateCourse: async () => [`/admin/courses/${PAID}`, { version: await version(), featured: false }],
      adminUnpublishCourse: async () => [`/admin/courses/${PAID}/unpublish`, { version: await version() }],
      adminPublishCourse: async () => [`/admin/courses/${PAID}/publish`, { version: await version() }],
      adminDiscardDraft: async () => {
        // A published course's edit opens its draft, which the discard then throws away.
        const drafted = await call(admin, 'PATCH', `/admin/courses/${PAID}`, {
          version: await version(),
          description: 'A draft to discard.',
        });
        expect(drafted.json()).toMatchObject({ draft: { previewId: expect.any(String) } });
        return [`/admin/courses/${PAID}/discard-draft`, { version: await version() }];
      },
      adminCreateTier: async () => [
        `/admin/courses/${PAID}/tiers`,
        {
          version: await version(),
          title: 'Audit tier',
          pricePaise: 100,
          originalPricePaise: 100,
          accessType: 'weekly',
        },
      ],
      adminUpdateTier: async () => [
        `/admin/courses/${PAID}/tiers/${tierId}`,
        {
          version: await version(),
          title: 'Weekly Access',
          pricePaise: 99_900,
          originalPricePaise: 149_900,
          accessType: 'weekly',
        },
      ],
      adminCourseInstructors: async () => [
        `/admin/courses/${PAID}/instructors`,
        { version: await version(), userIds: [teacher.id] },
      ],
      adminUserRoles: async () => [`/admin/users/${teacher.id}/roles`, { roles: ['instructor', 'support'] }],
      adminArchiveTier: async () => [
        `/admin/courses/${PAID}/tiers/${tierId}/archive`,
        { version: await version(), archived: false },
      ],
      adminReorderTiers: async () => [
        `/admin/courses/${PAID}/tier-order`,
        { version: await version(), tierIds: (await detail(admin)).tiers.map((t) => t.id) },
      ],
      adminDeleteTier: async () => {
        const course = adminCourseDetailSchema.parse(
          (
            await call(admin, 'POST', `/admin/courses/${PAID}/tiers`, {
              version: await version(),
              title: 'To delete',
              pricePaise: 100,
              originalPricePaise: 100,
              accessType: 'weekly',
            })
          ).json(),
        );
        return [`/admin/courses/${PAID}/tiers/${PAID}-to-delete?version=${course.version}`, undefined];
      },
      adminCourseOutline: async () => {
        const course = await detail(admin);
        return [
          `/admin/courses/${PAID}/outline`,
          {
            version: course.version,
            sections: [{ id: course.sections[0]?.id, title: 'Renamed', lessonIds: course.lessons.map((l) => l.id) }],
          },
        ];
      },
      adminCreateLesson: async () => {
        const course = await detail(admin);
        return [
          `/admin/courses/${PAID}/lessons`,
          {
            version: course.version,
            sectionId: course.sections[0]?.id,
            id: 'audit-probe-lesson',
            title: 'Audit probe lesson',
          },
        ];
      },
      adminRemoveCaptions: async () => {
        // Captions to remove first (their own audited write, made before the count).
        const added = await ctx.app.inject({
          method: 'PUT',
          url: `/api/v1/admin/courses/${PAID}/lessons/${PAID}-01/captions/ta?version=${await version()}&label=Tamil`,
          headers: raw('text/vtt'),
          payload: 'WEBVTT\n\n00:00.000 --> 00:02.000\nவணக்கம்\n',
        });
        expect(added.statusCode, added.body).toBe(200);
        return [`/admin/courses/${PAID}/lessons/${PAID}-01/captions/ta?version=${await version()}`, undefined];
      },
      adminUpdateLesson: async () => [
        `/admin/courses/${PAID}/lessons/${PAID}-01`,
        { version: await version(), description: 'Audited.' },
      ],
      // Section quizzes (issue 18): saved whole; the removal first saves one to remove (its own audited write).
      adminSaveQuiz: async () => [
        `/admin/courses/${PAID}/sections/${(await detail(admin)).sections[0]?.id}/quiz`,
        { version: await version(), title: 'Audited quiz', passPercent: 50, questions: AUDIT_QUIZ_QUESTIONS },
      ],
      adminDeleteQuiz: async () => {
        const sectionId = (await detail(admin)).sections[0]?.id;
        const saved = await call(admin, 'PUT', `/admin/courses/${PAID}/sections/${sectionId}/quiz`, {
          version: await version(),
          title: 'To remove',
          passPercent: 50,
          questions: AUDIT_QUIZ_QUESTIONS,
        });
        expect(saved.statusCode, saved.body).toBe(200);
        return [`/admin/courses/${PAID}/sections/${sectionId}/quiz?version=${await version()}`, undefined];
      },
      // Lesson resources (issue 18): the file as the body; the edits address one the lesson has.
      adminCreateResource: async () => [
        `/admin/courses/${PAID}/lessons/${PAID}-02/resources?version=${await version()}&title=Notes&fileName=notes.md`,
        '# Notes\n',
        raw('application/octet-stream'),
      ],
      adminUpdateResource: async () => [
        `/admin/courses/${PAID}/lessons/${PAID}-02/resources/${await someResource()}`,
        { version: await version(), title: 'Audited notes' },
      ],
      adminDeleteResource: async () => [
        `/admin/courses/${PAID}/lessons/${PAID}-02/resources/${await someResource()}?version=${await version()}`,
        undefined,
      ],
      adminReorderResources: async () => {
        await someResource();
        const ids = (await detail(admin)).lessons.find((l) => l.id === `${PAID}-02`)?.resources.map((r) => r.id);
        return [
          `/admin/courses/${PAID}/lessons/${PAID}-02/resource-order`,
          { version: await version(), resourceIds: ids },
        ];
      },
      // Coupons (issue 19): the edit addresses one made first (its own audited write, made before the count).
      adminCreateCoupon: async () => ['/admin/coupons', { code: 'AUDIT10', kind: 'percent', value: 10, scope: 'all' }],
      adminUpdateCoupon: async () => {
        const made = await call(admin, 'POST', '/admin/coupons', {
          code: 'AUDIT-EDIT',
          kind: 'fixed',
          value: 100,
          scope: 'all',
        });
        expect(made.statusCode, made.body).toBe(200);
        return [`/admin/coupons/${(made.json() as { id: string }).id}`, { active: false }];
      },
      // Refunds (decision 024): a learner buys through the sandbox and, past the 12 hours of the instant refund,
      // asks to cancel, which is approved; another's order is refunded ₹1 by staff.
      adminRefundDecision: async () => {
        const buyer = await createLearner(ctx, 'Riya Requester');
        const order = await buy(ctx, buyer, REFUND_COURSE, REFUND_TIER, sandboxPayment(ctx, buyer));
        ctx.clock.now = new Date(ctx.clock.now.getTime() + 13 * 3_600_000);
        const asked = await call(buyer, 'POST', `/payments/orders/${order.orderId}/cancellation-request`, {
          reason: 'Bought the wrong course',
        });
        expect(asked.statusCode, asked.body).toBe(200);
        return [
          `/admin/refunds/${refundOutcomeSchema.parse(asked.json()).refund.id}/decision`,
          { decision: 'approve' },
        ];
      },
      // Learners (issue 20): access granted to one learner, and revoked from another enrolled beforehand.
      adminGrantAccess: async () => {
        const learner = await createLearner(ctx, 'Gita Granted');
        return [`/admin/learners/${learner.id}/access`, { courseId: OTHER, accessType: 'weekly', reason: 'Trial' }];
      },
      adminRevokeAccess: async () => {
        const learner = await createLearner(ctx, 'Rohan Revoked');
        await ctx.database.db
          .insert(enrollments)
          .values({ userId: learner.id, courseId: OTHER, accessType: 'permanent', source: 'free' });
        return [`/admin/learners/${learner.id}/access/${OTHER}/revoke`, { reason: 'Enrolled by mistake' }];
      },
      adminRefundOrder: async () => {
        const buyer = await createLearner(ctx, 'Omar Orderer');
        const order = await buy(ctx, buyer, REFUND_COURSE, REFUND_TIER, sandboxPayment(ctx, buyer));
        return [`/admin/orders/${order.orderId}/refunds`, { amount: 100, reason: 'Goodwill after a broken lesson' }];
      },
      // Analytics (decision 026): "update now" rolls up playback, recorded as analytics.refresh.
      adminAnalyticsRefresh: async () => ['/admin/analytics/refresh', undefined],
      // The support inbox (decision 025): each write addresses a ticket a learner opened through the contact form.
      adminUpdateTicket: async () => {
        const ticket = await openTicket(admin);
        return [`/admin/tickets/${ticket.ticketId}`, { version: ticket.version, status: 'closed' }];
      },
      adminTicketReply: async () => [
        `/admin/tickets/${(await openTicket(admin)).ticketId}/replies`,
        { message: 'Thank you: the lesson plays again.' },
      ],
      adminTicketNote: async () => [
        `/admin/tickets/${(await openTicket(admin)).ticketId}/notes`,
        { note: 'Checked the video: a stale link.' },
      ],
    };
    expect(writes.map((e) => e.name).sort()).toEqual(Object.keys(valid).sort());
    for (const endpoint of writes) {
      const [url, body, headers] = await (
        valid[endpoint.name] as () => Promise<[string, unknown, Record<string, string>?]>
      )();
      // Counted after the request is prepared: preparing one may itself write (the discard's draft).
      const before = await auditRows();
      const res = headers
        ? await ctx.app.inject({
            method: endpoint.method,
            url: `/api/v1${url}`,
            headers,
            ...(body === undefined ? {} : { payload: body as string | Buffer }),
          })
        : await call(admin, endpoint.method, url, body);
      if (endpoint.name === 'adminCreateVideoUpload') created.location = res.headers.location as string;
      expect(res.statusCode, `${endpoint.name}: ${res.body}`).toBeLessThan(300);
      expect(await auditRows(), endpoint.name).toBeGreaterThan(before);
    }
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(rows.every((row) => row.actorEmail === admin.email)).toBe(true);
    // The refund writes are recorded against the order they refunded.
    expect(
      rows
        .filter((row) => row.entity === 'order')
        .map((row) => row.action)
        .sort(),
    ).toEqual(['order.refund', 'refund.approve']);
    // Access granted and revoked by hand are recorded against the learner.
    expect(
      rows
        .filter((row) => row.entity === 'user' && row.action.startsWith('access.'))
        .map((row) => row.action)
        .sort(),
    ).toEqual(['access.grant', 'access.revoke']);
  });
});

describe('ADMIN_EMAILS', () => {
  const ctx = useTestApp({ seed: false, env: { ADMIN_EMAILS: 'Boss@Example.com, second@example.com' } });

  it('is read as a lower-cased list; where the sign-in stand-ins run, the demo admin joins it', () => {
    expect(ctx.app.deps.config.adminEmails).toEqual(['boss@example.com', 'second@example.com', 'admin@example.com']);
  });
});
