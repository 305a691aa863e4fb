import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db, Tx } from '../../db/client.ts';

/** A queue's retry policy: pg-boss retries a failed job after retryDelay, doubling each time (backoff). */
export interface QueueDefinition {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long one try may run before it counts as lost (its process died) and is tried again. */
  expireInSeconds: number;
}

/** One try of a job, as a handler sees it. */
export interface JobRun<T> {
  id: string;
  data: T;
  /** Tries before this one (0 on the first). */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T> = (job: JobRun<T>) => Promise<void>;

export interface JobQueueOptions {
  /** Whether this process takes jobs (every process can enqueue). */
  runWorkers: boolean;
  pollingSeconds: number;
  /** How often lost tries are found and retried (pg-boss maintenance). */
  maintenanceSeconds: number;
  onError: (error: unknown) => void;
}

/** pg-boss's schema in the product's database. */
export const JOBS_SCHEMA = 'jobs';

/**
 * The durable job queue: pg-boss over the product's own database, PostgreSQL or PGlite alike, through the
 * database's connection (no second pool). Jobs are rows, so a job enqueued inside a transaction exists exactly
 * when the transaction commits (the outbox), survives a crash, and is taken by one process at a time
 * (`for update skip locked`). Decision 018.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #options: JobQueueOptions;
  readonly #queues = new Map<string, QueueDefinition>();
  readonly #database: Database;
  readonly #loops: Array<Promise<void>> = [];
  readonly #wake = new Set<() => void>();
  #stopping = false;

  constructor(database: Database, options: JobQueueOptions) {
    this.#database = database;
    this.#options = options;
    this.#boss = new PgBoss({
      db: { executeSql: (text, values) => database.runSql(text, values) },
      schema: JOBS_SCHEMA,
      // Cron schedules and the hunt for lost tries run where jobs run.
      schedule: options.runWorkers,
      supervise: options.runWorkers,
      maintenanceIntervalSeconds: options.maintenanceSeconds,
    });
    this.#boss.on('error', options.onError);
  }

  /** Names the queues and their policies; enqueueing into them works once `start` has succeeded. */
  define(queues: readonly QueueDefinition[]): void {
    for (const queue of queues) this.#queues.set(queue.name, queue);
  }

  /** Creates pg-boss's tables (first start) and the defined queues, with their current policy. */
  async start(): Promise<void> {
    await this.#boss.start();
    for (const queue of this.#queues.values()) {
      const policy = {
        name: queue.name,
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: queue.expireInSeconds,
      };
      await this.#boss.createQueue(queue.name, policy);
      await this.#boss.updateQueue(queue.name, policy);
    }
  }

  /** Enqueues inside the caller's transaction: the job commits or rolls back with the fact it reports. */
  async enqueueIn(tx: Tx | Db, queue: string, data: object, options: { startAfter?: Date } = {}): Promise<string> {
    this.#known(queue);
    const id = await this.#boss.send(queue, data, { db: drizzleExecutor(tx), ...options });
    if (!id) throw new Error(`the job queue refused a job for ${queue}`);
    return id;
  }

  /**
   * Runs `handler` for the queue's jobs in this process, one at a time; a throw is a failed try. Our own loop
   * over pg-boss's fetch/complete/fail rather than `boss.work`: pg-boss 10's worker records a job's outcome
   * without awaiting it, so a database error at that moment became an unhandled rejection (a crash of the
   * process, timgit/pg-boss#577), and it waited a polling interval after every job (one job per second). Here
   * every step's error is caught and reported, the next job is taken at once, and only an empty queue or an
   * unreachable database waits.
   */
  async work<T extends object>(queue: string, handler: JobHandler<T>): Promise<void> {
    this.#known(queue);
    if (!this.#options.runWorkers) return;
    this.#loops.push(this.#loop(queue, handler));
  }

  async #loop<T extends object>(queue: string, handler: JobHandler<T>): Promise<void> {
    const { onError } = this.#options;
    while (!this.#stopping) {
      let job: PgBoss.JobWithMetadata<T> | undefined;
      try {
        [job] = await this.#boss.fetch<T>(queue, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        onError(error);
      }
      if (!job) {
        await this.#pause();
        continue;
      }
      try {
        await handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
        await this.#boss.complete(queue, job.id);
      } catch (error) {
        // The try failed (or its completion could not be written): pg-boss retries it per the queue's policy,
        // and a job whose outcome was never written is taken again after it expires.
        try {
          await this.#boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) });
        } catch (failError) {
          onError(failError);
        }
      }
    }
  }

  /** Waits one polling interval, cut short by stop(). */
  #pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.#options.pollingSeconds * 1000);
      const wake = this.#wake;
      function done() {
        clearTimeout(timer);
        wake.delete(done);
        resolve();
      }
      wake.add(done);
    });
  }

  /** A cron schedule (pg-boss keeps one per queue across all processes), in India's time zone. */
  async schedule(queue: string, cron: string): Promise<void> {
    this.#known(queue);
    if (this.#options.runWorkers) await this.#boss.schedule(queue, cron, {}, { tz: 'Asia/Kolkata' });
  }

  /** Enqueues outside any transaction (a schedule's fan-out, a manual resend). */
  async enqueue(queue: string, data: object): Promise<string | null> {
    this.#known(queue);
    return this.#boss.send(queue, data);
  }

  /** Jobs of a queue by state (created, retry, active, completed, failed), for tests, the bench and staff views. */
  async countByState(queue: string): Promise<Record<string, number>> {
    this.#known(queue);
    const { rows } = await this.#database.runSql(
      `select state::text as state, count(*)::int as count from ${JOBS_SCHEMA}.job where name = $1 group by state`,
      [queue],
    );
    return Object.fromEntries(rows.map((row) => [String(row.state), Number(row.count)]));
  }

  /** Stops taking jobs, waits for the tries in flight (each bounded by its own timeout), then stops pg-boss. */
  async stop(): Promise<void> {
    this.#stopping = true;
    for (const wake of [...this.#wake]) wake();
    await Promise.all(this.#loops);
    await this.#boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  #known(queue: string) {
    if (!this.#queues.has(queue)) throw new Error(`unknown job queue ${queue} (not started)`);
  }
}

/**
 * pg-boss's statements through a drizzle transaction: its `$n` placeholders become drizzle parameters, so the
 * job row is written on the transaction's own connection (PostgreSQL) or inside PGlite's open transaction.
 */
export function drizzleExecutor(tx: Tx | Db): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, index) => {
        // An undefined value must still be a parameter (drizzle would leave the placeholder out): send null.
        chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`);
      });
      const result = await tx.execute(sql.join(chunks, sql.raw('')));
      return { rows: (result as unknown as { rows: unknown[] }).rows };
    },
  };
}
