import type { AdminCourseDetail, AdminQuiz } from '@kaushal/contract';
import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck, GripVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { adminQuizzesQuery } from '../api/quizzes';
import { useSaveOutline } from '../api/save-outline';
import { errorMessage } from '../lib/form-errors';
import {
  addSection,
  lessonPosition,
  moveLessonTo,
  moveSectionTo,
  type Outline,
  outlineBody,
  outlineFrom,
  removeSection,
  renameSection,
  sameOutline,
  sectionPosition,
  stepLesson,
  stepSection,
} from '../lib/outline';
import { ApiErrorAlert } from './api-error-alert';
import { ConsoleCard } from './console-card';
import { LessonDialog, type LessonTarget } from './lesson-dialog';
import { QuizDialog, type QuizTarget } from './quiz-dialog';

type Picked = { kind: 'lesson' | 'section'; id: string; before: Outline } | null;
type Dragged = { kind: 'lesson' | 'section'; id: string } | null;

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
const VIDEO = { direct: 'Uploaded video', youtube: 'YouTube' } as const;

/**
 * The course's outline: sections in order, each with its lessons in order. Lessons and sections move by drag, or
 * by keyboard as the WAI-ARIA pattern has it: Space or Enter on a Move button picks the item up, the arrow keys
 * move it (a lesson crosses into the next or previous section at an edge), Space or Enter drops it, Escape puts
 * it back. Each step is announced in a polite live region. Save outline sends the whole outline at the version
 * this page read.
 */
