import type { AdminCourseDetail } from '@kaushal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/lib/session/testing';
import { OutlineCard } from './outline-card';

const lesson = (id: string, sectionId: string, title: string) => ({
  id,
  sectionId,
  title,
  description: '',
  isFree: false,
  durationSeconds: 60,
  videoType: null,
  youtubeUrl: null,
  captions: [],
  previewId: id,
});

const course = {
  id: 'c1',
  title: 'Course',
  version: 4,
  draft: null,
  sections: [
    { id: 's1', title: 'Basics', lessonIds: ['l1', 'l2'] },
    { id: 's2', title: 'Advanced', lessonIds: ['l3'] },
  ],
  lessons: [lesson('l1', 's1', 'One'), lesson('l2', 's1', 'Two'), lesson('l3', 's2', 'Three')],
} as unknown as AdminCourseDetail;

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OutlineCard course={course} canEdit onReload={() => {}} />
    </QueryClientProvider>,
  );
  const live = document.querySelector('[aria-live="polite"]') as HTMLElement;
  const titles = (n: number) =>
    within(screen.getByRole('listitem', { name: new RegExp(`^Section ${n}:`) }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.flex-1')?.textContent);
  return { live, titles };
}

describe('OutlineCard keyboard moves', () => {
  it('picks up, moves across a section, drops and saves the whole outline at the version read', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    stubApi({
      'GET /api/v1/admin/courses/c1/quizzes': () => json(200, []),
      'PUT /api/v1/admin/courses/c1/outline': (init) => {
        sent = JSON.parse(String(init?.body));
        return json(200, { ...course, version: 5, sections: (sent as { sections: unknown }).sections });
      },
    });
    const { live, titles } = renderCard();
    const move = screen.getByRole('button', { name: 'Move lesson Two' });
    move.focus();
    await user.keyboard(' ');
    expect(live).toHaveTextContent('Picked up lesson Two. Position 2 of 2 in section Basics.');
    expect(move).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowDown}');
    expect(live).toHaveTextContent('Position 1 of 2 in section Advanced.');
    expect(screen.getByRole('button', { name: 'Move lesson Two' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(live).toHaveTextContent('Dropped lesson Two. Position 1 of 2 in section Advanced.');
    expect(titles(1)).toEqual(['One']);
    expect(titles(2)).toEqual(['Two', 'Three']);
    // Lesson edits wait until the outline is saved; an emptied-out section can't be removed while it has lessons.
    expect(screen.getByRole('button', { name: 'Edit lesson One' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save outline' }));
    expect(await screen.findByText('Outline saved.')).toBeInTheDocument();
    expect(sent).toEqual({
      version: 4,
      sections: [
        { id: 's1', title: 'Basics', lessonIds: ['l1'] },
        { id: 's2', title: 'Advanced', lessonIds: ['l2', 'l3'] },
      ],
    });
  });

  it('Escape puts the item back; a section moves too; an empty new section can be removed', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/v1/admin/courses/c1/quizzes': () => json(200, []) });
    const { live, titles } = renderCard();
    screen.getByRole('button', { name: 'Move lesson One' }).focus();
    await user.keyboard('{Enter}{ArrowDown}{ArrowDown}');
    expect(titles(2)).toEqual(['One', 'Three']);
    await user.keyboard('{Escape}');
    expect(live).toHaveTextContent('Move cancelled. lesson One is back: Position 1 of 2 in section Basics.');
    expect(titles(1)).toEqual(['One', 'Two']);
    expect(screen.getByRole('button', { name: 'Save outline' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move section Advanced' }).focus();
    await user.keyboard(' {ArrowUp} ');
    expect(live).toHaveTextContent('Dropped section Advanced. Position 1 of 2.');
    expect(screen.getByRole('listitem', { name: 'Section 1: Advanced' })).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Remove section 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    expect(screen.getByRole('button', { name: 'Add lesson to section 3' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove section 3' }));
    expect(screen.queryByRole('listitem', { name: /^Section 3/ })).not.toBeInTheDocument();
  });
});
