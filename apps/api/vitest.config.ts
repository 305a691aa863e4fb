import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Files share one database per worker; two workers fit the 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    // A worker runs its files one after another in one process: the modules are loaded and the database (a PGlite
    // made and migrated, or a PostgreSQL database created and migrated) is set up once per worker, not once per
    // file. That was most of each file's first test; the suite took 521-560 s isolated and 257-318 s this way on
    // one machine. Every test that uses the database starts from `resetDatabase`; no file mocks modules or edits
    // process.env.
    isolate: false,
  },
});
