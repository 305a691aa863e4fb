import { COMPLETION_WATCHED_RATIO, type LessonDetail, type ProgressResponse } from '@kaushal/contract';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notice } from '@/components/ui/notice';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { signedVideoQuery } from '../api/signed-video-query';
import { type PlaybackReporter, useLessonTracking } from '../hooks/use-lesson-tracking';
import { COMPLETION_TOAST_MS } from '../lib/constants';
import type { PlayerHandle } from '../lib/player-handle';
import { PlayerError, PlayerSpinner } from './player-status';
import { VideoPlayer } from './video-player';
import { YouTubePlayer } from './youtube-player';

let openings = 0;

export interface LessonStageProps {
  lesson: LessonDetail;
  learnerId: string | undefined;
  /** The video reached its end (before the server has answered). */
  onVideoEnded(): void;
  /** The server answered the end-of-video save. */
  onCompletionSaved(response: ProgressResponse): void;
  shortcutsEnabled: boolean;
  /** Where to start instead of the resume point (a note or bookmark opened from the course page), in seconds. */
  startAt?: number | null | undefined;
  /** Filled with the playing player's handle, for the notes panel. */
  handleRef?: RefObject<PlayerHandle | null>;
}

const videoErrorToast = (reason: string) =>
  toast({ title: t('Video Error'), description: reason, variant: 'destructive' });

/**
 * One opening of one lesson's video: a fresh video session (signed URL), the player for its type, and the
 * progress and event reporting bound to that session.
 */
export function LessonStage({
  lesson,
  learnerId,
  onVideoEnded,
  onCompletionSaved,
  shortcutsEnabled,
  startAt: startOverride,
  handleRef,
}: LessonStageProps) {
  const [openId] = useState(() => ++openings);
  // Where this opening started; a later refetch of the details must not move it mid-playback.
  const [startAt] = useState(() => startOverride ?? lesson.resumeSeconds);
  const signed = useQuery(signedVideoQuery(lesson.id, openId));
  const [attempt, setAttempt] = useState(0);
  const lastPosition = useRef(startAt);
  /** Where the current link started playing: one that has moved on from there has worked. */
  const linkStart = useRef(startAt);

  const tracking = useLessonTracking({
    lessonId: lesson.id,
    lessonSeconds: lesson.durationSeconds,
    startAt,
    sessionId: signed.data?.sessionId ?? null,
    onCompletionSaved: (response) => {
      notice(response.completed ? t('Lesson completed!') : t('You reached the end of this lesson'), {
        description: response.completed
          ? undefined
          : t('It counts as completed once you have watched at least {percent}% of it.', {
              percent: Math.round(COMPLETION_WATCHED_RATIO * 100),
            }),
        duration: COMPLETION_TOAST_MS,
      });
      onCompletionSaved(response);
    },
  });

  const ended = useRef(onVideoEnded);
  ended.current = onVideoEnded;
  const reporter = useMemo<PlaybackReporter>(
    () => ({
      ...tracking.reporter,
      timeUpdate(position, duration) {
        lastPosition.current = position;
        tracking.reporter.timeUpdate(position, duration);
      },
      ended(duration) {
        tracking.reporter.ended(duration);
        ended.current();
      },
    }),
    [tracking.reporter],
  );

  const signedError = signed.error;
  const signedReason =
    signedError instanceof ApiError && signedError.detail
      ? signedError.detail
      : t('The video link could not be created. Please try again.');
  useEffect(() => {
    if (signedError) videoErrorToast(signedReason);
  }, [signedError, signedReason]);

  const retry = useCallback(() => {
    linkStart.current = lastPosition.current;
    setAttempt((a) => a + 1);
    void signed.refetch();
  }, [signed]);

  // Signed links are short-lived (10 minutes, by design: a link is a bearer credential), and a lesson may be
  // longer. When a link that has played fails, it has most likely expired: ask for a new one (the server checks
  // access again) and go on where the learner was, without an error. A link that fails before it has played a
  // second shows the error, so a fault at one spot of the video cannot renew links in a loop.
  const onVideoError = useCallback(
    (reason: string) => {
      if (Math.abs(lastPosition.current - linkStart.current) >= 1) retry();
      else videoErrorToast(reason);
    },
    [retry],
  );

  if (signed.isPending || signed.isFetching) {
    return (
      <div className="relative aspect-video w-full bg-black">
        <PlayerSpinner label={t('Loading video')} />
      </div>
    );
  }
  if (signed.isError) {
    return (
      <div className="relative aspect-video w-full bg-black">
        <PlayerError reason={signedReason} onRetry={retry} />
      </div>
    );
  }
  if (signed.data.type === 'youtube') {
    return (
      <YouTubePlayer
        src={signed.data.url}
        title={lesson.title}
        startAt={startAt}
        reporter={reporter}
        onVideoError={videoErrorToast}
        handleRef={handleRef}
      />
    );
  }
  return (
    <VideoPlayer
      key={`${signed.data.sessionId}:${attempt}`}
      src={signed.data.url}
      hls={signed.data.hls}
      lessonId={lesson.id}
      sessionId={signed.data.sessionId}
      title={lesson.title}
      captions={lesson.captions}
      startAt={attempt === 0 ? startAt : lastPosition.current}
      learnerId={learnerId}
      milestones={tracking.milestones}
      reporter={reporter}
      onVideoError={onVideoError}
      onRetry={retry}
      shortcutsEnabled={shortcutsEnabled}
      handleRef={handleRef}
    />
  );
}
