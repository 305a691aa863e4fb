import { z } from 'zod';

/** Every error the API sends: a sentence a learner can read (4xx) and a stable machine code. */
export const apiErrorSchema = z.object({
  detail: z.string().optional(),
  code: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Stable, readable identifiers (course slugs, lesson ids, tier ids): lower-case letters, digits and dashes. */
export const slugSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes');

/** PostgreSQL text cannot hold NUL: refused here with a clear 400 instead of failing in the database. */
export const noNul = (text: z.ZodString) =>
  text.refine((value) => !value.includes('\0'), 'Text cannot contain a NUL character.');

export const idParamsSchema = z.object({ id: slugSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export const uuidSchema = z.uuid();

export const difficultySchema = z.enum(['Beginner', 'Intermediate', 'Advanced']);
export type Difficulty = z.infer<typeof difficultySchema>;

export const accessTypeSchema = z.enum(['permanent', 'weekly']);
export type AccessType = z.infer<typeof accessTypeSchema>;

export const successSchema = z.object({ success: z.boolean(), message: z.string() });
export type SuccessResponse = z.infer<typeof successSchema>;
