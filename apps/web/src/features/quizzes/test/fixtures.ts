import type { QuizQuestionView } from '@kaushal/contract';

/** Test-only: a quiz's questions as the learner gets them, one of each kind. */
export const QUESTIONS: QuizQuestionView[] = [
  {
    id: 'q1',
    kind: 'single',
    prompt: 'Which layer mixes tokens?',
    options: [
      { id: 'a', text: 'Feed-forward' },
      { id: 'b', text: 'Attention' },
    ],
  },
  {
    id: 'q2',
    kind: 'multiple',
    prompt: 'Which are inputs to attention?',
    options: [
      { id: 'a', text: 'Queries' },
      { id: 'b', text: 'Keys' },
      { id: 'c', text: 'Labels' },
    ],
  },
  { id: 'q3', kind: 'numeric', prompt: 'What is 1 / sqrt(4)?' },
];
