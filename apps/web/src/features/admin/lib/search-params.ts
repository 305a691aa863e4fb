/** A positive page number from the URL (?page=), 1 when missing or malformed. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** One of `allowed` from the URL, or undefined. */
export function choiceParam<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]) {
  const value = params.get(key);
  return allowed.find((option) => option === value);
}

/**
 * The next URL query: `changes` applied (empty values removed), and the page back to 1 unless it is what
 * changes, since a new search or choice starts from its first page.
 */
export function withParams(params: URLSearchParams, changes: Record<string, string | number | undefined>) {
  const next = new URLSearchParams(params);
  if (!('page' in changes)) next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
