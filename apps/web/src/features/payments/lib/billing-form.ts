import {
  type BillingProfile,
  type BillingProfileBody,
  billingProfileBodySchema,
  GSTIN_STATE_MISMATCH,
  isValidGstin,
} from '@kaushal/contract';
import { ApiError } from '@/lib/api-client';
import { msg } from '@/lib/i18n/i18n';
import { sentence, validationIssues } from '@/lib/validation-issues';
import { errorText } from './error-text';

/** The billing dialog's fields, named as the API names them (so a server's message lands on its field). */
export type BillingField = 'name' | 'stateCode' | 'gstin' | 'address';
export type BillingErrors = Partial<Record<BillingField, string>>;

export interface BillingDraft {
  name: string;
  stateCode: string;
  gstin: string;
  address: string;
}

export const BILLING_FIELDS: readonly BillingField[] = ['name', 'stateCode', 'gstin', 'address'];

/** What the dialog starts with: the saved profile, else the account's name and nothing else. */
export function billingDraft(profile: BillingProfile | null, accountName: string): BillingDraft {
  return {
    name: profile?.name ?? accountName,
    stateCode: profile?.stateCode ?? '',
    gstin: profile?.gstin ?? '',
    address: profile?.address ?? '',
  };
}

/**
 * The contract's own check (the server runs the same), every problem at once: the schema checks the GSTIN's
 * state code against the billing state only once every field is otherwise valid, so that match is asked here
 * too, whenever the GSTIN itself is valid and a state is chosen.
 */
export function checkBillingDraft(
  draft: BillingDraft,
): { ok: true; body: BillingProfileBody } | { ok: false; errors: BillingErrors } {
  const parsed = billingProfileBodySchema.safeParse(draft);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: BillingErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isBillingField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  const gstin = draft.gstin.trim().toUpperCase();
  if (!errors.gstin && !errors.stateCode && gstin && isValidGstin(gstin) && gstin.slice(0, 2) !== draft.stateCode) {
    errors.gstin = GSTIN_STATE_MISMATCH;
  }
  return { ok: false, errors };
}

export function isBillingField(field: unknown): field is BillingField {
  return typeof field === 'string' && (BILLING_FIELDS as readonly string[]).includes(field);
}

/**
 * A refused save on the form: the server's 400 names each bad field (shown on it); anything else is one
 * message for the whole form.
 */
export function billingErrorsFrom(error: unknown): { fields: BillingErrors; form?: string } {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.detail) {
    return { fields: {}, form: errorText(error, msg('Your billing details could not be saved. Please try again.')) };
  }
  const fields: BillingErrors = {};
  const rest: string[] = [];
  for (const issue of validationIssues(error.detail)) {
    const field = issue.path.split('.')[0];
    if (isBillingField(field)) fields[field] ??= sentence(issue.message);
    else rest.push(sentence(issue.message));
  }
  return rest.length > 0 ? { fields, form: rest.join(' ') } : { fields };
}
