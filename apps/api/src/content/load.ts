import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { MAX_RESOURCE_BYTES, resourceExtensionOf, type SiteConfig, siteConfigSchema } from '@kaushal/contract';
import { UPLOAD_PREFIX } from '../providers/media/media-store.ts';
import { durationWarnings } from './duration.ts';
import { checkResourceFile } from './resource-check.ts';
import { type CourseFile, courseFileSchema } from './schema.ts';

export class ContentError extends Error {
  override name = 'ContentError';
  constructor(readonly problems: string[]) {
    super(`Content is invalid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

export interface Catalogue {
  site: SiteConfig;
  courses: CourseFile[];
  /** Not wrong enough to refuse, worth a look (`file: field: message`): e.g. a duration its lessons contradict. */
  warnings: string[];
}

export async function loadSiteConfig(contentDir: string): Promise<SiteConfig> {
  const file = path.join(contentDir, 'site.json');
  const parsed = siteConfigSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) {
    throw new ContentError(parsed.error.issues.map((i) => `site.json: ${i.path.join('.')}: ${i.message}`));
  }
  return parsed.data;
}

/**
 * Reads and validates every course file. Collects all problems (file, field, message) before failing,
 * so an operator fixes a whole batch at once.
 */
export async function loadCatalogue(contentDir: string): Promise<Catalogue> {
  const site = await loadSiteConfig(contentDir);
  const coursesDir = path.join(contentDir, 'courses');
  const files = (await readdir(coursesDir)).filter((f) => f.endsWith('.json')).sort();
  const problems: string[] = [];
  const courses: CourseFile[] = [];
  for (const file of files) {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(path.join(coursesDir, file), 'utf8'));
    } catch (error) {
      problems.push(`courses/${file}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const parsed = courseFileSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`courses/${file}: ${issue.path.join('.')}: ${issue.message}`);
      continue;
    }
    if (`${parsed.data.id}.json` !== file)
      problems.push(`courses/${file}: id: must match the file name (${parsed.data.id})`);
    courses.push(parsed.data);
  }
  problems.push(...findDuplicateIds(courses));
  problems.push(...(await findMissingFiles(contentDir, courses)));
  problems.push(...(await measureResources(contentDir, courses)));
  if (problems.length > 0) throw new ContentError(problems);
  return { site, courses, warnings: durationWarnings(courses) };
}

function findDuplicateIds(courses: CourseFile[]): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  const claim = (kind: string, id: string, owner: string) => {
    const key = `${kind}:${id}`;
    const first = seen.get(key);
    if (first) problems.push(`courses/${owner}.json: ${kind} id '${id}' is also used in courses/${first}.json`);
    else seen.set(key, owner);
  };
  for (const course of courses) {
    claim('course', course.id, course.id);
    for (const lesson of course.lessons) claim('lesson', lesson.id, course.id);
    for (const tier of course.pricingTiers) claim('pricing tier', tier.id, course.id);
    for (const review of course.reviews) claim('review', review.id, course.id);
    for (const quiz of course.quizzes) claim('quiz', quiz.id, course.id);
  }
  return problems;
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function findMissingFiles(contentDir: string, courses: CourseFile[]): Promise<string[]> {
  const problems: string[] = [];
  for (const course of courses) {
    if (course.thumbnail && !(await exists(path.join(contentDir, 'thumbnails', course.thumbnail)))) {
      problems.push(`courses/${course.id}.json: thumbnail: file thumbnails/${course.thumbnail} does not exist`);
    }
    for (const [i, lesson] of course.lessons.entries()) {
      if (lesson.video?.type === 'direct' && !(await exists(path.join(contentDir, 'media', lesson.video.key)))) {
        problems.push(`courses/${course.id}.json: lessons.${i}.video.key: media/${lesson.video.key} does not exist`);
      }
      for (const [j, caption] of lesson.captions.entries()) {
        if (!(await exists(path.join(contentDir, 'media', caption.key)))) {
          problems.push(
            `courses/${course.id}.json: lessons.${i}.captions.${j}.key: media/${caption.key} does not exist`,
          );
        }
      }
    }
  }
  return problems;
}

/**
 * Checks each lesson resource's file in content/resources and records its size on the parsed resource (what
 * the seed stores). One uploaded in the console (`key`, in DATA_DIR/media) keeps the size its entry states.
 */
async function measureResources(contentDir: string, courses: CourseFile[]): Promise<string[]> {
  const problems: string[] = [];
  for (const course of courses) {
    for (const [i, lesson] of course.lessons.entries()) {
      for (const [j, resource] of (lesson.resources ?? []).entries()) {
        const where = `courses/${course.id}.json: lessons.${i}.resources.${j}`;
        if (resource.key) {
          if (
            !resource.key.startsWith(UPLOAD_PREFIX) &&
            !(await exists(path.join(contentDir, 'media', resource.key)))
          ) {
            problems.push(`${where}.key: media/${resource.key} does not exist`);
          }
          continue;
        }
        const info = await stat(path.join(contentDir, 'resources', resource.file)).catch(() => null);
        if (!info?.isFile()) {
          problems.push(`${where}.file: resources/${resource.file} does not exist`);
        } else if (info.size > MAX_RESOURCE_BYTES) {
          problems.push(`${where}.file: resources/${resource.file} is larger than 100 MB`);
        } else {
          // The same check as a console upload: a notebook that does not open is caught here, not by a learner.
          const ext = resourceExtensionOf(resource.file);
          const check = ext
            ? await checkResourceFile(path.join(contentDir, 'resources', resource.file), ext, info.size)
            : null;
          if (check && !check.ok) problems.push(`${where}.file: resources/${resource.file}: ${check.detail}`);
          resource.sizeBytes = info.size;
        }
      }
    }
  }
  return problems;
}
