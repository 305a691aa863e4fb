import type { FastifyReply } from 'fastify';

/**
 * Where lesson videos and captions live. The learning module asks for a playable URL and never touches
 * files itself, so an S3-compatible store (presigned URLs) can replace the local folder without changing
 * callers.
 */
export interface MediaStore {
  /** A short-lived URL the browser can load the media `key` from. */
  signedUrl(key: string, now: Date): SignedMedia;
  /**
   * Answers a request for the media `key` (already authorised by the caller) with the given Cache-Control:
   * the local folder streams it with HTTP Range; an object store would redirect to its own URL.
   */
  send(reply: FastifyReply, key: string, cacheControl: string): FastifyReply;
  /**
   * Stores new media under `key`, from a file (which stays where it is: the local folder links it when it can,
   * else copies) or from bytes. Keys are never reused: a replaced video or caption gets a new key, so a learner
   * playing the old one keeps a working link. Only keys under `uploads/` are written (UPLOAD_PREFIX).
   */
  put(key: string, source: { file: string } | { bytes: Uint8Array }): Promise<void>;
  /** Removes media stored by `put`; a key that is not there is no error. */
  remove(key: string): Promise<void>;
  /**
   * Copies the media `key` into the local `file` (which must not exist), for a program that reads files: ffmpeg
   * transcoding a lesson video (decision 034). A key that is not there rejects with an error whose `code` is
   * 'ENOENT'.
   */
  copyToFile(key: string, file: string): Promise<void>;
}

/** Media made in the staff console: `uploads/<course>/<name>`, beside the content's own files. */
export const UPLOAD_PREFIX = 'uploads/';

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
