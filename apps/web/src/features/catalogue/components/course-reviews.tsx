import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { formatDate } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { courseReviewsQuery } from '../api/catalogue-queries';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex gap-0.5" role="img" aria-label={t('Rated {rating} out of 5', { rating })}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          className={i < rating ? 'size-4 fill-yellow-400 text-yellow-400' : 'size-4 text-border'}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}

/** The latest few reviews of a course, under its lessons. */
export function CourseReviews({ courseId }: { courseId: string }) {
  const query = useQuery(courseReviewsQuery(courseId));
  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <h2 id="reviews-heading" className="text-xl font-semibold">
        {t('Latest reviews')}
      </h2>
      {query.isPending ? (
        <p className="text-sm text-muted">{t('Loading reviews…')}</p>
      ) : query.isError ? (
        <p className="text-sm text-muted">{t('Reviews could not be loaded right now.')}</p>
      ) : query.data.items.length === 0 ? (
        <p className="text-sm text-muted">{t('No reviews yet. Be the first learner to share your experience.')}</p>
      ) : (
        <ul className="space-y-3">
          {query.data.items.map((review) => (
            <li key={review.id} className="rounded-xl border border-border bg-surface p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">{review.author}</p>
                <Stars rating={review.rating} />
              </div>
              <p className="mt-2 text-sm">{review.comment}</p>
              <p className="mt-2 text-xs text-muted">
                <time dateTime={review.createdAt}>{formatDate(review.createdAt, 'short')}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
