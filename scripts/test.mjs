// `npm test`: every test, in order — lint and format (Biome), build, Vitest on PGlite with the type check, the layer check, a 10 s load test and
// a first start's data (for the last two steps) beside it, the quick performance budgets, Playwright in Chromium. When
// TEST_DATABASE_URL is set, Vitest on PostgreSQL runs after the PGlite pass, and the load test beside it instead. Each
// step runs to its end so all its failures show; the exit code is non-zero when any step failed.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildIfNeeded } from './build-if-needed.mjs'
import { findChromium, findHeadlessShell } from './find-chromium.mjs'
import { startShop } from './shop-process.mjs'

const root = path.resolve(import.meta.dirname, '..')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
const MINUTE = 60_000

/** Hides the password of a database URL before printing it. */
function shownUrl(url) {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(an unreadable URL)'
  }
}

const running = new Set()
/** Folders this run makes for itself, removed at its end however it ends. */
const ownFolders = []
const removeOwnFolders = () => {
  for (const folder of ownFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // Children run in their own process groups (so a hung step can be ended whole): pass the signal on.
    for (const child of running) killGroup(child, signal)
    removeOwnFolders()
    process.exit(130)
  })
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

/**
 * Runs one command with live output, or into `output` (an array of chunks) for a step that runs beside another;
 * resolves to true when it exits with 0 within its time limit.
 */
function run(command, args, { env = process.env, limitMs, output }) {
  const say = (line) => (output ? output.push(`${line}\n`) : console.log(line))
  say(`$ ${path.relative(root, command) || command} ${args.join(' ')}`)
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: true })
    if (output) {
      child.stdout.on('data', (chunk) => output.push(chunk))
      child.stderr.on('data', (chunk) => output.push(chunk))
    }
    running.add(child)
    const timer = setTimeout(() => {
      say(`\n${path.basename(command)} still running after ${limitMs / MINUTE} min: stopping it.`)
      killGroup(child, 'SIGTERM')
      setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref()
    }, limitMs)
    child.on('error', (err) => {
      say(`Could not run ${command}: ${err.message} (did \`npm install\` run?)`)
      clearTimeout(timer)
      running.delete(child)
      resolve(false)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      running.delete(child)
      // A shop server whose test gave up on it (a start timeout) is left running in this step's process
      // group: end it with the step.
      killGroup(child, 'SIGTERM')
      resolve(code === 0)
    })
  })
}

async function canReach(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch (err) {
    console.error(`Cannot reach PostgreSQL at ${shownUrl(url)}: ${err.message}`)
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

// Each test step also writes its JSON report here, read for the counts in the summary.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-reports-'))
ownFolders.push(reports)

/** How many tests a Vitest or Playwright JSON report counts, by outcome; null when there is none (the step did not run). */
function countTests(file) {
  let report
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
  if (report.stats) {
    // Playwright: expected = passed, unexpected = failed.
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats
    return { ran: expected + unexpected + flaky, passed: expected + flaky, failed: unexpected, skipped }
  }
  return {
    ran: report.numPassedTests + report.numFailedTests,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
  }
}

const results = []
async function step(name, body, { report } = {}) {
  console.log(`\n━━━ ${name} ━━━`)
  const started = Date.now()
  let outcome
  try {
    outcome = await body()
  } catch (err) {
    console.error(err.message)
    outcome = false
  }
  return stepEnded(name, started, outcome, report)
}

function stepEnded(name, started, outcome, report, result = {}, endedAt = Date.now()) {
  const seconds = ((endedAt - started) / 1000).toFixed(1)
  const status = outcome === 'skipped' ? 'SKIPPED' : outcome ? 'passed' : 'FAILED'
  const tests = report ? countTests(report) : null
  if (!results.includes(result)) results.push(result)
  Object.assign(result, { name, status, seconds, tests })
  console.log(`━━━ ${name}: ${status} (${seconds} s${tests ? `, ${tests.ran} tests` : ''}) ━━━`)
  return outcome === true
}

/**
 * A step that runs beside the next ones (body(output) writes into output, not the terminal): its place in the
 * summary is kept, and `await`ing what it returns prints its output and ends it.
 */
function stepBeside(name, body) {
  console.log(`\n━━━ ${name}: running beside the next step, its output follows it ━━━`)
  const started = Date.now()
  const output = []
  const result = { name, status: 'running', seconds: '0.0' }
  results.push(result)
  let endedAt
  const outcome = body(output)
    .catch((err) => {
      output.push(`${err.message}\n`)
      return false
    })
    .finally(() => (endedAt = Date.now()))
  return async () => {
    const ended = await outcome
    console.log(`\n━━━ ${name} (ran beside the step above) ━━━`)
    process.stdout.write(Buffer.concat(output.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk))))
    return stepEnded(name, started, ended, undefined, result, endedAt)
  }
}

