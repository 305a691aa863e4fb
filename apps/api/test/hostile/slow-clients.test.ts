import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

/**
 * Clients that hold sockets without finishing their requests (issue 24: headers with Content-Length: 60000,
 * then one byte every 10 s, kept a connection open for 400 s), against the real server entry (server.ts) over
 * real sockets. The timeout is shortened to 1 s here (REQUEST_TIMEOUT_MS) and the per-address cap to 4.
 * The hostile sockets come from 127.0.0.2 (loopback too), so they are a client of their own, apart from the
 * test's fetch calls from 127.0.0.1.
 */
const TIMEOUT_MS = 1000;
const CAP = 4;
const HOSTILE_ADDRESS = '127.0.0.2';

interface Watched {
  socket: Socket;
  received: string;
  /** Resolves with the ms from `since` until the server closed the socket. */
  closed: Promise<number>;
}

function open(baseUrl: string, localAddress = HOSTILE_ADDRESS): Promise<Watched> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const since = Date.now();
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    const watched: Watched = {
      socket,
      received: '',
      closed: new Promise((done) => socket.once('close', () => done(Date.now() - since))),
    };
    socket.on('data', (chunk) => {
      watched.received += String(chunk);
    });
    // A reset by the server shows as an error on the client's side; the close says what the test needs.
    socket.on('error', () => {});
    socket.once('connect', () => resolve(watched));
    socket.once('error', reject);
  });
}

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: still open after ${ms} ms`)), ms)),
  ]);

describe('slow and greedy clients against the server process', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-slow-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      REQUEST_TIMEOUT_MS: String(TIMEOUT_MS),
      MAX_CONNECTIONS_PER_CLIENT: String(CAP),
      SESSION_SECRET: 'slow-test-session-secret-0123456789abcdef',
      MEDIA_SIGNING_SECRET: 'slow-test-media-secret-0123456789abcdefgh',
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const baseUrl = () => server?.baseUrl ?? '';

  it('answers 408 and closes a body dripped one byte at a time, within the timeout', async () => {
    const client = await open(baseUrl());
    sockets.push(client.socket);
    client.socket.write(
      [
        'POST /api/v1/contact/submit HTTP/1.1',
        `Host: ${new URL(baseUrl()).host}`,
        `Origin: ${baseUrl()}`,
        'Content-Type: application/json',
        'Content-Length: 60000',
        '',
        '{',
      ].join('\r\n'),
    );
    const drip = setInterval(() => client.socket.writable && client.socket.write(' '), 100);
    try {
      const ms = await within(client.closed, TIMEOUT_MS * 4, 'the dripping connection');
      expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS * 0.9);
      expect(client.received).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(drip);
    }
  });

  it('closes a request whose headers never end, and a connection that never says anything', async () => {
    const slowHeaders = await open(baseUrl());
    const silent = await open(baseUrl());
    sockets.push(slowHeaders.socket, silent.socket);
    slowHeaders.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => slowHeaders.socket.writable && slowHeaders.socket.write('X-Slow: 1\r\n'), 100);
    try {
      await within(slowHeaders.closed, TIMEOUT_MS * 4, 'the slow headers');
      // Nothing sent at all: closed once the first request's headers are overdue.
      expect(await within(silent.closed, TIMEOUT_MS * 4, 'the silent connection')).toBeGreaterThanOrEqual(
        TIMEOUT_MS * 0.9,
      );
    } finally {
      clearInterval(drip);
    }
  });

  it(`keeps at most ${CAP} connections open per client address; other addresses are served`, async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => open(baseUrl())));
    sockets.push(...held.map((h) => h.socket));
    const extra = await open(baseUrl());
    sockets.push(extra.socket);
    await within(extra.closed, 1000, `connection ${CAP + 1} from one address`);
    expect(extra.received).toBe('');

    // The connections within the cap work, and so does another address.
    const first = held[0] as Watched;
    first.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await within(
      new Promise<void>((resolve) => first.socket.on('data', () => first.received.includes('\r\n\r\n') && resolve())),
      2000,
      'an answer within the cap',
    );
    expect(first.received).toMatch(/^HTTP\/1\.1 200 /);
    expect((await fetch(`${baseUrl()}/api/v1/health`)).status).toBe(200);

    // Once one closes, the address may open another.
    first.socket.destroy();
    await first.closed;
    await new Promise((r) => setTimeout(r, 50));
    const again = await open(baseUrl());
    sockets.push(again.socket);
    again.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await within(again.closed, 2000, 'a new connection after one closed');
    expect(again.received).toMatch(/^HTTP\/1\.1 200 /);
  });
});
