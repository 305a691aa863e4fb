import { courseSummarySchema } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { repoRoot } from '../paths.ts';
import { courseDuration, durationWarnings, formatCourseDuration, parseCourseDuration } from './duration.ts';
import { loadCatalogue } from './load.ts';
import type { CourseFile } from './schema.ts';

const lessonsOf = (...seconds: number[]) => seconds.map((durationSeconds) => ({ durationSeconds }));

describe("a course's duration", () => {
  it('reads as minutes, hours, or hours and minutes', () => {
    expect(formatCourseDuration(0)).toBe('');
    expect(formatCourseDuration(20)).toBe('1 minute');
    expect(formatCourseDuration(736)).toBe('12 minutes');
    expect(formatCourseDuration(3600)).toBe('1 hour');
    expect(formatCourseDuration(3972)).toBe('1 hour 6 minutes');
    expect(formatCourseDuration(14 * 3600)).toBe('14 hours');
  });

  it('understands the ways a content file writes one', () => {
    expect(parseCourseDuration('14 hours')).toBe(14 * 3600);
    expect(parseCourseDuration('1.5 hours')).toBe(5400);
    expect(parseCourseDuration('2 hours 30 minutes')).toBe(9000);
    expect(parseCourseDuration('2h 30m')).toBe(9000);
    expect(parseCourseDuration('1 hour and 5 minutes')).toBe(3900);
    expect(parseCourseDuration('about a day')).toBeNull();
    expect(parseCourseDuration('3 fortnights')).toBeNull();
  });

  it("is the lessons' total unless the file sets one on purpose", () => {
    const lessons = lessonsOf(96, 64, 96, 64, 96, 64, 96, 64, 96) as CourseFile['lessons'];
    expect(courseDuration({ lessons })).toBe('12 minutes');
    expect(courseDuration({ lessons, duration: '' })).toBe('12 minutes');
    expect(courseDuration({ lessons, duration: '13 minutes' })).toBe('13 minutes');
  });

  it('warns (file: field: message) when a set duration is more than 10% from the lessons, and only then', () => {
    const course = (duration: string | undefined, ...seconds: number[]) =>
      ({ id: 'c', duration, lessons: lessonsOf(...seconds) }) as unknown as CourseFile;
    expect(durationWarnings([course(undefined, 736)])).toEqual([]);
    expect(durationWarnings([course('13 minutes', 736)])).toEqual([]); // 6% over
    expect(durationWarnings([course('14 hours', 736)])).toEqual([
      'courses/c.json: duration: says "14 hours" but the lessons add up to 12 minutes (more than 10% apart); remove it to show the lessons\' total',
    ]);
    expect(durationWarnings([course('10 minutes', 736)])).toHaveLength(1); // 18% under
    expect(durationWarnings([course('a while', 736)])[0]).toContain('cannot be compared');
    expect(durationWarnings([course(undefined, 0, 0)])[0]).toContain('no lesson has a durationSeconds');
  });

  it('the shipped catalogue sets none by hand and has nothing to warn about', async () => {
    const { courses, warnings } = await loadCatalogue(`${repoRoot}/content`);
    expect(warnings).toEqual([]);
    expect(courses.filter((c) => c.duration !== undefined).map((c) => c.id)).toEqual([]);
  });
});

describe('course duration served by the API', () => {
  const ctx = useTestApp();

  it('shows the lessons’ total on cards and the course page ("12 minutes", not "12 hours")', async () => {
    const detail = (await ctx.app.inject('/api/v1/courses/rag-from-scratch')).json();
    const total = detail.lessons.reduce((sum: number, l: { durationSeconds: number }) => sum + l.durationSeconds, 0);
    expect(total).toBe(736);
    expect(detail.duration).toBe('12 minutes');
    const page = (await ctx.app.inject('/api/v1/courses?page=1&size=20')).json();
    const card = page.items
      .map((c: unknown) => courseSummarySchema.parse(c))
      .find((c: { id: string }) => c.id === 'rag-from-scratch');
    expect(card?.duration).toBe('12 minutes');
  });
});
