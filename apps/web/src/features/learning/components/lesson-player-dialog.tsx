import type { CourseDetail, LessonSummary, PricingTier, ProgressResponse } from '@kaushal/contract';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ACCESS_MESSAGES } from '@/lib/access-messages';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { useSession } from '@/lib/session';
import { lessonQuery } from '../api/lesson-query';
import { FREE_LESSON_REFRESH_DELAY_MS } from '../lib/constants';
import { neighbours, offersUpgrade } from '../lib/lesson-navigation';
import type { PlayerHandle } from '../lib/player-handle';
import { CompletionPopup } from './completion-popup';
import { LessonResources } from './lesson-resources';
import { LessonStage } from './lesson-stage';
import { NOTE_EDITOR_ATTRIBUTE, NotesPanel } from './notes-panel';
import { PlayerError, PlayerSpinner } from './player-status';

export type PlayerCourse = Pick<
  CourseDetail,
  'id' | 'title' | 'lessons' | 'isEnrolled' | 'pricingTiers' | 'staffPreview'
>;

export interface LessonPlayerDialogProps {
  course: PlayerCourse;
  lessonId: string | null;
  /** Where to start the lesson instead of its resume point (a note opened from the course page), in seconds. */
  startAtSeconds?: number | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Previous / Next: runs the course page's click rules (useOpenLesson's openLesson). */
  onSelectLesson(lesson: LessonSummary): void;
  /** A free lesson ended while later lessons are paid and the learner is not enrolled: show pricing. */
  onFreeLessonCompleted?(): void;
  /** 1.5 s after the server recorded that free-lesson completion: reload the course data. */
  onCourseDataStale?(): void;
  /** An upgrade option chosen in the completion popup. */
  onChooseTier?(tier: PricingTier): void;
}

/**
 * The lesson player: a full-screen modal that closes on Escape or a click outside it and gives focus back
 * to what opened it. Direct videos play in the custom player, YouTube lessons in YouTube's embed.
 */
