/** The catalogue page asked for in the URL (`?page=`), 1 when missing or not a positive whole number. */
export function pageFromParams(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
