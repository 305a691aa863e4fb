import type { LessonSummary } from '@kaushal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { PageFallback } from '@/app/page-fallback';
import { DifficultyBadge } from '@/components/ui/difficulty-badge';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { courseQuery } from '../api/catalogue-queries';
import { CourseFacts } from '../components/course-facts';
import { CourseReviews } from '../components/course-reviews';
import { CourseSidePanel } from '../components/course-side-panel';
import { EnrollCallToAction } from '../components/enroll-call-to-action';
import { InstructorCard } from '../components/instructor-card';
import { LessonList } from '../components/lesson-list';
import { useAccessGate } from '../hooks/use-access-gate';
import { ACCESS_MESSAGES } from '../lib/access-messages';
import { defaultTierId, firstFreeLesson, lessonGate } from '../lib/course-access';

/** Course detail: the main area (badge, title, description, facts, lessons, instructor, reviews) and the side panel. */
export function CoursePage() {
  const { id = '' } = useParams();
  const query = useQuery(courseQuery(id));
  const [searchParams, setSearchParams] = useSearchParams();
  const [chosenTierId, setChosenTierId] = useState<string | null>(null);
  const gate = useAccessGate();
  const session = useSession();
  usePageTitle(query.data?.title);

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
  const course = query.data;
  const selectedTierId =
    chosenTierId && course.pricingTiers.some((t) => t.id === chosenTierId)
      ? chosenTierId
      : defaultTierId(course.pricingTiers);
  const activeLessonId = searchParams.get('lesson');

  /** Opening a lesson is a URL change (`?lesson=<id>`, DESIGN 5a), so the player follows the URL. */
  const openLesson = (lesson: LessonSummary) =>
    setSearchParams(
      (params) => {
        params.set('lesson', lesson.id);
        return params;
      },
      { preventScrollReset: true },
    );

  const onSelectLesson = async (lesson: LessonSummary) => {
    const verdict = lessonGate(lesson, { signedIn: await gate.isSignedIn(), isEnrolled: course.isEnrolled });
    if (verdict === 'sign-in') return gate.requireSignIn('lesson');
    if (verdict === 'enroll') return toast(ACCESS_MESSAGES.enrollmentRequired);
    if (verdict === 'no-video') return toast(ACCESS_MESSAGES.noVideo);
    openLesson(lesson);
  };

  const onStartFreeLesson = () => {
    const lesson = firstFreeLesson(course.lessons);
    if (!lesson) return toast(ACCESS_MESSAGES.noFreeLesson);
    return onSelectLesson(lesson);
  };

  // Anonymous visitors get the spec's sign-in message; the enrollment flow supplies the signed-in action.
  const signInToEnroll = async () => {
    if (!(await gate.isSignedIn())) gate.requireSignIn('enroll');
  };
  const enrollAction =
    session.status === 'authenticated' ? null : <EnrollCallToAction course={course} onClick={signInToEnroll} />;

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
          enrollAction={enrollAction}
          selectedTierId={selectedTierId}
          onSelectTier={setChosenTierId}
          onStartFreeLesson={onStartFreeLesson}
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
            onSelectLesson={onSelectLesson}
            activeLessonId={activeLessonId}
          />
        </section>
        <InstructorCard instructor={course.instructor} />
        <CourseReviews courseId={course.id} />
      </div>
    </div>
  );
}
