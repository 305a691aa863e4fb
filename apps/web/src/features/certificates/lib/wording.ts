import type { Certificate } from '@kaushal/contract';
import { formatDate } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';

// The same words and dates on the server's first paint and in the browser: India's time zone, in the
// interface's language (the server draws the page in the visitor's language too).

/** 25 November 2026. */
export const formatCertificateDate = (iso: string) => formatDate(iso, 'long');

/** Time really watched: "3 h 20 min", "45 min", "less than a minute". */
export function formatWatchedTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return t('less than a minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('{minutes} min', { minutes: rest });
  return rest === 0 ? t('{hours} h', { hours }) : t('{hours} h {minutes} min', { hours, minutes: rest });
}

/** One sentence of what the certificate states, for the page's description and link previews. */
export function describeCertificate(c: Certificate, productName: string): string {
  const facts = {
    learner: c.learnerName,
    course: c.course.title,
    date: formatCertificateDate(c.issuedAt),
    time: formatWatchedTime(c.watchedSeconds),
  };
  const completed =
    c.quizScores.length > 0
      ? t('{learner} completed {course} on {date}: watched {time} of lessons, and passed every quiz.', facts)
      : t('{learner} completed {course} on {date}: watched {time} of lessons.', facts);
  const status =
    c.status === 'revoked' && c.revokedAt
      ? t('Revoked on {date}.', { date: formatCertificateDate(c.revokedAt) })
      : t('Verified by {product}.', { product: productName });
  return `${completed} ${status}`;
}
