/** Time really watched as a certificate words it: "3 h 20 min", "45 min", "less than a minute". */
export function formatWatchedTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
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
