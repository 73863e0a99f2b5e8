import fs from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import { execFileSync } from 'node:child_process'
import { configDefaults, defineConfig } from 'vitest/config'
import { KnownDurationsSequencer } from './tests/support/file-order.ts'
import { TEST_FOLDERS, testFiles } from './tests/support/test-files.ts'

const root = import.meta.dirname

// The embedded databases the test files open in Vitest's worker threads (one process, so one set of V8 flags):
// compiled by Liftoff alone, like the shops the tests start (WASM_BASELINE_ONLY in tests/support/test-server.ts,
// decision 054). Set before any worker starts and any WASM is compiled.
v8.setFlagsFromString('--liftoff-only')

// The message functions (i18n.config.js), compiled before any test imports them (skipped when none changed).
execFileSync(process.execPath, [path.join(root, 'scripts/compile-messages.mjs')], { stdio: 'inherit' })

const include = TEST_FOLDERS.map((dir) => `${dir}/**/*.test.ts`)
// `*.postgres.test.ts` need a PostgreSQL server (several app servers on one database, a database restart,
// a copy off the embedded one): they run in the PostgreSQL pass of `npm test` (TEST_DATABASE_URL), as in CI.
const exclude = [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.postgres.test.ts'])]

/**
 * A test file belongs to the "database" project when it opens a database or starts the shop (which opens one), so it
 * runs on PGlite and again on PostgreSQL; every other file is "unit", pure code run once (docs/testing.md). Read from
 * the files, so a new test lands in the right project by what it imports; when in doubt, "database".
 */
const TOUCHES_DATABASE = /test-database|test-server|openDatabase|DATABASE_URL|pglite/i
const databaseFiles = testFiles(root).filter(
  (file) => file.endsWith('.postgres.test.ts') || TOUCHES_DATABASE.test(fs.readFileSync(path.join(root, file), 'utf8')),
)
/**
 * `*.embedded.test.ts` open an embedded database of their own whatever the pass (a shop started with its own empty
 * DATA_DIR and no DATABASE_URL, a bare PGlite for one migration): a PostgreSQL pass would only run them again the
 * same way, so they are the "embedded" project, run once on PGlite.
 */
const embeddedFiles = databaseFiles.filter((file) => file.endsWith('.embedded.test.ts'))

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    // Vitest's default on 2 cores is one worker; 2 was the fastest of 1, 2 and 3 there (docs/testing.md).
    maxWorkers: 2,
    // Worker threads rather than child processes: a file's worker starts quicker (the unit files: 14.3 s → 10.2 s).
    pool: 'threads',
    // A worker runs its files one after another in the same thread, importing each module once (decision 047): the
    // files mock nothing and each opens its own database or shop (tests/shared-worker.test.ts keeps it so).
    isolate: false,
    // The longest files first, from the last run's timings or, in a fresh clone, tests/file-durations.json.
    sequence: { sequencer: KnownDurationsSequencer },
    testTimeout: 30_000,
    hookTimeout: 150_000,
    projects: [
      // SHOP_TEST_PROJECT: openTestDatabase and startTestServer refuse to run in "unit", so a file that reaches a
      // database through a helper without naming it fails loudly instead of missing its PostgreSQL pass.
      { extends: true, test: { name: 'unit', include, exclude: [...exclude, ...databaseFiles], env: { SHOP_TEST_PROJECT: 'unit' } } },
      // The global setup too: its shared folder is where the first file to need the build makes it (ensureBuilt).
      { extends: true, test: { name: 'embedded', include: embeddedFiles, exclude, globalSetup: ['tests/support/vitest-global-setup.ts'] } },
      {
        extends: true,
        test: {
          name: 'database',
          include: databaseFiles,
          exclude: [...exclude, ...embeddedFiles],
          // Made once per run and shared by the workers: the migrated database, the server tests' data folder.
          globalSetup: ['tests/support/vitest-global-setup.ts'],
        },
      },
    ],
  },
})
