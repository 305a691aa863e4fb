import type { QuizResult as QuizResultData } from '@kaushal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { catalogueKeys, dashboardKeys } from '@/lib/query-keys';
import { Link, Navigate, useParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { quizKeys, quizQuery, submitQuizAttempt } from '../api/quiz-queries';
import { QuizForm } from '../components/quiz-form';
import { QuizResult } from '../components/quiz-result';
import { standingLabel } from '../lib/answers';

/**
 * A section's quiz on its own page (/course/:id/quizzes/:quizId, shareable): the questions, then the graded
 * result with each answer's explanation, and Try again. The answers are graded on the server; this page never
 * has them before submitting.
 */
export function QuizPage() {
  const { id: courseId = '', quizId = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery(quizQuery(quizId));
  const [result, setResult] = useState<QuizResultData | null>(null);
  // A new form (answers cleared) for each attempt.
  const [round, setRound] = useState(0);
  const formArea = useRef<HTMLDivElement>(null);
  usePageTitle(query.data?.title);

  const attempt = useMutation({
    mutationFn: (answers: Parameters<typeof submitQuizAttempt>[1]) => submitQuizAttempt(quizId, answers),
    onSuccess: (graded) => {
      setResult(graded);
      window.scrollTo?.({ top: 0 });
      void queryClient.invalidateQueries({ queryKey: quizKeys.all });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.course(courseId), exact: true });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all, refetchType: 'all' });
    },
  });

  const back = (
    <Link
      to={`/course/${encodeURIComponent(courseId)}`}
      className="inline-flex items-center gap-1 text-sm text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-accent"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('Back to the course')}
    </Link>
  );

  if (query.isPending) {
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-24 text-center text-muted">
        {t('Loading the quiz…')}
      </p>
    );
  }
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return <Navigate to="/404" replace />;
    }
    return (
      <div className="mx-auto max-w-xl space-y-4 px-4 py-24 text-center">
        <p role="alert" className="text-fg">
          {error instanceof ApiError && error.status === 403 && error.detail
            ? error.detail
            : t('Failed to load the quiz. Please try again.')}
        </p>
        {back}
      </div>
    );
  }

  const quiz = query.data;
  const best = standingLabel(quiz.standing);
  const tryAgain = () => {
    setResult(null);
    attempt.reset();
    setRound((n) => n + 1);
    // After the form is back: focus its first answer.
    requestAnimationFrame(() => formArea.current?.querySelector<HTMLInputElement>('input')?.focus());
  };
  const failure =
    attempt.error instanceof ApiError && attempt.error.status >= 400 && attempt.error.status < 500
      ? (attempt.error.detail ?? t('Your answers could not be graded. Please check them and try again.'))
      : attempt.error
        ? t('Your answers could not be sent. Please try again.')
        : null;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 md:px-6">
      {back}
      <header className="space-y-2">
        <p className="text-sm text-muted">{quiz.courseTitle}</p>
        <h1 className="text-2xl font-bold break-words md:text-3xl">{quiz.title}</h1>
        <p className="text-muted">
          {t('{count, plural, one {# question} other {# questions}} · Pass mark {percent}%', {
            count: quiz.questionCount,
            percent: quiz.passPercent,
          })}
          {best ? ` · ${best}` : ''}
        </p>
      </header>
      {result ? (
        <QuizResult result={result} questions={quiz.questions} onTryAgain={tryAgain} />
      ) : (
        <div ref={formArea}>
          <QuizForm
            key={round}
            questions={quiz.questions}
            submitting={attempt.isPending}
            error={failure}
            onSubmit={(answers) => attempt.mutate(answers)}
          />
        </div>
      )}
      {result && (
        <Button asChild variant="ghost">
          <Link to={`/course/${encodeURIComponent(courseId)}`}>{t('Back to the course')}</Link>
        </Button>
      )}
    </div>
  );
}
