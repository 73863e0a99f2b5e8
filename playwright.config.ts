import fs from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // A bound on a stuck run, not a target: the whole run took 452–478 s on 24–25 Nov and would have needed about 800 s
  // on this 2-core machine at noon on 25 Nov, when every page took 2–3 times as long (docs/testing.md).
  globalTimeout: 20 * 60_000,
  use: {
    // Set by the global setup, which starts the built shop once; workers read this config after it ran.
    baseURL: process.env.E2E_BASE_URL,
    // No trace by default: recording one for every test (to keep it on failure) cost 17 % of the run (174.6 s against
    // 145.0 and 146.2 s), and CI's machine keeps no files for anyone to open. To see a failing test step by step:
    // `npx playwright test <file> --trace on`, then `npx playwright show-trace test-results/…/trace.zip`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Set by scripts/test.mjs (scripts/find-chromium.mjs); for a bare `npx playwright test`, the system's
          // headless shell (a third faster than the full browser, decision 045), its full Chromium, else Playwright's own.
          executablePath:
            process.env.CHROME_PATH || ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
})
