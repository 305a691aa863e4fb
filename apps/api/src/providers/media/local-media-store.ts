import { signMedia } from './media-signature.ts';
import { MEDIA_URL_TTL_SECONDS, type MediaStore } from './media-store.ts';

export interface LocalMediaStoreOptions {
  secret: string;
  /** Public path the media route is mounted at, e.g. '/api/v1/media'. */
  basePath: string;
  ttlSeconds?: number;
}

/**
 * Media served by this API from the content/media folder: URLs point at the media route and carry an
 * expiry and an HMAC signature that the route checks before streaming the file.
 */
export function createLocalMediaStore(options: LocalMediaStoreOptions): MediaStore {
  const ttl = options.ttlSeconds ?? MEDIA_URL_TTL_SECONDS;
  return {
    signedUrl(key, now) {
      const exp = Math.floor(now.getTime() / 1000) + ttl;
      const sig = signMedia(options.secret, key, exp);
      const path = key.split('/').map(encodeURIComponent).join('/');
      return { url: `${options.basePath}/${path}?exp=${exp}&sig=${sig}`, expiresAt: new Date(exp * 1000) };
    },
  };
}
