import type { Note } from '@kaushal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { courseFixture, fakeApi, renderWithApp } from '../test/harness';
import { CourseNotes } from './course-notes';

const at = '2026-05-01T10:00:00.000Z';
const note = (id: string, lessonId: string, atSeconds: number, body: string, kind: Note['kind'] = 'note'): Note => ({
  id,
  lessonId,
  courseId: 'agents',
  kind,
  atSeconds,
  body,
  createdAt: at,
  updatedAt: at,
});

describe('CourseNotes ("Your notes" on the course page)', () => {
  it("groups the learner's notes by lesson in the course's order, each opening its lesson at its second", async () => {
    fakeApi({
      'GET /courses/agents/notes': () => ({
        body: [
          note('n1', 'a', 12, 'Why agents loop'),
          note('b1', 'a', 80, '', 'bookmark'),
          note('n2', 'c', 65, 'Tool calls\nneed schemas'),
        ],
      }),
    });
    const onOpenNote = vi.fn();
    const course = courseFixture();
    renderWithApp(<CourseNotes course={course} onOpenNote={onOpenNote} />);
    const section = await screen.findByRole('region', { name: 'Your notes (3)' });
    const groups = within(section).getAllByRole('region');
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual(['1. Lesson a', '3. Lesson c']);
    expect(
      within(groups[0] as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Note at 0:12Why agents loop', 'Bookmark at 1:20Bookmark']);
    await userEvent.click(within(section).getByRole('button', { name: /Note at 1:05/ }));
    expect(onOpenNote).toHaveBeenCalledWith(course.lessons[2], 65);
  });

  it('shows nothing to a learner without notes in the course', async () => {
    const { calls } = fakeApi({ 'GET /courses/agents/notes': () => ({ body: [note('x', 'elsewhere', 1, 'Gone')] }) });
    renderWithApp(<CourseNotes course={courseFixture()} onOpenNote={() => {}} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('heading', { name: /Your notes/ })).not.toBeInTheDocument();
  });

  it('asks nothing for a visitor who is not signed in', async () => {
    const { calls } = fakeApi({});
    renderWithApp(<CourseNotes course={courseFixture()} onOpenNote={() => {}} />, { user: null });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('heading', { name: /Your notes/ })).not.toBeInTheDocument();
  });
});
