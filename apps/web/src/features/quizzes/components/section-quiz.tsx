import type { CourseDetail, QuizSummary } from '@kaushal/contract';
import { CheckCircle2, ClipboardCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { quizAccess } from '../lib/quiz-access';

export interface SectionQuizProps {
  quiz: QuizSummary;
  /** The learner may take it (signed in with access to the course); otherwise `lockedReason` says why not. */
  canTake: boolean;
  lockedReason?: string;
  /** Every lesson of the section is complete: with the quiz passed, the section is. */
  lessonsComplete: boolean;
  /** Under a section's h3 (a course of several sections) or straight under the lessons' h2. */
  headingLevel?: 3 | 4;
}

/**
 * A section's quiz after its lessons on the course page: title, number of questions, pass mark, the learner's
 * best score, and "Take the quiz" for a learner with access.
 */
export function SectionQuiz({ quiz, canTake, lockedReason, lessonsComplete, headingLevel = 4 }: SectionQuizProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const passed = quiz.standing?.passed === true;
  const best = quiz.standing?.bestPercent ?? null;
  const headingId = `quiz-${quiz.id}-title`;
  const takeLabel = passed ? t('Take the quiz again') : t('Take the quiz');
  return (
    <section
      aria-labelledby={headingId}
      data-quiz={quiz.id}
      className={cn(
        'mt-2 flex flex-col gap-3 rounded-xl border border-border bg-surface px-4 py-3 sm:flex-row sm:items-center',
        passed && 'border-success/50',
      )}
    >
      {passed ? (
        <CheckCircle2 className="size-5 shrink-0 text-success" aria-hidden="true" />
      ) : (
        <ClipboardCheck className="size-5 shrink-0 text-accent" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1">
        <Heading id={headingId} className="font-medium text-fg">
          <span className="text-muted">{t('Quiz:')}</span> {quiz.title}
        </Heading>
        <p className="text-sm text-muted">
          {t('{count, plural, one {# question} other {# questions}} · Pass mark {percent}%', {
            count: quiz.questionCount,
            percent: quiz.passPercent,
          })}
          {best !== null && ` · ${t('Best {percent}%', { percent: best })}`}
          {passed && <span className="font-medium text-success"> · {t('Passed')}</span>}
          {passed && lessonsComplete && <span className="font-medium text-success"> · {t('Section complete')}</span>}
        </p>
        {!canTake && lockedReason && <p className="text-sm text-muted">{lockedReason}</p>}
      </div>
      {canTake && (
        <Button asChild size="sm" variant={passed ? 'secondary' : 'primary'} className="self-start sm:self-center">
          <Link
            to={`/course/${encodeURIComponent(quiz.courseId)}/quizzes/${encodeURIComponent(quiz.id)}`}
            // Names which quiz, as a course has one per section; starts with the visible words.
            aria-label={`${takeLabel}: ${quiz.title}`}
          >
            {takeLabel}
          </Link>
        </Button>
      )}
    </section>
  );
}

/**
 * The lesson list's `afterSection`: each section's quiz, if it has one, after its lessons. Headings nest under the
 * section's h3 in a course of several sections, under the lessons' h2 otherwise.
 */
export function sectionQuizSlot(
  course: Pick<CourseDetail, 'isEnrolled' | 'staffPreview' | 'lessons' | 'enrollmentStatus'>,
  quizzes: readonly QuizSummary[] | undefined,
): (section: { id: string }, lessonsComplete: boolean) => ReactNode {
  const sectionCount = new Set(course.lessons.map((lesson) => lesson.section.id)).size;
  return (section, lessonsComplete) => {
    const quiz = quizzes?.find((candidate) => candidate.sectionId === section.id);
    if (!quiz) return null;
    return (
      <SectionQuiz
        quiz={quiz}
        {...quizAccess(course, quiz)}
        lessonsComplete={lessonsComplete}
        headingLevel={sectionCount > 1 ? 4 : 3}
      />
    );
  };
}
