import { useQuery } from '@tanstack/react-query';
import { Clock, Star, Users } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { PageFallback } from '@/app/page-fallback';
import { Card, CardTitle } from '@/components/ui/card';
import { DifficultyBadge } from '@/components/ui/difficulty-badge';
import { ApiError, assetUrl } from '@/lib/api-client';
import { formatCount, formatRupees } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { courseQuery } from '../api/catalogue-queries';
import { durationOf, instructorOf, ratingOf, studentsOf } from '../lib/course-defaults';

/** Course detail: main area (badge, title, description, facts, lessons, instructor) and the side panel. */
export function CoursePage() {
  const { id = '' } = useParams();
  const query = useQuery(courseQuery(id));
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
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:px-6 lg:grid-cols-[1fr_380px]">
      <div className="min-w-0 space-y-6">
        <DifficultyBadge difficulty={course.difficulty} />
        <h1 className="text-3xl font-bold md:text-4xl">{course.title}</h1>
        {course.description && <p className="text-lg text-muted">{course.description}</p>}
        <dl className="flex flex-wrap gap-6 text-sm text-muted">
          <div className="flex items-center gap-2">
            <Clock className="size-4" aria-hidden="true" />
            <dt className="sr-only">Duration</dt>
            <dd>{durationOf(course.duration)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Users className="size-4" aria-hidden="true" />
            <dt className="sr-only">Students</dt>
            <dd>{formatCount(studentsOf(course.students))} students</dd>
          </div>
          <div className="flex items-center gap-2">
            <Star className="size-4 fill-yellow-400 text-yellow-400" aria-hidden="true" />
            <dt className="sr-only">Rating</dt>
            <dd>{ratingOf(course.rating).toFixed(1)} / 5</dd>
          </div>
        </dl>
        <Card>
          <CardTitle>Lessons</CardTitle>
          <ol className="mt-4 divide-y divide-border">
            {course.lessons.map((lesson, i) => (
              <li key={lesson.id} className="flex items-center justify-between gap-4 py-3">
                <span>
                  {i + 1}. {lesson.title}
                </span>
                <span className="text-sm text-muted">
                  {lesson.isFree ? 'Free · ' : ''}
                  {lesson.duration}
                </span>
              </li>
            ))}
          </ol>
        </Card>
        <Card>
          <CardTitle>Instructor</CardTitle>
          <p className="mt-2">{instructorOf(course.instructor)}</p>
        </Card>
      </div>
      <aside className="space-y-4" aria-label="Enrollment">
        <img
          src={assetUrl(course.thumbnailUrl)}
          alt=""
          width={640}
          height={360}
          className="aspect-video w-full rounded-2xl border border-border object-cover"
        />
        {course.pricingTiers.length > 0 && (
          <Card>
            <CardTitle>Pricing</CardTitle>
            <ul className="mt-3 space-y-2">
              {course.pricingTiers.map((tier) => (
                <li key={tier.id} className="flex justify-between">
                  <span>{tier.title}</span>
                  <span className="font-semibold">{formatRupees(tier.price)}</span>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </aside>
    </div>
  );
}
