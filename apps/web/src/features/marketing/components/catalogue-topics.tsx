import { HOME_COURSES_PAGE_SIZE } from '@kaushal/contract';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { coursesPageQuery, LoadError } from '@/features/catalogue';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';

/** A quick way into the catalogue: the first page of courses (spec: home asks for page 1, size 10). */
export function CatalogueTopics() {
  const query = useQuery(coursesPageQuery(1, HOME_COURSES_PAGE_SIZE));
  return (
    <section aria-labelledby="topics-heading" className="mx-auto max-w-7xl px-4 pb-16 md:px-6">
      <h2 id="topics-heading" className="mb-2 text-2xl font-bold">
        {t('Explore the catalogue')}
      </h2>
      <p className="mb-6 text-muted">
        {query.data
          ? t('{count} courses, from Python foundations to shipping LLM systems.', { count: query.data.total })
          : t('From Python foundations to shipping LLM systems.')}
      </p>
      {query.isError ? (
        <LoadError onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <div className="flex flex-wrap gap-3" aria-hidden="true">
          {Array.from({ length: HOME_COURSES_PAGE_SIZE }, (_, i) => (
            <Skeleton key={i} className="h-10 w-44" />
          ))}
        </div>
      ) : (
        <ul className="flex flex-wrap gap-3">
          {query.data.items.map((course) => (
            <li key={course.id}>
              <Link
                to={`/course/${course.id}`}
                className="inline-flex h-10 items-center rounded-full border border-border bg-surface px-4 text-sm font-medium transition-colors hover:border-accent hover:text-accent"
              >
                {course.title}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to="/courses"
              className="inline-flex h-10 items-center rounded-full bg-accent/15 px-4 text-sm font-semibold text-accent hover:bg-accent/25"
            >
              {t('See every course')}
            </Link>
          </li>
        </ul>
      )}
    </section>
  );
}
