import { Clock, Star, Users } from 'lucide-react';
import { formatCount } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { durationOf, ratingOf, studentsOf } from '../lib/course-defaults';

/** Duration, students and rating of a course, with the spec's defaults for missing values. */
export function CourseFacts({ duration, students, rating }: { duration: string; students: number; rating: number }) {
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
      <div className="flex items-center gap-2">
        <Clock className="size-4 text-accent" aria-hidden="true" />
        <dt className="sr-only">{t('Duration')}</dt>
        <dd>{durationOf(duration)}</dd>
      </div>
      <div className="flex items-center gap-2">
        <Users className="size-4 text-accent" aria-hidden="true" />
        <dt className="sr-only">{t('Students')}</dt>
        <dd>{t('{students} students', { students: formatCount(studentsOf(students)) })}</dd>
      </div>
      <div className="flex items-center gap-2">
        <Star className="size-4 fill-yellow-400 text-yellow-400" aria-hidden="true" />
        <dt className="sr-only">{t('Rating')}</dt>
        <dd>{ratingOf(rating).toFixed(1)} / 5</dd>
      </div>
    </dl>
  );
}
