import type { CourseFile } from './schema.ts';

/** How far a course file's own `duration` may be from its lessons' total before the validator says so. */
export const DURATION_TOLERANCE = 0.1;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A course's length as learners read it on cards and the course page: "12 minutes", "1 hour",
 * "2 hours 5 minutes". Empty for a course whose lessons have no length yet (the page then shows its default).
 */
export function formatCourseDuration(totalSeconds: number): string {
  if (totalSeconds <= 0) return '';
  const minutes = Math.max(1, Math.round(totalSeconds / 60));
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

const UNIT_SECONDS: Record<string, number> = {
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
};

/** Seconds in a written duration ("14 hours", "1.5 hours", "2 hours 30 minutes", "2h 30m"), or null. */
export function parseCourseDuration(text: string): number | null {
  const parts = [...text.toLowerCase().matchAll(/(\d+(?:\.\d+)?)\s*([a-z]+)/g)];
  const rest = text
    .toLowerCase()
    .replace(/(\d+(?:\.\d+)?)\s*([a-z]+)/g, '')
    .replace(/[\s,]|and/g, '');
  if (parts.length === 0 || rest !== '') return null;
  let seconds = 0;
  for (const [, amount = '', unit = ''] of parts) {
    const scale = UNIT_SECONDS[unit];
    if (scale === undefined) return null;
    seconds += Number(amount) * scale;
  }
  return seconds;
}

export const lessonsTotalSeconds = (course: { lessons: ReadonlyArray<{ durationSeconds: number }> }) =>
  course.lessons.reduce((sum, lesson) => sum + lesson.durationSeconds, 0);

/** What a course shows as its duration: the file's own when it sets one on purpose, else its lessons' total. */
export const courseDuration = (course: Pick<CourseFile, 'duration' | 'lessons'>): string =>
  course.duration?.trim() || formatCourseDuration(lessonsTotalSeconds(course));

/**
 * Warnings (not errors) about durations: a file that sets `duration` more than 10% away from what its lessons
 * add up to, or in words that cannot be compared; lessons without any length. Each as `file: field: message`.
 */
export function durationWarnings(courses: CourseFile[]): string[] {
  const warnings: string[] = [];
  for (const course of courses) {
    const file = `courses/${course.id}.json`;
    const total = lessonsTotalSeconds(course);
    if (total === 0) {
      warnings.push(`${file}: lessons: no lesson has a durationSeconds, so the course shows no length of its own`);
      continue;
    }
    if (!course.duration?.trim()) continue;
    const stated = parseCourseDuration(course.duration);
    const actual = formatCourseDuration(total);
    if (stated === null) {
      warnings.push(
        `${file}: duration: "${course.duration}" cannot be compared with the lessons' total (${actual}); remove it to show that total`,
      );
    } else if (Math.abs(stated - total) > total * DURATION_TOLERANCE) {
      warnings.push(
        `${file}: duration: says "${course.duration}" but the lessons add up to ${actual} (more than ${DURATION_TOLERANCE * 100}% apart); remove it to show the lessons' total`,
      );
    }
  }
  return warnings;
}
