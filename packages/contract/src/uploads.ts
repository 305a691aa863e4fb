import { z } from 'zod';
import { noNul, slugSchema } from './common.ts';

/**
 * The staff console's uploads (decision 020): a lesson's video over the tus resumable-upload protocol, its
 * captions (WebVTT) and the course's thumbnail (an image, re-encoded by the server).
 */

/** 2 GiB: the largest lesson video the console takes. */
export const MAX_VIDEO_UPLOAD_BYTES = 2 * 1024 ** 3;
/** A captions file (WebVTT) at most this size. */
export const MAX_CAPTIONS_BYTES = 1024 ** 2;
/** An image for a course thumbnail at most this size, before it is resized. */
export const MAX_THUMBNAIL_BYTES = 5 * 1024 ** 2;
/** The tus protocol version the server speaks (the `Tus-Resumable` header of every tus request). */
export const TUS_VERSION = '1.0.0';

/**
 * What a tus creation names in its Upload-Metadata (each value base64, as the protocol has it): the lesson the
 * video is for, and the file's name as the staff member chose it (shown back, never used as a path).
 */
export const videoUploadMetadataSchema = z
  .object({
    courseId: slugSchema,
    lessonId: slugSchema,
    filename: noNul(z.string().trim().max(255, 'The file name must be at most 255 characters.')).optional(),
    /** tus-js-client and Uppy send the browser's idea of the type; it is not trusted (ffprobe decides). */
    filetype: z.string().max(100).optional(),
  })
  .strict();
export type VideoUploadMetadata = z.infer<typeof videoUploadMetadataSchema>;

/** An upload's id: the last segment of the URL the creation answered in Location. */
export const videoUploadParamsSchema = z.object({
  uploadId: z.string().regex(/^[0-9a-f]{32}$/, 'This is not an upload id.'),
});

/**
 * uploading: bytes still to come (`offset` of `size`); processing: all arrived, being checked and stored;
 * done: the lesson plays it; refused: not a video the product can play (`detail` says why; the file is deleted);
 * failed: it could not be stored (try again).
 */
export const videoUploadStateSchema = z.enum(['uploading', 'processing', 'done', 'refused', 'failed']);
export type VideoUploadState = z.infer<typeof videoUploadStateSchema>;

/** GET /admin/uploads/videos/:uploadId: where an upload stands, and its outcome once it has one. */
export const videoUploadSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  lessonId: z.string(),
  filename: z.string(),
  size: z.number().int(),
  offset: z.number().int(),
  state: videoUploadStateSchema,
  /** refused or failed: a sentence to show, and its code. */
  detail: z.string().nullable(),
  code: z.string().nullable(),
  /** done: the video's length, now the lesson's. */
  durationSeconds: z.number().int().nullable(),
  /** done: the course's version after the video was set, for the editor's next save. */
  courseVersion: z.number().int().nullable(),
  /** When an unfinished upload is deleted (the protocol's Upload-Expires). */
  expiresAt: z.string(),
});
export type VideoUpload = z.infer<typeof videoUploadSchema>;

/** The version the editor saw: an upload to a course changed since is refused (409), as every staff edit is. */
const version = z.coerce
  .number({ error: 'version is required.' })
  .int('version must be a whole number.')
  .min(1, 'version must be at least 1.')
  .max(2_147_483_647, 'version is too large.');

/** A language tag (BCP 47's common shapes): en, hi, en-IN, pt-BR, zh-Hant. */
export const captionLangSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/, 'The language must be a code such as en, hi or en-IN.');

export const captionParamsSchema = z.object({ id: slugSchema, lessonId: slugSchema, lang: captionLangSchema });

export const captionQuerySchema = z.object({
  version,
  /** The name the player's captions menu shows, e.g. English, हिन्दी. */
  label: noNul(
    z
      .string({ error: 'A label is required, e.g. English.' })
      .trim()
      .min(1, 'A label is required, e.g. English.')
      .max(40, 'The label must be at most 40 characters.'),
  ),
});
export type CaptionQuery = z.infer<typeof captionQuerySchema>;

export const thumbnailQuerySchema = z.object({ version });
