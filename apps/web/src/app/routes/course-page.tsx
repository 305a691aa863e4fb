import type { CourseDetail, PricingTier } from '@kaushal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { PageFallback } from '@/app/page-fallback';
import { DifficultyBadge } from '@/components/ui/difficulty-badge';
// The course page composes catalogue, payments and learning. It takes the catalogue's parts by file rather
// than through the feature's index, so the home page's shared chunk does not carry them.
import { courseQuery } from '@/features/catalogue/api/catalogue-queries';
import { sendCourseVisit } from '@/features/catalogue/api/course-visit';
import { ActionLabel } from '@/features/catalogue/components/action-label';
import { CourseFacts } from '@/features/catalogue/components/course-facts';
import { CourseReviews } from '@/features/catalogue/components/course-reviews';
import { CourseSidePanel } from '@/features/catalogue/components/course-side-panel';
import { InstructorCard } from '@/features/catalogue/components/instructor-card';
import { LessonList } from '@/features/catalogue/components/lesson-list';
import { NextStepButton } from '@/features/catalogue/components/next-step-button';
import { useLessonDeepLink } from '@/features/catalogue/hooks/use-lesson-deep-link';
import { defaultTierId } from '@/features/catalogue/lib/course-access';
import { currentOffer, payLabel } from '@/features/catalogue/lib/course-offer';
import { progressByLesson } from '@/features/catalogue/lib/lesson-progress';
import { CourseNotesForLearners, opensEveryLesson, progressSavesSettled, useOpenLesson } from '@/features/learning';
import {
  BillingDetailsLine,
  CouponBox,
  EnrollButton,
  PayButton,
  type PayButtonHandle,
  useCoupon,
} from '@/features/payments';
import { courseQuizzesQuery } from '@/features/quizzes/api/quiz-queries';
import { sectionQuizSlot } from '@/features/quizzes/components/section-quiz';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { catalogueKeys, dashboardKeys } from '@/lib/query-keys';
import { Navigate, useParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * The lesson player (video, controls, notes, resources) is code of its own, loaded when a lesson starts to open
 * (while its details load), not with the page: most visits open none (decision 036). By file, not through the
 * learning feature's index, which the page takes its other parts from (the bundler cannot split a module two
 * ways).
 */
const LessonPlayerDialog = lazy(() =>
  import('@/features/learning/components/lesson-player-dialog').then((m) => ({ default: m.LessonPlayerDialog })),
);

/** The enroll or pay button fills its place; its words (which carry the price) may wrap on a phone. */
const WIDE_ACTION_CLASS = 'h-auto min-h-12 w-full whitespace-normal py-2 text-balance';

/**
 * Course detail: the main area (badge, title, description, facts, lessons, instructor, reviews) and the side
 * panel, with enrollment and payment (features/payments) and the lesson player (features/learning) plugged in.
 */
