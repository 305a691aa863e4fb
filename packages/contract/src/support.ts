import { z } from 'zod';
import { CONTACT_LIMITS } from './values.ts';

export const contactCategorySchema = z.enum([
  'general',
  'technical',
  'billing',
  'courses',
  'business',
  'partnership',
  'other',
]);
export type ContactCategory = z.infer<typeof contactCategorySchema>;

const required = (field: string, max: number) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} must be at most ${max} characters.`)
    // The database's text cannot hold a NUL byte: refused here rather than failing the insert with a 500.
    .refine((value) => !value.includes('\0'), `${field} cannot contain a NUL character.`);

export const contactMessageSchema = z.object({
  name: required('Name', CONTACT_LIMITS.name),
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters.`)
    .pipe(z.email('Email must be a valid email address.')),
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone, `Phone must be at most ${CONTACT_LIMITS.phone} characters.`)
    .regex(/^[0-9+()\-.\s]*$/, 'Phone may contain only digits, spaces and + ( ) - .')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .nullable(),
  subject: required('Subject', CONTACT_LIMITS.subject),
  category: contactCategorySchema,
  message: required('Message', CONTACT_LIMITS.message),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  ticket_id: z.string(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** GET /contact/health: the contact service can take messages (its database answers). */
export const contactHealthSchema = z.object({
  status: z.literal('ok'),
  service: z.literal('contact'),
});
export type ContactHealth = z.infer<typeof contactHealthSchema>;

/** The signed token of a reminder's unsubscribe link: `<learner id>.<HMAC>`, both URL-safe. */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string()
    .max(200)
    .regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/, 'The unsubscribe link is incomplete or changed.'),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/** RFC 8058: a one-click unsubscribe posts exactly this pair (form-encoded or multipart). */
export const oneClickUnsubscribeSchema = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: 'The body must be List-Unsubscribe=One-Click.' }),
});
