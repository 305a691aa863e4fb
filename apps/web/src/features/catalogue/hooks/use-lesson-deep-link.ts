import type { LessonSummary } from '@kaushal/contract';
import { useCallback, useEffect, useRef } from 'react';
import type { OpenLessonOutcome } from '@/features/learning';
import { useSearchParams } from '@/lib/router';

const PARAM = 'lesson';

export interface DeepLinkPlayer {
  /** The lesson shown in the player, or null while it is closed. */
  playingLessonId: string | null;
  openLesson(lesson: LessonSummary): Promise<OpenLessonOutcome>;
  close(): void;
}

/**
 * Keeps `?lesson=<id>` and the player in step (decision 007; the dashboard's Continue Learning links here).
 * A link with the parameter opens the player at that lesson, through the same rules as a click (so a visitor is
 * asked to sign in and comes back to the same link, and a locked lesson gets the spec's message and the
 * parameter is dropped); opening a lesson on the page writes it, and closing the player removes it. The URL is
 * replaced, not pushed: Back leaves the course page rather than stepping through lessons.
 *
 * `synced` is the value the page last wrote or acted on, so neither direction answers the other's change.
 * `replacing` is the URL's value while a write of ours has not reached it yet: the router applies the new URL
 * in a transition, and a render in between (the course data refetched as the player closes) must not read the
 * old value as a link to follow, or closing the player would open it again.
 */
export function useLessonDeepLink(lessons: readonly LessonSummary[] | undefined, player: DeepLinkPlayer) {
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = searchParams.get(PARAM);
  const synced = useRef<string | null>(null);
  const shown = useRef<string | null>(null);
  const current = useRef(wanted);
  current.current = wanted;
  const replacing = useRef<{ value: string | null } | null>(null);
  const { playingLessonId, openLesson, close } = player;

  const writeParam = useCallback(
    (lessonId: string | null) => {
      if (current.current !== lessonId) replacing.current = { value: current.current };
      synced.current = lessonId;
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (lessonId) next.set(PARAM, lessonId);
          else next.delete(PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  // URL → player: a link (or Back/Forward) changed the parameter.
  useEffect(() => {
    if (replacing.current) {
      if (wanted === replacing.current.value) return;
      replacing.current = null;
    }
    if (!lessons || wanted === synced.current) return;
    synced.current = wanted;
    if (wanted === null) {
      if (playingLessonId) close();
      return;
    }
    if (wanted === playingLessonId) return;
    const lesson = lessons.find((l) => l.id === wanted);
    if (!lesson) return writeParam(null);
    void openLesson(lesson).then((outcome) => {
      // Not opened: drop the parameter, unless the visitor left for /login (it is their way back).
      if ((outcome === 'refused' || outcome === 'failed') && synced.current === wanted) writeParam(null);
    });
  }, [lessons, wanted, playingLessonId, openLesson, close, writeParam]);

  // Player → URL: a lesson opened on the page (a click, Previous/Next), or the player closed.
  useEffect(() => {
    if (playingLessonId === shown.current) return;
    shown.current = playingLessonId;
    if (playingLessonId !== synced.current) writeParam(playingLessonId);
  }, [playingLessonId, writeParam]);
}
