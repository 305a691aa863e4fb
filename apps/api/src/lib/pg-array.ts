/**
 * A PostgreSQL array literal for one parameter (`${pgArray(values)}::uuid[]`): every element quoted, so any text
 * (a lesson id, a JSON document) travels as it is; null is SQL NULL. One parameter whatever the number of values,
 * and `unnest()` of it lets the planner see how many rows it holds (jsonb_to_recordset is always guessed at 100,
 * which turns a join on a large table into a sequential scan of it).
 */
export function pgArray(values: ReadonlyArray<string | number | boolean | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}
