import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseCache } from './response-cache.ts';

const schema = z.object({ n: z.number() });

describe('ResponseCache', () => {
  it('loads once for concurrent readers and serves the same body until the entry expires', async () => {
    let now = 1000;
    let loads = 0;
    const cache = new ResponseCache(5000, 10, () => now);
    const load = async () => ({ n: ++loads });
    const [a, b] = await Promise.all([cache.get('k', schema, load), cache.get('k', schema, load)]);
    expect(loads).toBe(1);
    expect(a.body).toBe('{"n":1}');
    expect(b.etag).toBe(a.etag);
    now += 4999;
    expect((await cache.get('k', schema, load)).value.n).toBe(1);
    now += 2;
    expect((await cache.get('k', schema, load)).value.n).toBe(2);
  });

  it('does not keep a failed load, and keeps a load that found nothing', async () => {
    const cache = new ResponseCache(5000);
    await expect(cache.get('k', schema, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get('k', schema, async () => ({ n: 7 }))).value.n).toBe(7);
    let misses = 0;
    const missing = async () => {
      misses++;
      return null;
    };
    expect(await cache.getOptional('none', schema, missing)).toBeNull();
    expect(await cache.getOptional('none', schema, missing)).toBeNull();
    expect(misses).toBe(1);
  });

  it('validates values against the contract before serving them', async () => {
    const cache = new ResponseCache(5000);
    await expect(cache.get('bad', schema, async () => ({ n: 'x' }) as never)).rejects.toThrow();
  });

  it('stays within its size by dropping the oldest entry', async () => {
    let loads = 0;
    const cache = new ResponseCache(60_000, 2);
    const load = async () => ({ n: ++loads });
    await cache.get('a', schema, load);
    await cache.get('b', schema, load);
    await cache.get('c', schema, load);
    await cache.get('b', schema, load);
    expect(loads).toBe(3);
    await cache.get('a', schema, load);
    expect(loads).toBe(4);
  });

  it('never caches when the TTL is 0', async () => {
    let loads = 0;
    const cache = new ResponseCache(0);
    await cache.get('k', schema, async () => ({ n: ++loads }));
    await cache.get('k', schema, async () => ({ n: ++loads }));
    expect(loads).toBe(2);
  });
});
