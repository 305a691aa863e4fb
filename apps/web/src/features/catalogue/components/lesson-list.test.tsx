import type { LessonSummary } from '@kaushal/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { progressByLesson } from '../lib/lesson-progress';
import { LessonList } from './lesson-list';

const lesson = (id: string, isFree = false, section = { id: 'course-s1', title: 'Lessons' }): LessonSummary => ({
  id,
  title: `Lesson ${id}`,
  description: '',
  isFree,
  duration: '1:04',
  durationSeconds: 64,
  hasVideo: true,
  resources: [],
  section,
});

describe('LessonList', () => {
  it("marks the learner's completed lessons with a tick and started ones with the part watched", () => {
    render(
      <LessonList
        lessons={[lesson('a', true), lesson('b'), lesson('c'), lesson('d')]}
        opensAll
        onSelectLesson={vi.fn()}
        progress={progressByLesson([
          { lessonId: 'a', completed: true, watchedPercent: 100 },
          { lessonId: 'b', completed: false, watchedPercent: 42 },
          { lessonId: 'c', completed: false, watchedPercent: 0 },
        ])}
      />,
    );
    const [a, b, c, d] = screen.getAllByRole('button');
    expect(a).toHaveAccessibleName(/Lesson a.*Completed/);
    expect(a?.querySelector('[data-lesson-progress="completed"]')).not.toBeNull();
    expect(b).toHaveAccessibleName(/Lesson b.*42% watched/);
    expect(within(b as HTMLElement).queryByText('Completed')).toBeNull();
    // Opened but nothing watched, or never opened: no mark.
    for (const row of [c, d]) {
      expect(row).not.toHaveAccessibleName(/watched|Completed/);
      expect(row?.querySelector('[data-lesson-progress]')).toBeNull();
    }
  });

  it('shows no progress to a visitor', () => {
    render(<LessonList lessons={[lesson('a', true), lesson('b')]} opensAll={false} onSelectLesson={vi.fn()} />);
    expect(screen.queryByText(/watched|Completed/)).toBeNull();
    expect(screen.getAllByRole('button')[1]).toHaveAccessibleName(/Locked/);
  });

  it('groups a course of several sections under headings, numbering the lessons across them', () => {
    const basics = { id: 'course-s1', title: 'Basics' };
    const retrieval = { id: 'course-s2', title: 'Retrieval' };
    render(
      <LessonList
        lessons={[lesson('a', true, basics), lesson('b', false, basics), lesson('c', false, retrieval)]}
        opensAll
        onSelectLesson={vi.fn()}
        progress={progressByLesson([{ lessonId: 'a', completed: true, watchedPercent: 100 }])}
      />,
    );
    const first = screen.getByRole('region', { name: /Section 1: Basics/ });
    const second = screen.getByRole('region', { name: /Section 2: Retrieval/ });
    expect(within(first).getAllByRole('button')).toHaveLength(2);
    expect(within(first).getByRole('heading')).toHaveTextContent('2 lessons · 1 completed');
    expect(within(second).getByRole('list')).toHaveAttribute('start', '3');
    expect(within(second).getByRole('button')).toHaveAccessibleName(/3\. Lesson c/);
  });

  it('shows a course of one section as a plain list without a heading', () => {
    render(<LessonList lessons={[lesson('a'), lesson('b')]} opensAll onSelectLesson={vi.fn()} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(2);
  });

  it("puts what follows a section (its quiz) after that section's lessons, told whether they are all complete", () => {
    const basics = { id: 'course-s1', title: 'Basics' };
    const retrieval = { id: 'course-s2', title: 'Retrieval' };
    const afterSection = vi.fn((section: { id: string }, complete: boolean) => (
      <p>
        After {section.id} {complete ? 'complete' : 'incomplete'}
      </p>
    ));
    const { rerender } = render(
      <LessonList
        lessons={[lesson('a', true, basics), lesson('b', false, basics), lesson('c', false, retrieval)]}
        opensAll
        onSelectLesson={vi.fn()}
        progress={progressByLesson([
          { lessonId: 'a', completed: true, watchedPercent: 100 },
          { lessonId: 'b', completed: true, watchedPercent: 100 },
        ])}
        afterSection={afterSection}
      />,
    );
    expect(within(screen.getByRole('region', { name: /Basics/ })).getByText('After course-s1 complete')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: /Retrieval/ })).getByText('After course-s2 incomplete'),
    ).toBeVisible();
    // One section: after the plain list.
    rerender(<LessonList lessons={[lesson('a')]} opensAll onSelectLesson={vi.fn()} afterSection={afterSection} />);
    expect(screen.getByText('After course-s1 incomplete')).toBeInTheDocument();
  });
});
