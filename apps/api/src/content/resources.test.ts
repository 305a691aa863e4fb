import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { lessonResources } from '../db/schema.ts';
import { exportCatalogue, writeCourseFiles } from './export.ts';
import { loadCatalogue } from './load.ts';
import { addResourceFile, MediaImportError } from './media-import.ts';
import { seedCatalogue } from './seed.ts';
import { type ContentCopy, contentProblems, copyOfContent } from './test-support.ts';

/**
 * Lesson resources in the content files: `"resources": [{ "title": …, "file": … }]` on a lesson, the file in
 * content/resources. A fixture copy of content/ whose course files list only this test's resources.
 */
let dir = '';
const COURSE = 'rag-from-scratch';
type Lesson = { id: string; resources?: unknown };
let fixture: ContentCopy;
const readCourse = (id: string): { lessons: Lesson[] } => fixture.readCourse(id);
const writeCourse = (id: string, data: unknown) => fixture.writeCourse(id, data);
const NOTEBOOK = JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [] });
const QUERIES = 'query,expected\nwhat is rag,retrieval\n';

/** Gives the course's lessons these resources (by lesson index). */
function withResources(resources: Record<number, unknown[]>) {
  const course = readCourse(COURSE);
  for (const [i, list] of Object.entries(resources)) {
    const lesson = course.lessons[Number(i)];
    if (lesson) lesson.resources = list;
  }
  writeCourse(COURSE, course);
}

