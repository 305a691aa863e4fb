/** The API's 400 detail names each bad field: 'Invalid request body: title: Title must…; pricePaise: Price…'. */
const DETAIL_PREFIX = /^Invalid [a-z ]+: /;
const FIELD_ISSUE = /^([A-Za-z][\w]*(?:\.[\w]+)*): (.+)$/s;

/** A message as a sentence: capital first letter, a full stop at the end. */
export function sentence(text: string): string {
  const trimmed = text.trim().replace(/[.;]+$/, '');
  return trimmed ? `${trimmed[0]?.toUpperCase()}${trimmed.slice(1)}.` : '';
}

/** Splits a 400 detail into (API field path, message) pairs; a message without a field has path ''. */
export function validationIssues(detail: string): Array<{ path: string; message: string }> {
  if (!DETAIL_PREFIX.test(detail)) return [{ path: '', message: detail }];
  return detail
    .replace(DETAIL_PREFIX, '')
    .split(/;\s+/)
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const match = FIELD_ISSUE.exec(part.trim());
      return match ? { path: match[1] ?? '', message: match[2] ?? '' } : { path: '', message: part };
    });
}
