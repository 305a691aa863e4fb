// The product under load: a fresh PostgreSQL database of its own, the built API started on 127.0.0.1, and
// signed-in learners written straight into the database.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const SESSION_TTL_MS = 30 * 24 * 3600_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A new database next to the one `baseUrl` names; `drop()` removes it. */
export async function createDatabase(baseUrl) {
  const name = `kaushal_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Starts apps/api/dist/server.js on a free port of 127.0.0.1 and waits until it is ready. */
export async function startProduct(databaseUrl) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaushal-load-'));
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      // Every simulated learner connects from 127.0.0.1: one address, far more than one client's connections.
      MAX_CONNECTIONS_PER_CLIENT: '0',
      // No narrated demo lessons made in the background while the load is measured.
      DEMO_MEDIA: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 90_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`the product exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the product was not ready within 90 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Learners with one session each, as a sign-in would leave them; answers their ids and cookies. */
export async function insertLearners(databaseUrl, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const learners = [];
    for (let i = 0; i < count; i++) {
      const token = randomBytes(32).toString('base64url');
      learners.push({ email: `load-${i}-${process.pid}@example.com`, name: `Load Learner ${i}`, token });
    }
    const users = await client.query(
      'insert into users (email, name) select * from unnest($1::text[], $2::text[]) returning id, email',
      [learners.map((l) => l.email), learners.map((l) => l.name)],
    );
    const idByEmail = new Map(users.rows.map((r) => [r.email, r.id]));
    for (const learner of learners) learner.id = idByEmail.get(learner.email);
    await client.query(
      `insert into sessions (id, user_id, expires_at)
       select * from unnest($1::text[], $2::uuid[], $3::timestamptz[])`,
      [
        learners.map((l) => createHash('sha256').update(l.token).digest('hex')),
        learners.map((l) => l.id),
        learners.map(() => new Date(Date.now() + SESSION_TTL_MS)),
      ],
    );
    return learners.map((l) => ({ id: l.id, cookie: `kaushal_session=${l.token}` }));
  } finally {
    await client.end();
  }
}

/** What the database holds after the run, for comparison with what the clients were acknowledged. */
export async function readStored(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async (table) => Number((await client.query(`select count(*)::int as n from ${table}`)).rows[0].n);
    const progress = await client.query('select user_id, lesson_id, resume_seconds from lesson_progress');
    return {
      events: await count('video_events'),
      videoSessions: await count('video_sessions'),
      enrollments: await count('enrollments'),
      progress: progress.rows,
    };
  } finally {
    await client.end();
  }
}
