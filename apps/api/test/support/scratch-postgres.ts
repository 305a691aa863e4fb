import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh, empty PostgreSQL database of its own on the server of `baseUrl` (TEST_DATABASE_URL), for tests
 * that run the product as a separate process or cut its connection. Databases this helper left behind in
 * runs whose process is gone are dropped first.
 */
export async function createScratchDatabase(baseUrl: string, label: string): Promise<ScratchDatabase> {
  const name = `kaushal_scratch_${process.pid}_${label}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'kaushal\\_scratch\\_%'",
    );
    for (const { datname } of stale.rows) {
      const pid = Number(datname.split('_')[2]);
      if (pid !== process.pid && !isAlive(pid)) await admin.query(`drop database if exists ${datname} with (force)`);
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