const startedAll = Date.now()

// Find the browser first, so a machine without one stops at once rather than after the build.
let chromium
let headlessShell
try {
  // The full browser for Lighthouse (the quick budgets), the headless shell for Playwright (a third faster).
  chromium = await findChromium()
  headlessShell = await findHeadlessShell()
  console.log(`Browser tests will use Chromium from ${headlessShell.source}: ${headlessShell.path}; Lighthouse ${chromium.path}`)
} catch (err) {
  console.error(`\n${err.message}`)
  process.exit(1)
}

// Node's module compile cache (Node 22.1+; older ones ignore it) for every process of the run, in a folder of the run's
// own: the shop's build is compiled once and its V8 code read back by the next of the ~110 shops the steps start, 0.07–0.10
// CPU-s less for each start (decision 062). A developer's own NODE_COMPILE_CACHE is kept.
if (!process.env.NODE_COMPILE_CACHE) {
  const compileCache = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-compile-cache-'))
  ownFolders.push(compileCache)
  process.env.NODE_COMPILE_CACHE = compileCache
}

// Vitest decides the database by TEST_DATABASE_URL; the first run must not see it.
const { TEST_DATABASE_URL: postgresUrl, ...envWithoutPostgres } = process.env

// The Vitest passes' processes (Vitest and the shops its tests start) take the large blocks glibc maps for them in
// huge pages (decision 060): a password hash (scrypt) asks for 32 MB, and on this machine each page touched for the
// first time is dear: 8,192 small ones a hash, or 16 huge ones. A hash: 160–190 → 65 ms of CPU. The load test,
// the quick budgets and Playwright (Chromium has its own allocator) keep glibc's defaults, as the shop runs.
const TEST_PROCESS_MALLOC = 'glibc.malloc.hugetlb=1'
const withTestMalloc = (env) => ({ ...env, GLIBC_TUNABLES: [env.GLIBC_TUNABLES, TEST_PROCESS_MALLOC].filter(Boolean).join(':') })

// Biome (decision 066): every file formatted and free of lint findings; it writes nothing, and takes under a second.
await step('Lint and format (biome ci)', () => run(bin('biome'), ['ci', '--error-on-warnings', '.'], { limitMs: 2 * MINUTE }))

// Built when the sources changed since the last build (the stamp `npm start` and the server tests check too).
const built = await step('Build (react-router build, when the sources changed)', () => {
  if (!buildIfNeeded(root)) console.log('The build is up to date with the sources.')
  return true
})

// TypeScript 7, the native compiler, checks (decision 051), on one thread as it runs beside a Vitest pass: a quarter
// of 5.9's CPU. Installed as `typescript-7` beside 5.9 (whose JavaScript API the tools load), so called by path.
const tsc7 = path.join(root, 'node_modules', 'typescript-7', 'bin', 'tsc')
const typeCheck = (output) =>
  run(bin('react-router'), ['typegen'], { limitMs: 3 * MINUTE, output }).then(
    (ok) => ok && run('node', [tsc7, '--singleThreaded'], { limitMs: 5 * MINUTE, output }),
  )
// The layer rule (.dependency-cruiser.cjs): app/features holds no React, app/components never reaches the database.
const layerCheck = (output) => run(bin('depcruise'), ['app', '--config', '.dependency-cruiser.cjs'], { limitMs: 2 * MINUTE, output })
const TYPE_CHECK = 'Type check (react-router typegen && tsc of TypeScript 7)'
const LAYER_CHECK = 'Layer check (npm run check:layers)'

