import type { CourseDetail } from '@kaushal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { courseFixture, fakeApi, lessonDetail, renderWithApp, SESSION_ID, stubMediaPlayback } from '../test/harness';
import { LessonPlayerDialog, type LessonPlayerDialogProps } from './lesson-player-dialog';

function Harness(props: { course: CourseDetail; lessonId: string } & Partial<LessonPlayerDialogProps>) {
  const [open, setOpen] = useState(true);
  const [lessonId, setLessonId] = useState(props.lessonId);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open lesson
      </button>
      <LessonPlayerDialog
        {...props}
        lessonId={lessonId}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          props.onOpenChange?.(next);
        }}
        onSelectLesson={(lesson) => setLessonId(lesson.id)}
      />
    </>
  );
}

const api = (overrides: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'GET /lessons/a': () => ({ body: lessonDetail('a') }),
    'GET /lessons/b': () => ({ body: lessonDetail('b') }),
    'GET /lessons/a/signed-url': () => ({
      body: { url: '/api/v1/media/a.mp4?exp=1&sig=s', type: 'direct', sessionId: SESSION_ID },
    }),
    'GET /lessons/b/signed-url': () => ({
      body: { url: '/api/v1/media/b.mp4?exp=1&sig=s', type: 'direct', sessionId: SESSION_ID },
    }),
    'PUT /lessons/a/progress': (init) => {
      const body = JSON.parse(String(init.body));
      return {
        body: {
          lessonId: 'a',
          resumeSeconds: body.watchSeconds,
          watchedSeconds: 90,
          completed: true,
          hasCompletedFreeLesson: body.completed,
        },
      };
    },
    'POST /lessons/a/events': (init) => ({ body: { accepted: JSON.parse(String(init.body)).length } }),
    ...overrides,
  });

async function videoReady() {
  const video = await waitFor(() => {
    const element = document.querySelector('video');
    if (!element) throw new Error('no video yet');
    return element as HTMLVideoElement;
  });
  Object.defineProperty(video, 'duration', { configurable: true, value: 96 });
  fireEvent(video, new Event('loadedmetadata'));
  fireEvent(video, new Event('canplay'));
  return video;
}

