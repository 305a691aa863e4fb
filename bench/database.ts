import pg from 'pg';

/**
 * Creates the PostgreSQL database a bench's URL names when it is missing (the bench's databases are its own:
 * `kaushal_bench_perf`, `kaushal_bench_search`, …), connecting to the server's `postgres` database to do it.
 */
export async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
}
