import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QUESTIONS } from '../test/fixtures';
import { QuizForm } from './quiz-form';

describe('QuizForm', () => {
  it('asks each question in a fieldset named by its prompt: radios, checkboxes, a labelled number box', () => {
    render(<QuizForm questions={QUESTIONS} onSubmit={vi.fn()} submitting={false} />);
    const groups = screen.getAllByRole('group');
    expect(groups).toHaveLength(3);
    expect(groups[0]).toHaveAccessibleName('Question 1 of 3: Which layer mixes tokens?');
    expect(
      within(groups[0] as HTMLElement)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['a', 'b']);
    expect(groups[1]).toHaveAccessibleName(/Question 2 of 3 \(choose all that apply\): Which are inputs/);
    expect(within(groups[1] as HTMLElement).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(groups[1] as HTMLElement).getByRole('checkbox', { name: 'Keys' })).toBeInTheDocument();
    expect(within(groups[2] as HTMLElement).getByRole('textbox', { name: 'Your answer (a number)' })).toHaveAttribute(
      'inputmode',
      'decimal',
    );
  });

  it('refuses to send with questions unanswered: says so, marks them, and moves focus to the first', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<QuizForm questions={QUESTIONS} onSubmit={onSubmit} submitting={false} />);
    await user.click(screen.getByRole('radio', { name: 'Attention' }));
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), 'half');
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('2 questions need an answer.')).toBeInTheDocument();
    const [, second, third] = screen.getAllByRole('group');
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveAccessibleDescription('Choose at least one answer.');
    expect(third).toHaveAccessibleDescription('Enter a number.');
    expect(screen.getByRole('checkbox', { name: 'Queries' })).toHaveFocus();
  });

  it('sends every answer: the chosen option ids, and the number typed (a decimal comma too)', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<QuizForm questions={QUESTIONS} onSubmit={onSubmit} submitting={false} />);
    await user.click(screen.getByRole('radio', { name: 'Feed-forward' }));
    await user.click(screen.getByRole('radio', { name: 'Attention' }));
    await user.click(screen.getByRole('checkbox', { name: 'Queries' }));
    await user.click(screen.getByRole('checkbox', { name: 'Labels' }));
    await user.click(screen.getByRole('checkbox', { name: 'Keys' }));
    await user.click(screen.getByRole('checkbox', { name: 'Labels' }));
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), '0,5');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ q1: ['b'], q2: ['a', 'b'], q3: 0.5 });
  });

  it('announces an error from the server and disables the button while grading', () => {
    const { rerender } = render(
      <QuizForm questions={QUESTIONS} onSubmit={vi.fn()} submitting error="Please answer every question." />,
    );
    expect(screen.getByRole('button', { name: 'Grading…' })).toBeDisabled();
    rerender(
      <QuizForm questions={QUESTIONS} onSubmit={vi.fn()} submitting={false} error="Please answer every question." />,
    );
    expect(screen.getByText('Please answer every question.').closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'assertive',
    );
  });
});
