const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** '25 Nov 2026, 9:34 am' in the reader's time zone. */
export const formatWhen = (iso: string) => when.format(new Date(iso));