export function CoursePage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery(courseQuery(id));
  // Each section's quiz, with the learner's best score; the page shows without them until they arrive.
  const quizzes = useQuery(courseQuizzesQuery(id));
  const [chosenTierId, setChosenTierId] = useState<string | null>(null);
  /** The player saw a free lesson end: pricing shows at once, before the reloaded course data says so. */
  const [freeLessonFinished, setFreeLessonFinished] = useState(false);
  const payButton = useRef<PayButtonHandle>(null);
  const nextStepButton = useRef<HTMLButtonElement>(null);
  const player = useOpenLesson(query.data);
  const { dialogProps } = player;
  const closePlayer = dialogProps.onOpenChange;
  // Mounted from the first lesson opening on (and kept, for its closing animation and the next lesson).
  const [playerWanted, setPlayerWanted] = useState(false);
  if (!playerWanted && (player.pendingLessonId !== null || dialogProps.open)) setPlayerWanted(true);
  usePageTitle(query.data?.title);
  // One visit per course shown (the console's funnel counts it), once the course is known to exist.
  const shownId = query.data?.id;
  useEffect(() => {
    if (shownId) sendCourseVisit(shownId);
  }, [shownId]);

  useLessonDeepLink(query.data?.lessons, {
    playingLessonId: dialogProps.open ? dialogProps.lessonId : null,
    openLesson: player.openLesson,
    close: useCallback(() => closePlayer(false), [closePlayer]),
  });

  const reloadCourse = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.course(id) }),
    [queryClient, id],
  );

  // When the player closes (or the page goes with it open), what was watched shows where the learner looks next:
  // this page's lessons now, and the dashboard, refreshed in the background so it is there on the way back.
  // After the last progress report has landed, not before.
  const playerOpen = dialogProps.open;
  useEffect(() => {
    if (!playerOpen) return;
    return () => {
      void progressSavesSettled().then(() => {
        void queryClient.invalidateQueries({ queryKey: catalogueKeys.course(id), exact: true });
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all, refetchType: 'all' });
      });
    };
  }, [playerOpen, queryClient, id]);

  useFocusAfterEnrolling(query.data?.isEnrolled, nextStepButton);

  const course: CourseDetail | undefined =
    query.data && (freeLessonFinished ? { ...query.data, hasCompletedFreeLesson: true } : query.data);
  const selectedTierId = course
    ? chosenTierId && course.pricingTiers.some((t) => t.id === chosenTierId)
      ? chosenTierId
      : defaultTierId(course.pricingTiers)
    : null;
  const offer = course ? currentOffer(course, selectedTierId) : null;
  // Quoted for what the pay button sells now, and again when the tier changes.
  const coupon = useCoupon(id, offer);

  /** A tier chosen in the player's completion popup: select it here and start paying for it. */
  const chooseTier = useCallback((tier: PricingTier) => {
    setChosenTierId(tier.id);
    document.getElementById('course-side-panel')?.scrollIntoView({ block: 'nearest' });
    payButton.current?.pay(tier.id);
  }, []);

  if (query.isPending) return <PageFallback />;
  if (query.isError || !course) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
      return <Navigate to="/404" replace />;
    }
    return (
      <p role="alert" className="mx-auto max-w-xl px-4 py-24 text-center text-muted">
        {t('Failed to load course details. Please try again.')}
      </p>
    );
  }
  /** Rupees to pay with the applied coupon (the server's quote is in paise). */
  const couponPrice = coupon.quote ? coupon.quote.price / 100 : null;
  const openLesson = (lesson: CourseDetail['lessons'][number]) => void player.openLesson(lesson);
  const pay = offer && (
    <PayButton
      ref={payButton}
      courseId={course.id}
      pricingTierId={offer.tierId}
      coupon={coupon.payCoupon}
      variant={course.isEnrolled ? 'secondary' : 'primary'}
      className={WIDE_ACTION_CLASS}
    >
      <ActionLabel
        text={
          couponPrice === 0
            ? t('Enroll with coupon')
            : payLabel(couponPrice === null ? offer : { ...offer, price: couponPrice }, course)
        }
      />
    </PayButton>
  );

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:px-6 lg:grid-cols-[minmax(0,1fr)_380px]">
      <header className="min-w-0 space-y-4">
        <DifficultyBadge difficulty={course.difficulty} />
        <h1 className="text-3xl font-bold break-words md:text-4xl">{course.title}</h1>
        {course.description && <p className="text-lg text-muted">{course.description}</p>}
        <CourseFacts duration={course.duration} students={course.students} rating={course.rating} />
      </header>

      <aside
        id="course-side-panel"
        aria-label={t('Enrollment')}
        className="min-w-0 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
      >
        <CourseSidePanel
          course={course}
          offer={offer}
          primaryAction={
            <PrimaryAction course={course} pay={pay} onOpenLesson={openLesson} nextStepRef={nextStepButton} />
          }
          // A running week: Continue comes first, extending it (or upgrading to lifetime) beside it.
          secondaryAction={course.isEnrolled ? pay : null}
          selectedTierId={selectedTierId}
          onSelectTier={setChosenTierId}
          onStartFreeLesson={() => void player.startFreeLesson()}
          discountedPrice={couponPrice}
          coupon={
            offer && (
              <div className="flex flex-col gap-3">
                <CouponBox coupon={coupon} />
                {/* A ₹0 enrollment has no invoice. */}
                {couponPrice !== 0 && <BillingDetailsLine />}
              </div>
            )
          }
        />
      </aside>

      <div className="min-w-0 space-y-8">
        <section aria-labelledby="lessons-heading" className="space-y-4">
          <h2 id="lessons-heading" className="text-xl font-semibold">
            {t('Lessons')} <span className="text-base font-normal text-muted">({course.lessons.length})</span>
          </h2>
          {course.staffPreview && (
            <p className="rounded-lg border border-border bg-surface p-3 text-sm">
              <strong className="font-semibold">{t('Staff preview:')}</strong>{' '}
              {t('every lesson opens for you. Learners see the paid ones locked until they enroll.')}
            </p>
          )}
          <LessonList
            lessons={course.lessons}
            opensAll={opensEveryLesson(course)}
            onSelectLesson={openLesson}
            activeLessonId={dialogProps.open ? dialogProps.lessonId : null}
            pendingLessonId={player.pendingLessonId}
            progress={progressByLesson(course.lessonProgress)}
            afterSection={sectionQuizSlot(course, quizzes.data)}
          />
        </section>
        <CourseNotesForLearners
          course={course}
          onOpenNote={(lesson, atSeconds) => void player.openLesson(lesson, { atSeconds })}
        />
        <InstructorCard instructor={course.instructor} />
        <CourseReviews courseId={course.id} />
      </div>

      {playerWanted && (
        <Suspense fallback={null}>
          <LessonPlayerDialog
            course={course}
            {...dialogProps}
            onFreeLessonCompleted={() => setFreeLessonFinished(true)}
            onCourseDataStale={reloadCourse}
            onChooseTier={chooseTier}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The side panel's main control (decision 007, with issue 15): Enroll for Free on a free course; for a learner
 * with access, Start course or Continue: Lesson N; otherwise the pay button, which says what it charges for
 * what (the selected tier while the tiers show, else the course for good). Anonymous visitors get the same
 * buttons, which ask them to sign in.
 */
function PrimaryAction({
  course,
  pay,
  onOpenLesson,
  nextStepRef,
}: {
  course: CourseDetail;
  pay: ReactNode;
  onOpenLesson: (lesson: CourseDetail['lessons'][number]) => void;
  nextStepRef: RefObject<HTMLButtonElement | null>;
}) {
  if (course.isEnrolled) {
    return <NextStepButton ref={nextStepRef} course={course} onOpenLesson={onOpenLesson} />;
  }
  if (course.price === 0) return <EnrollButton courseId={course.id} className={WIDE_ACTION_CLASS} />;
  return pay;
}

/**
 * Enrolling (free or paid) replaces the button the learner pressed with Start course: focus follows, instead of
 * falling back to the page. Only on the change, never when a page for an enrolled learner opens.
 */
function useFocusAfterEnrolling(isEnrolled: boolean | undefined, target: RefObject<HTMLButtonElement | null>) {
  const previous = useRef(isEnrolled);
  useEffect(() => {
    const was = previous.current;
    previous.current = isEnrolled;
    if (was !== false || isEnrolled !== true) return;
    const active = document.activeElement;
    if (!active || active === document.body) target.current?.focus();
  }, [isEnrolled, target]);
}
