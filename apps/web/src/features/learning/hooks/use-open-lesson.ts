import type { LessonSummary } from '@kaushal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { overwriteRedirectPath, sessionQueryOptions } from '@/lib/session';
import { lessonQuery } from '../api/lesson-query';
import type { LessonPlayerDialogProps, PlayerCourse } from '../components/lesson-player-dialog';
import { LESSON_MESSAGES } from '../lib/constants';
import { lessonGate } from '../lib/lesson-gate';

/**
 * The course page's lesson clicks and Start Free Lesson, with the spec's messages (sections 5 and 8), and
 * the props for <LessonPlayerDialog>. The lesson's details are loaded before the player opens, so a failure
 * is a message on the course page, not an empty player.
 */
export function useOpenLesson(course: PlayerCourse | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [lessonId, setLessonId] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [pendingLessonId, setPendingLessonId] = useState<string | null>(null);

  const openLesson = useCallback(
    async (lesson: LessonSummary) => {
      if (!course) return;
      let signedIn = false;
      try {
        // Waits for the session probe instead of guessing while it loads.
        signedIn = Boolean(await queryClient.ensureQueryData(sessionQueryOptions));
      } catch {
        signedIn = false;
      }
      const gate = lessonGate(lesson, { signedIn, isEnrolled: course.isEnrolled });
      if (gate === 'sign-in') {
        toast(LESSON_MESSAGES.signIn);
        overwriteRedirectPath(`${location.pathname}${location.search}`);
        navigate('/login');
        return;
      }
      if (gate === 'enroll') return void toast(LESSON_MESSAGES.enroll);
      if (gate === 'no-video') return void toast(LESSON_MESSAGES.noVideo);

      setPendingLessonId(lesson.id);
      try {
        // Always asked again on a click: the resume point may have moved since the last opening.
        const detail = await queryClient.fetchQuery({ ...lessonQuery(lesson.id), staleTime: 0 });
        if (detail.video_url === null) return void toast(LESSON_MESSAGES.noVideo);
        setLessonId(lesson.id);
        setOpen(true);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return; // the API client sends them to /login
        if (error instanceof ApiError && error.status === 403) {
          return void toast({
            ...LESSON_MESSAGES.enroll,
            description: error.detail ?? LESSON_MESSAGES.enroll.description,
          });
        }
        toast({ ...LESSON_MESSAGES.loadFailed, variant: 'destructive' });
      } finally {
        setPendingLessonId(null);
      }
    },
    [course, queryClient, location.pathname, location.search, navigate],
  );

  const startFreeLesson = useCallback(() => {
    const free = course?.lessons.find((l) => l.isFree);
    if (!free) return void toast(LESSON_MESSAGES.noFreeLesson);
    return openLesson(free);
  }, [course, openLesson]);

  const dialogProps: Pick<LessonPlayerDialogProps, 'lessonId' | 'open' | 'onOpenChange' | 'onSelectLesson'> = {
    lessonId,
    open,
    onOpenChange: setOpen,
    onSelectLesson: (lesson) => void openLesson(lesson),
  };

  return { openLesson, startFreeLesson, pendingLessonId, dialogProps };
}
