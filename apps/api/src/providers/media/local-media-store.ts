import { constants, createReadStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { signMedia } from './media-signature.ts';
import {
  isValidMediaKey,
  isWritableKey,
  MEDIA_URL_TTL_SECONDS,
  type MediaObject,
  type MediaStore,
  THUMBNAIL_PREFIX,
  UPLOAD_PREFIX,
} from './media-store.ts';

export interface LocalMediaStoreOptions {
  secret: string;
  /** Public path the media route is mounted at, e.g. '/api/v1/media'. */
  basePath: string;
  ttlSeconds?: number;
  /**
   * The content's own media (content/media): every key without a prefix below. The reply's file sender has it as
   * its root (buildApp registers @fastify/static there); `stat`, `read` and `list` need it named.
   */
  contentDir?: string;
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
  /** Course thumbnails uploaded in the console (DATA_DIR/thumbnails): keys under `thumbnails/`. */
  thumbnailsDir?: string;
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

/** A key's folder and its path inside it; `dir` undefined: the file sender's own root (content/media). */
interface Place {
  dir: string | undefined;
  file: string;
}

/**
 * Media served by this API from the content/media folder (generated demo lessons from theirs, console uploads
 * from DATA_DIR/media, uploaded thumbnails from DATA_DIR/thumbnails): URLs point at the media route and carry an
 * expiry and an HMAC signature that the route checks before streaming the file.
 */
export function createLocalMediaStore(options: LocalMediaStoreOptions): MediaStore {
  const ttl = options.ttlSeconds ?? MEDIA_URL_TTL_SECONDS;
  // Prefixed folders, first match wins; the rest is content/media.
  const roots: Array<{ prefix: string; dir: string; keep: boolean }> = [];
  if (options.generatedDir) roots.push({ prefix: GENERATED, dir: options.generatedDir, keep: false });
  // DATA_DIR/media holds `uploads/…` itself: the key is the path.
  if (options.writableDir) roots.push({ prefix: UPLOAD_PREFIX, dir: options.writableDir, keep: true });
  if (options.thumbnailsDir) roots.push({ prefix: THUMBNAIL_PREFIX, dir: options.thumbnailsDir, keep: false });
  if (options.resourcesDir) roots.push({ prefix: CONTENT_RESOURCE_PREFIX, dir: options.resourcesDir, keep: false });

  const place = (key: string): Place => {
    const root = roots.find((r) => key.startsWith(r.prefix));
    if (root) return { dir: root.dir, file: root.keep ? key : key.slice(root.prefix.length) };
    return { dir: options.contentDir, file: key };
  };
  /** The file on disk for stat/read (keys checked first: no `..`, no absolute path). */
  const fileOf = (key: string): string | null => {
    const { dir, file } = place(key);
    return dir && isValidMediaKey(key) ? path.join(dir, file) : null;
  };
  const writablePath = (key: string): string => {
    if (!isWritableKey(key)) throw new Error(`not an upload key: ${key}`);
    const { dir, file } = place(key);
    if (!dir || (key.startsWith(UPLOAD_PREFIX) && !options.writableDir)) {
      throw new Error('this media store has no folder for uploads');
    }
    return path.join(dir, file);
  };

  return {
    kind: 'local',
    async signedUrl(key, now) {
      const exp = Math.floor(now.getTime() / 1000) + ttl;
      const sig = signMedia(options.secret, key, exp);
      const path = key.split('/').map(encodeURIComponent).join('/');
      return { url: `${options.basePath}/${path}?exp=${exp}&sig=${sig}`, expiresAt: new Date(exp * 1000) };
    },
    // Range (206, and 416 beyond the end), ETag and Content-Type come from @fastify/static, whose root is the
    // content/media folder (registered by buildApp without a route of its own).
    async send(reply, key, cacheControl, download) {
      reply.header('cache-control', cacheControl);
      if (download?.contentDisposition) reply.header('content-disposition', download.contentDisposition);
      const sendOptions = { acceptRanges: true, cacheControl: false, dotfiles: 'deny' } as const;
      const { dir, file } = place(key);
      return dir && dir !== options.contentDir
        ? reply.sendFile(file, dir, sendOptions)
        : reply.sendFile(file, sendOptions);
    },
    async put(key, source) {
      const target = writablePath(key);
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
      await rm(writablePath(key), { force: true });
    },
    async stat(key) {
      const file = fileOf(key);
      const info = file ? await stat(file).catch(() => null) : null;
      return info?.isFile() ? { key, size: info.size } : null;
    },
    async read(key) {
      const file = fileOf(key);
      if (!file || !(await stat(file).catch(() => null))?.isFile()) throw new Error(`no media at ${key}`);
      return createReadStream(file);
    },
    async *list(prefix = '') {
      const folders = [
        ...roots.map((r) => ({ dir: r.dir, keyOf: (rel: string) => (r.keep ? rel : `${r.prefix}${rel}`), root: r })),
        ...(options.contentDir ? [{ dir: options.contentDir, keyOf: (rel: string) => rel, root: null }] : []),
      ];
      for (const folder of folders) {
        for await (const { rel, size } of walk(folder.dir)) {
          const key = folder.keyOf(rel);
          // Only keys that `send` would answer from this same folder (DATA_DIR/media's other files, content
          // media shadowed by a prefix, hidden or oddly named files are not media).
          if (!isValidMediaKey(key) || !key.startsWith(prefix)) continue;
          const owner = roots.find((r) => key.startsWith(r.prefix)) ?? null;
          if (owner !== folder.root) continue;
          yield { key, size } satisfies MediaObject;
        }
      }
    },
  };
}

/** Every file under `dir` (relative path with `/`, size); a missing folder has none. */
async function* walk(dir: string, rel = ''): AsyncGenerator<{ rel: string; size: number }> {
  const entries = await readdir(path.join(dir, rel), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(dir, child);
    else if (entry.isFile()) yield { rel: child, size: (await stat(path.join(dir, child))).size };
  }
}
