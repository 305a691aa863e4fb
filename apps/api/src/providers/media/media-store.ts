/**
 * Where lesson videos and captions live. The learning module asks for a playable URL and never touches
 * files itself, so an S3-compatible store (presigned URLs) can replace the local folder without changing
 * callers.
 */
export interface MediaStore {
  /** A short-lived URL the browser can load the media `key` from. */
  signedUrl(key: string, now: Date): SignedMedia;
}

export interface SignedMedia {
  url: string;
  expiresAt: Date;
}

/** Signed media URLs stay valid this long: a long lesson plus pauses, while a leaked link dies soon. */
export const MEDIA_URL_TTL_SECONDS = 2 * 60 * 60;

/**
 * A media key: slash-separated segments of letters, digits, dot, dash and underscore, none starting with a
 * dot. Rules out `..`, absolute paths, backslashes and hidden files before any file system call.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export const isValidMediaKey = (key: string) => key.length <= 200 && KEY_PATTERN.test(key);
