import type { Certificate } from '@kaushal/contract';

// The same words and dates on the server's first paint and in the browser: India's time zone, fixed locale.
const dateFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** 25 November 2026. */
export const formatCertificateDate = (iso: string) => dateFormat.format(new Date(iso));

/** Time really watched: "3 h 20 min", "45 min", "less than a minute". */
export function formatWatchedTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** One sentence of what the certificate states, for the page's description and link previews. */
export function describeCertificate(c: Certificate, productName: string): string {
  const quizzes = c.quizScores.length > 0 ? ', and passed every quiz' : '';
  const status =
    c.status === 'revoked' && c.revokedAt
      ? `Revoked on ${formatCertificateDate(c.revokedAt)}.`
      : `Verified by ${productName}.`;
  return `${c.learnerName} completed ${c.course.title} on ${formatCertificateDate(c.issuedAt)}: watched ${formatWatchedTime(c.watchedSeconds)} of lessons${quizzes}. ${status}`;
}
