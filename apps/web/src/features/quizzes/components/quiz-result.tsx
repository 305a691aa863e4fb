import type { QuizQuestionView, QuizResult as QuizResultData } from '@kaushal/contract';
import { CheckCircle2, XCircle } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';

export interface QuizResultProps {
  result: QuizResultData;
  questions: readonly QuizQuestionView[];
  onTryAgain: () => void;
}

/**
 * A graded attempt: the score against the pass mark, the best so far, and per question whether the answer was
 * right, what was right and why. Focus moves to its heading, so a screen reader starts reading the outcome.
 */
export function QuizResult({ result, questions, onTryAgain }: QuizResultProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  const byId = new Map(questions.map((question) => [question.id, question]));
  return (
    <section aria-labelledby="quiz-result-heading" className="space-y-6">
      <div
        className={cn(
          'space-y-2 rounded-2xl border p-5',
          result.passed ? 'border-success/50 bg-success/10' : 'border-border bg-surface',
        )}
      >
        <h2 id="quiz-result-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {t(result.passed ? 'Passed: {percent}%' : 'Not passed yet: {percent}%', { percent: result.scorePercent })}
        </h2>
        <p className="text-fg">
          {t('{correct} of {total} right. The pass mark is {percent}%.', {
            correct: result.correctCount,
            total: result.questionCount,
            percent: result.passPercent,
          })}
        </p>
        {result.standing.bestPercent !== null && (
          <p className="text-sm text-muted">
            {t(
              result.standing.passed
                ? 'Your best: {percent}% (passed) over {count, plural, one {# attempt} other {# attempts}}.'
                : 'Your best: {percent}% over {count, plural, one {# attempt} other {# attempts}}.',
              { percent: result.standing.bestPercent, count: result.standing.attempts },
            )}
          </p>
        )}
      </div>
      <ol className="space-y-4">
        {result.questions.map((graded, n) => {
          const question = byId.get(graded.id);
          const optionText = (id: string) =>
            question && 'options' in question ? (question.options.find((o) => o.id === id)?.text ?? id) : id;
          return (
            <li key={graded.id} className="space-y-2 rounded-xl border border-border bg-surface p-4 sm:p-5">
              <p className="flex items-start gap-2 font-semibold text-fg">
                {graded.correct ? (
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
                ) : (
                  <XCircle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
                )}
                <span>
                  {t(graded.correct ? 'Question {number}: Right' : 'Question {number}: Wrong', { number: n + 1 })}
                  <span className="block font-normal text-muted">{question?.prompt}</span>
                </span>
              </p>
              <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-3">
                <dt className="text-muted">{t('Your answer')}</dt>
                <dd className="text-fg">
                  {graded.kind === 'numeric' ? graded.given : graded.given.map(optionText).join(', ')}
                </dd>
                {!graded.correct && (
                  <>
                    <dt className="text-muted">{t('Right answer')}</dt>
                    <dd className="text-fg">
                      {graded.kind === 'numeric'
                        ? `${graded.answer}${graded.tolerance > 0 ? ` (± ${graded.tolerance})` : ''}`
                        : graded.correctOptionIds.map(optionText).join(', ')}
                    </dd>
                  </>
                )}
              </dl>
              <p className="text-sm text-fg">
                <span className="font-medium">{t('Why:')} </span>
                {graded.explanation}
              </p>
            </li>
          );
        })}
      </ol>
      <Button onClick={onTryAgain} variant={result.passed ? 'secondary' : 'primary'}>
        {t('Try again')}
      </Button>
    </section>
  );
}

function useFocusOnMount(target: RefObject<HTMLElement | null>) {
  useEffect(() => {
    target.current?.focus();
  }, [target]);
}