export function OutlineCard({
  course,
  canEdit,
  onReload,
}: {
  course: AdminCourseDetail;
  canEdit: boolean;
  onReload: () => void;
}) {
  const [base, setBase] = useState(() => outlineFrom(course));
  const [outline, setOutline] = useState(base);
  const [picked, setPicked] = useState<Picked>(null);
  // A ref, not state: dragover events follow dragstart before React would re-render with the new state.
  const draggedRef = useRef<Dragged>(null);
  const [announcement, setAnnouncement] = useState('');
  const [editing, setEditing] = useState<LessonTarget | null>(null);
  const [quizTarget, setQuizTarget] = useState<QuizTarget | null>(null);
  const quizzes = useQuery(adminQuizzesQuery(course.id));
  const [version, setVersion] = useState(course.version);
  const save = useSaveOutline(course.id);
  const instructions = useId();
  const dirty = !sameOutline(base, outline);
  const focusAfter = useRef<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  // Another write (a lesson, an upload, a reload) changed the course: start again from it unless moves are
  // waiting to be saved (their save would then be refused as stale, with Reload).
  if (course.version !== version) {
    setVersion(course.version);
    if (!dirty) {
      const next = outlineFrom(course);
      setBase(next);
      setOutline(next);
    }
  }

  useEffect(() => {
    if (focusAfter.current) {
      buttons.current.get(focusAfter.current)?.focus();
      focusAfter.current = null;
    }
  });

  const lessons = new Map(course.lessons.map((lesson) => [lesson.id, lesson]));
  const lessonTitle = (id: string) => lessons.get(id)?.title ?? id;
  const sectionTitle = (key: string) => outline.find((s) => s.key === key)?.title || 'Untitled section';
  const where = (kind: 'lesson' | 'section', id: string, o: Outline) =>
    kind === 'lesson' ? lessonPosition(o, id) : sectionPosition(o, id);
  const name = (kind: 'lesson' | 'section', id: string) =>
    kind === 'lesson' ? `lesson ${lessonTitle(id)}` : `section ${sectionTitle(id)}`;

  const onMoveKey = (kind: 'lesson' | 'section', id: string) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const key = event.key;
    const holding = picked?.kind === kind && picked.id === id;
    if (key === ' ' || key === 'Enter') {
      event.preventDefault();
      if (holding) {
        setPicked(null);
        setAnnouncement(`Dropped ${name(kind, id)}. ${where(kind, id, outline)}`);
      } else {
        setPicked({ kind, id, before: outline });
        setAnnouncement(
          `Picked up ${name(kind, id)}. ${where(kind, id, outline)} Use the arrow keys to move, Space or Enter to drop, Escape to cancel.`,
        );
      }
      return;
    }
    if (!holding) return;
    if (key === 'Escape') {
      event.preventDefault();
      setOutline(picked.before);
      setPicked(null);
      focusAfter.current = `${kind}:${id}`;
      setAnnouncement(`Move cancelled. ${name(kind, id)} is back: ${where(kind, id, picked.before)}`);
      return;
    }
    const direction =
      key === 'ArrowUp' || key === 'ArrowLeft' ? -1 : key === 'ArrowDown' || key === 'ArrowRight' ? 1 : 0;
    if (direction === 0) return;
    event.preventDefault();
    const next = kind === 'lesson' ? stepLesson(outline, id, direction) : stepSection(outline, id, direction);
    if (next === outline) {
      setAnnouncement(`${name(kind, id)} cannot move further. ${where(kind, id, outline)}`);
      return;
    }
    setOutline(next);
    focusAfter.current = `${kind}:${id}`;
    setAnnouncement(`${where(kind, id, next)}`);
  };

  const startDrag = (kind: 'lesson' | 'section', id: string) => (event: DragEvent) => {
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', id);
    draggedRef.current = { kind, id };
  };
  const allowDrop = (kind: 'lesson' | 'section') => (event: DragEvent) => {
    if (draggedRef.current?.kind === kind) event.preventDefault();
  };
  const dropLesson = (section: number, index: number) => (event: DragEvent) => {
    const dragged = draggedRef.current;
    if (dragged?.kind !== 'lesson') return;
    event.preventDefault();
    event.stopPropagation();
    const next = moveLessonTo(outline, dragged.id, section, index);
    setOutline(next);
    setAnnouncement(`Moved ${name('lesson', dragged.id)}. ${lessonPosition(next, dragged.id)}`);
    draggedRef.current = null;
  };
  const dropSection = (index: number) => (event: DragEvent) => {
    const dragged = draggedRef.current;
    if (dragged?.kind !== 'section') return;
    event.preventDefault();
    const next = moveSectionTo(outline, dragged.id, index);
    setOutline(next);
    setAnnouncement(`Moved ${name('section', dragged.id)}. ${sectionPosition(next, dragged.id)}`);
    draggedRef.current = null;
  };

  const onSave = () => {
    save.mutate(outlineBody(outline, course.version), {
      onSuccess: (saved) => {
        const next = outlineFrom(saved);
        setVersion(saved.version);
        setBase(next);
        setOutline(next);
        setAnnouncement('Outline saved.');
      },
    });
  };

  const moveButton = (kind: 'lesson' | 'section', id: string, label: string) => {
    const holding = picked?.kind === kind && picked.id === id;
    return (
      <Button
        ref={(el) => {
          if (el) buttons.current.set(`${kind}:${id}`, el);
          else buttons.current.delete(`${kind}:${id}`);
        }}
        variant={holding ? 'primary' : 'ghost'}
        size="sm"
        aria-pressed={holding}
        aria-describedby={instructions}
        onKeyDown={onMoveKey(kind, id)}
        onClick={(event) => {
          // A click (pointer) does what Space does; keyboard Space/Enter are handled on keydown.
          if (event.detail === 0) return;
          onMoveKey(kind, id)({ key: ' ', preventDefault() {} } as KeyboardEvent<HTMLButtonElement>);
        }}
        onBlur={() => {
          if (holding && !focusAfter.current) setPicked(null);
        }}
        draggable
        onDragStart={startDrag(kind, id)}
        onDragEnd={() => {
          draggedRef.current = null;
        }}
        className="cursor-grab px-2"
      >
        <GripVertical aria-hidden="true" />
        <span className="sr-only">Move {label}</span>
      </Button>
    );
  };

  let number = 0;
  return (
    <ConsoleCard
      id="outline-title"
      title={`Outline (${course.lessons.length} ${course.lessons.length === 1 ? 'lesson' : 'lessons'})`}
      action={
        canEdit && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              const next = addSection(outline, `Section ${outline.length + 1}`);
              setOutline(next);
              setAnnouncement(`Added section ${outline.length + 1}. Name it, then save the outline.`);
            }}
          >
            <Plus aria-hidden="true" />
            Add section
          </Button>
        )
      }
    >
      <p id={instructions} className="text-sm text-muted">
        {canEdit
          ? 'Drag a lesson or section by its handle, or focus its Move button, press Space or Enter to pick it up, the arrow keys to move it, Space or Enter to drop it and Escape to cancel. Then save the outline.'
          : 'Sections in order, each with its lessons in order.'}
      </p>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <ol className="space-y-4">
        {outline.map((section, sectionIndex) => {
          const inputId = `section-title-${section.key}`;
          return (
            <li
              key={section.key}
              aria-label={`Section ${sectionIndex + 1}: ${section.title || 'untitled'}`}
              className={cn(
                'space-y-2 rounded-xl border border-border p-3',
                picked?.kind === 'section' && picked.id === section.key && 'border-accent',
              )}
              onDragOver={(event) => {
                allowDrop('section')(event);
                allowDrop('lesson')(event);
              }}
              onDrop={(event) =>
                draggedRef.current?.kind === 'lesson'
                  ? dropLesson(sectionIndex, section.lessonIds.length)(event)
                  : dropSection(sectionIndex)(event)
              }
            >
              <div className="flex flex-wrap items-center gap-2">
                {canEdit && moveButton('section', section.key, `section ${section.title || sectionIndex + 1}`)}
                <label htmlFor={inputId} className="text-sm font-semibold whitespace-nowrap">
                  Section {sectionIndex + 1}
                </label>
                {canEdit ? (
                  <Input
                    id={inputId}
                    className="h-9 min-w-0 flex-1"
                    value={section.title}
                    maxLength={120}
                    onChange={(e) => setOutline(renameSection(outline, section.key, e.target.value))}
                  />
                ) : (
                  <span id={inputId} className="font-semibold">
                    {section.title}
                  </span>
                )}
                {canEdit && (
                  <>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={!section.id || dirty}
                      title={
                        !section.id || dirty ? 'Save the outline first, then add lessons to this section.' : undefined
                      }
                      onClick={() => section.id && setEditing({ kind: 'new', sectionId: section.id })}
                    >
                      <Plus aria-hidden="true" />
                      Add lesson<span className="sr-only"> to section {sectionIndex + 1}</span>
                    </Button>
                    <QuizButton
                      quiz={quizzes.data?.find((q) => q.sectionId === section.id)}
                      sectionNumber={sectionIndex + 1}
                      disabled={!section.id || dirty || !quizzes.data}
                      onOpen={(quiz) =>
                        section.id && setQuizTarget({ sectionId: section.id, sectionTitle: section.title, quiz })
                      }
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={section.lessonIds.length > 0 || outline.length === 1}
                      aria-describedby={section.lessonIds.length > 0 ? `${inputId}-remove` : undefined}
                      onClick={() => {
                        setOutline(removeSection(outline, section.key));
                        setAnnouncement(`Removed section ${section.title}. Save the outline to keep this.`);
                      }}
                    >
                      <Trash2 aria-hidden="true" />
                      Remove<span className="sr-only"> section {sectionIndex + 1}</span>
                    </Button>
                  </>
                )}
              </div>
              {canEdit && section.lessonIds.length > 0 && (
                <p id={`${inputId}-remove`} className="text-xs text-muted">
                  Move its lessons elsewhere to remove this section.
                </p>
              )}
              {section.lessonIds.length === 0 ? (
                <p className="text-sm text-muted">No lessons in this section.</p>
              ) : (
                <ol className="space-y-1">
                  {section.lessonIds.map((id, index) => {
                    const lesson = lessons.get(id);
                    number += 1;
                    const holding = picked?.kind === 'lesson' && picked.id === id;
                    return (
                      <li
                        key={id}
                        className={cn(
                          'flex flex-wrap items-center gap-2 rounded-lg border border-transparent bg-surface-2/50 px-2 py-1',
                          holding && 'border-accent',
                        )}
                        onDragOver={allowDrop('lesson')}
                        onDrop={dropLesson(sectionIndex, index)}
                      >
                        {canEdit && moveButton('lesson', id, `lesson ${lesson?.title ?? id}`)}
                        <span className="w-6 text-right text-sm tabular-nums text-muted">{number}</span>
                        <span className="min-w-0 flex-1 break-words">{lesson?.title ?? id}</span>
                        <span className="text-xs text-muted">
                          {lesson?.isFree ? 'Free' : 'Enrolled only'} ·{' '}
                          {lesson?.videoType ? VIDEO[lesson.videoType] : 'No video'} ·{' '}
                          {minutes(lesson?.durationSeconds ?? 0)}
                          {lesson && lesson.captions.length > 0
                            ? ` · Captions: ${lesson.captions.map((c) => c.lang).join(', ')}`
                            : ''}
                        </span>
                        {lesson && (
                          <Button
                            variant="ghost"
                            size="sm"
                            disabled={dirty}
                            title={dirty ? 'Save the outline first.' : undefined}
                            onClick={() => setEditing({ kind: 'lesson', lessonId: id })}
                          >
                            <Pencil aria-hidden="true" />
                            {canEdit ? 'Edit' : 'Open'}
                            <span className="sr-only"> lesson {lesson.title}</span>
                          </Button>
                        )}
                      </li>
                    );
                  })}
                </ol>
              )}
            </li>
          );
        })}
      </ol>
      {save.isError && (
        <ApiErrorAlert error={save.error} onReload={onReload}>
          {errorMessage(save.error)}
        </ApiErrorAlert>
      )}
      {canEdit && (
        <div className="flex flex-wrap items-center justify-end gap-3">
          {dirty && <p className="text-sm text-muted">Unsaved changes to the outline.</p>}
          <Button variant="secondary" disabled={!dirty || save.isPending} onClick={() => setOutline(base)}>
            Undo changes
          </Button>
          <Button disabled={!dirty || save.isPending} onClick={onSave}>
            {save.isPending ? 'Saving…' : 'Save outline'}
          </Button>
        </div>
      )}
      <QuizDialog
        course={course}
        target={quizTarget}
        canEdit={canEdit}
        onClose={() => setQuizTarget(null)}
        onReload={onReload}
      />
      <LessonDialog
        course={course}
        target={editing}
        canEdit={canEdit}
        onClose={() => setEditing(null)}
        onReload={onReload}
      />
    </ConsoleCard>
  );
}

/** A section's quiz: "Add quiz", or "Quiz: <title>" to edit the one it has. */
function QuizButton({
  quiz,
  sectionNumber,
  disabled,
  onOpen,
}: {
  quiz: AdminQuiz | undefined;
  sectionNumber: number;
  disabled: boolean;
  onOpen: (quiz: AdminQuiz | undefined) => void;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={disabled}
      title={disabled ? 'Save the outline first.' : undefined}
      onClick={() => onOpen(quiz)}
    >
      <ClipboardCheck aria-hidden="true" />
      {quiz ? `Quiz (${quiz.questions.length})` : 'Add quiz'}
      <span className="sr-only"> for section {sectionNumber}</span>
    </Button>
  );
}
