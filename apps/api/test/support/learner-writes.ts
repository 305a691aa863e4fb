import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { signInThroughStandIn } from './server-process.ts';

/**
 * Learners writing to a running server, one write after another as a person does (the next is sent once the
 * last was answered), in a mix of every kind a learner makes: watch events, progress reports, settings
 * changes, contact messages and free enrollments. Every write leaves a mark of its own in the database (an
 * event position, a resume position, a playback rate different from the one before, a subject, a course), so
 * the database tells which of a learner's writes it holds. A database that is consistent at some moment holds,
 * for each learner, exactly the first k writes (`matchingPrefix`): not a part of one, not one without those
 * before it. The backup and power-cut tests then bound k by what was acknowledged and what was sent.
 */

/** A free lesson 3,588 s long: every progress report of a learner can carry a resume position of its own. */
export const PROGRESS_LESSON = 'prompt-engineering-02';
/** A free lesson whose video session receives the watch events. */
export const EVENTS_LESSON = 'python-for-ai-01';
export const FREE_COURSES = ['python-for-ai', 'prompt-engineering', 'responsible-ai'] as const;
export const EVENTS_PER_BATCH = 5;
/** Consecutive settings writes of a learner alternate through these, so each one changes what is stored. */
const PLAYBACK_RATES = [0.75, 1.25, 1.5, 1.75, 2, 0.5] as const;
const CYCLE = ['events', 'progress', 'contact', 'events', 'settings', 'progress', 'enroll'] as const;
/**
 * What one learner may send of each kind before the server's per-minute limits would answer 429 (settings
 * 60, progress 240, events 600 per session; contact 5 per address, and each message comes from an address of
 * its own through X-Forwarded-For, so the server must run with TRUST_PROXY=127.0.0.1). Beyond it, contact.
 */
const BUDGET = { events: 550, progress: 220, settings: 55, contact: Number.POSITIVE_INFINITY, enroll: 3 };

export type Write =
  | { kind: 'events'; positions: number[] }
  | { kind: 'progress'; watchSeconds: number }
  | { kind: 'settings'; playbackRate: number }
  | { kind: 'contact'; subject: string }
  | { kind: 'enroll'; courseId: string };

export interface WriteRecord {
  write: Write;
  /** performance.now() when the request was sent, and when its answer arrived (if one did). */
  sentAt: number;
  answeredAt?: number;
  status?: number;
  /** The answer's body (progress: the server's resume and watched seconds, completion). */
  body?: unknown;
  /** The request failed without an answer (the server died with it in flight). */
  error?: string;
}

export const acknowledged = (r: WriteRecord) => r.status !== undefined && r.status >= 200 && r.status < 300;

