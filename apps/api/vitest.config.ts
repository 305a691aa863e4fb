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
  },
});
