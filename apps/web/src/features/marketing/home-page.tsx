import { FEATURED_PLACEHOLDERS } from '@kaushal/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CourseCard, CourseCardSkeleton, featuredCoursesQuery, LoadError, statsQuery } from '@/features/catalogue';
import { formatStudentsShort } from '@/lib/format';
import { site } from '@/lib/site';
import { usePageTitle } from '@/lib/use-page-title';

export function HomePage() {
  usePageTitle(undefined);
  const featured = useQuery(featuredCoursesQuery());
  const stats = useQuery(statsQuery());

  return (
    <>
      <section className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-16 md:px-6 md:py-24">
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight md:text-6xl">
          Become an <span className="text-accent">AI engineer</span> with {site.productName}
        </h1>
        <p className="max-w-2xl text-lg text-muted">{site.tagline}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/login">Sign in to start learning</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/courses">Browse courses</Link>
          </Button>
        </div>
      </section>

      <section aria-label="Key figures" className="border-y border-border bg-surface">
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-6 px-4 py-8 text-center md:grid-cols-4 md:px-6">
          <div>
            <dt className="text-sm text-muted">Students</dt>
            <dd className="h-9 text-3xl font-bold">{stats.data ? formatStudentsShort(stats.data.students) : ''}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Rating</dt>
            <dd className="h-9 text-3xl font-bold">{stats.data ? `${stats.data.rating.toFixed(1)}/5` : ''}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">CTOs consulted</dt>
            <dd className="h-9 text-3xl font-bold">20+</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Job success in AI</dt>
            <dd className="h-9 text-3xl font-bold">95%</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-16 md:px-6">
        <h2 id="featured-heading" className="mb-8 text-3xl font-bold">
          Featured courses
        </h2>
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
    </>
  );
}
