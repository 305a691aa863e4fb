import type { AdminCourseDetail, AdminQuiz } from '@kaushal/contract';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useQuizWrite } from '../api/quizzes';
import { errorMessage } from '../lib/form-errors';
import {
  type EditorProblems,
  type EditorQuestion,
  type EditorQuiz,
  editorFrom,
  moveQuestion,
  newOption,
  newQuestion,
  quizBody,
} from '../lib/quiz-editor';
import { ApiErrorAlert } from './api-error-alert';
import { FormActions } from './form-actions';

export interface QuizTarget {
  sectionId: string;
  sectionTitle: string;
  quiz: AdminQuiz | undefined;
}

const KINDS = [
  { value: 'single', label: 'Single choice (one right option)' },
  { value: 'multiple', label: 'Multiple choice (all the right options)' },
  { value: 'numeric', label: 'A number (within a tolerance)' },
] as const;

/**
 * A section's quiz in the console: its title, pass mark and questions (add, remove, reorder; single choice,
 * multiple choice or a number), each with its right answer and the explanation learners see after answering.
 */
export function QuizDialog({
  course,
  target,
  canEdit,
  onClose,
  onReload,
}: {
  course: AdminCourseDetail;
  target: QuizTarget | null;
  canEdit: boolean;
  onClose: () => void;
  onReload: () => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target !== null && (
        <DialogContent className="max-w-3xl">
          <DialogTitle>
            {target.quiz ? 'Quiz' : 'Add a quiz'}: {target.sectionTitle}
          </DialogTitle>
          <DialogDescription>
            Learners take it after the section's lessons. The section is complete when its lessons are and the quiz is
            passed; the answers stay on the server until a learner submits.
          </DialogDescription>
          <QuizForm
            key={`${target.sectionId}:${target.quiz?.id ?? 'new'}`}
            course={course}
            target={target}
            canEdit={canEdit}
            onClose={onClose}
            onReload={onReload}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function QuizForm({
  course,
  target,
  canEdit,
  onClose,
  onReload,
}: {
  course: AdminCourseDetail;
  target: QuizTarget;
  canEdit: boolean;
  onClose: () => void;
  onReload: () => void;
}) {
  const [quiz, setQuiz] = useState<EditorQuiz>(() => editorFrom(target.quiz, target.sectionTitle));
  const [problems, setProblems] = useState<EditorProblems>(new Map());
  const [announcement, setAnnouncement] = useState('');
  const write = useQuizWrite(course.id);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // The first problem in the form's order: a field marked invalid, or a question's message.
    if (problems.size > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-problem]')?.focus();
  }, [problems]);

  const setQuestion = (key: string, change: Partial<EditorQuestion>) =>
    setQuiz((q) => ({ ...q, questions: q.questions.map((x) => (x.key === key ? { ...x, ...change } : x)) }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = quizBody(quiz, course.version);
    if (!checked.body) {
      setProblems(checked.problems);
      return;
    }
    setProblems(new Map());
    write.mutate({ sectionId: target.sectionId, body: checked.body }, { onSuccess: () => onClose() });
  };

  const remove = () => {
    write.mutate(
      { sectionId: target.sectionId, remove: true, version: course.version },
      { onSuccess: () => onClose() },
    );
  };

  const invalid = (key: string) => (problems.has(key) ? true : undefined);
  return (
    <form ref={form} className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Quiz">
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <fieldset disabled={!canEdit} className="grid min-w-0 gap-4 sm:grid-cols-[1fr_10rem]">
        <Field label="Title" required error={problems.get('title')} limit={200} count={quiz.title.length}>
          {(control) => (
            <Input {...control} value={quiz.title} onChange={(e) => setQuiz({ ...quiz, title: e.target.value })} />
          )}
        </Field>
        <Field label="Pass mark (%)" required error={problems.get('passPercent')}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              value={quiz.passPercent}
              onChange={(e) => setQuiz({ ...quiz, passPercent: e.target.value })}
            />
          )}
        </Field>
      </fieldset>
      <ol className="grid gap-4">
        {quiz.questions.map((question, index) => (
          <li key={question.key}>
            <QuestionEditor
              question={question}
              index={index}
              count={quiz.questions.length}
              canEdit={canEdit}
              problem={problems.get(question.key)}
              onChange={(change) => setQuestion(question.key, change)}
              onMove={(step) => {
                setQuiz({ ...quiz, questions: moveQuestion(quiz.questions, index, step) });
                setAnnouncement(`Question ${index + 1} is now question ${index + 1 + step}.`);
              }}
              onRemove={() => {
                setQuiz({ ...quiz, questions: quiz.questions.filter((q) => q.key !== question.key) });
                setAnnouncement(`Removed question ${index + 1}.`);
              }}
            />
          </li>
        ))}
      </ol>
      {canEdit && (
        <Button
          variant="secondary"
          className="justify-self-start"
          aria-invalid={invalid('questions')}
          onClick={() => {
            setQuiz({ ...quiz, questions: [...quiz.questions, newQuestion(quiz.questions)] });
            setAnnouncement(`Added question ${quiz.questions.length + 1}.`);
          }}
        >
          <Plus aria-hidden="true" />
          Add question
        </Button>
      )}
      {problems.size > 0 && (
        <div role="alert" className="rounded-xl border border-danger/60 bg-danger/10 p-4 text-sm">
          <p className="font-medium">Fix these to save the quiz:</p>
          <ul className="mt-1 list-disc pl-5">
            {[...problems.values()].map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      {write.isError && (
        <ApiErrorAlert error={write.error} onReload={onReload}>
          {errorMessage(write.error)}
        </ApiErrorAlert>
      )}
      <FormActions>
        {canEdit && target.quiz && (
          <Button
            variant="destructive"
            className="sm:mr-auto"
            disabled={write.isPending || target.quiz.attempted}
            title={target.quiz.attempted ? 'Learners have taken this quiz: edit it instead.' : undefined}
            onClick={remove}
          >
            <Trash2 aria-hidden="true" />
            Remove quiz
          </Button>
        )}
        <DialogClose asChild>
          <Button variant="secondary" disabled={write.isPending}>
            {canEdit ? 'Cancel' : 'Close'}
          </Button>
        </DialogClose>
        {canEdit && (
          <Button type="submit" disabled={write.isPending}>
            {write.isPending ? 'Saving…' : 'Save quiz'}
          </Button>
        )}
      </FormActions>
      {canEdit && target.quiz?.attempted && (
        <p className="text-xs text-muted">Learners have taken this quiz, so it can be edited but not removed.</p>
      )}
    </form>
  );
}

function QuestionEditor({
  question,
  index,
  count,
  canEdit,
  problem,
  onChange,
  onMove,
  onRemove,
}: {
  question: EditorQuestion;
  index: number;
  count: number;
  canEdit: boolean;
  problem: string | undefined;
  onChange: (change: Partial<EditorQuestion>) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const base = `quiz-question-${question.key}`;
  const n = index + 1;
  const single = question.kind === 'single';
  return (
    <fieldset
      disabled={!canEdit}
      aria-describedby={problem ? `${base}-problem` : undefined}
      className={cn('grid min-w-0 gap-3 rounded-xl border border-border p-3 sm:p-4', problem && 'border-danger')}
    >
      <legend className="px-1 text-sm font-semibold">Question {n}</legend>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field label={`Kind of question ${n}`}>
          {(control) => (
            <Select
              {...control}
              value={question.kind}
              onChange={(e) => {
                const kind = e.target.value as EditorQuestion['kind'];
                // Single choice keeps one right option at most.
                onChange({ kind, correct: kind === 'single' ? question.correct.slice(0, 1) : question.correct });
              }}
            >
              {KINDS.map((kind) => (
                <option key={kind.value} value={kind.value}>
                  {kind.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {canEdit && (
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => onMove(-1)}>
              <ArrowUp aria-hidden="true" />
              <span className="sr-only">Move question {n} up</span>
            </Button>
            <Button variant="ghost" size="sm" disabled={index === count - 1} onClick={() => onMove(1)}>
              <ArrowDown aria-hidden="true" />
              <span className="sr-only">Move question {n} down</span>
            </Button>
            <Button variant="ghost" size="sm" disabled={count === 1} onClick={onRemove}>
              <Trash2 aria-hidden="true" />
              <span className="sr-only">Remove question {n}</span>
            </Button>
          </div>
        )}
      </div>
      <Field label={`Question ${n}`} required limit={1000} count={question.prompt.length}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            aria-invalid={problem && !question.prompt.trim() ? true : undefined}
            value={question.prompt}
            onChange={(e) => onChange({ prompt: e.target.value })}
          />
        )}
      </Field>
      {question.kind === 'numeric' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Right answer" required hint="A number, e.g. 0.5">
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={question.answer}
                onChange={(e) => onChange({ answer: e.target.value })}
              />
            )}
          </Field>
          <Field label="Tolerance (±)" hint="Answers this close count as right; 0 means exactly.">
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={question.tolerance}
                onChange={(e) => onChange({ tolerance: e.target.value })}
              />
            )}
          </Field>
        </div>
      ) : (
        <div className="grid gap-2">
          <p className="text-sm font-medium" id={`${base}-options`}>
            Options ({single ? 'mark the right one' : 'mark every right one'})
          </p>
          {question.options.map((option, o) => {
            const right = question.correct.includes(option.id);
            const label = String.fromCharCode(65 + (o % 26));
            return (
              <div key={option.id} className="flex flex-wrap items-center gap-2">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type={single ? 'radio' : 'checkbox'}
                    name={`${base}-right`}
                    className="size-5 accent-accent"
                    checked={right}
                    onChange={(e) =>
                      onChange({
                        correct: single
                          ? [option.id]
                          : e.target.checked
                            ? [...question.correct, option.id]
                            : question.correct.filter((id) => id !== option.id),
                      })
                    }
                  />
                  <span className="sr-only">Option {label} is right</span>
                  <span aria-hidden="true" className="w-4 font-semibold">
                    {label}
                  </span>
                </label>
                <Input
                  aria-label={`Option ${label} of question ${n}`}
                  className="h-9 min-w-0 flex-1"
                  maxLength={500}
                  value={option.text}
                  onChange={(e) =>
                    onChange({
                      options: question.options.map((x) => (x.id === option.id ? { ...x, text: e.target.value } : x)),
                    })
                  }
                />
                {canEdit && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={question.options.length <= 2}
                    onClick={() =>
                      onChange({
                        options: question.options.filter((x) => x.id !== option.id),
                        correct: question.correct.filter((id) => id !== option.id),
                      })
                    }
                  >
                    <Trash2 aria-hidden="true" />
                    <span className="sr-only">
                      Remove option {label} of question {n}
                    </span>
                  </Button>
                )}
              </div>
            );
          })}
          {canEdit && question.options.length < 10 && (
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() => onChange({ options: [...question.options, newOption(question)] })}
            >
              <Plus aria-hidden="true" />
              Add option<span className="sr-only"> to question {n}</span>
            </Button>
          )}
        </div>
      )}
      <Field
        label="Explanation"
        required
        hint="Shown to learners after they answer: why the right answer is right."
        limit={2000}
        count={question.explanation.length}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={question.explanation}
            onChange={(e) => onChange({ explanation: e.target.value })}
          />
        )}
      </Field>
      {problem && (
        <p id={`${base}-problem`} className="text-sm text-danger" data-problem tabIndex={-1}>
          {problem}
        </p>
      )}
    </fieldset>
  );
}
