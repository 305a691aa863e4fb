import { constants } from 'node:fs';
import { copyFile, link, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { signMedia } from './media-signature.ts';
import { isValidMediaKey, MEDIA_URL_TTL_SECONDS, type MediaStore, UPLOAD_PREFIX } from './media-store.ts';

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
  /**
   * Where media uploaded in the console is kept (DATA_DIR/media): keys under `uploads/` are written there by
   * `put` and served from there. Without it the store is read-only.
   */
  writableDir?: string;
  /**
   * The content's lesson resources (content/resources): keys under `resources/` are served from it, as files
   * named in the course files (`"resources": [{ "file": … }]`).
   */
  resourcesDir?: string;
  /** The content's own media (content/media): every other key; where @fastify/static's root points. */
  contentMediaDir?: string;
}

const GENERATED = 'generated/';
/** Lesson resources named in the content files: `resources/<file in content/resources>`. */
export const CONTENT_RESOURCE_PREFIX = 'resources/';

/**
 * Media served by this API from the content/media folder (generated demo lessons from theirs, console uploads
 * from DATA_DIR/media): URLs point at the media route and carry an expiry and an HMAC signature that the route
 * checks before streaming the file.
 */
export function createLocalMediaStore(options: LocalMediaStoreOptions): MediaStore {
  const ttl = options.ttlSeconds ?? MEDIA_URL_TTL_SECONDS;
  const uploadPath = (key: string): string => {
    if (!options.writableDir) throw new Error('this media store has no folder for uploads');
    if (!key.startsWith(UPLOAD_PREFIX) || !isValidMediaKey(key)) throw new Error(`not an upload key: ${key}`);
    return path.join(options.writableDir, key);
  };
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
      if (options.writableDir && key.startsWith(UPLOAD_PREFIX)) {
        return reply.sendFile(key, options.writableDir, sendOptions);
      }
      if (options.resourcesDir && key.startsWith(CONTENT_RESOURCE_PREFIX)) {
        return reply.sendFile(key.slice(CONTENT_RESOURCE_PREFIX.length), options.resourcesDir, sendOptions);
      }
      return reply.sendFile(key, sendOptions);
    },
    async put(key, source) {
      const target = uploadPath(key);
      await mkdir(path.dirname(target), { recursive: true });
      if ('bytes' in source) {
        await writeFile(target, source.bytes, { flag: 'wx' });
        return;
      }
      // A second name for the same bytes (no copy of a 2 GB video) when both folders are on one disk.
      await link(source.file, target).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error;
        await copyFile(source.file, target, constants.COPYFILE_EXCL);
      });
    },
    async remove(key) {
      await rm(uploadPath(key), { force: true });
    },
    async copyToFile(key, file) {
      if (!isValidMediaKey(key)) throw new Error(`not a media key: ${key}`);
      let from: string | undefined;
      if (options.generatedDir && key.startsWith(GENERATED))
        from = path.join(options.generatedDir, key.slice(GENERATED.length));
      else if (options.writableDir && key.startsWith(UPLOAD_PREFIX)) from = path.join(options.writableDir, key);
      else if (options.resourcesDir && key.startsWith(CONTENT_RESOURCE_PREFIX)) {
        from = path.join(options.resourcesDir, key.slice(CONTENT_RESOURCE_PREFIX.length));
      } else if (options.contentMediaDir) from = path.join(options.contentMediaDir, key);
      if (!from) throw Object.assign(new Error(`no folder holds ${key}`), { code: 'ENOENT' });
      await copyFile(from, file, constants.COPYFILE_EXCL);
    },
  };
}
