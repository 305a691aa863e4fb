import type { CourseDetail, Note } from '@kaushal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { courseFixture, fakeApi, lessonDetail, renderWithApp, SESSION_ID } from '../test/harness';
import { LessonPlayerDialog } from './lesson-player-dialog';
import { noteTextProblem } from './notes-panel';

const at = '2026-05-01T10:00:00.000Z';
const note = (id: string, atSeconds: number, body: string, overrides: Partial<Note> = {}): Note => ({
  id,
  lessonId: 'a',
  courseId: 'agents',
  kind: 'note',
  atSeconds,
  body,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

type Handler = Parameters<typeof fakeApi>[0][string];

/**
 * The lesson and its video, and a notes API that keeps what it is sent: GET the course's notes, POST to the
 * lesson, PATCH and DELETE by id (the routes are matched by pattern). `refuse` answers the next write instead.
 */
function notesApi(initial: Note[]) {
  const state = {
    notes: [...initial],
    next: 1,
    refuse: null as null | { status: number; code: string; detail: string },
  };
  const refused = () => {
    const answer = state.refuse;
    state.refuse = null;
    return answer ? { status: answer.status, body: { code: answer.code, detail: answer.detail } } : null;
  };
  const fixed: Record<string, Handler> = {
    'GET /lessons/a': () => ({ body: lessonDetail('a') }),
    'GET /lessons/a/signed-url': () => ({
      body: { url: '/api/v1/media/a.mp4?exp=1&sig=s', type: 'direct', sessionId: SESSION_ID },
    }),
    'PUT /lessons/a/progress': () => ({
      body: { lessonId: 'a', resumeSeconds: 0, watchedSeconds: 0, completed: false, hasCompletedFreeLesson: false },
    }),
    'POST /lessons/a/events': () => ({ body: { accepted: 1 } }),
    'GET /courses/agents/notes': () => ({ body: state.notes }),
    'POST /lessons/a/notes': (init) => {
      const no = refused();
      if (no) return no;
      const body = JSON.parse(String(init.body));
      const created = note(`new-${state.next++}`, body.atSeconds, body.body ?? '', { kind: body.kind });
      state.notes.push(created);
      return { status: 201, body: created };
    },
  };
  const routes = new Proxy(fixed, {
    get(target, key: string) {
      if (key in target) return target[key];
      const match = /^(PATCH|DELETE) \/notes\/(.+)$/.exec(key);
      if (!match) return undefined;
      const [, method, id] = match;
      return (init: RequestInit) => {
        const no = refused();
        if (no) return no;
        const found = state.notes.find((n) => n.id === id);
        if (!found) return { status: 404, body: { code: 'note_not_found', detail: 'We could not find that note.' } };
        if (method === 'DELETE') {
          state.notes = state.notes.filter((n) => n.id !== id);
          return { status: 204 };
        }
        const edited = { ...found, body: JSON.parse(String(init.body)).body };
        state.notes = state.notes.map((n) => (n.id === id ? edited : n));
        return { body: edited };
      };
    },
  });
  return { state, ...fakeApi(routes) };
}

/** happy-dom plays nothing: play and pause set `paused` and fire the events a browser would. */
function stubPlayback() {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
  return { play, pause };
}

async function openPlayer(
  course: CourseDetail = courseFixture(),
  props: { startAtSeconds?: number; onOpenChange?(open: boolean): void } = {},
) {
  renderWithApp(
    <LessonPlayerDialog
      course={course}
      lessonId="a"
      open
      onOpenChange={props.onOpenChange ?? (() => {})}
      onSelectLesson={() => {}}
      startAtSeconds={props.startAtSeconds}
    />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Lesson a' });
  const video = await waitFor(() => {
    const element = dialog.querySelector('video');
    if (!element) throw new Error('no video yet');
    return element as HTMLVideoElement;
  });
  Object.defineProperty(video, 'duration', { configurable: true, value: 96 });
  fireEvent(video, new Event('loadedmetadata'));
  fireEvent(video, new Event('canplay'));
  const panel = await within(dialog).findByRole('region', { name: /Your notes/ });
  return { dialog, video, panel };
}

const playAt = (video: HTMLVideoElement, seconds: number) => {
  video.currentTime = seconds;
  fireEvent(video, new Event('timeupdate'));
};

describe('the notes panel beside the video', () => {
  let playback: ReturnType<typeof stubPlayback>;
  beforeEach(() => {
    playback = stubPlayback();
  });

  it("lists the lesson's notes and bookmarks by second, and a time plays the video from there", async () => {
    notesApi([
      note('n2', 75, 'Second thought'),
      note('n1', 12, 'First thought'),
      note('b1', 30, '', { kind: 'bookmark' }),
      note('other', 5, 'On another lesson', { lessonId: 'b' }),
    ]);
    const { video, panel } = await openPlayer();
    const list = await within(panel).findByRole('list', { name: /Your notes/ });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('0:12First thought'),
      expect.stringContaining('0:30Bookmark'),
      expect.stringContaining('1:15Second thought'),
    ]);
    expect(within(panel).queryByText('On another lesson')).not.toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Your notes (3)' })).toBeInTheDocument();

    video.pause();
    await userEvent.click(within(panel).getByRole('button', { name: 'Bookmark: play from 0:30' }));
    expect(video.currentTime).toBe(30);
    expect(video.paused).toBe(false);
    await userEvent.click(within(panel).getByRole('button', { name: 'Note: play from 1:15' }));
    expect(video.currentTime).toBe(75);
  });

  it('N pauses the video and opens a note at the current second; typing there runs no shortcut', async () => {
    const { calls } = notesApi([]);
    const { dialog, video, panel } = await openPlayer();
    expect(video.paused).toBe(false);
    playAt(video, 12.7);
    const volume = video.volume;

    await userEvent.keyboard('n');
    const field = await within(panel).findByRole('textbox', { name: 'Note at 0:12' });
    expect(field).toHaveFocus();
    expect(video.paused).toBe(true);
    playback.play.mockClear();

    // Space, K, M, F, N and the arrows are letters here, not the player's keys.
    await userEvent.type(field, 'Keep  chunks small, mind the ArrowUp fn');
    await userEvent.keyboard('{ArrowUp}{ArrowLeft}');
    expect(playback.play).not.toHaveBeenCalled();
    expect(video.muted).toBe(false);
    expect(video.volume).toBe(volume);
    expect(video.currentTime).toBe(12.7);
    expect(within(panel).getAllByRole('textbox')).toHaveLength(1);

    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.path === '/lessons/a/notes')).toEqual([
        {
          method: 'POST',
          path: '/lessons/a/notes',
          body: { kind: 'note', atSeconds: 12, body: 'Keep  chunks small, mind the ArrowUp fn' },
        },
      ]),
    );
    expect(
      await within(panel).findByText('Keep chunks small, mind the ArrowUp fn', {
        normalizer: (t) => t.replace(/\s+/g, ' '),
      }),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    // It was playing: it plays on, and the player has focus again.
    expect(video.paused).toBe(false);
    expect(dialog.querySelector('[data-player-stage]')).toHaveFocus();
    expect(within(panel).getByRole('status')).toHaveTextContent('Note added at 0:12.');
  });

  it('Escape gives up the note and leaves the lesson open; a paused video stays paused', async () => {
    const { calls } = notesApi([]);
    const onOpenChange = vi.fn();
    const { dialog, video, panel } = await openPlayer(courseFixture(), { onOpenChange });
    video.pause();
    playAt(video, 40);
    await userEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    const field = await within(panel).findByRole('textbox', { name: 'Note at 0:40' });
    await userEvent.type(field, 'Never mind');
    await userEvent.keyboard('{Escape}');
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Lesson a' })).toBe(dialog);
    expect(video.paused).toBe(true);
    expect(within(panel).getByRole('button', { name: 'Add note' })).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/notes'))).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalled();
    // Escape with nothing open closes the lesson as before.
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says what is wrong before sending, and shows the server’s refusal, keeping the text', async () => {
    const { calls, state } = notesApi([]);
    const { panel } = await openPlayer();
    await userEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    const field = await within(panel).findByRole('textbox', { name: 'Note at 0:00' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Write something in the note.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/notes'))).toEqual([]);

    state.refuse = {
      status: 409,
      code: 'note_limit_reached',
      detail: 'You can keep up to 500 notes and bookmarks on one lesson. Delete some to add more.',
    };
    await userEvent.type(field, 'One too many');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(
      await within(panel).findByText(
        'You can keep up to 500 notes and bookmarks on one lesson. Delete some to add more.',
      ),
    ).toBeInTheDocument();
    expect(field).toHaveValue('One too many');
  });

  it('Bookmark marks the current second at once, without pausing', async () => {
    const { calls } = notesApi([]);
    const { video, panel } = await openPlayer();
    playAt(video, 33.4);
    await userEvent.click(within(panel).getByRole('button', { name: 'Bookmark' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.path === '/lessons/a/notes')).toEqual([
        { method: 'POST', path: '/lessons/a/notes', body: { kind: 'bookmark', atSeconds: 33 } },
      ]),
    );
    expect(await within(panel).findByRole('button', { name: 'Bookmark: play from 0:33' })).toBeInTheDocument();
    expect(video.paused).toBe(false);
    expect(within(panel).getByRole('status')).toHaveTextContent('Bookmark added at 0:33.');
  });

  it('edits a note and labels a bookmark in place', async () => {
    const { calls } = notesApi([note('n1', 12, 'Draft'), note('b1', 30, '', { kind: 'bookmark' })]);
    const { panel } = await openPlayer();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Edit the note at 0:12' }));
    const field = within(panel).getByRole('textbox', { name: 'Edit the note at 0:12' });
    expect(field).toHaveValue('Draft');
    await userEvent.clear(field);
    await userEvent.type(field, 'Final');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Final')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Note: play from 0:12' })).toHaveFocus());

    await userEvent.click(within(panel).getByRole('button', { name: 'Edit the bookmark at 0:30' }));
    const label = within(panel).getByRole('textbox', { name: 'Edit the bookmark at 0:30' });
    await userEvent.type(label, 'The demo{Enter}');
    expect(await within(panel).findByText('The demo')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/notes/n1', body: { body: 'Final' } },
      { method: 'PATCH', path: '/notes/b1', body: { body: 'The demo' } },
    ]);
  });

  it('deletes only after a confirmation, which Keep or Escape withdraws', async () => {
    const { calls } = notesApi([note('n1', 12, 'Keep me'), note('n2', 20, 'Delete me')]);
    const { panel } = await openPlayer();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Delete the note at 0:20' }));
    const confirm = within(panel).getByRole('group', { name: 'Delete this note? This cannot be undone.' });
    expect(within(confirm).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(within(panel).queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Lesson a' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await userEvent.click(within(panel).getByRole('button', { name: 'Delete the note at 0:20' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(panel).queryByText('Delete me')).not.toBeInTheDocument());
    expect(within(panel).getByText('Keep me')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/notes/n2', body: undefined },
    ]);
    expect(within(panel).getByRole('status')).toHaveTextContent('Note at 0:20 deleted.');
    expect(within(panel).getByRole('button', { name: 'Add note' })).toHaveFocus();
  });

  it('leaves N alone while the keyboard shortcuts are open over the player', async () => {
    notesApi([]);
    const { panel } = await openPlayer();
    await userEvent.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('N')).toBeInTheDocument();
    expect(within(help).getByText('Add a note at this moment (pauses the video while you write)')).toBeInTheDocument();
    await userEvent.keyboard('n');
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('starts the lesson at the second it was opened for (a note on the course page)', async () => {
    notesApi([]);
    const { video } = await openPlayer(courseFixture(), { startAtSeconds: 42 });
    expect(video.currentTime).toBe(42);
  });
});

describe('noteTextProblem', () => {
  it('says what the API would refuse, the way it says it', () => {
    expect(noteTextProblem('note', '  ')).toBe('Write something in the note.');
    expect(noteTextProblem('note', 'a'.repeat(2000))).toBeNull();
    expect(noteTextProblem('note', '👩‍💻'.repeat(2000))).toBeNull();
    expect(noteTextProblem('note', 'a'.repeat(2001))).toBe('A note can be at most 2,000 characters.');
    expect(noteTextProblem('bookmark', '')).toBeNull();
    expect(noteTextProblem('bookmark', 'b'.repeat(121))).toBe("A bookmark's label can be at most 120 characters.");
  });
});
