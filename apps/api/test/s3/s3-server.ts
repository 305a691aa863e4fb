import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account: the only credentials it accepts. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** A bucket's CORS rule like the one docs/production.md asks for: GET and HEAD (with Range) from any origin. */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>
<AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`;

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on 127.0.0.1, a free port, with one empty bucket in a temporary folder. */
export async function startS3Server(bucket = 'kaushal-media-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'kaushal-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
