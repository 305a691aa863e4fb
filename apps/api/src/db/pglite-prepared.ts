import { PGlite, parse, protocol, type Results, type Transaction, types } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite (decision 053). PGlite's own `query` plans its text on every run and
 * talks to the database in six protocol calls (parse, describe the statement, bind, describe the portal,
 * execute, sync); for the progress writer's batch statement that was 3.6 ms of which under 1.2 ms was the
 * statement's execution. Here a text is parsed once per instance under its name, then each run is ONE call of
 * bind, describe, execute and sync: 1.6 ms for the same statement and rows.
 *
 * Values go as text, as PGlite sends them: the statement's casts (`$1::uuid[]`) give their types, so there is no
 * describe-the-statement call to learn them. Only plain values are taken (see `asText`).
 */

const { serialize } = protocol;

/** The PGlite instance behind a transaction's handle, set by `PreparingPGlite.transaction`. */
const owner = Symbol('pglite instance');
type MarkedTransaction = Transaction & { [owner]?: PGlite };

/** Texts parsed under their names, per instance: a name always stands for one text (its hash is in the name). */
const preparedBy = new WeakMap<PGlite, Set<string>>();

/**
 * Results as drizzle's raw `execute` on PGlite gives them (its `rawQueryConfig`, which it does not export): rows as
 * objects; dates, timestamps and intervals, their arrays and numeric[] left as text.
 */
const asGiven = (value: string) => value;
const resultOptions = {
  rowMode: 'object' as const,
  parsers: Object.fromEntries(
    // timestamp[] 1115, timestamptz[] 1185, interval[] 1187, date[] 1182, numeric[] 1231
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1115, 1185, 1187, 1182, 1231].map((oid) => [
      oid,
      asGiven,
    ]),
  ),
};

/**
 * A PGlite whose transactions' handles name it, so a statement given a transaction's handle (drizzle's session
 * client inside `db.transaction`) finds the instance to run on. Everything else is PGlite's.
 */
export class PreparingPGlite extends PGlite {
  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => callback(Object.assign(tx, { [owner]: this })));
  }
}

/** The instance and whether the statement runs inside a transaction, or null for a client not made here. */
export function pgliteBehind(client: unknown): { pglite: PGlite; inTransaction: boolean } | null {
  if (client instanceof PGlite) return { pglite: client, inTransaction: false };
  const marked = (client as MarkedTransaction | null)?.[owner];
  return marked ? { pglite: marked, inTransaction: true } : null;
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  throw new TypeError(`A named statement on PGlite takes text, numbers, booleans, dates or null, not ${typeof value}.`);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Runs `text` under `name` with `values`. Inside a transaction the transaction already holds the instance, and the
 * run takes only its query lock (as the handle's own `query` does); outside one it also waits for any transaction
 * in progress, as `PGlite.query` does, and the instance's files are synced after.
 */
export function runPrepared(
  target: { pglite: PGlite; inTransaction: boolean },
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<Results<Record<string, unknown>>> {
  const { pglite, inTransaction } = target;
  const work = async () => {
    let prepared = preparedBy.get(pglite);
    if (!prepared) {
      prepared = new Set();
      preparedBy.set(pglite, prepared);
    }
    if (!prepared.has(name)) {
      // Its own call, once: a text that does not parse throws here and stays unprepared.
      await pglite.execProtocol(concat([serialize.parse({ name, text, types: [] }), serialize.sync()]), {
        syncToFs: false,
      });
      prepared.add(name);
    }
    const messages = [
      serialize.bind({ statement: name, values: values.map(asText) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
    // A failed run throws (its Sync has ended it); inside a transaction the caller's rollback follows.
    const result = await pglite.execProtocol(concat(messages), { syncToFs: !inTransaction });
    return parse.parseResults(result.messages, pglite.parsers, resultOptions)[0] as Results<Record<string, unknown>>;
  };
  return inTransaction ? pglite.runExclusive(work) : pglite._runExclusiveTransaction(() => pglite.runExclusive(work));
}
