import type { CourseDetail, LessonSummary, Note } from '@kaushal/contract';
import { useQuery } from '@tanstack/react-query';
import { Bookmark, StickyNote } from 'lucide-react';
import { t } from '@/lib/i18n/i18n';
import { useSession } from '@/lib/session';
import { courseNotesQuery } from '../api/notes-queries';
import { formatTime } from '../lib/playback-math';

export interface CourseNotesProps {
  course: Pick<CourseDetail, 'id' | 'lessons'>;
  /** Opens the player at this lesson and second (useOpenLesson's openLesson, with `atSeconds`). */
  onOpenNote(lesson: LessonSummary, atSeconds: number): void;
}

/**
 * "Your notes" on the course page: the signed-in learner's notes and bookmarks in this course, grouped by lesson
 * in the course's order. Each opens its lesson at its second. Nothing shows to a visitor, or to a learner without
 * notes here (nor while they load, or when they could not be loaded: the page is whole without them).
 */
export function CourseNotes({ course, onOpenNote }: CourseNotesProps) {
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const query = useQuery({ ...courseNotesQuery(course.id), enabled: signedIn });
  if (!signedIn || !query.data) return null;
  const groups = course.lessons
    .map((lesson, index) => ({ lesson, index, notes: query.data.filter((n) => n.lessonId === lesson.id) }))
    .filter((group) => group.notes.length > 0);
  if (groups.length === 0) return null;
  const total = groups.reduce((sum, group) => sum + group.notes.length, 0);

  return (
    <section aria-labelledby="your-notes-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="your-notes-heading" className="text-xl font-semibold">
          {t('Your notes')} <span className="text-base font-normal text-muted">({total})</span>
        </h2>
        <p className="text-sm text-muted">
          {t('Only you can see these. Choose one to play its lesson from that moment.')}
        </p>
      </div>
      <div className="space-y-5">
        {groups.map(({ lesson, index, notes }) => {
          const headingId = `notes-${lesson.id}`;
          return (
            <section key={lesson.id} aria-labelledby={headingId}>
              <h3 id={headingId} className="mb-2 text-base font-semibold">
                <span className="text-muted">{index + 1}.</span> {lesson.title}
              </h3>
              <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border">
                {notes.map((note) => (
                  <li key={note.id}>
                    <NoteButton note={note} onClick={() => onOpenNote(lesson, note.atSeconds)} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}

function NoteButton({ note, onClick }: { note: Note; onClick(): void }) {
  const Icon = note.kind === 'note' ? StickyNote : Bookmark;
  const text = note.body || t('Bookmark');
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
    >
      <span className="inline-flex shrink-0 items-center gap-1.5 rounded-md bg-accent/10 px-2 py-0.5 font-mono text-sm font-semibold text-accent tabular-nums">
        <Icon className="size-3.5" aria-hidden="true" />
        <span className="sr-only">{t(note.kind === 'note' ? 'Note at' : 'Bookmark at')} </span>
        {formatTime(note.atSeconds)}
      </span>
      <span className={note.body ? 'min-w-0 flex-1 break-words whitespace-pre-line line-clamp-4' : 'text-muted italic'}>
        {text}
      </span>
    </button>
  );
}
