import { mailLocale } from '../mail/index.ts';

/**
 * Time really watched as a certificate words it: "3 h 20 min", "45 min", "less than a minute". The certificate
 * itself is in English; its email words it in the learner's language with the same rule (MailLocale.watched).
 */
export function formatWatchedTime(seconds: number): string {
  return mailLocale('en').watched(seconds);
}

const issueDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A certificate's date as learners in India read it: 25 November 2026. */
export function formatIssueDate(date: Date): string {
  return issueDate.format(date);
}
