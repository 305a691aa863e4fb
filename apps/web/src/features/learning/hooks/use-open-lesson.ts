import type { LessonSummary } from '@kaushal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { useSignInGate } from '@/features/auth';
import { ACCESS_MESSAGES } from '@/lib/access-messages';
import { ApiError } from '@/lib/api-client';
import { lessonQuery } from '../api/lesson-query';
import { requestVideoSessionEarly, warmFirstSegment } from '../api/signed-video-query';
import type { LessonPlayerDialogProps, PlayerCourse } from '../components/lesson-player-dialog';
import { lessonGate } from '../lib/lesson-gate';
import { opensEveryLesson } from '../lib/lesson-navigation';

/**
 * How an attempt to open a lesson ended: the player opened; the visitor was sent to sign in (the page is being
 * left); or a message said why not (refused: enrollment, no video; failed: the lesson did not load).
 */
export type OpenLessonOutcome = 'opened' | 'sign-in' | 'refused' | 'failed';

/**
 * The course page's lesson clicks and Start Free Lesson, with the spec's messages (sections 5 and 8), and
 * the props for <LessonPlayerDialog>. The lesson's details are loaded before the player opens, so a failure
 * is a message on the course page, not an empty player.
 */
export function useOpenLesson(course: PlayerCourse | undefined) {
  const queryClient = useQueryClient();
  const { isSignedIn, sendToSignIn } = useSignInGate();
  const [lessonId, setLessonId] = useState<string | null>(null);
  const [startAtSeconds, setStartAtSeconds] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [pendingLessonId, setPendingLessonId] = useState<string | null>(null);

  /** `atSeconds`: start there rather than where the learner left off (a note or bookmark on the course page). */
  const openLesson = useCallback(
    async (lesson: LessonSummary, options: { atSeconds?: number } = {}): Promise<OpenLessonOutcome> => {
      if (!course) return 'failed';
      const gate = lessonGate(lesson, { signedIn: await isSignedIn(), isEnrolled: opensEveryLesson(course) });
      if (gate === 'sign-in') {
        sendToSignIn('lesson');
        return 'sign-in';
      }
      if (gate === 'enroll') return refuse(ACCESS_MESSAGES.enrollmentRequired);
      if (gate === 'no-video') return refuse(ACCESS_MESSAGES.noVideo);

      setPendingLessonId(lesson.id);
      // Everything the first frame waits for starts now, side by side (decision 039): the lesson's details, the
      // video session (then hls.js, for a ladder), the player's code; then the first segment from the start point.
      requestVideoSessionEarly(lesson.id);
      void import('../components/lesson-player-dialog').catch(() => {});
      try {
        // Always asked again on a click: the resume point may have moved since the last opening.
        const detail = await queryClient.fetchQuery({ ...lessonQuery(lesson.id), staleTime: 0 });
        if (detail.video_url === null) return refuse(ACCESS_MESSAGES.noVideo);
        warmFirstSegment(lesson.id, options.atSeconds ?? detail.resumeSeconds);
        setLessonId(lesson.id);
        setStartAtSeconds(options.atSeconds ?? null);
        setOpen(true);
        return 'opened';
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return 'sign-in'; // the API client goes to /login
        if (error instanceof ApiError && error.status === 403) {
          const { enrollmentRequired } = ACCESS_MESSAGES;
          return refuse({ ...enrollmentRequired, description: error.detail ?? enrollmentRequired.description });
        }
        toast(ACCESS_MESSAGES.lessonLoadFailed);
        return 'failed';
      } finally {
        setPendingLessonId(null);
      }
    },
    [course, queryClient, isSignedIn, sendToSignIn],
  );

  const startFreeLesson = useCallback(async (): Promise<OpenLessonOutcome> => {
    const free = course?.lessons.find((l) => l.isFree);
    if (!free) return refuse(ACCESS_MESSAGES.noFreeLesson);
    return openLesson(free);
  }, [course, openLesson]);

  const dialogProps: Pick<
    LessonPlayerDialogProps,
    'lessonId' | 'startAtSeconds' | 'open' | 'onOpenChange' | 'onSelectLesson'
  > = {
    lessonId,
    startAtSeconds,
    open,
    onOpenChange: setOpen,
    onSelectLesson: (lesson) => void openLesson(lesson),
  };

  return { openLesson, startFreeLesson, pendingLessonId, dialogProps };
}

function refuse(message: Parameters<typeof toast>[0]): 'refused' {
  toast(message);
  return 'refused';
}