beforeEach(() => {
  fixture = copyOfContent('resources');
  dir = fixture.dir;
  // Whatever resources the shipped content lists are not this test's: start from none.
  rmSync(path.join(dir, 'resources'), { recursive: true, force: true });
  for (const file of readdirSync(path.join(dir, 'courses')).filter((f) => f.endsWith('.json'))) {
    const id = file.replace(/\.json$/, '');
    const course = readCourse(id);
    for (const lesson of course.lessons) delete lesson.resources;
    writeCourse(id, course);
  }
  mkdirSync(path.join(dir, 'resources', 'week-1'), { recursive: true });
  writeFileSync(path.join(dir, 'resources', 'rag-03.ipynb'), NOTEBOOK);
  writeFileSync(path.join(dir, 'resources', 'week-1', 'queries.csv'), QUERIES);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const problemsOf = () => contentProblems(dir);

describe('lesson resources in content files', () => {
  it('names the file and field of a resource that is missing, of a type not offered, or outside content/resources', async () => {
    withResources({
      0: [
        { title: 'Missing', file: 'nowhere.ipynb' },
        { title: 'A program', file: 'tool.exe' },
        { title: 'Escaping', file: '../site.json' },
      ],
    });
    const problems = await problemsOf();
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^courses\/rag-from-scratch\.json: lessons\.0\.resources\.1\.file: must end in \.ipynb/),
        expect.stringMatching(
          /^courses\/rag-from-scratch\.json: lessons\.0\.resources\.2\.file: must be a relative path/,
        ),
      ]),
    );
    // The schema refused the file before its existence was checked; alone, the missing one is named.
    withResources({ 0: [{ title: 'Missing', file: 'nowhere.ipynb' }] });
    expect(await problemsOf()).toEqual([
      'courses/rag-from-scratch.json: lessons.0.resources.0.file: resources/nowhere.ipynb does not exist',
    ]);
  });

  it('checks a file for what its name says, as a console upload is checked', async () => {
    writeFileSync(path.join(dir, 'resources', 'broken.ipynb'), '{"cells": [');
    writeFileSync(path.join(dir, 'resources', 'slides.pdf'), '<html>not a PDF</html>');
    withResources({
      0: [
        { title: 'Broken', file: 'broken.ipynb' },
        { title: 'Slides', file: 'slides.pdf' },
        { title: 'Fine', file: 'rag-03.ipynb' },
      ],
    });
    expect(await problemsOf()).toEqual([
      'courses/rag-from-scratch.json: lessons.0.resources.0.file: resources/broken.ipynb: This is not a Jupyter notebook: save it from Jupyter as an .ipynb file (nbformat 4) and upload that.',
      'courses/rag-from-scratch.json: lessons.0.resources.1.file: resources/slides.pdf: This file is not a PDF.',
    ]);
  });

  it('`media add` copies a checked notebook into content/resources, and refuses what is not one', async () => {
    const source = path.join(dir, 'My Notebook (v2).ipynb');
    writeFileSync(source, NOTEBOOK);
    const resourcesDir = path.join(dir, 'resources');
    expect(await addResourceFile(resourcesDir, source)).toEqual({
      file: 'my-notebook-v2.ipynb',
      bytes: Buffer.byteLength(NOTEBOOK),
    });
    expect(readFileSync(path.join(resourcesDir, 'my-notebook-v2.ipynb'), 'utf8')).toBe(NOTEBOOK);
    await expect(addResourceFile(resourcesDir, source)).rejects.toThrow(/already exists; pass --force/);
    const fake = path.join(dir, 'fake.ipynb');
    writeFileSync(fake, '{"hello": "world"}');
    await expect(addResourceFile(resourcesDir, fake)).rejects.toThrow(MediaImportError);
    await expect(addResourceFile(resourcesDir, path.join(dir, 'site.json'))).resolves.toMatchObject({
      file: 'site.json',
    });
    await expect(addResourceFile(resourcesDir, path.join(dir, 'nothing.exe'))).rejects.toThrow(/no such file/);
  });

  describe('import and export', () => {
    const ctx = useTestApp({ seed: false });
    const stored = () =>
      ctx.database.db
        .select()
        .from(lessonResources)
        .orderBy(asc(lessonResources.lessonId), asc(lessonResources.position));

    it('imports them with their measured size and type, idempotently, and follows edits of the files', async () => {
      withResources({
        2: [
          { title: 'Notebook: Chunking strategies compared', file: 'rag-03.ipynb' },
          { title: 'Evaluation queries', file: 'week-1/queries.csv' },
        ],
      });
      const { courses } = await loadCatalogue(dir);
      await seedCatalogue(ctx.database.db, courses);
      const rows = await stored();
      expect(
        rows.map(({ lessonId, position, title, fileName, mediaKey, contentType, sizeBytes }) => ({
          lessonId,
          position,
          title,
          fileName,
          mediaKey,
          contentType,
          sizeBytes,
        })),
      ).toEqual([
        {
          lessonId: 'rag-from-scratch-03',
          position: 0,
          title: 'Notebook: Chunking strategies compared',
          fileName: 'rag-03.ipynb',
          mediaKey: 'resources/rag-03.ipynb',
          contentType: 'application/x-ipynb+json',
          sizeBytes: Buffer.byteLength(NOTEBOOK),
        },
        {
          lessonId: 'rag-from-scratch-03',
          position: 1,
          title: 'Evaluation queries',
          fileName: 'queries.csv',
          mediaKey: 'resources/week-1/queries.csv',
          contentType: 'text/csv',
          sizeBytes: Buffer.byteLength(QUERIES),
        },
      ]);
      // Importing again writes nothing: the resources keep their ids.
      expect((await seedCatalogue(ctx.database.db, courses)).written).toBe(0);
      expect((await stored()).map((r) => r.id)).toEqual(rows.map((r) => r.id));

      withResources({ 2: [{ title: 'Evaluation queries', file: 'week-1/queries.csv' }] });
      const edited = await loadCatalogue(dir);
      const result = await seedCatalogue(ctx.database.db, edited.courses);
      expect(result).toMatchObject({ written: 1, removed: 2 });
      expect((await stored()).map((r) => r.title)).toEqual(['Evaluation queries']);
    });

    it('round-trips: the export writes them as the files had them, and importing that changes nothing', async () => {
      withResources({ 2: [{ title: 'Notebook', file: 'rag-03.ipynb' }] });
      const { courses } = await loadCatalogue(dir);
      await seedCatalogue(ctx.database.db, courses);
      const exported = await exportCatalogue(ctx.database.db);
      const lesson = exported.find((c) => c.id === COURSE)?.lessons[2];
      expect(lesson?.resources).toEqual([{ title: 'Notebook', file: 'rag-03.ipynb' }]);
      expect(exported.find((c) => c.id === COURSE)?.lessons[0]).not.toHaveProperty('resources');
      await writeCourseFiles(path.join(dir, 'courses'), exported);
      const reread = await loadCatalogue(dir);
      expect(reread.courses.find((c) => c.id === COURSE)).toEqual(courses.find((c) => c.id === COURSE));
      expect((await seedCatalogue(ctx.database.db, reread.courses)).written).toBe(0);
    });

    it('removes a lesson’s resources with the lesson', async () => {
      withResources({ 2: [{ title: 'Notebook', file: 'rag-03.ipynb' }] });
      const { courses } = await loadCatalogue(dir);
      await seedCatalogue(ctx.database.db, courses);
      const without = courses.map((c) =>
        c.id === COURSE ? { ...c, lessons: c.lessons.filter((l) => l.id !== 'rag-from-scratch-03') } : c,
      );
      await seedCatalogue(ctx.database.db, without);
      expect(
        await ctx.database.db.select().from(lessonResources).where(eq(lessonResources.lessonId, 'rag-from-scratch-03')),
      ).toEqual([]);
    });
  });
});