// The production build under a mix of browsing, quotes and checkouts, then its invariants (scripts/loadtest.mjs):
// on a fresh database on the PostgreSQL server when there is one (real concurrency), else on PGlite. Checkouts are
// capped at 30 requests/s: the run then waits for every confirmation mail, so the cap (not the machine's speed)
// bounds the step. It checks what was lost or done twice, not how fast: its figures here say what it met, beside
// whatever ran with it (`npm run loadtest` alone measures).
const LOAD_TEST = 'Load test (10 s)'
/** `dataFrom`: a first start's data folder to start the embedded shop on (without PostgreSQL). */
const loadTest = (output, dataFrom) => {
  const say = (line) => (output ? output.push(`${line}\n`) : console.log(line))
  if (!built) {
    say('Skipped: the build failed, so there is no shop to load.')
    return Promise.resolve(false)
  }
  say(
    postgresUrl
      ? `Database for this run: a fresh database on PostgreSQL at ${shownUrl(postgresUrl)}`
      : 'Database for this run: PGlite in a temporary DATA_DIR',
  )
  return run(
    'node',
    ['scripts/loadtest.mjs', '--duration', '10', '--checkout-rate', '30', '--no-build', ...(dataFrom ? ['--data-from', dataFrom] : [])],
    {
      env: { ...envWithoutPostgres, DATABASE_URL: postgresUrl ?? '' },
      limitMs: 3 * MINUTE,
      output,
    },
  )
}

// A first start's data folder (migrations, the demo catalogue and its pictures), made beside the PGlite pass: the quick
// budgets and Playwright's shop start on copies of it instead of loading the catalogue each (about 4–5 s each, alone,
// after the Vitest passes). The Vitest passes make their own, as a single run of each would, and so does the load
// test on PostgreSQL; without it, the load test starts on a copy too (below).
const FIRST_START = "A first start's data, for the quick budgets and the browser tests"
const firstStartDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-first-start-'))
ownFolders.push(firstStartDir)
const firstStartData = path.join(firstStartDir, 'data')
const makeFirstStartData = async (output) => {
  if (!built) {
    output.push('Skipped: the build failed, so there is no shop to start.\n')
    return false
  }
  const started = Date.now()
  // On the oldest Node.js the shop supports when CI runs the rest on a newer one (.ci/run, decision 057).
  const node = process.env.SHOP_OLDEST_NODE || process.execPath
  const shop = await startShop({ dataDir: firstStartData, databaseUrl: '', logLevel: 'warn', node })
  await shop.stop()
  const version = node === process.execPath ? process.version : execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()
  output.push(
    `The demo catalogue loaded into ${firstStartData} in ${((Date.now() - started) / 1000).toFixed(1)} s, by the shop on Node.js ${version}.\n`,
  )
  return true
}
let firstStartMaking
const endFirstStart = stepBeside(FIRST_START, (output) => (firstStartMaking = makeFirstStartData(output)))
/**
 * Without PostgreSQL, the load test beside the PGlite pass waits for the first start's data and starts its shop on a
 * copy of it: the demo catalogue loaded once, not twice, beside the pass. When that step fails, the load test loads the
 * catalogue itself.
 */
const loadTestOnFirstStart = async (output) => loadTest(output, (await firstStartMaking.catch(() => false)) ? firstStartData : undefined)

// Steps that leave a core idle part of the time take others beside them (docs/testing.md). The PGlite pass leaves about
// a tenth of the machine idle (39 CPU-s of 375, sampled), the PostgreSQL pass a sixth (49–58 of 310: it waits on the
// database, restarts and copies): the first start's data and the two checks (about 35 CPU-s) run beside the PGlite
// pass; the load test (26) beside the PostgreSQL pass, whose server it loads, or beside the PGlite pass without one;
// the quick budgets (about 14) beside the PostgreSQL pass too, or beside Playwright without it.
/** Vitest's arguments: its usual output, and the JSON report the summary counts. */
const vitestArgs = (report, ...more) => ['run', ...more, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]

const besidePglite = [
  stepBeside(TYPE_CHECK, typeCheck),
  stepBeside(LAYER_CHECK, layerCheck),
  ...(postgresUrl ? [] : [stepBeside(LOAD_TEST, loadTestOnFirstStart)]),
]
const pgliteReport = path.join(reports, 'vitest-pglite.json')
await step(
  'Vitest on PGlite (embedded database in memory), every project',
  () => {
    console.log('Database for this run: PGlite, in memory (TEST_DATABASE_URL not passed on)')
    return run(bin('vitest'), vitestArgs(pgliteReport), { env: withTestMalloc(envWithoutPostgres), limitMs: 15 * MINUTE })
  },
  { report: pgliteReport },
)
for (const end of besidePglite) await end()
const firstStartMade = await endFirstStart()
/** For the steps that can start on a copy of it; without it (its step failed, and says so) they make their own. */
const fromFirstStart = firstStartMade ? firstStartData : undefined

