import type { CourseSummary } from '@kaushal/contract';
import { Clock, Star, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { DifficultyBadge } from '@/components/ui/difficulty-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { assetUrl } from '@/lib/api-client';
import { formatCount, formatPrice } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { durationOf, ratingOf, studentsOf } from '../lib/course-defaults';
import { shortenDescription } from '../lib/shorten-description';

/**
 * `priority`: the card is the page's first, in view on load: its image loads at once (the page's LCP). `match`
 * (a search result: components/search-result-match) replaces the title and description with marked ones and
 * adds the lesson that matched; the home page never loads that code.
 */
export function CourseCard({
  course,
  headingLevel = 3,
  priority = false,
  match,
}: {
  course: CourseSummary;
  headingLevel?: 2 | 3;
  priority?: boolean;
  match?: { title: ReactNode; description: ReactNode | null; lesson: ReactNode | null };
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-border bg-surface transition-colors hover:border-accent/60">
      <img
        src={assetUrl(course.thumbnailUrl)}
        alt=""
        width={640}
        height={360}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className="aspect-video w-full bg-surface-2 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-2">
          <DifficultyBadge difficulty={course.difficulty} />
          <span className="text-sm font-bold text-accent">{formatPrice(course.price)}</span>
        </div>
        <Heading className="text-lg leading-snug font-semibold">
          <Link to={`/course/${course.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {match ? match.title : course.title}
          </Link>
        </Heading>
        <p className="flex-1 text-sm text-muted">
          {match?.description ?? shortenDescription(course.description, course.title, course.difficulty)}
        </p>
        {match?.lesson}
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          <div className="flex items-center gap-1">
            <dt className="sr-only">{t('Duration')}</dt>
            <Clock className="size-3.5" aria-hidden="true" />
            <dd>{durationOf(course.duration)}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt className="sr-only">{t('Students')}</dt>
            <Users className="size-3.5" aria-hidden="true" />
            <dd>{t('{students} students', { students: formatCount(studentsOf(course.students)) })}</dd>
          </div>
          <div className="flex items-center gap-1">
            <dt className="sr-only">{t('Rating')}</dt>
            <Star className="size-3.5 fill-yellow-400 text-yellow-400" aria-hidden="true" />
            <dd>{ratingOf(course.rating).toFixed(1)}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}

export function CourseCardSkeleton() {
  return (
    <div
      className="flex flex-col overflow-hidden rounded-2xl border border-border bg-surface"
      data-testid="course-card-skeleton"
    >
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="flex flex-col gap-3 p-5">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  );
}
