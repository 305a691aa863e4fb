import type { QuizResult as QuizResultData } from '@kaushal/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QUESTIONS } from '../test/fixtures';
import { QuizResult } from './quiz-result';

const RESULT: QuizResultData = {
  quizId: 'quiz-1',
  scorePercent: 66,
  correctCount: 2,
  questionCount: 3,
  passPercent: 70,
  passed: false,
  standing: { bestPercent: 66, passed: false, attempts: 2 },
  questions: [
    {
      id: 'q1',
      kind: 'single',
      correct: true,
      given: ['b'],
      correctOptionIds: ['b'],
      explanation: 'Only attention mixes.',
    },
    {
      id: 'q2',
      kind: 'multiple',
      correct: false,
      given: ['a'],
      correctOptionIds: ['a', 'b'],
      explanation: 'Queries and keys (and values).',
    },
    {
      id: 'q3',
      kind: 'numeric',
      correct: true,
      given: 0.5,
      answer: 0.5,
      tolerance: 0.01,
      explanation: 'sqrt(4) is 2.',
    },
  ],
};

describe('QuizResult', () => {
  it('moves focus to the outcome and shows the score against the pass mark and the best so far', () => {
    render(<QuizResult result={RESULT} questions={QUESTIONS} onTryAgain={vi.fn()} />);
    const heading = screen.getByRole('heading', { name: 'Not passed yet: 66%' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('2 of 3 right. The pass mark is 70%.')).toBeInTheDocument();
    expect(screen.getByText(/Your best: 66% over 2 attempts\./)).toBeInTheDocument();
  });

  it('says per question right or wrong, what was right, and why', () => {
    render(<QuizResult result={RESULT} questions={QUESTIONS} onTryAgain={vi.fn()} />);
    const [first, second, third] = screen.getAllByRole('listitem');
    expect(within(first as HTMLElement).getByText(/Question 1: Right/)).toBeInTheDocument();
    expect(first).toHaveTextContent('Only attention mixes.');
    expect(second).toHaveTextContent(/Question 2: Wrong/);
    expect(second).toHaveTextContent(/Your answer\s*Queries/);
    expect(second).toHaveTextContent(/Right answer\s*Queries, Keys/);
    expect(second).toHaveTextContent('Queries and keys (and values).');
    expect(third).toHaveTextContent(/Your answer\s*0.5/);
    expect(third).not.toHaveTextContent('Right answer');
  });

  it('says Passed on a pass, and Try again starts over', async () => {
    const onTryAgain = vi.fn();
    render(
      <QuizResult
        result={{
          ...RESULT,
          passed: true,
          scorePercent: 100,
          standing: { bestPercent: 100, passed: true, attempts: 3 },
        }}
        questions={QUESTIONS}
        onTryAgain={onTryAgain}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Passed: 100%' })).toHaveFocus();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onTryAgain).toHaveBeenCalledOnce();
  });
});