// The quick budget check of scripts/bench.mjs: the scripts and styles a page downloads, compression and caching
// headers, the pictures' markup, and Lighthouse on the home page (`npm run bench` measures everything). It runs beside
// the PostgreSQL pass, on the embedded database, or beside Playwright without PostgreSQL: what it judges does not depend
// on the machine's speed, and the performance score that does is only reported (decision 061).
const BUDGETS = 'Performance budgets (npm run bench -- --quick)'
const budgets = (output) => {
  if (!built) {
    output.push('Skipped: the build failed, so there is nothing to measure.\n')
    return Promise.resolve(false)
  }
  return run('node', ['scripts/bench.mjs', '--quick', '--no-build', ...(fromFirstStart ? ['--data-from', fromFirstStart] : [])], {
    env: { ...envWithoutPostgres, DATABASE_URL: '', CHROME_PATH: chromium.path },
    limitMs: 4 * MINUTE,
    output,
  })
}

// Beside the next pass: the PostgreSQL one, or Playwright without it (which leaves about a tenth of the machine idle,
// 24 CPU-s of 218 in a run alone).
const endBudgets = stepBeside(BUDGETS, budgets)
if (postgresUrl) {
  const endLoadTest = stepBeside(LOAD_TEST, loadTest)
  const postgresReport = path.join(reports, 'vitest-postgres.json')
  await step(
    'Vitest on PostgreSQL, the "database" project',
    async () => {
      // The "unit" project's files touch no database and the "embedded" project's open only an embedded one of
      // their own: both ran in the pass above (vitest.config.ts).
      console.log(`Database for this run: PostgreSQL at ${shownUrl(postgresUrl)} (a fresh database per test file)`)
      if (!(await canReach(postgresUrl))) return false
      return run(bin('vitest'), vitestArgs(postgresReport, '--project', 'database'), {
        // The first start's data too, for the tests that start an embedded shop before moving it to PostgreSQL.
        env: withTestMalloc({ ...process.env, TEST_DATABASE_URL: postgresUrl, SHOP_TEST_EMBEDDED_DATA: fromFirstStart ?? '' }),
        limitMs: 15 * MINUTE,
      })
    },
    { report: postgresReport },
  )
  await endLoadTest()
  await endBudgets()
} else {
  // Including the *.postgres.test.ts files (several app servers, a database restart, moving off the embedded database).
  results.push({ name: 'Vitest on PostgreSQL', status: 'SKIPPED (TEST_DATABASE_URL not set; .ci/run sets it)', seconds: '0.0' })
}

const playwrightReport = path.join(reports, 'playwright.json')
await step(
  'Playwright in Chromium',
  () => {
    if (!built) {
      console.log('Skipped: the build failed, so there is no shop to test in the browser.')
      return false
    }
    console.log(`Chromium: ${headlessShell.path}`)
    return run(bin('playwright'), ['test', '--reporter=list,json'], {
      env: {
        ...envWithoutPostgres,
        CHROME_PATH: headlessShell.path,
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
        E2E_DATA_FROM: fromFirstStart ?? '',
      },
      // A minute past its own global bound (playwright.config.ts), so Playwright ends it and reports first.
      limitMs: 21 * MINUTE,
    })
  },
  { report: playwrightReport },
)
if (!postgresUrl) await endBudgets()

const total = ((Date.now() - startedAll) / 1000).toFixed(1)
const failed = results.filter((r) => r.status === 'FAILED')
console.log('\n━━━ Summary ━━━')
for (const r of results) {
  const mark = r.status.startsWith('passed') ? '✔' : r.status === 'FAILED' ? '✘' : '–'
  const tests = r.tests
    ? `; ${r.tests.ran} tests ran: ${r.tests.passed} passed, ${r.tests.failed} failed${r.tests.skipped ? `, ${r.tests.skipped} skipped` : ''}`
    : ''
  console.log(`${mark} ${r.name}: ${r.status} (${r.seconds} s${tests})`)
}
const testsRan = results.reduce((sum, r) => sum + (r.tests?.ran ?? 0), 0)
console.log(
  failed.length
    ? `${failed.length} step(s) FAILED in ${total} s (${testsRan} tests ran, on Node.js ${process.version}).`
    : `All steps passed in ${total} s: ${testsRan} tests ran, on Node.js ${process.version}.`,
)
removeOwnFolders()
process.exit(failed.length ? 1 : 0)
