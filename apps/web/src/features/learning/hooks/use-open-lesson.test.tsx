import type { CourseDetail, LessonSummary } from '@kaushal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getRedirectPath } from '@/lib/session';
import { LessonPlayerDialog } from '../components/lesson-player-dialog';
import { courseFixture, fakeApi, lessonDetail, renderWithApp, SESSION_ID, stubMediaPlayback } from '../test/harness';
import { useOpenLesson } from './use-open-lesson';

function CoursePageStandIn({ course }: { course: CourseDetail }) {
  const player = useOpenLesson(course);
  return (
    <>
      <button type="button" onClick={() => void player.startFreeLesson()}>
        Start Free Lesson
      </button>
      {course.lessons.map((lesson: LessonSummary) => (
        <button key={lesson.id} type="button" onClick={() => void player.openLesson(lesson)}>
          Play {lesson.id}
        </button>
      ))}
      <button
        type="button"
        onClick={() => void player.openLesson(course.lessons[0] as LessonSummary, { atSeconds: 42 })}
      >
        Play the first lesson from 0:42
      </button>
      <LessonPlayerDialog course={course} {...player.dialogProps} />
    </>
  );
}

/** The titled toast's title and text, as shown. */
const expectMessage = async (title: string, description: string) => {
  const heading = await screen.findByText(title);
  expect(heading.parentElement).toHaveTextContent(description);
};

describe('useOpenLesson', () => {
  beforeEach(() => {
    stubMediaPlayback();
    sessionStorage.clear();
  });

  const api = () =>
    fakeApi({
      'GET /lessons/a': () => ({ body: lessonDetail('a') }),
      'GET /lessons/a/signed-url': () => ({
        body: { url: '/api/v1/media/a.mp4?exp=1&sig=s', type: 'direct', sessionId: SESSION_ID },
      }),
      'GET /lessons/b': () => ({ status: 500, body: { code: 'internal_error' } }),
      'GET /lessons/c': () => ({
        status: 403,
        body: { code: 'access_expired', detail: 'Your weekly access expired on 1 May. Renew to keep learning.' },
      }),
    });

  it('sends a visitor to sign in, saving the course page to come back to', async () => {
    api();
    renderWithApp(<CoursePageStandIn course={courseFixture()} />, { user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Play a' }));
    await expectMessage('Sign in required', 'Please sign in to access this lesson.');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(getRedirectPath()).toBe('/course/agents');
  });

  it('asks for enrollment for a paid lesson', async () => {
    const { calls } = api();
    renderWithApp(<CoursePageStandIn course={courseFixture()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play c' }));
    await expectMessage('Enrollment required', 'Please enroll in the course to access this lesson.');
    expect(calls).toEqual([]);
  });

  it('says when a lesson has no video', async () => {
    api();
    renderWithApp(<CoursePageStandIn course={courseFixture({ isEnrolled: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play d' }));
    await expectMessage('No video available', "This lesson doesn't have a video yet.");
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says when the server's lesson has no video after all", async () => {
    fakeApi({ 'GET /lessons/a': () => ({ body: lessonDetail('a', { video_url: null, video_type: null }) }) });
    renderWithApp(<CoursePageStandIn course={courseFixture()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play a' }));
    await expectMessage('No video available', "This lesson doesn't have a video yet.");
  });

  it("shows 'Failed to load lesson. Please try again.' when loading fails", async () => {
    api();
    renderWithApp(<CoursePageStandIn course={courseFixture()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play b' }));
    await expectMessage('Error', 'Failed to load lesson. Please try again.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's reason when access was refused (expired weekly access)", async () => {
    api();
    renderWithApp(<CoursePageStandIn course={courseFixture({ isEnrolled: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Play c' }));
    await expectMessage('Enrollment required', 'Your weekly access expired on 1 May. Renew to keep learning.');
  });

  it('opens the player for a free lesson, and Start Free Lesson opens the first free one', async () => {
    api();
    renderWithApp(<CoursePageStandIn course={courseFixture()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start Free Lesson' }));
    expect(await screen.findByRole('dialog', { name: 'Lesson a' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Play a' }));
    expect(await screen.findByRole('dialog', { name: 'Lesson a' })).toBeInTheDocument();
  });

  it('opens a lesson at a given second (a note), and at its resume point the next time', async () => {
    fakeApi({
      'GET /lessons/a': () => ({ body: lessonDetail('a', { resumeSeconds: 7 }) }),
      'GET /lessons/a/signed-url': () => ({
        body: { url: '/api/v1/media/a.mp4?exp=1&sig=s', type: 'direct', sessionId: SESSION_ID },
      }),
    });
    renderWithApp(<CoursePageStandIn course={courseFixture()} />);
    const startsAt = async () => {
      const dialog = await screen.findByRole('dialog', { name: 'Lesson a' });
      const video = await waitFor(() => {
        const element = dialog.querySelector('video');
        if (!element) throw new Error('no video yet');
        return element as HTMLVideoElement;
      });
      Object.defineProperty(video, 'duration', { configurable: true, value: 96 });
      fireEvent(video, new Event('loadedmetadata'));
      return video.currentTime;
    };
    await userEvent.click(screen.getByRole('button', { name: 'Play the first lesson from 0:42' }));
    expect(await startsAt()).toBe(42);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Play a' }));
    expect(await startsAt()).toBe(7);
  });

  it('says so when a course has no free lesson', async () => {
    api();
    const course = courseFixture();
    renderWithApp(<CoursePageStandIn course={{ ...course, lessons: course.lessons.filter((l) => !l.isFree) }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start Free Lesson' }));
    await expectMessage('No free lesson available', "This course doesn't have a free preview lesson.");
  });
});
