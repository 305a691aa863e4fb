import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  type DownloadHeaders,
  isValidMediaKey,
  isWritableKey,
  MEDIA_URL_TTL_SECONDS,
  type MediaStore,
  mediaContentType,
} from './media-store.ts';

export interface S3MediaStoreOptions {
  bucket: string;
  /** An S3-compatible service's URL (Cloudflare R2, MinIO); unset: AWS S3 in `region`. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID…, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** A CDN in front of the bucket: its URL replaces the bucket's in presigned links (decision 033). */
  cdnUrl?: string;
  ttlSeconds?: number;
}

/** The bucket store, with the unrestricted write the migration uses (every key, not only uploads). */
export interface S3MediaStore extends MediaStore {
  readonly kind: 's3';
  readonly bucket: string;
  /** Uploads `size` bytes from `body` under any valid key, recording their SHA-256 (hex) as metadata. */
  upload(key: string, body: Readable | Uint8Array, size: number, sha256: string): Promise<void>;
  /** Deletes any key (the migration's copy that failed its check); `remove` only takes upload keys. */
  discard(key: string): Promise<void>;
}

/** The object metadata holding the bytes' SHA-256 (hex): what the migration and `stat` compare. */
const SHA256_META = 'sha256';

/**
 * Media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO; decision 033). Learners fetch the bytes from
 * the bucket (or its CDN) with short-lived presigned URLs: `send` redirects, it never streams.
 */
export function createS3MediaStore(options: S3MediaStoreOptions): S3MediaStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // The SDK's default CRC32 trailers (aws-chunked bodies) are not understood by every S3-compatible service;
    // our own SHA-256 is sent and checked instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const ttl = options.ttlSeconds ?? MEDIA_URL_TTL_SECONDS;
  const Bucket = options.bucket;
  const cdn = options.cdnUrl?.replace(/\/$/, '');

  async function presign(key: string, now: Date, download?: DownloadHeaders & { cacheControl?: string }) {
    if (!isValidMediaKey(key)) throw new Error(`not a media key: ${key}`);
    const command = new GetObjectCommand({
      Bucket,
      Key: key,
      ...(download?.contentDisposition ? { ResponseContentDisposition: download.contentDisposition } : {}),
      ...(download?.contentType ? { ResponseContentType: download.contentType } : {}),
      ...(download?.cacheControl ? { ResponseCacheControl: download.cacheControl } : {}),
    });
    const signed = await getSignedUrl(client, command, { expiresIn: ttl, signingDate: now });
    const expiresAt = new Date((Math.floor(now.getTime() / 1000) + ttl) * 1000);
    if (!cdn) return { url: signed, expiresAt };
    // The signature stays the bucket's: the CDN forwards the query string to its bucket origin.
    const query = new URL(signed).search;
    return { url: `${cdn}/${key.split('/').map(encodeURIComponent).join('/')}${query}`, expiresAt };
  }

  async function upload(key: string, body: Readable | Uint8Array, size: number, sha256: string) {
    if (!isValidMediaKey(key)) throw new Error(`not a media key: ${key}`);
    await client.send(
      new PutObjectCommand({
        Bucket,
        Key: key,
        Body: body,
        ContentLength: size,
        ContentType: mediaContentType(key),
        // The service checks the bytes it received against it (AWS, R2); the metadata keeps it for later runs.
        ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
        Metadata: { [SHA256_META]: sha256 },
      }),
    );
  }

  return {
    kind: 's3',
    bucket: Bucket,
    signedUrl: (key, now, download) => presign(key, now, download),
    async send(reply, key, cacheControl, download) {
      const { url } = await presign(key, new Date(), { ...download, cacheControl });
      // The redirect itself is a credential that dies with the URL: never cached.
      return reply.header('cache-control', 'private, no-store').redirect(url, 302);
    },
    async put(key, source, putOptions) {
      if (!isWritableKey(key)) throw new Error(`not an upload key: ${key}`);
      if ('bytes' in source) {
        const sha256 = createHash('sha256').update(source.bytes).digest('hex');
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: source.bytes,
            ContentType: putOptions?.contentType ?? mediaContentType(key),
            ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
            Metadata: { [SHA256_META]: sha256 },
          }),
        );
        return;
      }
      const { size } = await stat(source.file);
      const sha256 = await sha256OfFile(source.file);
      await upload(key, createReadStream(source.file), size, sha256);
    },
    async remove(key) {
      if (!isWritableKey(key)) throw new Error(`not an upload key: ${key}`);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        const sha256 = head.Metadata?.[SHA256_META];
        return { key, size: head.ContentLength ?? 0, ...(sha256 ? { sha256 } : {}) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async read(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return answer.Body as Readable;
    },
    async *list(prefix = '') {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    upload,
    async discard(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')
  );
}

/** Hex SHA-256 of a file, streamed (a 2 GB video is never in memory). */
export async function sha256OfFile(file: string): Promise<string> {
  return sha256OfStream(createReadStream(file));
}

export async function sha256OfStream(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The origins presigned media URLs point at (the CDN's, else the service's, else AWS's virtual-hosted bucket),
 * which the Content-Security-Policy lets the player and pictures load from.
 */
export function s3MediaOrigins(options: Pick<S3MediaStoreOptions, 'bucket' | 'endpoint' | 'region' | 'cdnUrl'>) {
  if (options.cdnUrl) return [new URL(options.cdnUrl).origin];
  if (options.endpoint) return [new URL(options.endpoint).origin];
  return [`https://${options.bucket}.s3.${options.region}.amazonaws.com`, `https://${options.bucket}.s3.amazonaws.com`];
}
