import type { AdminCourseDetail, AdminQuiz } from '@kaushal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '@/lib/session/testing';
import { QuizDialog } from './quiz-dialog';

const course = { id: 'c1', version: 7, sections: [], lessons: [] } as unknown as AdminCourseDetail;

const QUIZ: AdminQuiz = {
  id: 'c1-quiz-1',
  sectionId: 's1',
  title: 'Basics check',
  passPercent: 70,
  attempted: true,
  questions: [
    {
      id: 'q1',
      kind: 'single',
      prompt: 'Which layer mixes tokens?',
      options: [
        { id: 'a', text: 'Feed-forward' },
        { id: 'b', text: 'Attention' },
      ],
      correctOptionIds: ['b'],
      explanation: 'Attention mixes.',
    },
    { id: 'q2', kind: 'numeric', prompt: 'Half of one?', answer: 0.5, tolerance: 0.01, explanation: 'One half.' },
  ],
};

function renderDialog(quiz: AdminQuiz | undefined, onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <QuizDialog
        course={course}
        target={{ sectionId: 's1', sectionTitle: 'Basics', quiz }}
        canEdit
        onClose={onClose}
        onReload={vi.fn()}
      />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('QuizDialog', () => {
  it("edits a quiz's questions (reorder, kind, right answer) and saves it whole at the version read", async () => {
    const user = userEvent.setup();
    let sent: unknown;
    stubApi({
      'PUT /api/v1/admin/courses/c1/sections/s1/quiz': (init) => {
        sent = JSON.parse(String(init?.body));
        return json(200, { ...course, version: 8 });
      },
    });
    const onClose = renderDialog(QUIZ);
    expect(screen.getByRole('dialog', { name: 'Quiz: Basics' })).toBeInTheDocument();
    // Learners took it: it can be edited, not removed.
    expect(screen.getByRole('button', { name: 'Remove quiz' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    const first = screen.getByRole('group', { name: 'Question 1' });
    expect(within(first).getByRole('textbox', { name: /^Question 1/ })).toHaveValue('Half of one?');
    await user.clear(within(first).getByRole('textbox', { name: /Tolerance/ }));
    await user.type(within(first).getByRole('textbox', { name: /Tolerance/ }), '0.05');

    const second = screen.getByRole('group', { name: 'Question 2' });
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Kind of question 2' }), 'multiple');
    await user.click(within(second).getByRole('checkbox', { name: 'Option A is right' }));
    await user.click(screen.getByRole('button', { name: 'Save quiz' }));

    expect(sent).toEqual({
      version: 7,
      title: 'Basics check',
      passPercent: 70,
      questions: [
        { id: 'q2', kind: 'numeric', prompt: 'Half of one?', answer: 0.5, tolerance: 0.05, explanation: 'One half.' },
        {
          id: 'q1',
          kind: 'multiple',
          prompt: 'Which layer mixes tokens?',
          options: [
            { id: 'a', text: 'Feed-forward' },
            { id: 'b', text: 'Attention' },
          ],
          correctOptionIds: ['b', 'a'],
          explanation: 'Attention mixes.',
        },
      ],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('says what to fix before saving a new quiz, and moves focus to the first problem', async () => {
    const user = userEvent.setup();
    const calls = stubApi({});
    renderDialog(undefined);
    expect(screen.getByRole('dialog', { name: 'Add a quiz: Basics' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.click(screen.getByRole('button', { name: 'Save quiz' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Question 1: write the question.');
    expect(alert).toHaveTextContent('Question 2: write the question.');
    expect(screen.getByRole('textbox', { name: /^Question 1/ })).toHaveFocus();
    expect(calls).toEqual([]);
  });
});
