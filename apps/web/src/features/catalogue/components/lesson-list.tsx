import type { LessonProgressSummary, LessonSummary } from '@kaushal/contract';
import { CheckCircle2, LoaderCircle, Lock, Paperclip, PlayCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';
import { resourceKind } from '@/lib/resource-files';
import { isLessonUnlocked } from '../lib/course-access';

export interface LessonListProps {
  lessons: readonly LessonSummary[];
  /** Every lesson opens (the learner is enrolled, or staff preview the course): none shows locked. */
  opensAll: boolean;
  /** Called for every lesson click; the page decides (sign in, enroll, play). */
  onSelectLesson: (lesson: LessonSummary) => void;
  /** The lesson open in the player, marked as current. */
  activeLessonId?: string | null;
  /** The lesson being loaded for the player after a click. */
  pendingLessonId?: string | null;
  /** The learner's progress by lesson id: a tick on completed lessons, the part watched on started ones. */
  progress?: ReadonlyMap<string, LessonProgressSummary>;
  /** What follows a section's lessons (its quiz), told whether the learner completed every one of them. */
  afterSection?: (section: { id: string; title: string }, lessonsComplete: boolean) => ReactNode;
}

/** Consecutive lessons of one section, with their numbers across the whole course. */
interface SectionGroup {
  id: string;
  title: string;
  lessons: Array<{ lesson: LessonSummary; index: number }>;
}

export function groupBySection(lessons: readonly LessonSummary[]): SectionGroup[] {
  const groups: SectionGroup[] = [];
  lessons.forEach((lesson, index) => {
    const last = groups.at(-1);
    if (last && last.id === lesson.section.id) last.lessons.push({ lesson, index });
    else groups.push({ id: lesson.section.id, title: lesson.section.title, lessons: [{ lesson, index }] });
  });
  return groups;
}

/**
 * The course's lessons in order: title, duration, a Free badge, a lock on paid lessons not yet unlocked, and the
 * learner's progress: a tick on a completed lesson, the percent watched on one started. A course of several
 * sections shows each as a headed group (numbering runs on across them); a course of one shows the plain list.
 */
export function LessonList(props: LessonListProps) {
  const { lessons } = props;
  if (lessons.length === 0) {
    return <p className="text-muted">{t('Lessons for this course are being prepared.')}</p>;
  }
  const groups = groupBySection(lessons);
  const completedIn = (group: SectionGroup) =>
    group.lessons.filter(({ lesson }) => props.progress?.get(lesson.id)?.completed).length;
  const after = (group: SectionGroup) =>
    props.afterSection?.({ id: group.id, title: group.title }, completedIn(group) === group.lessons.length);
  const [only] = groups;
  if (groups.length === 1 && only) {
    return (
      <>
        <LessonRows items={only.lessons} {...props} />
        {after(only)}
      </>
    );
  }
  return (
    <div className="space-y-6">
      {groups.map((group, n) => {
        const headingId = `section-${group.id}`;
        const done = completedIn(group);
        return (
          <section key={group.id} aria-labelledby={headingId}>
            <h3
              id={headingId}
              className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-base font-semibold"
            >
              <span>
                <span className="text-muted">{t('Section {number}:', { number: n + 1 })}</span> {group.title}
              </span>
              <span className="text-sm font-normal text-muted">
                {t('{count, plural, one {# lesson} other {# lessons}}', { count: group.lessons.length })}
                {props.progress && done > 0 ? ` · ${t('{count} completed', { count: done })}` : ''}
              </span>
            </h3>
            <LessonRows items={group.lessons} {...props} />
            {after(group)}
          </section>
        );
      })}
    </div>
  );
}

function LessonRows({
  items,
  opensAll,
  onSelectLesson,
  activeLessonId,
  pendingLessonId,
  progress,
}: LessonListProps & { items: SectionGroup['lessons'] }) {
  return (
    <ol
      start={(items[0]?.index ?? 0) + 1}
      className="divide-y divide-border overflow-hidden rounded-xl border border-border"
    >
      {items.map(({ lesson, index }) => {
        const unlocked = isLessonUnlocked(lesson, opensAll);
        const current = lesson.id === activeLessonId;
        const pending = lesson.id === pendingLessonId;
        const mine = progress?.get(lesson.id);
        const completed = mine?.completed === true;
        const watched = !completed && mine && mine.watchedPercent > 0 ? mine.watchedPercent : null;
        return (
          <li key={lesson.id}>
            <button
              type="button"
              onClick={() => onSelectLesson(lesson)}
              aria-current={current ? 'true' : undefined}
              aria-busy={pending || undefined}
              className={cn(
                'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent',
                current && 'bg-accent/10',
              )}
            >
              {pending ? (
                <LoaderCircle className="mt-0.5 size-5 shrink-0 animate-spin text-accent" aria-hidden="true" />
              ) : completed ? (
                <CheckCircle2
                  className="mt-0.5 size-5 shrink-0 text-success"
                  aria-hidden="true"
                  data-lesson-progress="completed"
                />
              ) : unlocked ? (
                <PlayCircle className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
              ) : (
                <Lock className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden="true" />
              )}
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-fg">
                  <span className="text-muted">{index + 1}.</span> {lesson.title}
                </span>
                {lesson.description && <span className="mt-0.5 block text-sm text-muted">{lesson.description}</span>}
                <LessonFiles resources={lesson.resources} />
                {completed && <span className="mt-2 block text-xs font-medium text-success">{t('Completed')}</span>}
                {watched !== null && (
                  <span className="mt-2 flex items-center gap-2 text-xs text-muted" data-lesson-progress="started">
                    <span className="h-1.5 w-20 overflow-hidden rounded-full bg-border" aria-hidden="true">
                      <span className="block h-full rounded-full bg-accent" style={{ width: `${watched}%` }} />
                    </span>
                    {t('{percent}% watched', { percent: watched })}
                  </span>
                )}
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1 text-sm text-muted sm:flex-row sm:items-center sm:gap-3">
                {lesson.isFree && <Badge variant="success">{t('Free')}</Badge>}
                {!unlocked && <span className="sr-only">{t('Locked')}</span>}
                <span>
                  <span className="sr-only">{t('Duration')} </span>
                  {lesson.duration}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** The lesson's downloadable files, named: downloaded from the lesson itself once it opens. */
function LessonFiles({ resources }: { resources: LessonSummary['resources'] }) {
  if (resources.length === 0) return null;
  const count = t('{count, plural, one {# file} other {# files}}', { count: resources.length });
  return (
    <span className="mt-1.5 flex items-start gap-1.5 text-xs text-muted" data-lesson-files="">
      <Paperclip className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">
        {count}: {resources.map((r) => `${r.title} (${resourceKind(r.contentType)})`).join(', ')}
      </span>
    </span>
  );
}