export function LessonPlayerDialog(props: LessonPlayerDialogProps) {
  const { course, lessonId } = props;
  const summary = course.lessons.find((l) => l.id === lessonId);
  // Radix gives focus back only to a Dialog.Trigger; the player is opened from the page's own buttons.
  const opener = useRef<HTMLElement | null>(null);
  const escapeLeavesFullscreen = useEscapeLeavesFullscreen();
  return (
    <Dialog.Root open={props.open && Boolean(lessonId)} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-bg outline-none md:inset-4 md:rounded-2xl md:border md:border-border lg:inset-x-[max(2rem,calc((100vw-80rem)/2))] lg:inset-y-6"
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            // Focus the player, not the first button: Space then plays instead of activating a button.
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector<HTMLElement>('[data-player-stage]')?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          onEscapeKeyDown={(event) => {
            // Escape in a note being written or a deletion being confirmed closes that, not the lesson.
            if ((event.target as Element | null)?.closest?.(`[${NOTE_EDITOR_ATTRIBUTE}]`)) event.preventDefault();
            else if (escapeLeavesFullscreen()) event.preventDefault();
          }}
          onPointerDownOutside={(event) => {
            // Closing a toast is not a click outside the player.
            if ((event.target as Element | null)?.closest?.('[data-sonner-toaster]')) event.preventDefault();
          }}
        >
          {lessonId && summary ? (
            <PlayerBody key={lessonId} {...props} lessonId={lessonId} summary={summary} />
          ) : (
            <Dialog.Title className="sr-only">{t('Lesson')}</Dialog.Title>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PlayerBody(props: LessonPlayerDialogProps & { lessonId: string; summary: LessonSummary }) {
  const { course, lessonId, summary } = props;
  const session = useSession();
  const lesson = useQuery(lessonQuery(lessonId));
  const [popupOpen, setPopupOpen] = useState(false);
  const { previous, next, index } = neighbours(course, lessonId);
  const upgrade = offersUpgrade(course, lessonId);
  const playerHandle = useRef<PlayerHandle | null>(null);
  const callbacks = useRef(props);
  callbacks.current = props;

  const onVideoEnded = () => {
    if (!upgrade) return;
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
    setPopupOpen(true);
    callbacks.current.onFreeLessonCompleted?.();
  };
  const onCompletionSaved = (response: ProgressResponse) => {
    if (!upgrade || !response.hasCompletedFreeLesson) return;
    // Not cleared on close: the course page still wants fresh data after the player is gone.
    setTimeout(() => callbacks.current.onCourseDataStale?.(), FREE_LESSON_REFRESH_DELAY_MS);
  };

  const lessonError =
    lesson.error instanceof ApiError && lesson.error.status === 403 && lesson.error.detail
      ? lesson.error.detail
      : ACCESS_MESSAGES.lessonLoadFailed.description;

  return (
    <>
      <header className="flex items-center gap-3 border-b border-border px-4 py-2 md:items-start md:px-6 md:py-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-xs text-muted md:text-sm">
            {course.title} · {t('Lesson {number} of {total}', { number: index + 1, total: course.lessons.length })}
          </p>
          <Dialog.Title className="truncate text-base font-semibold md:text-xl">{summary.title}</Dialog.Title>
        </div>
        <Dialog.Close
          aria-label={t('Close lesson')}
          className="rounded-lg p-2 text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
        >
          <X className="size-6" aria-hidden="true" />
        </Dialog.Close>
      </header>

      {/* The video, and the learner's notes beside it on wide screens (below it, above the lesson buttons, on
          narrower ones). */}
      <div className="flex w-full flex-col lg:flex-row lg:justify-center lg:gap-4 lg:px-6 lg:pt-4">
        <div
          data-player-stage=""
          tabIndex={-1}
          // 16:9 and never taller than the viewport minus the header and the lesson buttons. On a phone the video
          // takes the whole width (no padding) and, turned sideways, all the height below the header; the lesson
          // buttons scroll below it.
          className="relative mx-auto w-full max-w-[calc((100dvh-4rem)*16/9)] outline-none md:max-w-[min(72rem,calc((100dvh-12rem)*16/9))] md:px-6 md:pt-4 lg:mx-0 lg:min-w-0 lg:flex-1 lg:px-0 lg:pt-0"
        >
          {lesson.isPending ? (
            <div className="relative aspect-video w-full bg-black">
              <PlayerSpinner label={t('Loading lesson')} />
            </div>
          ) : lesson.isError ? (
            <div className="relative aspect-video w-full bg-black">
              <PlayerError reason={lessonError} onRetry={() => void lesson.refetch()} />
            </div>
          ) : lesson.data.video_url === null ? (
            <div className="flex aspect-video w-full items-center justify-center bg-black p-6 text-center text-white">
              <p>{ACCESS_MESSAGES.noVideo.description}</p>
            </div>
          ) : (
            <LessonStage
              lesson={lesson.data}
              learnerId={session.user?.id}
              onVideoEnded={onVideoEnded}
              onCompletionSaved={onCompletionSaved}
              shortcutsEnabled={!popupOpen}
              startAt={props.startAtSeconds}
              handleRef={playerHandle}
            />
          )}
          <CompletionPopup
            open={popupOpen}
            onOpenChange={setPopupOpen}
            courseTitle={course.title}
            tiers={course.pricingTiers}
            onChooseTier={
              props.onChooseTier
                ? (tier) => {
                    setPopupOpen(false);
                    props.onOpenChange(false);
                    props.onChooseTier?.(tier);
                  }
                : undefined
            }
            onViewPricing={() => {
              setPopupOpen(false);
              props.onOpenChange(false);
            }}
          />
        </div>
        {session.user && lesson.data && lesson.data.video_url !== null && (
          // On wide screens as tall as the video beside it: its list scrolls inside.
          <div className="mx-auto w-full max-w-6xl px-4 pt-4 md:px-6 lg:relative lg:mx-0 lg:w-80 lg:shrink-0 lg:p-0">
            <NotesPanel
              courseId={course.id}
              lessonId={lessonId}
              lessonSeconds={lesson.data.durationSeconds}
              player={playerHandle}
              shortcutsEnabled={!popupOpen}
              className="lg:absolute lg:inset-0"
            />
          </div>
        )}
      </div>

      <footer className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-4 md:px-6">
        <nav aria-label={t('Lessons')} className="flex items-center justify-between gap-3">
          <Button
            variant="secondary"
            disabled={!previous?.enabled}
            onClick={() => previous && props.onSelectLesson(previous.lesson)}
          >
            <ChevronLeft aria-hidden="true" />
            {t('Previous')}
          </Button>
          <Button
            variant="secondary"
            disabled={!next?.enabled}
            onClick={() => next && props.onSelectLesson(next.lesson)}
          >
            {t('Next')}
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
        {summary.description && <p className="text-muted">{summary.description}</p>}
        {lesson.data && <LessonResources resources={lesson.data.resources} />}
      </footer>
    </>
  );
}

/** How soon after leaving full screen an Escape still counts as the one that left it. */
const FULLSCREEN_ESCAPE_GRACE_MS = 500;

/**
 * Escape while the player is full screen leaves full screen only, never closes the lesson. Browsers usually
 * take that Escape themselves; some also hand it to the page right after leaving full screen, so an Escape
 * that arrives just after is treated the same. Returns true when the Escape was about full screen.
 */
function useEscapeLeavesFullscreen() {
  const leftAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) leftAt.current = performance.now();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  return () => {
    if (document.fullscreenElement) {
      void document.exitFullscreen?.().catch(() => {});
      return true;
    }
    return performance.now() - leftAt.current < FULLSCREEN_ESCAPE_GRACE_MS;
  };
}
