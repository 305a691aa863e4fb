import type { LessonSummary } from '@kaushal/contract';
import { describe, expect, it } from 'vitest';
import { nextStep, nextStepLabel } from './lesson-progress';

const lesson = (id: string): LessonSummary => ({
  id,
  title: `Lesson ${id}`,
  description: '',
  isFree: false,
  duration: '1:04',
  durationSeconds: 64,
  hasVideo: true,
  resources: [],
  section: { id: 'course-s1', title: 'Lessons' },
});
const lessons = [lesson('a'), lesson('b'), lesson('c')];
const progress = (lessonId: string, completed: boolean, watchedPercent = completed ? 100 : 40) => ({
  lessonId,
  completed,
  watchedPercent,
});

describe('nextStep', () => {
  it('starts the course before any lesson was opened', () => {
    const step = nextStep({ lessons, lessonProgress: [] });
    expect(step).toMatchObject({ kind: 'start', number: 1, lesson: { id: 'a' } });
    expect(step && nextStepLabel(step)).toBe('Start course');
  });

  it('continues at the first lesson not completed, as the dashboard does', () => {
    const inFirst = nextStep({ lessons, lessonProgress: [progress('a', false)] });
    expect(inFirst && nextStepLabel(inFirst)).toBe('Continue: Lesson 1');
    const afterFirst = nextStep({ lessons, lessonProgress: [progress('a', true), progress('c', true)] });
    expect(afterFirst).toMatchObject({ kind: 'continue', number: 2, lesson: { id: 'b' } });
    expect(afterFirst && nextStepLabel(afterFirst)).toBe('Continue: Lesson 2');
  });

  it('offers to watch again from the first lesson when every lesson is completed', () => {
    const step = nextStep({ lessons, lessonProgress: lessons.map((l) => progress(l.id, true)) });
    expect(step).toMatchObject({ kind: 'again', number: 1, lesson: { id: 'a' } });
    expect(step && nextStepLabel(step)).toBe('Watch again: Lesson 1');
  });

  it('has nothing to offer in a course without lessons', () => {
    expect(nextStep({ lessons: [], lessonProgress: [] })).toBeNull();
  });
});
