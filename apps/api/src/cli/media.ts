import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { addMedia, MediaImportError } from '../content/media-import.ts';

/**
 * `npm run media -- add FILE [--key KEY] [--force]`: puts a video (or a .vtt caption file) into the media
 * store and prints the key and, when ffprobe is installed, the duration to use in a lesson.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { key: { type: 'string' }, force: { type: 'boolean', default: false } },
});
const [command, file] = positionals;
if (command !== 'add' || !file) {
  console.error('usage: npm run media -- add FILE [--key KEY] [--force]');
  process.exit(2);
}
const config = loadConfig();
const cwd = process.env.INIT_CWD ?? process.cwd();
try {
  const added = await addMedia(path.join(config.contentDir, 'media'), path.resolve(cwd, file), {
    key: values.key,
    force: values.force,
  });
  console.log(`added ${added.key} (${(added.bytes / 1024 / 1024).toFixed(1)} MB)`);
  const lesson: Record<string, unknown> = { video: { type: 'direct', key: added.key } };
  if (added.durationSeconds !== null) lesson.durationSeconds = added.durationSeconds;
  else if (!added.key.endsWith('.vtt')) console.log('ffprobe is not installed: measure the duration yourself.');
  console.log(`use it in a lesson: ${JSON.stringify(lesson)}`);
} catch (error) {
  console.error(error instanceof MediaImportError ? error.message : error);
  process.exitCode = 1;
}
