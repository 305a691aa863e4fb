import { NOTE_LIMITS, type Note, visibleLength } from '@kaushal/contract';
import { useQuery } from '@tanstack/react-query';
import { Bookmark, BookmarkPlus, NotebookPen, Pencil, StickyNote, Trash2 } from 'lucide-react';
import { type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { tRich } from '@/lib/i18n/rich-text';
import { courseNotesQuery, lessonNotes, useCreateNote, useDeleteNote, useUpdateNote } from '../api/notes-queries';
import { formatTime } from '../lib/playback-math';
import type { PlayerHandle } from '../lib/player-handle';
import { shortcutFor } from '../lib/shortcuts';

export interface NotesPanelProps {
  courseId: string;
  lessonId: string;
  /** The lesson's length in seconds (0 while unknown): a note never points past it. */
  lessonSeconds: number;
  /** The player beside the panel: where it is, pause and play, seek. Null while it is not on screen. */
  player: RefObject<PlayerHandle | null>;
  /** Off while something else (the completion popup) sits over the player: N does nothing then. */
  shortcutsEnabled: boolean;
  className?: string;
}

/** Marks the note editors: Escape in one cancels the edit, not the whole player (lesson-player-dialog.tsx). */
export const NOTE_EDITOR_ATTRIBUTE = 'data-note-editor';

const noteTooLong = () => t('A note can be at most {limit} characters.', { limit: formatCount(NOTE_LIMITS.body) });
const labelTooLong = () =>
  t("A bookmark's label can be at most {limit} characters.", { limit: formatCount(NOTE_LIMITS.label) });

/** What the API would refuse in this text, said the same way, before it is sent (null when it is fine). */
export function noteTextProblem(kind: Note['kind'], text: string): string | null {
  const trimmed = text.trim();
  if (kind === 'bookmark') return visibleLength(trimmed) > NOTE_LIMITS.label ? labelTooLong() : null;
  if (trimmed === '') return t('Write something in the note.');
  return visibleLength(trimmed) > NOTE_LIMITS.body ? noteTooLong() : null;
}

const reason = (error: unknown) =>
  error instanceof ApiError && error.detail ? error.detail : t('Please check your connection and try again.');

interface Adding {
  atSeconds: number;
  /** The video was playing when the editor opened: it plays on once the note is saved or given up. */
  resume: boolean;
  /** Where focus was (the player, or the Add note button): it goes back there. */
  returnFocus: HTMLElement | null;
}

/**
 * The learner's private notes and bookmarks on this lesson, beside the video (below it on narrow screens). Add
 * note (or N) pauses the video and opens an editor at the current second; Bookmark marks the second at once.
 * Each entry's time plays the video from there; entries can be edited, and deleted after a confirmation.
 */
export function NotesPanel({
  courseId,
  lessonId,
  lessonSeconds,
  player,
  shortcutsEnabled,
  className,
}: NotesPanelProps) {
  const headingId = useId();
  const query = useQuery(courseNotesQuery(courseId));
  const notes = lessonNotes(query.data, lessonId);
  const create = useCreateNote(courseId);
  const bookmark = useCreateNote(courseId);
  const update = useUpdateNote(courseId);
  const remove = useDeleteNote(courseId);
  const [adding, setAdding] = useState<Adding | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const panel = useRef<HTMLElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const addField = useRef<HTMLElement | null>(null);
  // An entry's button to focus once the entry is drawn again (after its editor or confirmation closes). Kept
  // until a render has drawn it: the closing state change and the list's refetch may land in separate renders.
  const [pendingFocus, focusAfterRender] = useState<{ noteId: string; button: 'time' | 'delete' } | null>(null);
  useEffect(() => {
    if (!pendingFocus) return;
    const target = panel.current?.querySelector<HTMLElement>(
      `[data-note-id="${pendingFocus.noteId}"] [data-note-button="${pendingFocus.button}"]`,
    );
    if (!target) return;
    target.focus();
    focusAfterRender(null);
  });

  /** The second the video is at, whole, and never past the lesson's end. */
  const currentSecond = useCallback(() => {
    const time = Math.max(0, Math.floor(player.current?.currentTime() ?? 0));
    return lessonSeconds > 0 ? Math.min(time, lessonSeconds) : time;
  }, [player, lessonSeconds]);

  const startNote = useCallback(() => {
    if (adding) {
      addField.current?.focus();
      return;
    }
    const handle = player.current;
    const resume = handle?.isPlaying() ?? false;
    handle?.pause();
    // The panel is not on screen in full screen: leave it, so the learner sees what they type.
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
    const active = document.activeElement;
    setConfirmingId(null);
    setAdding({
      atSeconds: currentSecond(),
      resume,
      returnFocus: active instanceof HTMLElement && active !== document.body ? active : null,
    });
  }, [adding, player, currentSecond]);

  /** Focus back where it was, else on the player, so its shortcuts go on working. */
  const returnFocus = (to: HTMLElement | null) => {
    if (to?.isConnected) to.focus();
    else panel.current?.closest('[role="dialog"]')?.querySelector<HTMLElement>('[data-player-stage]')?.focus();
  };

  const finishAdding = (state: Adding) => {
    setAdding(null);
    if (state.resume) player.current?.play();
    returnFocus(state.returnFocus);
  };

  // N adds a note, wherever focus is in the player, unless the learner is typing or another dialog or menu
  // (the shortcuts, the settings menu) is open over it.
  useEffect(() => {
    if (!shortcutsEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || shortcutFor(event) !== 'add-note') return;
      const target = event.target instanceof Element ? event.target : null;
      const layer = target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"]');
      if (layer && layer !== panel.current?.closest('[role="dialog"]')) return;
      event.preventDefault();
      startNote();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shortcutsEnabled, startNote]);

  const addBookmark = () => {
    const atSeconds = currentSecond();
    bookmark.mutate(
      { lessonId, kind: 'bookmark', atSeconds },
      {
        onSuccess: () => setAnnouncement(t('Bookmark added at {time}.', { time: formatTime(atSeconds) })),
        onError: (error) =>
          toast({ title: t('The bookmark was not added'), description: reason(error), variant: 'destructive' }),
      },
    );
  };

  const seek = (note: Note) => {
    player.current?.seekTo(note.atSeconds);
    player.current?.play();
  };

  /** A note that is gone (deleted in another tab) leaves the list instead of failing again. */
  const forgetIfGone = (error: unknown, note: Note) => {
    if (error instanceof ApiError && error.status === 404) {
      void query.refetch();
      setAnnouncement(
        t(note.kind === 'note' ? 'That note had already been deleted.' : 'That bookmark had already been deleted.'),
      );
      return true;
    }
    return false;
  };

  const deleteNote = (note: Note) => {
    remove.mutate(note.id, {
      onSuccess: () => {
        setConfirmingId(null);
        setAnnouncement(
          t(note.kind === 'note' ? 'Note at {time} deleted.' : 'Bookmark at {time} deleted.', {
            time: formatTime(note.atSeconds),
          }),
        );
        addButton.current?.focus();
      },
      onError: (error) => {
        if (forgetIfGone(error, note)) return addButton.current?.focus();
        toast({
          title: t(note.kind === 'note' ? 'The note was not deleted' : 'The bookmark was not deleted'),
          description: reason(error),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <section
      ref={panel}
      aria-labelledby={headingId}
      className={cn('flex min-h-0 flex-col gap-3 rounded-xl border border-border bg-surface p-3', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold">
          <NotebookPen className="size-4 text-accent" aria-hidden="true" />
          {t('Your notes')}
          {notes.length > 0 && <span className="text-sm font-normal text-muted">({notes.length})</span>}
        </h3>
        <div className="flex gap-2">
          <Button ref={addButton} size="sm" onClick={startNote} aria-keyshortcuts="N">
            <StickyNote aria-hidden="true" />
            {t('Add note')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={addBookmark}
            disabled={bookmark.isPending}
            title={t('Bookmark this moment')}
          >
            <BookmarkPlus aria-hidden="true" />
            {t('Bookmark')}
          </Button>
        </div>
      </div>

      <div className="-mx-1 min-h-0 flex-1 space-y-3 overflow-y-auto px-1 max-lg:max-h-96">
        {adding && (
          <NoteEditor
            kind="note"
            label={t('Note at {time}', { time: formatTime(adding.atSeconds) })}
            fieldRef={addField}
            pending={create.isPending}
            onSave={(body) =>
              create.mutate(
                { lessonId, kind: 'note', atSeconds: adding.atSeconds, body },
                {
                  onSuccess: () => {
                    setAnnouncement(t('Note added at {time}.', { time: formatTime(adding.atSeconds) }));
                    finishAdding(adding);
                  },
                },
              )
            }
            error={create.isError ? reason(create.error) : null}
            onCancel={() => {
              create.reset();
              finishAdding(adding);
            }}
          />
        )}

        {query.isPending ? (
          <p className="text-sm text-muted">{t('Loading your notes…')}</p>
        ) : query.isError ? (
          <div className="space-y-2 text-sm">
            <p className="text-muted">{t('Your notes could not be loaded.')}</p>
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              {t('Try again')}
            </Button>
          </div>
        ) : notes.length === 0 && !adding ? (
          <p className="text-sm text-muted">
            {tRich(
              'Nothing here yet. {addNote} (or press {key}) pauses the video and writes a note at this moment; {bookmark} marks it. Only you can see them.',
              {
                addNote: <strong className="font-semibold text-fg">{t('Add note')}</strong>,
                key: <kbd className="rounded border border-border bg-surface-2 px-1 font-mono text-xs">N</kbd>,
                bookmark: <strong className="font-semibold text-fg">{t('Bookmark')}</strong>,
              },
            )}
          </p>
        ) : (
          <ul aria-labelledby={headingId} className="divide-y divide-border">
            {notes.map((note) => (
              <li key={note.id} className="py-2 first:pt-0 last:pb-0">
                {editingId === note.id ? (
                  <NoteEditor
                    kind={note.kind}
                    label={editLabel(note.kind, formatTime(note.atSeconds))}
                    initial={note.body}
                    pending={update.isPending}
                    error={update.isError ? reason(update.error) : null}
                    onSave={(body) =>
                      update.mutate(
                        { id: note.id, body },
                        {
                          onSuccess: () => {
                            setEditingId(null);
                            setAnnouncement(t(note.kind === 'note' ? 'Note saved.' : 'Bookmark saved.'));
                            focusAfterRender({ noteId: note.id, button: 'time' });
                          },
                          onError: (error) => {
                            if (forgetIfGone(error, note)) setEditingId(null);
                          },
                        },
                      )
                    }
                    onCancel={() => {
                      update.reset();
                      setEditingId(null);
                      focusAfterRender({ noteId: note.id, button: 'time' });
                    }}
                  />
                ) : (
                  <NoteEntry
                    note={note}
                    onSeek={() => seek(note)}
                    onEdit={() => {
                      update.reset();
                      setConfirmingId(null);
                      setEditingId(note.id);
                    }}
                    onDelete={() => setConfirmingId(note.id)}
                  />
                )}
                {confirmingId === note.id && (
                  <ConfirmDelete
                    kind={note.kind}
                    pending={remove.isPending}
                    onConfirm={() => deleteNote(note)}
                    onCancel={() => {
                      setConfirmingId(null);
                      focusAfterRender({ noteId: note.id, button: 'delete' });
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

function NoteEntry({
  note,
  onSeek,
  onEdit,
  onDelete,
}: {
  note: Note;
  onSeek(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const time = formatTime(note.atSeconds);
  const Icon = note.kind === 'note' ? StickyNote : Bookmark;
  return (
    <div data-note-id={note.id} className="flex items-start gap-2">
      <button
        type="button"
        data-note-button="time"
        onClick={onSeek}
        className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md bg-accent/10 px-2 font-mono text-sm font-semibold text-accent tabular-nums transition-colors hover:bg-accent/20 focus-visible:outline-2 focus-visible:outline-accent"
      >
        <Icon className="size-3.5" aria-hidden="true" />
        <span className="sr-only">{t(note.kind === 'note' ? 'Note: play from' : 'Bookmark: play from')} </span>
        {time}
      </button>
      <p
        className={cn(
          'min-w-0 flex-1 pt-1 text-sm break-words whitespace-pre-line',
          note.kind === 'bookmark' && !note.body && 'text-muted italic',
        )}
      >
        {note.kind === 'bookmark' && !note.body ? t('Bookmark') : note.body}
      </p>
      <div className="flex shrink-0">
        <IconButton label={editLabel(note.kind, time)} onClick={onEdit} data-note-button="edit">
          <Pencil aria-hidden="true" />
        </IconButton>
        <IconButton
          label={t(note.kind === 'note' ? 'Delete the note at {time}' : 'Delete the bookmark at {time}', { time })}
          onClick={onDelete}
          data-note-button="delete"
        >
          <Trash2 aria-hidden="true" />
        </IconButton>
      </div>
    </div>
  );
}

const editLabel = (kind: Note['kind'], time: string) =>
  t(kind === 'note' ? 'Edit the note at {time}' : 'Edit the bookmark at {time}', { time });

function IconButton({
  label,
  children,
  ...props
}: { label: string; children: ReactNode; onClick(): void } & { 'data-note-button': string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className="inline-flex size-8 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent [&_svg]:size-4"
      {...props}
    >
      {children}
    </button>
  );
}

function ConfirmDelete({
  kind,
  pending,
  onConfirm,
  onCancel,
}: {
  kind: Note['kind'];
  pending: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <fieldset
      className="mt-2 flex flex-wrap items-center gap-2 rounded-lg border border-danger/40 bg-danger/10 p-2 text-sm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
      {...{ [NOTE_EDITOR_ATTRIBUTE]: '' }}
    >
      <legend className="float-left mr-auto">
        {t(
          kind === 'note' ? 'Delete this note? This cannot be undone.' : 'Delete this bookmark? This cannot be undone.',
        )}
      </legend>
      <Button size="sm" variant="destructive" onClick={onConfirm} disabled={pending}>
        {pending ? t('Deleting…') : t('Delete')}
      </Button>
      <Button ref={keep} size="sm" variant="ghost" onClick={onCancel}>
        {t('Keep')}
      </Button>
    </fieldset>
  );
}

function NoteEditor({
  kind,
  label,
  initial = '',
  pending,
  error,
  fieldRef,
  onSave,
  onCancel,
}: {
  kind: Note['kind'];
  label: string;
  initial?: string;
  pending: boolean;
  /** The server's refusal of the last save, if any. */
  error: string | null;
  fieldRef?: RefObject<HTMLElement | null>;
  onSave(body: string): void;
  onCancel(): void;
}) {
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const limit = kind === 'note' ? NOTE_LIMITS.body : NOTE_LIMITS.label;
  const submit = () => {
    const found = noteTextProblem(kind, text);
    setProblem(found);
    if (!found && !pending) onSave(text);
  };
  const change = (value: string) => {
    setText(value);
    if (problem) setProblem(noteTextProblem(kind, value));
  };
  return (
    <form
      {...{ [NOTE_EDITOR_ATTRIBUTE]: '' }}
      noValidate
      className="space-y-2 rounded-lg border border-border bg-bg p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          submit();
        }
      }}
    >
      <Field
        label={label}
        hint={kind === 'note' ? t('Ctrl+Enter saves, Escape cancels.') : t('Optional. Enter saves, Escape cancels.')}
        error={problem ?? error}
        limit={limit}
        count={visibleLength(text)}
      >
        {({ maxLength: _browserLimit, ...control }) =>
          kind === 'note' ? (
            <Textarea
              {...control}
              ref={fieldRef as RefObject<HTMLTextAreaElement | null>}
              autoFocus
              rows={4}
              value={text}
              onChange={(event) => change(event.target.value)}
            />
          ) : (
            <Input
              {...control}
              ref={fieldRef as RefObject<HTMLInputElement | null>}
              autoFocus
              value={text}
              placeholder={t('A few words about this moment')}
              onChange={(event) => change(event.target.value)}
            />
          )
        }
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? t('Saving…') : t('Save')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </div>
    </form>
  );
}
