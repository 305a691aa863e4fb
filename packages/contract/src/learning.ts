import { z } from 'zod';
import { lessonResourceSchema } from './resources.ts';
import { MAX_EVENTS_PER_BATCH, MAX_POSITION_SECONDS } from './values.ts';

export const videoTypeSchema = z.enum(['youtube', 'direct']);

export const captionTrackSchema = z.object({ lang: z.string(), label: z.string(), url: z.string() });

export const lessonDetailSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  title: z.string(),
  description: z.string(),
  isFree: z.boolean(),
  duration: z.string(),
  durationSeconds: z.number().int(),
  video_url: z.string().nullable(),
  video_type: z.string().nullable(),
  captions: z.array(captionTrackSchema),
  /** Where the learner left off, in seconds (0 when completed or never started). */
  resumeSeconds: z.number().int(),
  completed: z.boolean(),
  /** Files the lesson offers for download (notebooks, PDFs, datasets), in order. */
  resources: z.array(lessonResourceSchema),
});
export type LessonDetail = z.infer<typeof lessonDetailSchema>;

/** One rendition of a lesson's HLS ladder, for the player's quality menu. */
export const hlsRenditionSchema = z.object({
  /** '240p' … '1080p': the picture's short side. */
  label: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/**
 * A lesson's adaptive stream for one video session (decision 034): the master playlist's URL carries a token
 * that expires at `expiresAt`; the player renews it (GET /lessons/:id/hls-token) after `renewAfterSeconds`.
 */
export const hlsSessionSchema = z.object({
  url: z.string(),
  posterUrl: z.string(),
  expiresAt: z.string(),
  renewAfterSeconds: z.number().int(),
  renditions: z.array(hlsRenditionSchema),
  /**
   * Playlists the player needs first, by their path under the master's folder ('master.m3u8', '240p/index.m3u8'):
   * the master and the lowest rendition's (when small), so the first segment is the first request (decision 039).
   */
  playlists: z.record(z.string(), z.string()).optional(),
});
export type HlsSession = z.infer<typeof hlsSessionSchema>;

export const signedVideoSchema = z.object({
  url: z.string(),
  type: videoTypeSchema,
  sessionId: z.string(),
  /** The HLS ladder once transcoded (null before, and for YouTube): the player prefers it to `url`. */
  hls: hlsSessionSchema.nullable().optional(),
});
export type SignedVideo = z.infer<typeof signedVideoSchema>;

export const progressBodySchema = z.object({
  watchSeconds: z.number().int().min(0).max(MAX_POSITION_SECONDS),
  completed: z.boolean(),
});
export type ProgressBody = z.infer<typeof progressBodySchema>;

export const progressResponseSchema = z.object({
  lessonId: z.string(),
  resumeSeconds: z.number().int(),
  watchedSeconds: z.number().int(),
  completed: z.boolean(),
  hasCompletedFreeLesson: z.boolean(),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

export const videoEventTypeSchema = z.enum(['play', 'pause', 'seek', 'complete']);
export type VideoEventType = z.infer<typeof videoEventTypeSchema>;

export const videoEventSchema = z.object({
  sessionId: z.uuid(),
  eventType: videoEventTypeSchema,
  positionSec: z.number().min(0).max(MAX_POSITION_SECONDS),
});
export type VideoEvent = z.infer<typeof videoEventSchema>;

export const videoEventsBodySchema = z.array(videoEventSchema).min(1).max(MAX_EVENTS_PER_BATCH);
export const videoEventsResponseSchema = z.object({ accepted: z.number().int() });

/** A media path (`/media/<key>`) and its signature; checked by the media route, not by the schema. */
export const mediaParamsSchema = z.object({ '*': z.string() });
export const mediaQuerySchema = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});

export const hlsTokenQuerySchema = z.object({ sessionId: z.uuid() });

/**
 * The HLS routes' paths: the token, then a file of the ladder (`master.m3u8`, `poster.jpg`) or a rendition's name
 * and its file (`240p/index.m3u8`, `240p/seg-00000.ts`); checked by the route, not by the schema. One parameter
 * name at each depth (the router shares the node).
 */
export const hlsFileParamsSchema = z.object({ token: z.string().max(200), name: z.string().max(40) });
export const hlsRenditionFileParamsSchema = z.object({
  token: z.string().max(200),
  name: z.string().max(8),
  file: z.string().max(40),
});
/** The data saver's ceiling: renditions whose short side is above `cap` are left out of the master playlist. */
export const hlsMasterQuerySchema = z.object({ cap: z.coerce.number().int().min(100).max(4320).optional() });
