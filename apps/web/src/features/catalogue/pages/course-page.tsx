import type { CourseDetail, PricingTier } from '@kaushal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Ref, useCallback, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { PageFallback } from '@/app/page-fallback';
import { DifficultyBadge } from '@/components/ui/difficulty-badge';
import { LessonPlayerDialog, useOpenLesson } from '@/features/learning';
import { EnrollButton, PayButton, type PayButtonHandle } from '@/features/payments';
import { ApiError } from '@/lib/api-client';
import { catalogueKeys } from '@/lib/query-keys';
import { usePageTitle } from '@/lib/use-page-title';
import { courseQuery } from '../api/catalogue-queries';
import { CourseFacts } from '../components/course-facts';
import { CourseReviews } from '../components/course-reviews';
import { CourseSidePanel } from '../components/course-side-panel';
import { InstructorCard } from '../components/instructor-card';
import { LessonList } from '../components/lesson-list';
import { useLessonDeepLink } from '../hooks/use-lesson-deep-link';
import { defaultTierId, isPricingVisible } from '../lib/course-access';

/**
 * Course detail: the main area (badge, title, description, facts, lessons, instructor, reviews) and the side
 * panel, with enrollment and payment (features/payments) and the lesson player (features/learning) plugged in.
 */
export function CoursePage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery(courseQuery(id));
  const [chosenTierId, setChosenTierId] = useState<string | null>(null);
  /** The player saw a free lesson end: pricing shows at once, before the reloaded course data says so. */
  const [freeLessonFinished, setFreeLessonFinished] = useState(false);
  const payButton = useRef<PayButtonHandle>(null);
  const player = useOpenLesson(query.data);
  const { dialogProps } = player;
  const closePlayer = dialogProps.onOpenChange;
  usePageTitle(query.data?.title);

  useLessonDeepLink(query.data?.lessons, {
    playingLessonId: dialogProps.open ? dialogProps.lessonId : null,
    openLesson: player.openLesson,
    close: useCallback(() => closePlayer(false), [closePlayer]),
  });

  const reloadCourse = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.course(id) }),
    [queryClient, id],
  );

  /** A tier chosen in the player's completion popup: select it here and start paying for it. */
  const chooseTier = useCallback((tier: PricingTier) => {
    setChosenTierId(tier.id);
    document.getElementById('course-side-panel')?.scrollIntoView({ block: 'nearest' });
    payButton.current?.pay(tier.id);
  }, []);

  if (query.isPending) return <PageFallback />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
      return <Navigate to="/404" replace />;
    }
    return (
      <p role="alert" className="mx-auto max-w-xl px-4 py-24 text-center text-muted">
        Failed to load course details. Please try again.
      </p>
    );
  }
  const course: CourseDetail = freeLessonFinished ? { ...query.data, hasCompletedFreeLesson: true } : query.data;
  const selectedTierId =
    chosenTierId && course.pricingTiers.some((t) => t.id === chosenTierId)
      ? chosenTierId
      : defaultTierId(course.pricingTiers);

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
        aria-label="Enrollment"
        className="min-w-0 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
      >
        <CourseSidePanel
          course={course}
          enrollAction={<EnrollAction course={course} selectedTierId={selectedTierId} payButton={payButton} />}
          selectedTierId={selectedTierId}
          onSelectTier={setChosenTierId}
          onStartFreeLesson={() => void player.startFreeLesson()}
        />
      </aside>

      <div className="min-w-0 space-y-8">
        <section aria-labelledby="lessons-heading" className="space-y-4">
          <h2 id="lessons-heading" className="text-xl font-semibold">
            Lessons <span className="text-base font-normal text-muted">({course.lessons.length})</span>
          </h2>
          <LessonList
            lessons={course.lessons}
            isEnrolled={course.isEnrolled}
            onSelectLesson={(lesson) => void player.openLesson(lesson)}
            activeLessonId={dialogProps.open ? dialogProps.lessonId : null}
            pendingLessonId={player.pendingLessonId}
          />
        </section>
        <InstructorCard instructor={course.instructor} />
        <CourseReviews courseId={course.id} />
      </div>

      <LessonPlayerDialog
        course={course}
        {...dialogProps}
        onFreeLessonCompleted={() => setFreeLessonFinished(true)}
        onCourseDataStale={reloadCourse}
        onChooseTier={chooseTier}
      />
    </div>
  );
}

/**
 * The side panel's enroll control: Enroll for Free on a free course; on a paid one, the pay button for the
 * selected tier while the tiers show (else the course's own price, lifetime access), none with lifetime access.
 * A running week can be extended (or upgraded to lifetime), an expired one renewed.
 */
function EnrollAction({
  course,
  selectedTierId,
  payButton,
}: {
  course: CourseDetail;
  selectedTierId: string | null;
  payButton: Ref<PayButtonHandle>;
}) {
  if (course.price === 0) return <EnrollButton courseId={course.id} enrolled={course.isEnrolled} />;
  const status = course.enrollmentStatus;
  if (course.isEnrolled && status?.status === 'permanent') return null;
  const tiersShown = isPricingVisible(course) && course.pricingTiers.length > 0;
  const tier = tiersShown ? course.pricingTiers.find((t) => t.id === selectedTierId) : undefined;
  const label = course.isEnrolled
    ? tier?.accessType === 'permanent'
      ? 'Upgrade to Lifetime Access'
      : 'Extend Access'
    : status?.status === 'expired'
      ? 'Renew Access'
      : 'Enroll Now';
  return (
    <PayButton ref={payButton} courseId={course.id} pricingTierId={tier?.id ?? null}>
      {label}
    </PayButton>
  );
}
