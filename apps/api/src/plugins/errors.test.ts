import { connect, createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, testConfig } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import { loadSiteConfig } from '../content/load.ts';
import { type Database, openDatabase } from '../db/client.ts';

/**
 * Issue 24: a client that disconnected in the middle of its request body was logged as a database outage
 * (the body stream's ECONNRESET read as the database's: "database unavailable", level 50). A client going
 * away is the client's business; a database connection reset is still an outage (503).
 *
 * The app listens on a real socket, with the production logger writing into `lines`. Its "database" is a
 * TCP server that resets every connection, so the real pg driver meets a real ECONNRESET.
 */
interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

describe('client aborts and database resets', () => {
  let resetter: Server;
  let database: Database;
  let app: FastifyInstance;
  let port = 0;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    resetter = createServer((socket: Socket) => socket.resetAndDestroy());
    await new Promise<void>((resolve) => resetter.listen(0, '127.0.0.1', resolve));
    const dbPort = (resetter.address() as { port: number }).port;
    database = await openDatabase({ url: `postgres://nobody@127.0.0.1:${dbPort}/none`, poolSize: 2 });
    const config = testConfig({ LOG_LEVEL: 'info' });
    app = await buildApp({
      config,
      database,
      site: await loadSiteConfig(config.contentDir),
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await new Promise((resolve) => resetter?.close(resolve));
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('logs a client that hangs up mid-body as an aborted request, not as the database being down', async () => {
    lines.length = 0;
    const socket = connect({ port, host: '127.0.0.1' });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => {});
    socket.write(
      [
        'POST /api/v1/contact/submit HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Origin: ${TEST_ORIGIN}`,
        'Content-Type: application/json',
        'Content-Length: 60000',
        '',
        '{"name":"Asha","email":"asha@',
      ].join('\r\n'),
    );
    await settle();
    socket.destroy();
    await settle();

    expect(lines.map((l) => l.msg)).not.toContain('database unavailable');
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    const aborted = lines.find((l) => l.msg === 'the client closed the connection before its request was complete');
    expect(aborted?.level).toBe(30);
  });

  it('still answers 503 and logs "database unavailable" when the database resets the connection', async () => {
    lines.length = 0;
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/courses`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      detail: 'The service is temporarily unavailable. Please try again shortly.',
      code: 'database_unavailable',
    });
    await settle();
    const logged = lines.find((l) => l.msg === 'database unavailable');
    expect(logged?.level).toBe(50);
    expect(JSON.stringify(logged)).toContain('ECONNRESET');
  });
});
