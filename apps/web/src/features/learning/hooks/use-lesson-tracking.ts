import type { ProgressBody, ProgressResponse, VideoEvent } from '@kaushal/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { saveProgress } from '../api/save-progress';
import { beaconEvents, postEvents } from '../api/send-events';
import { createEventQueue, type EventQueue } from '../lib/event-queue';
import { createProgressSaver, type ProgressSaver } from '../lib/progress-saver';
import { createProgressTracker, type Milestone } from '../lib/progress-tracker';

/** What a player reports; the same for the custom player and the YouTube bridge. */
export interface PlaybackReporter {
  timeUpdate(position: number, duration: number): void;
  play(position: number): void;
  pause(position: number): void;
  seek(position: number): void;
  ended(duration: number): void;
}

export interface LessonTrackingOptions {
  lessonId: string;
  /** The lesson's length as the server knows it. */
  lessonSeconds: number;
  startAt: number;
  /** The video session from the signed-url call; events wait for it. */
  sessionId: string | null;
  /** The server answered the end-of-video save. */
  onCompletionSaved?(response: ProgressResponse): void;
}

/**
 * Progress and watch events for one playback of one lesson: saves at each multiple of 10 s, at each 25%
 * milestone and at the end; queues play/pause/seek/complete events and flushes them as the spec says,
 * including with sendBeacon when the page is hidden or closed and when the player closes (unmount).
 */
export function useLessonTracking(options: LessonTrackingOptions) {
  const { lessonId, lessonSeconds, startAt, sessionId } = options;
  const onCompletionSaved = useRef(options.onCompletionSaved);
  onCompletionSaved.current = options.onCompletionSaved;

  const tracker = useMemo(() => createProgressTracker({ startAt, lessonSeconds }), [startAt, lessonSeconds]);
  const [milestones, setMilestones] = useState<ReadonlySet<Milestone>>(() => new Set(tracker.reached()));
  const saver = useRef<ProgressSaver | null>(null);
  const queue = useRef<EventQueue | null>(null);

  useEffect(() => {
    const progress = createProgressSaver({
      send: (body: ProgressBody) => saveProgress(lessonId, body),
      onSaved: (response, body) => {
        if (body.completed) onCompletionSaved.current?.(response);
      },
    });
    saver.current = progress;
    return () => {
      progress.dispose();
      saver.current = null;
    };
  }, [lessonId]);

  useEffect(() => {
    if (!sessionId) return;
    const events = createEventQueue({
      send: (batch) => postEvents(lessonId, batch),
      beacon: (batch) => beaconEvents(lessonId, batch),
    });
    queue.current = events;
    // The page may be discarded after it is hidden; pagehide covers closing and navigating away.
    const onHide = () => {
      if (document.visibilityState === 'hidden') events.flushWithBeacon();
    };
    const onPageHide = () => events.flushWithBeacon();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      events.dispose();
      queue.current = null;
    };
  }, [lessonId, sessionId]);

  const push = useCallback(
    (eventType: VideoEvent['eventType'], position: number) => {
      if (!sessionId || !queue.current) return;
      queue.current.push({ sessionId, eventType, positionSec: Math.max(0, Math.round(position * 100) / 100) });
    },
    [sessionId],
  );

  const reporter = useMemo<PlaybackReporter>(
    () => ({
      timeUpdate(position, duration) {
        const step = tracker.onTime(position, duration);
        if (step.save !== null) saver.current?.save({ watchSeconds: step.save, completed: false });
        if (step.milestone !== null) setMilestones(new Set(tracker.reached()));
      },
      play: (position) => push('play', position),
      pause: (position) => push('pause', position),
      seek: (position) => push('seek', position),
      ended(duration) {
        const position = tracker.onEnded(duration);
        if (position === null) return;
        setMilestones(new Set(tracker.reached()));
        saver.current?.save({ watchSeconds: position, completed: true });
        push('complete', position);
        void queue.current?.flush();
      },
    }),
    [tracker, push],
  );

  return { reporter, milestones };
}
