import { COURSES_PAGE_SIZE } from '@kaushal/contract';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n/i18n';
import { useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { coursesPageQuery } from '../api/catalogue-queries';
import { CatalogueFiltersPanel } from '../components/catalogue-filters-panel';
import { CourseCard, CourseCardSkeleton } from '../components/course-card';
import { LoadError } from '../components/load-error';
import { SearchCombobox } from '../components/search-combobox';
import { searchResultMatch } from '../components/search-result-match';
import { type CatalogueFilters, filtersFromParams, hasFilters, paramsOf } from '../lib/catalogue-filters';
import { pageFromParams } from '../lib/page-from-params';

/**
 * Paged grid, 9 per page, with search, filters and sort (decision 028). The page, the search and every filter
 * live in the URL, so back/forward, a reload and a shared link show the same results; the server draws the
 * first paint from the same URL.
 */
export function CoursesPage() {
  usePageTitle(t('All courses'));
  const [params, setParams] = useSearchParams();
  const requested = pageFromParams(params);
  const filters = filtersFromParams(params);
  const filtered = hasFilters(filters);
  const query = useQuery(coursesPageQuery(requested, COURSES_PAGE_SIZE, filters));
  const data = query.data;
  const page = data?.page ?? requested;
  const pages = data?.pages ?? 0;

  // The API clamps a page past the end (or a malformed one) to a real page: show that page's number in the URL.
  const served = query.isPlaceholderData ? undefined : data?.page;
  useEffect(() => {
    if (served === undefined || served === requested) return;
    setParams(paramsOf(filtersFromParams(params), served), { replace: true });
  }, [served, requested, params, setParams]);

  const goTo = (next: number) => {
    setParams(paramsOf(filters, next));
    window.scrollTo({ top: 0 });
  };
  // A new search or filter starts again at page 1.
  const applyFilters = (next: CatalogueFilters) => setParams(paramsOf(next));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 md:px-6">
      <header className="mb-8 space-y-2">
        <h1 className="text-3xl font-bold md:text-4xl">{t('All courses')}</h1>
        <p className="text-muted">
          {t('Project-based courses that take you from fundamentals to shipping AI systems.')}
        </p>
      </header>

      {/* biome-ignore lint/a11y/useSemanticElements: the same landmark as <search>, which the tests' DOM (happy-dom) does not know, so React warns there. */}
      <div role="search" aria-label={t('Catalogue')} className="mb-8 space-y-3">
        <SearchCombobox
          label={t('Search courses')}
          defaultValue={filters.q ?? ''}
          onSearch={(q) => applyFilters({ ...filters, q: q || undefined, sort: q ? filters.sort : undefined })}
          className="max-w-xl"
        />
        <CatalogueFiltersPanel filters={filters} onChange={applyFilters} />
        {filtered && data && !query.isPlaceholderData && (
          <p className="text-sm text-muted" aria-live="polite">
            {t('{count, plural, one {# course found} other {# courses found}}', { count: data.total })}
          </p>
        )}
      </div>

      {query.isError && !data ? (
        <LoadError onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: COURSES_PAGE_SIZE }, (_, i) => (
            <CourseCardSkeleton key={i} />
          ))}
        </div>
      ) : data && data.items.length === 0 ? (
        <div className="space-y-4 py-16 text-center">
          <p className="text-lg text-muted">{t('No courses available at the moment.')}</p>
          {filtered && (
            <Button variant="secondary" onClick={() => applyFilters({})}>
              {t('Clear search and filters')}
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul
            className="grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 aria-busy:opacity-60"
            aria-label={t('Courses')}
            aria-busy={query.isPlaceholderData}
          >
            {data?.items.map((course, index) => (
              <li key={course.id} className="flex">
                <CourseCard course={course} headingLevel={2} priority={index === 0} match={searchResultMatch(course)} />
              </li>
            ))}
          </ul>
          {/* One row down to 360 px (a phone's 375 fits with room to spare); narrower, the page count
              takes a line of its own above the buttons rather than wrapping inside itself. */}
          <nav
            aria-label={t('Pagination')}
            className="mt-10 flex flex-wrap items-center justify-center gap-x-3 gap-y-3 sm:gap-x-4"
          >
            <Button variant="secondary" className="px-4 sm:px-5" onClick={() => goTo(page - 1)} disabled={page <= 1}>
              <ChevronLeft aria-hidden="true" />
              {t('Previous')}
            </Button>
            {pages > 1 && (
              <span
                className="text-sm whitespace-nowrap text-muted max-[359px]:order-first max-[359px]:basis-full max-[359px]:text-center"
                aria-live="polite"
              >
                {t('Page {page} of {pages}', { page, pages })}
              </span>
            )}
            <Button
              variant="secondary"
              className="px-4 sm:px-5"
              onClick={() => goTo(page + 1)}
              disabled={page >= pages}
            >
              {t('Next')}
              <ChevronRight aria-hidden="true" />
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
