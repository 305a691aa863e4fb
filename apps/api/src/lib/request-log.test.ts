import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import { loadSiteConfig } from '../content/load.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { RequestLines } from './request-log.ts';

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

describe('request logs', () => {
  let database: Database;
  let app: FastifyInstance;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
    const config = testConfig({ LOG_LEVEL: 'info' });
    app = await buildApp({
      config,
      database,
      site: await loadSiteConfig(config.contentDir),
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('writes one line per answered request: method, route pattern, status, time and request id', async () => {
    lines.length = 0;
    const res = await app.inject({
      url: '/api/v1/email/unsubscribe?token=secret-token-value',
      headers: { 'x-request-id': 'req-0123456789' },
    });
    const missing = await app.inject({ url: '/api/v1/courses/no-such-course' });
    const requestLines = lines.filter((l) => l.msg === 'request');
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]).toMatchObject({
      level: 30,
      reqId: 'req-0123456789',
      method: 'GET',
      route: '/api/v1/email/unsubscribe',
      status: res.statusCode,
      ms: expect.any(Number),
    });
    expect(requestLines[1]).toMatchObject({ route: '/api/v1/courses/:id', status: missing.statusCode });
    // Nothing else per request, and never the URL with its token.
    expect(lines.map((l) => l.msg)).not.toContain('incoming request');
    expect(lines.map((l) => l.msg)).not.toContain('request completed');
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });
});

describe('RequestLines', () => {
  const fields = { reqId: 'req-0123456789', method: 'GET', route: '/api/v1/courses/:id', status: 200, ms: 1.5 };
  const written = (level: string) => {
    const out: string[] = [];
    new RequestLines(level, { write: (line) => void out.push(line) }).write(
      fields.reqId,
      fields.method,
      fields.route,
      fields.status,
      fields.ms,
    );
    return out;
  };

  it("writes the line pino would write, field for field and in pino's order", () => {
    const fromPino: string[] = [];
    pino({ level: 'info' }, { write: (line: string) => void fromPino.push(line) }).info(fields, 'request');
    const [ours] = written('info');
    const [theirs] = fromPino;
    const parse = (line?: string) => JSON.parse(line ?? '{}') as Record<string, unknown>;
    expect(Object.keys(parse(ours))).toEqual(Object.keys(parse(theirs)));
    expect({ ...parse(ours), time: 0 }).toEqual({ ...parse(theirs), time: 0 });
    expect(ours?.endsWith('\n')).toBe(true);
  });

  it('writes nothing when the level lets no info line through', () => {
    expect(written('warn')).toEqual([]);
    expect(written('silent')).toEqual([]);
    expect(written('debug')).toHaveLength(1);
  });
});
