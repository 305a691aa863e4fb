import type { QuizQuestionView } from '@kaushal/contract';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';
import { checkDraft, type Draft } from '../lib/answers';

export interface QuizFormProps {
  questions: readonly QuizQuestionView[];
  /** Sends the checked answers; the form stays as it is while it runs. */
  onSubmit: (answers: NonNullable<ReturnType<typeof checkDraft>['answers']>) => void;
  submitting: boolean;
  /** The server refused or failed to grade the attempt: shown above the button and announced. */
  error?: string | null;
}

/**
 * One fieldset per question (its legend is the prompt): radios for a single-choice question, checkboxes for a
 * multiple-choice one, a number input for a numeric one. Unanswered questions are named in an announced summary
 * and marked on their fieldset, and focus moves to the first of them.
 */
export function QuizForm({ questions, onSubmit, submitting, error }: QuizFormProps) {
  const [draft, setDraft] = useState<Draft>({});
  const [problems, setProblems] = useState<Map<string, string>>(new Map());
  const form = useRef<HTMLFormElement>(null);

  const set = (id: string, value: string[] | string) => {
    setDraft((current) => ({ ...current, [id]: value }));
    if (problems.has(id)) {
      setProblems((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(questions, draft);
    setProblems(checked.problems);
    if (checked.answers) {
      onSubmit(checked.answers);
      return;
    }
    const first = questions.find((question) => checked.problems.has(question.id));
    if (first) form.current?.querySelector<HTMLInputElement>(`[data-question="${first.id}"]`)?.focus();
  };

  const unanswered = questions.filter((question) => problems.has(question.id)).length;
  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-6">
      {questions.map((question, n) => {
        const problem = problems.get(question.id);
        const errorId = `quiz-${question.id}-error`;
        return (
          <fieldset
            key={question.id}
            aria-describedby={problem ? errorId : undefined}
            aria-invalid={problem ? true : undefined}
            className={cn(
              'min-w-0 space-y-3 rounded-xl border border-border bg-surface p-4 sm:p-5',
              problem && 'border-danger',
            )}
          >
            <legend className="float-left w-full text-base font-semibold text-fg">
              <span className="text-muted">
                {t(
                  question.kind === 'multiple'
                    ? 'Question {number} of {total} (choose all that apply):'
                    : 'Question {number} of {total}:',
                  { number: n + 1, total: questions.length },
                )}
              </span>{' '}
              {question.prompt}
            </legend>
            {question.kind === 'numeric' ? (
              <NumberAnswer
                id={question.id}
                value={typeof draft[question.id] === 'string' ? (draft[question.id] as string) : ''}
                onChange={(value) => set(question.id, value)}
                invalid={Boolean(problem)}
              />
            ) : (
              <ChoiceAnswer
                question={question}
                chosen={Array.isArray(draft[question.id]) ? (draft[question.id] as string[]) : []}
                onChange={(value) => set(question.id, value)}
              />
            )}
            {problem && (
              <p id={errorId} className="text-sm text-danger">
                {problem}
              </p>
            )}
          </fieldset>
        );
      })}
      <div aria-live="assertive" className="text-sm text-danger empty:hidden">
        {unanswered > 0
          ? t('{count, plural, one {# question needs} other {# questions need}} an answer.', { count: unanswered })
          : error
            ? error
            : ''}
      </div>
      <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? t('Grading…') : t('Submit answers')}
      </Button>
    </form>
  );
}

function ChoiceAnswer({
  question,
  chosen,
  onChange,
}: {
  question: Extract<QuizQuestionView, { options: unknown }>;
  chosen: string[];
  onChange: (value: string[]) => void;
}) {
  const single = question.kind === 'single';
  return (
    <div className="clear-both space-y-2">
      {question.options.map((option, i) => {
        const inputId = `quiz-${question.id}-${option.id}`;
        const checked = chosen.includes(option.id);
        return (
          <label
            key={option.id}
            htmlFor={inputId}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-border px-3 py-2.5 hover:bg-surface-2 has-[:checked]:border-accent has-[:checked]:bg-accent/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent"
          >
            <input
              id={inputId}
              type={single ? 'radio' : 'checkbox'}
              name={`quiz-${question.id}`}
              value={option.id}
              checked={checked}
              data-question={i === 0 ? question.id : undefined}
              onChange={(event) => {
                if (single) onChange([option.id]);
                else
                  onChange(
                    event.target.checked ? [...chosen, option.id] : chosen.filter((chosenId) => chosenId !== option.id),
                  );
              }}
              className="mt-0.5 size-4 shrink-0 accent-accent focus-visible:outline-none"
            />
            <span className="min-w-0 text-fg">{option.text}</span>
          </label>
        );
      })}
    </div>
  );
}

function NumberAnswer({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  const inputId = `quiz-${id}-number`;
  return (
    <div className="clear-both space-y-2">
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {t('Your answer (a number)')}
      </label>
      <Input
        id={inputId}
        data-question={id}
        // Text with a decimal keypad rather than type=number: "0,5" and "1e-3" stay what the learner typed.
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        className="max-w-60"
      />
    </div>
  );
}
