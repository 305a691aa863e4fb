import type { Quiz } from '@kaushal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/features/payments/testing';
import { activateLanguage } from '@/lib/i18n/i18n';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { QUESTIONS } from '../test/fixtures';
import { QuizPage } from './quiz-page';

const QUIZ: Quiz = {
  id: 'course-quiz-1',
  courseId: 'course',
  sectionId: 'course-s1',
  sectionTitle: 'Foundations',
  courseTitle: 'Embeddings for Engineers',
  title: 'Check your understanding',
  passPercent: 70,
  questionCount: 3,
  questions: QUESTIONS,
  standing: { bestPercent: null, passed: false, attempts: 0 },
};

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/course/:id/quizzes/:quizId', element: <QuizPage /> },
      { path: '/course/:id', element: <h1>Course page</h1> },
      { path: '/404', element: <h1>Not found</h1> },
    ],
    { initialEntries: ['/course/course/quizzes/course-quiz-1'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('QuizPage', () => {
  it('asks in the chosen language (Hindi), the questions as the course wrote them', async () => {
    mockApi({ 'GET /quizzes/course-quiz-1': () => ({ status: 200, body: QUIZ }) });
    await activateLanguage('hi');
    try {
      const user = userEvent.setup();
      renderPage();
      expect(await screen.findByRole('heading', { level: 1, name: 'Check your understanding' })).toBeInTheDocument();
      expect(screen.getByText('3 प्रश्न · पास होने के लिए 70%')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'कोर्स पर वापस जाएँ' })).toHaveAttribute('href', '/course/course');
      expect(screen.getByText('प्रश्न 2 / 3 (सभी सही विकल्प चुनें):')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'उत्तर जमा करें' }));
      expect(screen.getByText('3 प्रश्नों के उत्तर बाकी हैं।')).toBeInTheDocument();
      expect(screen.getByText('एक उत्तर चुनें।')).toBeInTheDocument();
    } finally {
      await activateLanguage('en');
    }
  });

  it('takes the quiz, shows the graded result, and starts over on Try again', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /quizzes/course-quiz-1': () => ({ status: 200, body: QUIZ }),
      'POST /quizzes/course-quiz-1/attempts': () => ({
        status: 200,
        body: {
          quizId: 'course-quiz-1',
          scorePercent: 33,
          correctCount: 1,
          questionCount: 3,
          passPercent: 70,
          passed: false,
          standing: { bestPercent: 33, passed: false, attempts: 1 },
          questions: [
            { id: 'q1', kind: 'single', correct: true, given: ['b'], correctOptionIds: ['b'], explanation: 'Mixing.' },
            {
              id: 'q2',
              kind: 'multiple',
              correct: false,
              given: ['c'],
              correctOptionIds: ['a', 'b'],
              explanation: 'QK.',
            },
            { id: 'q3', kind: 'numeric', correct: false, given: 2, answer: 0.5, tolerance: 0, explanation: 'Half.' },
          ],
        },
      }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your understanding' })).toBeInTheDocument();
    expect(screen.getByText('3 questions · Pass mark 70%')).toBeInTheDocument();
    expect(screen.getByText('Embeddings for Engineers')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Attention' }));
    await user.click(screen.getByRole('checkbox', { name: 'Labels' }));
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), '2');
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));

    expect(await screen.findByRole('heading', { name: 'Not passed yet: 33%' })).toHaveFocus();
    expect(api.callsTo('POST', '/quizzes/course-quiz-1/attempts')[0]?.body).toEqual({
      answers: { q1: ['b'], q2: ['c'], q3: 2 },
    });
    expect(screen.getAllByRole('listitem')[2]).toHaveTextContent(/Right answer\s*0.5/);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('radio', { name: 'Attention' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit answers' })).toBeEnabled();
  });

  it("says why a learner without access cannot take it (the server's words) and links back", async () => {
    mockApi({
      'GET /quizzes/course-quiz-1': () => ({
        status: 403,
        body: { code: 'access_expired', detail: 'Your weekly access expired on 1 May. Renew to keep learning.' },
      }),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your weekly access expired on 1 May.');
    expect(screen.getByRole('link', { name: 'Back to the course' })).toHaveAttribute('href', '/course/course');
  });

  it('shows the server refusing an attempt, keeping the answers', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /quizzes/course-quiz-1': () => ({ status: 200, body: QUIZ }),
      'POST /quizzes/course-quiz-1/attempts': () => ({
        status: 400,
        body: { code: 'unknown_option', detail: "Question 'q1' has no such option." },
      }),
    });
    renderPage();
    await user.click(await screen.findByRole('radio', { name: 'Attention' }));
    await user.click(screen.getByRole('checkbox', { name: 'Keys' }));
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), '0.5');
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText("Question 'q1' has no such option.")).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Attention' })).toBeChecked();
  });
});
