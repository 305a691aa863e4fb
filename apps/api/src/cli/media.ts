import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resourceExtensionOf } from '@kaushal/contract';
import { loadConfig } from '../config.ts';
import { generateDemoMedia } from '../content/demo-media/catalogue.ts';
import { generateHomeDemo } from '../content/demo-media/home-demo.ts';
import { courseThumbnailSvg } from '../content/demo-media/thumbnail.ts';
import { findMediaTools, missingTools } from '../content/demo-media/tools.ts';
import { ContentError, loadCatalogue, loadSiteConfig } from '../content/load.ts';
import { addMedia, addResourceFile, MediaImportError } from '../content/media-import.ts';
import { createLocalMediaStore } from '../providers/media/local-media-store.ts';
import { localMediaFolders } from '../providers/media/media-store-config.ts';
import { migrateToS3 } from '../providers/media/migrate-to-s3.ts';
import { createS3MediaStore } from '../providers/media/s3-media-store.ts';

/**
 * `npm run media -- <command>`:
 *   add FILE [--key KEY] [--force]  puts a video (or a .vtt caption file) into the media store and prints the
 *                                   key and, when ffprobe is installed, the duration to use in a lesson; a
 *                                   lesson resource (.ipynb, .pdf, .csv, …) goes into content/resources, checked
 *   demo                            makes the home page's demo video and every narrated demo lesson missing from
 *                                   DATA_DIR/demo-media now (the product does it in the background at start) and
 *                                   prints the time taken
 *   thumbnails                      redraws content/thumbnails/<id>.svg of every course that uses one
 *   migrate-to-s3                   copies the local media store (content media and resources, generated demo
 *                                   lessons, console uploads and thumbnails) into MEDIA_S3_BUCKET, resumable and
 *                                   checked by SHA-256 (decision 033)
 */
const USAGE = 'usage: npm run media -- add FILE [--key KEY] [--force] | demo | thumbnails | migrate-to-s3';
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { key: { type: 'string' }, force: { type: 'boolean', default: false } },
});
const [command, file] = positionals;
const config = loadConfig();

async function add(file: string) {
  const cwd = process.env.INIT_CWD ?? process.cwd();
  if (resourceExtensionOf(file)) {
    const added = await addResourceFile(path.join(config.contentDir, 'resources'), path.resolve(cwd, file), {
      force: values.force,
    });
    console.log(`added resources/${added.file} (${(added.bytes / 1024).toFixed(0)} KB)`);
    console.log(`use it in a lesson: ${JSON.stringify({ resources: [{ title: 'Notebook: …', file: added.file }] })}`);
    return;
  }
  const added = await addMedia(path.join(config.contentDir, 'media'), path.resolve(cwd, file), {
    key: values.key,
    force: values.force,
  });
  console.log(`added ${added.key} (${(added.bytes / 1024 / 1024).toFixed(1)} MB)`);
  const lesson: Record<string, unknown> = { video: { type: 'direct', key: added.key } };
  if (added.durationSeconds !== null) lesson.durationSeconds = added.durationSeconds;
  else if (!added.key.endsWith('.vtt')) console.log('ffprobe is not installed: measure the duration yourself.');
  console.log(`use it in a lesson: ${JSON.stringify(lesson)}`);
}

async function demo() {
  const found = await findMediaTools();
  if (!found.ok) {
    console.error(`${missingTools(found.missing)}: sudo apt-get install -y ffmpeg espeak-ng`);
    process.exitCode = 1;
    return;
  }
  const { courses } = await loadCatalogue(config.contentDir);
  const home = await generateHomeDemo({
    courses,
    site: await loadSiteConfig(config.contentDir),
    cacheDir: config.demoMediaDir,
    tools: found.tools,
  });
  console.log(
    `home page demo video: ${home.manifest.durationSeconds} s, ${(home.manifest.bytes / 1024).toFixed(0)} KB${home.made ? '' : ' (was ready)'}`,
  );
  let bytes = 0;
  const summary = await generateDemoMedia({
    courses,
    cacheDir: config.demoMediaDir,
    tools: found.tools,
    onStart: (missing, total) => console.log(`${total} demo lessons, ${missing} to make in ${config.demoMediaDir}`),
    onReady(job, manifest, made) {
      bytes += manifest.bytes;
      if (made)
        console.log(`  ${job.lesson.id}: ${manifest.durationSeconds} s, ${(manifest.bytes / 1024).toFixed(0)} KB`);
    },
  });
  console.log(
    `made ${summary.generated} lessons in ${summary.seconds.toFixed(1)} s (${summary.cached} were ready); ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MB of video in all. The product plays them from its next start.`,
  );
}

async function thumbnails() {
  const { courses } = await loadCatalogue(config.contentDir);
  let written = 0;
  for (const course of courses) {
    if (course.thumbnail !== `${course.id}.svg`) continue;
    await writeFile(path.join(config.contentDir, 'thumbnails', course.thumbnail), courseThumbnailSvg(course));
    written++;
  }
  console.log(`drew ${written} course thumbnails in ${path.join(config.contentDir, 'thumbnails')}`);
}

async function migrate() {
  if (!config.mediaS3) {
    console.error(
      'Set MEDIA_S3_BUCKET (and MEDIA_S3_ENDPOINT, MEDIA_S3_REGION, the credentials) to the bucket to copy to.',
    );
    process.exitCode = 2;
    return;
  }
  const { bucket, endpoint, region, credentials } = config.mediaS3;
  const target = createS3MediaStore({ bucket, endpoint, region, credentials });
  // Ctrl-C stops after the object being copied; the next run goes on from there.
  const stop = new AbortController();
  process.once('SIGINT', () => {
    console.log('stopping after this object: run the command again to go on');
    stop.abort();
  });
  console.log(`copying the local media store to ${endpoint ?? 'AWS S3'} bucket ${bucket}`);
  const summary = await migrateToS3(createLocalMediaStore(localMediaFolders(config)), target, {
    signal: stop.signal,
    onProgress({ key, size, outcome, error }) {
      if (outcome !== 'skipped')
        console.log(`  ${outcome} ${key} (${(size / 1024).toFixed(0)} KB)${error ? `: ${error}` : ''}`);
    },
  });
  console.log(
    `${summary.copied} copied, ${summary.replaced} replaced, ${summary.skipped} already there, ${summary.failed} failed; ` +
      `${(summary.bytesCopied / 1024 / 1024).toFixed(1)} MB sent${summary.interrupted ? ' (stopped: run again to go on)' : ''}`,
  );
  if (summary.failed > 0 || summary.interrupted) process.exitCode = 1;
}

try {
  if (command === 'migrate-to-s3' && !file) await migrate();
  else if (command === 'add' && file) await add(file);
  else if (command === 'demo' && !file) await demo();
  else if (command === 'thumbnails' && !file) await thumbnails();
  else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof MediaImportError || error instanceof ContentError ? error.message : error);
  process.exitCode = 1;
}
