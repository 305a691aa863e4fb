import type { Readable } from 'node:stream';
import { RESOURCE_TYPES } from '@kaushal/contract';
import type { FastifyReply } from 'fastify';

/**
 * Where lesson videos, captions, resources, uploaded thumbnails and the demo video live (decision 033). Callers
 * ask for a playable URL or hand the store a reply, and never touch files themselves: the local folder (the
 * embedded default) streams from disk, an S3-compatible bucket answers with short-lived presigned URLs.
 */
export interface MediaStore {
  /** 'local': this process streams the bytes; 's3': the browser fetches them from the bucket (or its CDN). */
  readonly kind: 'local' | 's3';
  /**
   * A short-lived URL the browser can load the media `key` from: the API's signed media route (local), or a
   * presigned bucket URL (S3). `download`: how the bucket should answer it (the local route's caller sets
   * its own headers).
   */
  signedUrl(key: string, now: Date, download?: DownloadHeaders): Promise<SignedMedia>;
  /**
   * Answers a request for the media `key` (already authorised by the caller) with the given Cache-Control: the
   * local folder streams it with HTTP Range; the bucket store redirects (302) to a presigned URL and never sends
   * the bytes itself. `download` names the file (Content-Disposition) and its type.
   */
  send(reply: FastifyReply, key: string, cacheControl: string, download?: DownloadHeaders): Promise<FastifyReply>;
  /**
   * Stores new media under `key`, from a file (which stays where it is: the local folder links it when it can,
   * else copies) or from bytes. Keys are never reused: a replaced video or caption gets a new key, so a learner
   * playing the old one keeps a working link. Only keys under WRITABLE_PREFIXES are written. The type is the
   * key's extension's (mediaContentType) unless given.
   */
  put(key: string, source: { file: string } | { bytes: Uint8Array }, options?: { contentType?: string }): Promise<void>;
  /** Removes media stored by `put`; a key that is not there is no error. */
  remove(key: string): Promise<void>;
  /** The key's size, and its SHA-256 (hex) when the store knows it without reading the bytes; null if absent. */
  stat(key: string): Promise<MediaObject | null>;
  /** The key's bytes (for copying between stores; routes use `send`). Fails when the key is absent. */
  read(key: string): Promise<Readable>;
  /** Every key under `prefix` ('' for all), in no particular order. */
  list(prefix?: string): AsyncIterable<MediaObject>;
}

export interface MediaObject {
  key: string;
  size: number;
  /** Hex SHA-256 of the bytes: the S3 store records it on upload (x-amz-meta-sha256); the local store does not. */
  sha256?: string;
}

/** How a download is answered: its Content-Disposition (attachment; filename=…) and Content-Type. */
export interface DownloadHeaders {
  contentDisposition?: string;
  contentType?: string;
}

/** Media made in the staff console: `uploads/<course>/<name>`, beside the content's own files. */
export const UPLOAD_PREFIX = 'uploads/';
/** Course thumbnails uploaded in the console: `thumbnails/uploads/<course>-<random>.webp|avif`, served at /thumbnails/uploads/. */
export const THUMBNAIL_PREFIX = 'thumbnails/';
/** The keys `put` and `remove` accept: the rest is the content's own media, changed by editing content/. */
export const WRITABLE_PREFIXES = [UPLOAD_PREFIX, `${THUMBNAIL_PREFIX}${UPLOAD_PREFIX}`] as const;
export const isWritableKey = (key: string) =>
  isValidMediaKey(key) && WRITABLE_PREFIXES.some((prefix) => key.startsWith(prefix));

export interface SignedMedia {
  url: string;
  expiresAt: Date;
}

/**
 * Signed media URLs stay valid this long. A URL is a bearer credential, so it should die soon after a refund or
 * an account deletion; the player asks /lessons/:id/signed-url again (which checks access again) when its URL
 * has expired, so a lesson longer than this still plays to the end.
 */
export const MEDIA_URL_TTL_SECONDS = 10 * 60;

/**
 * A media key: slash-separated segments of letters, digits, dot, dash and underscore, none starting with a
 * dot. Rules out `..`, absolute paths, backslashes and hidden files before any file system call.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export const isValidMediaKey = (key: string) => key.length <= 200 && KEY_PATTERN.test(key);

/** Media types by extension (resources: the contract's): the bucket answers with the type it was given at upload. */
const TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  vtt: 'text/vtt; charset=utf-8',
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

export function mediaContentType(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? (RESOURCE_TYPES as Record<string, string>)[`.${ext}`] ?? 'application/octet-stream';
}
