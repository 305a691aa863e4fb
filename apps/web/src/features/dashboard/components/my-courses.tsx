import type { DashboardEnrollment } from '@kaushal/contract';
import { ArrowRight, BookOpen, Clock } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { t } from '@/lib/i18n/i18n';
import { Link } from '@/lib/router';
import { continueLearningHref } from '../lib/continue-link';
import { ProgressBar } from './progress-bar';

/** 'My Courses': each enrolled course with its progress, time spent, next lesson and Continue Learning. */
export function MyCourses({ enrollments, sample }: { enrollments: DashboardEnrollment[]; sample: boolean }) {
  return (
    <section aria-labelledby="my-courses-title" className="space-y-4">
      <h2 id="my-courses-title" className="text-xl font-semibold">
        {t('My Courses')}
      </h2>
      {enrollments.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-border bg-surface p-8 text-center">
          <BookOpen className="mx-auto size-8 text-accent" aria-hidden="true" />
          <p className="mt-3 font-semibold">{t("You haven't enrolled in any courses yet.")}</p>
          <p className="mt-1 text-sm text-muted">
            {t('Pick a course to start learning; your progress will show here.')}
          </p>
          <Link to="/courses" className={buttonVariants({ className: 'mt-5' })}>
            {t('Browse Courses')}
          </Link>
        </div>
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2">
          {enrollments.map((enrollment) => (
            <CourseProgress key={enrollment.id} enrollment={enrollment} sample={sample} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CourseProgress({ enrollment, sample }: { enrollment: DashboardEnrollment; sample: boolean }) {
  const { title, progress, timeSpent, nextLesson } = enrollment;
  // Sample courses do not exist: their link leads to the catalogue instead.
  const href = sample ? '/courses' : continueLearningHref(enrollment);
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5">
      <h3 className="text-lg font-semibold">{title}</h3>
      <div className="space-y-2">
        <div className="flex items-center justify-between text-sm">
          <span className="text-muted">{t('Progress')}</span>
          <span className="font-semibold">{progress}%</span>
        </div>
        <ProgressBar value={progress} label={t('{course} progress', { course: title })} />
      </div>
      <dl className="grid gap-2 text-sm">
        <div className="flex items-center gap-2">
          <Clock className="size-4 shrink-0 text-muted" aria-hidden="true" />
          <dt className="text-muted">{t('Time spent')}</dt>
          <dd className="font-medium">{timeSpent}</dd>
        </div>
        <div className="flex min-w-0 items-start gap-2">
          <ArrowRight className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
          <dt className="shrink-0 text-muted">{t('Next lesson')}</dt>
          <dd className="min-w-0 font-medium break-words">
            {nextLesson ? nextLesson.title : t('All lessons completed')}
          </dd>
        </div>
      </dl>
      <Link
        to={href}
        aria-label={t('Continue Learning: {course}', { course: title })}
        className={buttonVariants({ className: 'mt-auto' })}
      >
        {t('Continue Learning')}
      </Link>
    </li>
  );
}
