import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalMediaStore } from './local-media-store.ts';

/** Lesson resources named in the content files are served from content/resources under `resources/` keys. */
describe('the local media store: content resources', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'kaushal-media-store-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'media'));
  mkdirSync(path.join(root, 'resources', 'week-1'), { recursive: true });
  writeFileSync(path.join(root, 'resources', 'week-1', 'data.csv'), 'a,b\n1,2\n');
  writeFileSync(path.join(root, 'media', 'data.csv'), 'not the resource');

  async function serve(key: string, range?: string) {
    const app = Fastify();
    await app.register(fastifyStatic, { root: path.join(root, 'media'), serve: false });
    const store = createLocalMediaStore({
      secret: 'a-test-secret-that-is-long-enough-000000',
      basePath: '/media',
      resourcesDir: path.join(root, 'resources'),
    });
    app.get('/file', (_request, reply) => store.send(reply, key, 'private, no-store'));
    const res = await app.inject({ url: '/file', headers: range ? { range } : {} });
    await app.close();
    return res;
  }

  it('sends resources/<file> from the resources folder, with Range', async () => {
    const whole = await serve('resources/week-1/data.csv');
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe('a,b\n1,2\n');
    const part = await serve('resources/week-1/data.csv', 'bytes=0-2');
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('a,b');
  });

  it('keeps other keys in the media folder, and finds nothing outside the resources folder', async () => {
    expect((await serve('data.csv')).body).toBe('not the resource');
    // Traversal is refused by the file sender (the content schema admits no `..` anyway).
    expect((await serve('resources/../media/data.csv')).statusCode).toBe(403);
    expect((await serve('resources/missing.csv')).statusCode).toBe(404);
  });
});
