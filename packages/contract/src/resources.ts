import { z } from 'zod';
import { noNul, slugSchema } from './common.ts';
import { RESOURCE_EXTENSIONS, resourceExtensionOf } from './resource-types.ts';

/**
 * Lesson resources (issue 18): files a lesson offers for download (Jupyter notebooks, PDFs, datasets). Learners
 * see them listed with the lesson and download each through a short-lived link bound to their account.
 */

/**
 * A download's file name: letters, digits, spaces, dots, dashes, underscores and parentheses, not starting
 * with a dot, with one of the allowed extensions. Plain enough for a Content-Disposition header and any disk.
 */
const FILE_NAME = /^[A-Za-z0-9_(][A-Za-z0-9 ._()-]{0,118}$/;

export const resourceFileNameSchema = z
  .string({ error: 'A file name is required.' })
  .max(120, 'The file name must be at most 120 characters.')
  .regex(FILE_NAME, 'The file name may use letters, digits, spaces, dots, dashes, underscores and parentheses.')
  .refine(
    (name) => resourceExtensionOf(name) !== null,
    `A lesson can offer ${RESOURCE_EXTENSIONS.join(', ')} files only.`,
  );

export const resourceTitleSchema = noNul(
  z
    .string({ error: 'A title is required.' })
    .trim()
    .min(1, 'A title is required.')
    .max(200, 'The title must be at most 200 characters.'),
);

/** A resource as learners see it, listed with its lesson (and in the console). */
export const lessonResourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The name the download is saved under. */
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
});
export type LessonResource = z.infer<typeof lessonResourceSchema>;

export const resourceParamsSchema = z.object({ id: z.uuid('This is not a resource id.') });

/** GET /resources/:id/signed-url: where to download the file from, for this account, until `expiresAt`. */
export const signedResourceSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type SignedResource = z.infer<typeof signedResourceSchema>;

/** The signed link's expiry and signature; checked by the route, not by the schema. */
export const resourceFileQuerySchema = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});

// ------------------------------------------------------------------------------------------------- console

const version = z.coerce
  .number({ error: 'version is required.' })
  .int('version must be a whole number.')
  .min(1, 'version must be at least 1.')
  .max(2_147_483_647, 'version is too large.');

export const adminResourcesParamsSchema = z.object({ id: slugSchema, lessonId: slugSchema });
export const adminResourceParamsSchema = adminResourcesParamsSchema.extend({
  resourceId: z.uuid('This is not a resource id.'),
});

/** POST …/resources?version=&title=&fileName= with the file's bytes as the body (application/octet-stream). */
export const resourceUploadQuerySchema = z.object({
  version,
  title: resourceTitleSchema,
  fileName: resourceFileNameSchema,
});
export type ResourceUploadQuery = z.infer<typeof resourceUploadQuerySchema>;

/** A JSON body's version: a number, as every console save sends it. */
const bodyVersion = z.number({ error: 'version is required.' }).int().min(1).max(2_147_483_647);

export const updateResourceBodySchema = z.object({ version: bodyVersion, title: resourceTitleSchema }).strict();
export const resourceVersionQuerySchema = z.object({ version });
export const resourceOrderBodySchema = z
  .object({ version: bodyVersion, resourceIds: z.array(z.uuid('This is not a resource id.')).min(1).max(50) })
  .strict();
