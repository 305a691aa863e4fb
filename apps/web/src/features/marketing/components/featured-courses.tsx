import { FEATURED_PLACEHOLDERS } from '@kaushal/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CourseCard, CourseCardSkeleton, featuredCoursesQuery, LoadError } from '@/features/catalogue';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';

/** The featured grid: exactly 6 placeholders while loading, the spec's error message on failure. */
export function FeaturedCourses() {
  const featured = useQuery(featuredCoursesQuery());
  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-16 md:px-6">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-2">
          <h2 id="featured-heading" className="text-3xl font-bold">
            {t('Featured courses')}
          </h2>
          <p className="text-muted">{t('Hand-picked, project-based courses to start with.')}</p>
        </div>
        <Button asChild variant="ghost">
          <Link to="/courses">
            {t('View all courses')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      {featured.isError ? (
        <LoadError onRetry={() => featured.refetch()} />
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={featured.isPending}>
          {featured.isPending
            ? Array.from({ length: FEATURED_PLACEHOLDERS }, (_, i) => (
                <li key={i}>
                  <CourseCardSkeleton />
                </li>
              ))
            : featured.data.map((course) => (
                <li key={course.id} className="flex">
                  <CourseCard course={course} />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
