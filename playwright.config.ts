import { defineConfig, devices } from '@playwright/test';

/** Browser tests: Debian's Chromium against the built product, started fresh by e2e/global-setup.ts. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
];

/** Specs whose figures are timings: run alone, after the rest (the `timed` project). */
const TIMED = /hls-playback\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e-artifacts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    video: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: TIMED },
    // Tests that time the product (the first video frame under a throttled network) run after all the others, so
    // no other spec's browser and product share the machine's cores with them.
    {
      name: 'timed',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: TIMED,
      dependencies: ['chromium'],
    },
  ],
});