describe('LessonPlayerDialog', () => {
  beforeEach(() => {
    stubMediaPlayback();
  });

  it('opens the lesson in a modal with its video, and Previous/Next follow the access rule', async () => {
    api();
    renderWithApp(<Harness course={courseFixture()} lessonId="b" />);
    const dialog = await screen.findByRole('dialog', { name: 'Lesson b' });
    expect(within(dialog).getByText('AI Agents · Lesson 2 of 4')).toBeInTheDocument();
    const video = await videoReady();
    expect(video.getAttribute('src')).toBe('/api/v1/media/b.mp4?exp=1&sig=s');
    // a is free: enabled; c is paid and the learner is not enrolled: disabled.
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('enables both neighbours for an enrolled learner', async () => {
    api({
      'GET /lessons/c': () => ({ body: lessonDetail('c', { isFree: false }) }),
      'GET /lessons/c/signed-url': () => ({
        body: { url: '/api/v1/media/c.mp4?exp=1&sig=s', type: 'direct', sessionId: SESSION_ID },
      }),
    });
    renderWithApp(<Harness course={courseFixture({ isEnrolled: true })} lessonId="b" />);
    const dialog = await screen.findByRole('dialog', { name: 'Lesson b' });
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Lesson c' })).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to what opened it', async () => {
    api();
    const onOpenChange = vi.fn();
    renderWithApp(<Harness course={courseFixture()} lessonId="a" onOpenChange={onOpenChange} />);
    await screen.findByRole('dialog', { name: 'Lesson a' });
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const opener = screen.getByRole('button', { name: 'Open lesson' });
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Lesson a' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('saves progress at 10 s and, when a free lesson ends, shows at most 2 tiers and the guarantee', async () => {
    const { calls } = api();
    const onFreeLessonCompleted = vi.fn();
    const onCourseDataStale = vi.fn();
    renderWithApp(
      <Harness
        course={courseFixture()}
        lessonId="a"
        onFreeLessonCompleted={onFreeLessonCompleted}
        onCourseDataStale={onCourseDataStale}
      />,
    );
    const video = await videoReady();
    video.currentTime = 10.2;
    fireEvent(video, new Event('timeupdate'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/lessons/a/progress', body: { watchSeconds: 10, completed: false } },
      ]),
    );

    video.currentTime = 96;
    fireEvent(video, new Event('ended'));
    const popup = await screen.findByRole('dialog', { name: "You've finished the free lesson!" });
    const options = within(popup).getByRole('list', { name: 'Upgrade options' });
    expect(within(options).getAllByRole('listitem')).toHaveLength(2);
    expect(within(options).getByText('Tier weekly')).toBeInTheDocument();
    expect(within(options).getByText('Tier lifetime')).toBeInTheDocument();
    expect(within(popup).queryByText('Tier team')).not.toBeInTheDocument();
    expect(within(popup).getByText('12-hour money-back guarantee')).toBeInTheDocument();
    expect(onFreeLessonCompleted).toHaveBeenCalledTimes(1);

    // The end is saved as completed and the queued events go at once, ending with complete.
    await waitFor(() => {
      expect(calls).toContainEqual({
        method: 'PUT',
        path: '/lessons/a/progress',
        body: { watchSeconds: 96, completed: true },
      });
      const posted = calls.filter((c) => c.method === 'POST').flatMap((c) => c.body as Array<{ eventType: string }>);
      expect(posted.map((e) => e.eventType)).toEqual(['play', 'complete']);
    });
    expect(onCourseDataStale).not.toHaveBeenCalled();
    await waitFor(() => expect(onCourseDataStale).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it("shows 'Failed to load video' with the server's reason, and the 'Video Error' message", async () => {
    api({
      'GET /lessons/a/signed-url': () => ({
        status: 403,
        body: { code: 'access_expired', detail: 'Your weekly access expired. Renew to keep learning.' },
      }),
    });
    renderWithApp(<Harness course={courseFixture()} lessonId="a" />);
    const dialog = await screen.findByRole('dialog', { name: 'Lesson a' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load video');
    expect(alert).toHaveTextContent('Your weekly access expired. Renew to keep learning.');
    const message = await screen.findByText('Video Error');
    expect(message.parentElement).toHaveTextContent('Your weekly access expired. Renew to keep learning.');
  });

  it('asks for a new link by itself when the one playing stops working (expired), and goes on from there', async () => {
    let issued = 0;
    const { calls } = api({
      'GET /lessons/a/signed-url': () => {
        issued += 1;
        return {
          body: {
            url: `/api/v1/media/a.mp4?exp=${issued}&sig=s`,
            type: 'direct',
            sessionId: issued === 1 ? SESSION_ID : '6f1d2c3b-4a59-4e8f-9b7a-0c1d2e3f4a5b',
          },
        };
      },
    });
    renderWithApp(<Harness course={courseFixture()} lessonId="a" />);
    const video = await videoReady();
    video.currentTime = 42;
    fireEvent(video, new Event('timeupdate'));
    // The link's ten minutes are up: the next range request is refused, and the element reports an error.
    fireEvent(video, new Event('error'));

    const renewed = await waitFor(() => {
      const element = document.querySelector('video');
      if (element?.getAttribute('src') !== '/api/v1/media/a.mp4?exp=2&sig=s') throw new Error('not renewed yet');
      return element as HTMLVideoElement;
    });
    expect(calls.filter((c) => c.path === '/lessons/a/signed-url')).toHaveLength(2);
    Object.defineProperty(renewed, 'duration', { configurable: true, value: 96 });
    fireEvent(renewed, new Event('loadedmetadata'));
    expect(renewed.currentTime).toBe(42);
    expect(screen.queryByText('Video Error')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to load video')).not.toBeInTheDocument();
  });

  it('shows the error, and asks for no new link, when a link fails before it has played', async () => {
    const { calls } = api();
    renderWithApp(<Harness course={courseFixture()} lessonId="a" />);
    const video = await videoReady();
    fireEvent(video, new Event('error'));
    expect(await screen.findByText('Video Error')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/lessons/a/signed-url')).toHaveLength(1);
  });

  it('flushes queued events with sendBeacon when the player closes', async () => {
    const { calls } = api();
    renderWithApp(<Harness course={courseFixture()} lessonId="a" />);
    const video = await videoReady();
    video.currentTime = 3;
    fireEvent(video, new Event('seeked'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'BEACON')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'BEACON' || c.method === 'POST')).toEqual([
      {
        method: 'BEACON',
        path: '/lessons/a/events',
        body: [
          { sessionId: SESSION_ID, eventType: 'play', positionSec: 0 },
          { sessionId: SESSION_ID, eventType: 'seek', positionSec: 3 },
        ],
      },
    ]);
  });

  it('flushes queued events with sendBeacon when the page is hidden, and keeps playing', async () => {
    const { calls } = api();
    renderWithApp(<Harness course={courseFixture()} lessonId="a" />);
    await videoReady();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    fireEvent(document, new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    expect(calls.filter((c) => c.method === 'BEACON')).toEqual([
      {
        method: 'BEACON',
        path: '/lessons/a/events',
        body: [{ sessionId: SESSION_ID, eventType: 'play', positionSec: 0 }],
      },
    ]);
    fireEvent(window, new Event('pagehide'));
    expect(calls.filter((c) => c.method === 'BEACON')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Lesson a' })).toBeInTheDocument();
  });
});
