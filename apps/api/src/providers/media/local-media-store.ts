import { signMedia } from './media-signature.ts';
import { MEDIA_URL_TTL_SECONDS, type MediaStore } from './media-store.ts';

export interface LocalMediaStoreOptions {
  secret: string;
  /** Public path the media route is mounted at, e.g. '/api/v1/media'. */
  basePath: string;
  ttlSeconds?: number;
  /**
   * The generated demo lessons' folder (DATA_DIR/demo-media): keys under `generated/` are served from it,
   * every other key from content/media.
   */
  generatedDir?: string;
}

const GENERATED = 'generated/';

/**
 * Media served by this API from the content/media folder (generated demo lessons from theirs): URLs point at
 * the media route and carry an expiry and an HMAC signature that the route checks before streaming the file.
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
    // Range (206, and 416 beyond the end), ETag and Content-Type come from @fastify/static, whose root is the
    // content/media folder (registered by buildApp without a route of its own).
    send(reply, key, cacheControl) {
      reply.header('cache-control', cacheControl);
      const sendOptions = { acceptRanges: true, cacheControl: false, dotfiles: 'deny' } as const;
      if (options.generatedDir && key.startsWith(GENERATED)) {
        return reply.sendFile(key.slice(GENERATED.length), options.generatedDir, sendOptions);
      }
      return reply.sendFile(key, sendOptions);
    },
  };
}