let addressCounter = 0;
/** A client address of its own (TEST-NET-3) for each contact message. */
function nextAddress(): string {
  addressCounter += 1;
  return `203.0.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

export class WritingLearner {
  readonly records: WriteRecord[] = [];
  private readonly counts = { events: 0, progress: 0, settings: 0, contact: 0, enroll: 0 };

  private constructor(
    readonly baseUrl: string,
    readonly email: string,
    readonly cookie: string,
    readonly videoSessionId: string,
  ) {}

  /** Signs in through the stand-in and opens the events lesson's video session. */
  static async signIn(baseUrl: string, email: string): Promise<WritingLearner> {
    const cookie = await signInThroughStandIn(baseUrl, { name: email.split('@')[0] ?? email, email });
    const signed = await fetch(`${baseUrl}/api/v1/lessons/${EVENTS_LESSON}/signed-url`, { headers: { cookie } });
    if (signed.status !== 200) throw new Error(`signed-url answered ${signed.status}`);
    const { sessionId } = (await signed.json()) as { sessionId: string };
    return new WritingLearner(baseUrl, email, cookie, sessionId);
  }

  get writes(): Write[] {
    return this.records.map((r) => r.write);
  }

  private nextWrite(): Write {
    const index = this.records.length;
    let kind: Write['kind'] = CYCLE[index % CYCLE.length] ?? 'events';
    if (this.counts[kind] >= BUDGET[kind]) kind = 'contact';
    const n = this.counts[kind]++;
    switch (kind) {
      case 'events':
        return { kind, positions: Array.from({ length: EVENTS_PER_BATCH }, (_, i) => index * 10 + i) };
      case 'progress':
        return { kind, watchSeconds: index + 1 };
      case 'settings':
        return { kind, playbackRate: PLAYBACK_RATES[n % PLAYBACK_RATES.length] ?? 1 };
      case 'contact':
        return { kind, subject: `Backup test message ${index} of ${this.email}` };
      case 'enroll':
        return { kind, courseId: FREE_COURSES[n] ?? FREE_COURSES[0] };
    }
  }

  private request(write: Write): { path: string; init: RequestInit } {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      origin: this.baseUrl,
      cookie: this.cookie,
    };
    switch (write.kind) {
      case 'events':
        return {
          path: `/lessons/${EVENTS_LESSON}/events`,
          init: {
            method: 'POST',
            headers,
            body: JSON.stringify(
              write.positions.map((positionSec) => ({
                sessionId: this.videoSessionId,
                eventType: 'play',
                positionSec,
              })),
            ),
          },
        };
      case 'progress':
        return {
          path: `/lessons/${PROGRESS_LESSON}/progress`,
          init: {
            method: 'PUT',
            headers,
            body: JSON.stringify({ watchSeconds: write.watchSeconds, completed: false }),
          },
        };
      case 'settings':
        return {
          path: '/users/me/settings',
          init: { method: 'PUT', headers, body: JSON.stringify({ playbackRate: write.playbackRate }) },
        };
      case 'contact':
        return {
          path: '/contact/submit',
          init: {
            method: 'POST',
            headers: { ...headers, 'x-forwarded-for': nextAddress() },
            body: JSON.stringify({
              name: 'Backup Learner',
              email: this.email,
              subject: write.subject,
              category: 'technical',
              message: 'Written while the database was being copied.',
            }),
          },
        };
      case 'enroll':
        return { path: `/courses/${write.courseId}/enroll`, init: { method: 'POST', headers } };
    }
  }

  /** Sends the next write and waits for its answer; true when it was acknowledged (2xx). */
  async writeOne(): Promise<boolean> {
    const write = this.nextWrite();
    const { path, init } = this.request(write);
    const record: WriteRecord = { write, sentAt: performance.now() };
    this.records.push(record);
    try {
      const res = await fetch(`${this.baseUrl}/api/v1${path}`, init);
      record.body = await res.json().catch(() => undefined);
      record.status = res.status;
      record.answeredAt = performance.now();
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    }
    return acknowledged(record);
  }

  /** Writes one after another until `stop()` says so, or a write fails; `pauseMs` between writes. */
  async writeUntil(stop: () => boolean, pauseMs: number): Promise<void> {
    while (!stop()) {
      if (!(await this.writeOne())) return;
      if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
    }
  }

  /** Writes answered with anything but 2xx, or failed without an answer (not those still in flight). */
  failures(): string[] {
    return this.records
      .filter((r) => (r.status !== undefined || r.error !== undefined) && !acknowledged(r))
      .map(
        (r) => `${this.email} ${r.write.kind}: ${r.status ?? r.error} ${JSON.stringify(r.body ?? '').slice(0, 200)}`,
      );
  }
}

/** What the database holds of one learner's writes; the same shape as `modelAfter`. */
export interface LearnerState {
  events: number[];
  progress: { resumeSeconds: number; watchedSeconds: number; completed: boolean } | null;
  settings: Record<string, unknown>;
  contacts: string[];
  enrollments: string[];
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

/** Reads a learner's state from a database; null when the learner is not in it at all. */
export async function observeLearner(db: Db, email: string): Promise<LearnerState | null> {
  const [user] = rowsOf<{ id: string; settings: Record<string, unknown> | string }>(
    await db.execute(sql`select id, settings from users where email = ${email}`),
  );
  if (!user) return null;
  const events = rowsOf<{ p: number }>(
    await db.execute(sql`select e.position_sec as p from video_events e join video_sessions s on s.id = e.session_id
      where s.user_id = ${user.id} order by e.position_sec`),
  ).map((r) => Number(r.p));
  const [progress] = rowsOf<{ resume_seconds: number; watched_seconds: number; completed: boolean }>(
    await db.execute(sql`select resume_seconds, watched_seconds, completed from lesson_progress
      where user_id = ${user.id} and lesson_id = ${PROGRESS_LESSON}`),
  );
  const contacts = rowsOf<{ subject: string }>(
    await db.execute(sql`select subject from contact_messages where user_id = ${user.id} order by subject`),
  ).map((r) => r.subject);
  const enrollments = rowsOf<{ course_id: string }>(
    await db.execute(sql`select course_id from enrollments where user_id = ${user.id} order by course_id`),
  ).map((r) => r.course_id);
  return {
    events,
    progress: progress
      ? {
          resumeSeconds: Number(progress.resume_seconds),
          watchedSeconds: Number(progress.watched_seconds),
          completed: Boolean(progress.completed),
        }
      : null,
    settings: typeof user.settings === 'string' ? JSON.parse(user.settings) : user.settings,
    contacts,
    enrollments,
  };
}

/**
 * The state the learner's first k writes leave. A progress report's watched seconds and completion are the
 * server's to compute: they are taken from its answer when there is one; a report in flight when the server
 * died has none, and then only its resume position is known.
 */
export function modelAfter(records: WriteRecord[], k: number): LearnerState {
  const state: LearnerState = { events: [], progress: null, settings: {}, contacts: [], enrollments: [] };
  for (const record of records.slice(0, k)) {
    const { write } = record;
    if (write.kind === 'events') state.events.push(...write.positions);
    if (write.kind === 'settings') state.settings = { ...state.settings, playbackRate: write.playbackRate };
    if (write.kind === 'contact') state.contacts.push(write.subject);
    if (write.kind === 'enroll') state.enrollments.push(write.courseId);
    if (write.kind === 'progress') {
      const answer = record.body as { resumeSeconds?: number; watchedSeconds?: number; completed?: boolean };
      state.progress = acknowledged(record)
        ? {
            resumeSeconds: Number(answer.resumeSeconds),
            watchedSeconds: Number(answer.watchedSeconds),
            completed: Boolean(answer.completed),
          }
        : { resumeSeconds: write.watchSeconds, watchedSeconds: -1, completed: false };
    }
  }
  state.events.sort((a, b) => a - b);
  state.contacts.sort();
  state.enrollments.sort();
  return state;
}

/** Equal states; a progress row of an unanswered report is compared by its resume position only. */
function sameState(observed: LearnerState, model: LearnerState): boolean {
  const { progress: seen, ...restSeen } = observed;
  const { progress: expected, ...restExpected } = model;
  if (JSON.stringify(restSeen) !== JSON.stringify(restExpected)) return false;
  if (!seen || !expected) return seen === expected;
  if (expected.watchedSeconds === -1) return seen.resumeSeconds === expected.resumeSeconds;
  return JSON.stringify(seen) === JSON.stringify(expected);
}

/**
 * The k for which the database holds exactly the learner's first k writes, or null when it holds no prefix
 * (a write in part, or a later write without an earlier one). Each write changes the state, so k is unique.
 */
export function matchingPrefix(observed: LearnerState, records: WriteRecord[]): number | null {
  for (let k = 0; k <= records.length; k++) {
    if (sameState(observed, modelAfter(records, k))) return k;
  }
  return null;
}
