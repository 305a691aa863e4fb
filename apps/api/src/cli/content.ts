import path from 'node:path';
import { openConfiguredDatabase, servedCatalogue } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { exportCatalogue, writeCourseFiles } from '../content/export.ts';
import { ContentError, loadCatalogue } from '../content/load.ts';
import { seedCatalogue } from '../content/seed.ts';
import { DataFolderBusy } from '../db/data-folder-lock.ts';

/**
 * `npm run content -- <command>` over the content/ folder (CONTENT_DIR):
 *   validate          check every file; lists each problem as file: field: message, exits 1 on any;
 *                     warnings (e.g. a duration more than 10% from its lessons' total) do not fail it
 *   import            validate, then upsert into the database (idempotent); courses no longer in the
 *                     files are removed, or unpublished when learners hold them; demo lessons already
 *                     made (DEMO_MEDIA) keep playing their generated media
 *   export [--out D]  write the database's catalogue as course files (default: CONTENT_DIR/courses); a
 *                     demo lesson playing generated media is written with the stand-in video it replaces
 */
const [command, ...rest] = process.argv.slice(2);
const config = loadConfig();

async function main(): Promise<number> {
  switch (command) {
    case 'validate': {
      const { courses, warnings } = await loadCatalogue(config.contentDir);
      const lessons = courses.reduce((n, c) => n + c.lessons.length, 0);
      for (const warning of warnings) console.warn(`warning: ${warning}`);
      console.log(
        `content is valid: ${courses.length} courses, ${lessons} lessons` +
          (warnings.length ? `, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}` : ''),
      );
      return 0;
    }
    case 'import': {
      const { courses } = await loadCatalogue(config.contentDir);
      const database = await openConfiguredDatabase(config, 'content');
      try {
        const result = await seedCatalogue(database.db, servedCatalogue(config, courses), { removeMissing: true });
        console.log(
          `imported ${result.courses} courses: ${result.written} rows written, ${result.removed} removed` +
            (result.unpublished.length ? `, unpublished (learners hold them): ${result.unpublished.join(', ')}` : ''),
        );
      } finally {
        await database.close();
      }
      return 0;
    }
    case 'export': {
      const outIndex = rest.indexOf('--out');
      const out =
        outIndex >= 0 && rest[outIndex + 1]
          ? path.resolve(rest[outIndex + 1] ?? '')
          : path.join(config.contentDir, 'courses');
      const database = await openConfiguredDatabase(config, 'content');
      try {
        const files = await exportCatalogue(database.db, { demoMediaDir: config.demoMediaDir });
        await writeCourseFiles(out, files);
        console.log(`exported ${files.length} courses to ${out}`);
      } finally {
        await database.close();
      }
      return 0;
    }
    default:
      console.error('usage: npm run content -- validate | import | export [--out DIR]');
      return 2;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ContentError || error instanceof DataFolderBusy ? error.message : error);
    process.exitCode = 1;
  },
);
