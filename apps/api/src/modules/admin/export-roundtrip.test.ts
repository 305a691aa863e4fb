import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminCourseDetailSchema } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from '../../../test/app.ts';
import { createLearner } from '../../../test/payments.ts';
import { exportCatalogue, writeCourseFiles } from '../../content/export.ts';
import { loadCatalogue } from '../../content/load.ts';
import { seedCatalogue } from '../../content/seed.ts';
import { openDatabase } from '../../db/client.ts';
import { openPglite } from '../../db/pglite.ts';
import { userRoles } from '../../db/schema.ts';
import { repoRoot } from '../../paths.ts';
import { FIXTURE_QUESTIONS } from '../quizzes/test-support.ts';

/**
 * Content files stay the backup and the seed: a course made in the console, exported with
 * `npm run content -- export`, imports into a fresh database as the same course, and importing it again there
 * changes nothing.
 */
describe('a course made in the console, exported and imported into a fresh database', () => {
  const ctx = useTestApp();

  it('arrives the same, and a second import writes nothing', async () => {
    const admin = await createLearner(ctx, 'Ada Admin');
    await ctx.database.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
    const call = async (method: string, url: string, payload: unknown) => {
      const res = await ctx.app.inject({
        method: method as 'POST',
        url: `/api/v1/admin${url}`,
        headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
        payload: payload as Record<string, unknown>,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return adminCourseDetailSchema.parse(res.json());
    };
    let course = await call('POST', '/courses', {
      id: 'console-made',
      title: 'Made in the Console',
      difficulty: 'Intermediate',
      pricePaise: 199_950,
    });
    course = await call('PATCH', '/courses/console-made', {
      version: course.version,
      description: 'Authored without touching a file.',
      instructor: 'Ada Admin',
    });
    const lesson = async (id: string, title: string, sectionId: string, extra: object = {}) => {
      course = await call('POST', '/courses/console-made/lessons', {
        version: course.version,
        sectionId,
        id,
        title,
        ...extra,
      });
    };
    const first = course.sections[0]?.id ?? '';
    await lesson('console-made-01', 'Welcome and setup', first, { isFree: true });
    await lesson('console-made-02', 'A YouTube lesson', first, {
      youtubeUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    });
    await lesson('console-made-03', 'Going further', first);
    course = await call('PUT', '/courses/console-made/outline', {
      version: course.version,
      sections: [
        { id: first, title: 'Getting started', lessonIds: ['console-made-01', 'console-made-02'] },
        { title: 'Beyond the basics', lessonIds: ['console-made-03'] },
      ],
    });
    course = await call('POST', '/courses/console-made/tiers', {
      version: course.version,
      title: 'Weekly Access',
      pricePaise: 49_950,
      originalPricePaise: 79_900,
      accessType: 'weekly',
    });
    course = await call('POST', '/courses/console-made/tiers', {
      version: course.version,
      title: 'Lifetime Access',
      pricePaise: 199_950,
      originalPricePaise: 299_900,
      accessType: 'permanent',
    });
    // A file for download, uploaded in the console: exported with its media-store key and size.
    const notes = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/courses/console-made/lessons/console-made-01/resources?version=${course.version}&title=Setup%20notes&fileName=setup%20notes.md`,
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie, 'content-type': 'application/octet-stream' },
      payload: '# Setup\n\nInstall Python 3.12.\n',
    });
    expect(notes.statusCode, notes.body).toBe(201);
    course = adminCourseDetailSchema.parse(notes.json());
    // The second section's quiz, with a question of every kind.
    course = await call('PUT', `/courses/console-made/sections/${course.sections[1]?.id}/quiz`, {
      version: course.version,
      title: 'Beyond the basics: check yourself',
      passPercent: 70,
      questions: FIXTURE_QUESTIONS,
    });
    await call('POST', '/courses/console-made/publish', { version: course.version });

    // A copy of content/ (site, thumbnails, media) whose course files are replaced by the export.
    const dir = mkdtempSync(path.join(tmpdir(), 'kaushal-console-export-'));
    cpSync(path.join(repoRoot, 'content'), dir, { recursive: true });
    const fresh = await openDatabase({ pglite: openPglite() });
    try {
      const exported = await exportCatalogue(ctx.database.db);
      await writeCourseFiles(path.join(dir, 'courses'), exported);
      const files = await loadCatalogue(dir);
      const made = files.courses.find((c) => c.id === 'console-made');
      expect(made).toMatchObject({
        title: 'Made in the Console',
        price: 1999.5,
        published: true,
        lessons: [
          {
            id: 'console-made-01',
            section: 'Getting started',
            isFree: true,
            video: null,
            resources: [
              {
                title: 'Setup notes',
                file: 'setup notes.md',
                key: expect.stringMatching(/^uploads\/console-made\/console-made-01-[0-9a-f]{12}\.md$/),
                sizeBytes: 30,
              },
            ],
          },
          { id: 'console-made-02', section: 'Getting started', video: { type: 'youtube' } },
          { id: 'console-made-03', section: 'Beyond the basics' },
        ],
        pricingTiers: [
          { title: 'Weekly Access', price: 499.5, originalPrice: 799, accessType: 'weekly' },
          { title: 'Lifetime Access', price: 1999.5, accessType: 'permanent' },
        ],
        quizzes: [
          {
            id: expect.stringMatching(/^console-made-quiz-[0-9a-f]{8}$/),
            section: 'Beyond the basics',
            title: 'Beyond the basics: check yourself',
            passPercent: 70,
            questions: FIXTURE_QUESTIONS,
          },
        ],
      });
      await fresh.migrate();
      await seedCatalogue(fresh.db, files.courses);
      const again = await exportCatalogue(fresh.db);
      expect(again).toEqual(exported);
      expect((await seedCatalogue(fresh.db, files.courses)).written).toBe(0);
    } finally {
      await fresh.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
