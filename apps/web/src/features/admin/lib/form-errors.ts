import { ApiError } from '@/lib/api-client';
import { sentence, validationIssues } from '@/lib/validation-issues';

/** What a refused write means for a form: messages next to its fields, one for the whole form, and whether
 * the course changed under the editor (409 stale_version: reload, then edit again). */
export interface FormErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  form?: string;
  stale: boolean;
}

export const noFormErrors = { fields: {}, stale: false } as const satisfies FormErrors<never>;

// Reading the API's 400 detail is shared with the learner's forms (lib/validation-issues).
export { sentence, validationIssues };

/** A readable sentence for an error that has no field of its own. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    if (error.status === 0) return 'Could not reach the server. Check your connection and try again.';
    if (error.status >= 500) return 'Something went wrong on our side. Please try again.';
  }
  return 'The request failed. Please try again.';
}

/**
 * Maps a refused write onto a form. `fieldOf` names the form field for each API field the form edits
 * (pricePaise → price); `codeFields` puts a coded refusal next to its field (course_id_taken → id). Issues for
 * fields the form does not show go to the form's own message, so nothing the API said is lost.
 */
export function formErrorsFrom<F extends string>(
  error: unknown,
  fieldOf: Partial<Record<string, F>>,
  codeFields: Partial<Record<string, F>> = {},
): FormErrors<F> {
  const fields: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return { fields, form: errorMessage(error), stale: false };
  const coded = codeFields[error.code];
  if (coded && error.detail) return { fields: { [coded]: error.detail } as Partial<Record<F, string>>, stale: false };
  if (error.status !== 400 || !error.detail) {
    return { fields, form: errorMessage(error), stale: error.code === 'stale_version' };
  }
  const rest: string[] = [];
  for (const issue of validationIssues(error.detail)) {
    const field = fieldOf[issue.path.split('.')[0] ?? ''];
    if (field && fields[field] === undefined) fields[field] = sentence(issue.message);
    else if (!field) rest.push(issue.path ? `${issue.path}: ${sentence(issue.message)}` : sentence(issue.message));
  }
  return rest.length > 0 ? { fields, form: rest.join(' '), stale: false } : { fields, stale: false };
}
