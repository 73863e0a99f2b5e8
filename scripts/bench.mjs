// `npm run bench -- [--quick] [--no-build] [--data-from <folder>] [--runs <n>] [--duration <seconds>] [--connections <n>]`
//
// The shop's performance budgets, measured (issue 7). Starts the production build on loopback with a fresh
// embedded database and the demo catalogue (and, when DATABASE_URL names a PostgreSQL server, a second round on a
// new database created there and dropped afterwards) and measures:
// - Lighthouse (mobile preset, simulated throttling) on the catalogue pages and the cart, loaded over HTTPS and HTTP/2
//   through a loopback front as deployed (scripts/https-front.mjs): scores, LCP, TBT, CLS and bytes transferred; the
//   median of 3 runs per page by performance score;
// - what the browser downloads to render `/` and `/herb-ro`: the compressed JavaScript and CSS the HTML links;
// - how the shop serves: compression, long caching of hashed assets and media, ETag / 304 on catalogue pages, and
//   the LCP image's markup;
// - server throughput and latency with autocannon for pages, the catalogue API and checkout, each page beside the
//   same server sending a fixed file of the page's size (the ceiling on this machine).
// Prints a Markdown table, writes it to bench/results.md and everything to bench/results.json (--quick: bench/quick.*,
// so CI's check does not overwrite a full run's figures), and exits 1 when a budget is missed. `--quick` (for CI)
// checks only bundle sizes (per page, and per route from the build's manifest), the serving headers, the LCP image markup and Lighthouse on `/` once: no throughput,
// embedded database only; Lighthouse's performance score there is reported, not judged (decision 061).
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import autocannon from 'autocannon'
import * as chromeLauncher from 'chrome-launcher'
import { sql } from 'drizzle-orm'
import lighthouse from 'lighthouse'
import { readArguments } from './db-tools.mjs'
import { routeScripts } from './route-scripts.mjs'
import { findChromium } from './find-chromium.mjs'
import { startHttpsFront } from './https-front.mjs'
import {
  checkoutHolder,
  Cleanups,
  createDatabase,
  dataFromFolder,
  prepareBuild,
  SetupError,
  shippingAddress,
  startShop,
  wholeNumber,
} from './shop-process.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const USAGE =
  'Usage: npm run bench -- [--quick] [--no-build] [--data-from <folder of a first start’s data>] [--runs <Lighthouse runs per page, default 3>] [--duration <seconds per throughput run, default 10>] [--connections <default 50>]'

// ── Settings ────────────────────────────────────────────────────────────────────────────────────────────────

const args = readArguments(
  {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'no-build': { type: 'boolean', default: false },
    'data-from': { type: 'string' },
  },
  USAGE,
  `Measures the production build against the performance budgets of issue 7 and exits 1 when one is missed:
  Lighthouse (mobile, simulated throttling) on /, /herb-ro, /free-products, /product/{id}, /product/{name}/{id},
  /Cart-page and the Tamil /ta, /ta/herb-ro, /ta/product/{id}, /ta/Cart-page and /ta/checkout, median of --runs runs by
  performance score: performance >= 95, accessibility 100, best practices >= 95, SEO 100; JavaScript to render / and
  /herb-ro at most 8 KB over their figures before Tamil (98.1 and 95.7 KB), /ta and /ta/herb-ro at most 8 KB over their
  English twins, and CSS <= 25 KB compressed (1 KB = 1024 bytes; the sum of
  the bodies the HTML links, as sent with Accept-Encoding: br, gzip); compression of HTML, JS, CSS and JSON; hashed
  assets and media cached "public, max-age=31536000, immutable"; ETag and 304 on catalogue pages; the LCP image's
  markup (responsive WebP with width and height, the first eager with high priority, the rest lazy); /herb-ro at
  >= 50 % of the requests per second of a fixed file of its size, with p99 < 50 ms at --connections connections.
Throughput: autocannon, --duration seconds and --connections connections per endpoint, on loopback, without
  Accept-Encoding (raw sizes), for /, /herb-ro, a product page, GET /api/products?category=herbal and
  POST /api/payment/createOrder (test payments; the product ordered gets plenty of stock first).
With DATABASE_URL set, a second round runs on a fresh database created on that PostgreSQL server and dropped after:
  throughput and the serving checks (Lighthouse measures the browser's side, which the database does not change,
  so it runs in the first round only, to keep the whole run under 10 minutes on 2 cores).
--quick (for CI): bundle sizes, the serving and LCP image checks and Lighthouse on / once; embedded database only.
--no-build uses build/ as it is (it must exist); otherwise the shop is built when its sources changed.
--data-from starts the embedded round's shop on a copy of that folder, the data of a first start (\`npm test\` makes
  one for its steps), instead of loading the demo catalogue itself; what is measured is the same.
Writes bench/results.md and bench/results.json (--quick: bench/quick.md and bench/quick.json).`,
)
const quick = args.quick
const lighthouseRuns = quick ? 1 : wholeNumber(args.runs, '--runs', 1, 15, USAGE)
const duration = wholeNumber(args.duration, '--duration', 1, 600, USAGE)
const connections = wholeNumber(args.connections, '--connections', 1, 1000, USAGE)
const resultsDir = path.join(root, 'bench')
const dataFrom = dataFromFolder(args['data-from'], USAGE)

const KB = 1024
const BUDGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 100,
  jsBytes: 100 * KB,
  cssBytes: 25 * KB,
  /**
   * What one route's page adds to the scripts every page loads (forms add Zod, ~22 KB). 40 KB since its words come in
   * two languages (issue 41): the checkout, the largest, went from 32.1 to 38.2 KB, its address form's labels and
   * errors in English and Tamil.
   */
  routeJsBytes: 40 * KB,
  ceilingShare: 0.5,
  p99Ms: 50,
}
/** The pages whose JavaScript and CSS are budgeted: the home page and a category page, in English and in Tamil. */
const BUNDLE_PAGES = ['/', '/herb-ro', '/ta', '/ta/herb-ro']
/**
 * The script of the English pages before the shop spoke Tamil (main at db5883d, this machine's bench of 29 Nov): the
 * languages may add at most LANGUAGE_JS_BYTES to an English page, and a Tamil page at most as much again over its English
 * twin (issue 41, decision 074).
 */
/** Pages Lighthouse measures that carry noindex by design (decision 020): their SEO score lacks is-crawlable only. */
const NOINDEX_PAGES = new Set(['/ta/checkout'])
const JS_BEFORE_LANGUAGES = { '/': 98.1 * KB, '/herb-ro': 95.7 * KB }
const LANGUAGE_JS_BYTES = 8 * KB
const CATEGORY_PAGE = '/herb-ro'
/** The category value the catalogue API is measured with (app/features/catalogue/categories.ts). */
const API_CATEGORY = 'herbal'
// The front's certificate is made for each run, so the browser is told not to check it.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--ignore-certificate-errors']
/** A run with a runtime error (Chromium 156 sometimes fails to record the trace: NO_NAVSTART) is run again, this often. */
const LIGHTHOUSE_RETRIES = 2
/** Units given to the product checkout is measured with, so no order is refused for stock during the run. */
const CHECKOUT_STOCK = 1_000_000
const ACCEPT_COMPRESSED = { 'accept-encoding': 'br, gzip' }
const IMMUTABLE = ['public', 'max-age=31536000', 'immutable']
const ADDRESS = shippingAddress('Bench Mark')

// ── Cleanup on the way out, whatever happens ────────────────────────────────────────────────────────────────

const cleanups = new Cleanups()
/** The shop under test, for its log when the run breaks off. */
let runningShop
/** The cleanup an interruption started; it exits the process when done. */
let interrupted
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return
    console.error(`\n${signal}: stopping the benchmark.`)
    interrupted = cleanups.undo().finally(() => process.exit(130))
  })
}

/** Nothing new is started once Ctrl-C has started the cleanup. */
function notInterrupted() {
  if (interrupted) throw new SetupError('Interrupted.')
}

async function main() {
  const startedAt = new Date()
  const loadAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100)
  if (!prepareBuild(args['no-build'])) return 1
  let chromium
  try {
    chromium = await findChromium()
  } catch (err) {
    throw new SetupError(err.message)
  }

  const rounds = [{ kind: 'pglite', label: 'PGlite (embedded, fresh DATA_DIR)', lighthouse: true }]
  if (process.env.DATABASE_URL && !quick) rounds.push({ kind: 'postgres', label: 'PostgreSQL', lighthouse: false })
  if (process.env.DATABASE_URL && quick)
    console.log('--quick: DATABASE_URL is left aside; the quick check runs on the embedded database only.')

  console.log(
    quick
      ? 'Benchmark, quick: bundle sizes, serving checks, Lighthouse on / once.'
      : `Benchmark: Lighthouse ${lighthouseRuns} run(s) per page; throughput ${duration} s × ${connections} connections per endpoint; ${rounds.map((r) => r.label).join(', then ')}.`,
  )
  console.log(`Chromium: ${chromium.path} (${chromium.source})`)
  const results = []
  for (const round of rounds) results.push(await benchRound(round, chromium.path))

  const finishedAt = new Date()
  const report = {
    ok: results.every((r) => r.budgets.every((b) => b.ok || b.reportedOnly)),
    mode: quick ? 'quick' : 'full',
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationSeconds: Math.round((finishedAt - startedAt) / 100) / 10,
    settings: {
      lighthouseRunsPerPage: lighthouseRuns,
      throughput: quick ? null : { durationSeconds: duration, connections },
      budgets: BUDGETS,
      kilobyte: KB,
      node: process.version,
      cpus: os.cpus().length,
      // The machine's load before and after: other work on it moves every number here.
      loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((l) => Math.round(l * 100) / 100) },
      chromium: chromium.path,
      lighthouse: lighthouseVersion(),
    },
    rounds: results,
  }
  const markdown = renderMarkdown(report)
  console.log(`\n${markdown}`)
  fs.mkdirSync(resultsDir, { recursive: true })
  const name = quick ? 'quick' : 'results'
  fs.writeFileSync(path.join(resultsDir, `${name}.md`), markdown)
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`)
  console.log(`Written to bench/${name}.md and bench/${name}.json. The benchmark took ${report.durationSeconds} s.`)
  const missedOf = (reported) =>
    results.flatMap((r) =>
      r.budgets.filter((b) => !b.ok && b.reportedOnly === reported).map((b) => `${r.database}: ${b.name} — ${b.measured}`),
    )
  const missed = missedOf(false)
  const reported = missedOf(true)
  if (reported.length) console.log(`\nBelow budget, reported only:\n${reported.map((m) => `  ⚠ ${m}`).join('\n')}`)
  if (missed.length) console.log(`\n${missed.length} budget(s) MISSED:\n${missed.map((m) => `  ✘ ${m}`).join('\n')}`)
  else console.log(`\nEvery budget ${reported.length ? 'judged here ' : ''}is met.`)
  return report.ok ? 0 : 1
}

// ── One round: a fresh database, the shop on it, every measurement ──────────────────────────────────────────

async function benchRound(round, chromePath) {
  const mark = cleanups.length
  console.log(`\n── ${round.label} ──`)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'))
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  let databaseUrl = ''
  let label = round.label
  if (round.kind === 'postgres') {
    const creating = createDatabase(process.env.DATABASE_URL, { prefix: 'shop_bench', purpose: 'the benchmark' })
    cleanups.push(() =>
      creating.then(
        (database) => database.drop(),
        () => {},
      ),
    )
    const database = await creating
    databaseUrl = database.url
    label = `PostgreSQL (database ${database.name}, dropped afterwards)`
  }
  const location = { dataDir, databaseUrl }

  // The first start loads the demo catalogue (or it is copied from one); the products to measure come from it.
  let started = Date.now()
  const copied = dataFrom !== undefined && round.kind !== 'postgres'
  if (copied) fs.cpSync(dataFrom, dataDir, { recursive: true })
  let shop = await openShop(location)
  console.log(`The shop is open at ${shop.url} (${seconds(started)} s, ${copied ? `on a copy of ${dataFrom}` : 'demo catalogue loaded'})`)
  const products = pickProducts(await readCatalogue(shop.url))
  if (!quick) {
    // Each createOrder reserves a unit: the product gets stock for far more orders than a run can place. The
    // embedded database takes one process at a time, so the shop is stopped while the stock is changed.
    started = Date.now()
    await shop.stop()
    await raiseStock(location, products.single.id, CHECKOUT_STOCK)
    shop = await openShop(location)
    const stock = (await readCatalogue(shop.url)).find((p) => p.id === products.single.id)?.stockCount
    if (stock !== CHECKOUT_STOCK)
      throw new SetupError(`The stock of ${products.single.name} is ${stock} after raising it to ${CHECKOUT_STOCK}.`)
    console.log(
      `Stock of ${products.single.name} raised to ${CHECKOUT_STOCK} for the checkout run; the shop is open again at ${shop.url} (${seconds(started)} s)`,
    )
  }
  const base = shop.url
  const pages = [
    '/',
    CATEGORY_PAGE,
    '/free-products',
    products.single.url,
    products.sized.url,
    '/Cart-page',
    // The Tamil home, shelf, product, cart and checkout (issue 41).
    '/ta',
    `/ta${CATEGORY_PAGE}`,
    `/ta${products.single.url}`,
    '/ta/Cart-page',
    '/ta/checkout',
  ]

  const bundles = {}
  for (const page of BUNDLE_PAGES) bundles[page] = await bundleOf(base, page)
  const serving = await servingChecks(base, bundles['/'], products)
  const lcpImages = {}
  for (const page of [CATEGORY_PAGE, products.single.url]) lcpImages[page] = await lcpImageCheck(base, page)
  console.log(`Bundles, serving headers and LCP image markup checked.`)

  // Lighthouse loads the pages over HTTPS and HTTP/2, as customers get them through the TLS front (decision 044).
  let lighthouseResults = null
  if (round.lighthouse) {
    const front = await startHttpsFront(base)
    cleanups.push(() => front.close())
    console.log(`Lighthouse loads the pages through an HTTPS and HTTP/2 front at ${front.url}.`)
    const lighthousePagesToRun = quick ? ['/'] : pages
    const warmed = await warmPictures(base, lighthousePagesToRun)
    console.log(
      `The pages' ${warmed.count} picture files fetched once before Lighthouse (${warmed.seconds} s): each width is made on its first request.`,
    )
    lighthouseResults = await lighthousePages(front.url, lighthousePagesToRun, chromePath)
  }
  const throughput = quick ? null : await throughputRuns(base, products)

  await shop.stop()
  const shopErrorLines = shop.errorLines()
  await cleanups.undo(mark)

  const result = {
    database: label,
    products: { single: products.single, sized: products.sized },
    lighthouse: lighthouseResults,
    bundles,
    serving,
    lcpImages,
    routeScripts: routeScripts(path.join(root, 'build', 'client')),
    throughput,
    shopErrorLogLines: shopErrorLines,
  }
  result.budgets = budgetsOf(result)
  return result
}

/** The shop on `location`, stopped by the cleanup even when Ctrl-C comes while it starts. */
async function openShop(location) {
  notInterrupted()
  // TRUST_PROXY: each checkout comes from its own client address (X-Forwarded-For), as many customers would (decision 024).
  const starting = startShop({ ...location, logLevel: 'warn', env: { TRUST_PROXY: '1' } })
  cleanups.push(() =>
    starting.then(
      (shop) => shop.stop(),
      () => {},
    ),
  )
  const shop = await starting
  runningShop = shop
  return shop
}

async function readCatalogue(base) {
  const response = await fetch(`${base}/api/products`)
  if (!response.ok) throw new SetupError(`GET /api/products answered ${response.status}`)
  return (await response.json()).products
}

/**
 * A single-price product (`/product/{id}`; herbal if there is one in stock: the category page's kind) and a sized
 * one (`/product/{name}/{id}`), both in stock, from the API's `products[].url`.
 */
function pickProducts(catalogue) {
  const inStock = catalogue.filter((p) => p.stockCount > 0)
  const singles = inStock.filter((p) => /^\/product\/[^/]+$/.test(p.url))
  const single = singles.find((p) => p.category === API_CATEGORY) ?? singles[0]
  const sized = inStock.find((p) => /^\/product\/[^/]+\/[^/]+$/.test(p.url))
  if (!single || !sized) {
    throw new SetupError(
      `The catalogue (${catalogue.length} products) has no ${single ? 'sized product at /product/{name}/{id}' : 'single-price product at /product/{id}'} in stock: did the demo catalogue load?`,
    )
  }
  const brief = (p) => ({ id: p.id, name: p.name, category: p.category, url: p.url })
  return { single: brief(single), sized: brief(sized) }
}

/** Sets every variant of a product to `units`, with the built shop's own code while the shop is stopped. */
async function raiseStock({ dataDir, databaseUrl }, productId, units) {
  process.env.LOG_LEVEL = 'warn'
  const built = await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)
  const handle = await built.openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir })
  try {
    await handle.db.execute(sql`update variants set stock = ${units} where product_id = ${productId}`)
  } finally {
    await handle.close()
  }
}

// ── Plain HTTP: bytes as sent, headers as answered ──────────────────────────────────────────────────────────

/** A GET whose body is kept as it came over the wire (fetch would decompress it). */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
    request.setTimeout(30_000, () => request.destroy(new Error(`GET ${url} took more than 30 s`)))
    request.on('error', reject)
  })
}

function decoded(response) {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return zlib.brotliDecompressSync(response.body)
  if (encoding === 'gzip') return zlib.gunzipSync(response.body)
  if (encoding === 'deflate') return zlib.inflateSync(response.body)
  return response.body
}

async function getPage(base, page, headers = {}) {
  const response = await rawGet(`${base}${page}`, headers)
  if (response.status !== 200) throw new SetupError(`GET ${page} answered ${response.status}`)
  return { response, html: decoded(response).toString('utf8') }
}

/** The start tags named `name` in `html`, each as its attributes (names lowercased, entities in values decoded). */
function tags(html, name) {
  const found = []
  for (const match of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))) {
    const attributes = {}
    for (const a of match[1].matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g)) {
      attributes[a[1].toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '')
    }
    found.push(attributes)
  }
  return found
}

function decodeEntities(value) {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/**
 * Every picture file the pages name (`src` and each `srcset` width), fetched once. The shop makes a picture's width
 * with sharp on its first request and serves the stored file after, as a deployed shop does from its second visitor
 * on. Without this, the first Lighthouse run shares the two cores with that one-off work (38 files on `/`, about 1 s
 * of CPU here) and measures it as the page's.
 */
async function warmPictures(base, pages) {
  const started = Date.now()
  const files = new Set()
  for (const page of pages) {
    const { html } = await getPage(base, page)
    for (const image of [...tags(html, 'img'), ...tags(html, 'source')]) {
      for (const url of pictureUrls(image)) {
        const own = ownPath(base, url)
        if (own) files.add(own)
      }
    }
  }
  for (const file of files) {
    const response = await rawGet(`${base}${file}`)
    if (response.status !== 200) throw new SetupError(`GET ${file} answered ${response.status} while fetching the pages' pictures`)
  }
  return { count: files.size, seconds: seconds(started) }
}

/** The files a picture names: its `src` and the URL of each `srcset` candidate. */
function pictureUrls(image) {
  return [image.src, ...(image.srcset ?? '').split(',').map((c) => c.trim().split(/\s+/)[0])].filter(Boolean)
}

/** A path on the shop's own origin, or null for another origin. */
function ownPath(base, href) {
  const url = new URL(href, base)
  return url.origin === new URL(base).origin ? `${url.pathname}${url.search}` : null
}

const hasRel = (attributes, rel) => (attributes.rel ?? '').toLowerCase().split(/\s+/).includes(rel)

// ── What the browser downloads to render a page ─────────────────────────────────────────────────────────────

/**
 * The JavaScript (`<script src>`, `<link rel=modulepreload>`) and CSS (`<link rel=stylesheet>`) a page's HTML
 * links, each fetched as a browser asks (`Accept-Encoding: br, gzip`), summed as sent.
 */
async function bundleOf(base, page) {
  const { response, html } = await getPage(base, page, ACCEPT_COMPRESSED)
  const scripts = new Set()
  for (const s of tags(html, 'script')) if (s.src) scripts.add(ownPath(base, s.src))
  const styles = new Set()
  for (const l of tags(html, 'link')) {
    if (!l.href) continue
    if (hasRel(l, 'modulepreload')) scripts.add(ownPath(base, l.href))
    if (hasRel(l, 'stylesheet')) styles.add(ownPath(base, l.href))
  }
  scripts.delete(null)
  styles.delete(null)
  const fetchAll = async (paths) => {
    const files = []
    for (const p of paths) {
      const r = await rawGet(`${base}${p}`, ACCEPT_COMPRESSED)
      if (r.status !== 200) throw new SetupError(`GET ${p} (linked from ${page}) answered ${r.status}`)
      files.push({ path: p, bytes: r.body.length, uncompressedBytes: decoded(r).length, encoding: r.headers['content-encoding'] ?? 'none' })
    }
    return {
      bytes: files.reduce((sum, f) => sum + f.bytes, 0),
      uncompressedBytes: files.reduce((sum, f) => sum + f.uncompressedBytes, 0),
      files,
    }
  }
  return {
    html: {
      bytes: response.body.length,
      uncompressedBytes: Buffer.byteLength(html),
      encoding: response.headers['content-encoding'] ?? 'none',
    },
    js: await fetchAll(scripts),
    css: await fetchAll(styles),
  }
}

// ── How the shop serves: compression, caching, ETag ─────────────────────────────────────────────────────────

async function servingChecks(base, homeBundle, products) {
  const checks = []
  const check = (group, name, ok, detail) => checks.push({ group, name, ok, detail })
  // The largest hashed script (the entry or React, not the few bytes of the route manifest).
  const jsAsset = homeBundle.js.files.filter((f) => f.path.startsWith('/assets/')).sort((a, b) => b.bytes - a.bytes)[0]?.path
  const cssAsset = homeBundle.css.files.find((f) => f.path.startsWith('/assets/'))?.path
  if (!jsAsset || !cssAsset) throw new SetupError(`/ links no ${jsAsset ? 'CSS' : 'JavaScript'} file under /assets/.`)
  const category = await getPage(base, CATEGORY_PAGE)
  const mediaFile = tags(category.html, 'img')
    .map((i) => i.src && ownPath(base, i.src))
    .find((p) => p?.startsWith('/media/'))
  if (!mediaFile) throw new SetupError(`${CATEGORY_PAGE} shows no picture from /media/.`)

  // Compression, when the client accepts it.
  for (const [kind, p] of [
    ['HTML', '/'],
    ['JS', jsAsset],
    ['CSS', cssAsset],
    ['JSON', `/api/products?category=${API_CATEGORY}`],
  ]) {
    const r = await rawGet(`${base}${p}`, ACCEPT_COMPRESSED)
    const encoding = r.headers['content-encoding']
    check(
      'compression',
      `${kind} compressed (${p})`,
      r.status === 200 && (encoding === 'br' || encoding === 'gzip'),
      `${r.status}, Content-Encoding: ${encoding ?? 'none'}`,
    )
  }

  // Long caching of what never changes under its name.
  for (const [kind, p] of [
    ['hashed JS', jsAsset],
    ['hashed CSS', cssAsset],
    ['media', mediaFile],
  ]) {
    const r = await rawGet(`${base}${p}`, ACCEPT_COMPRESSED)
    const cacheControl = r.headers['cache-control'] ?? ''
    const directives = cacheControl
      .toLowerCase()
      .split(',')
      .map((d) => d.trim())
    const missing = IMMUTABLE.filter((d) => !directives.includes(d))
    check(
      'caching',
      `${kind} cached for a year, immutable (${p})`,
      r.status === 200 && missing.length === 0,
      `${r.status}, Cache-Control: ${cacheControl || 'none'}${missing.length ? ` (missing ${missing.join(', ')})` : ''}`,
    )
  }

  // Catalogue pages: an ETag, and 304 when the browser already has that version. A version lives as long as the
  // server's copy of the page (PAGE_CACHE_SECONDS, 1 s by default; its ETag covers its CSP nonce, decision 017): a
  // question that arrives after the copy was renewed rightly gets the new version, a 200 with another ETag, and is
  // asked again with that one. A 200 with the same ETag fails at once.
  for (const p of ['/', CATEGORY_PAGE, products.single.url]) {
    const first = await rawGet(`${base}${p}`, ACCEPT_COMPRESSED)
    let etag = first.headers.etag
    let ok = false
    let detail = etag ? `${first.status}, ETag ${etag}` : `${first.status}, no ETag`
    for (let asked = 1; etag && first.status === 200 && asked <= 3; asked++) {
      const again = await rawGet(`${base}${p}`, { ...ACCEPT_COMPRESSED, 'if-none-match': etag })
      detail = `ETag ${etag}; If-None-Match answered ${again.status}${asked > 1 ? ` (asked ${asked} times: the copy was renewed meanwhile)` : ''}`
      ok = again.status === 304
      const renewed = again.status === 200 && again.headers.etag && again.headers.etag !== etag
      if (ok || !renewed) break
      etag = again.headers.etag
    }
    check('etag', `ETag and 304 on ${p}`, ok, `${detail}; Cache-Control: ${first.headers['cache-control'] ?? 'none'}`)
  }
  return checks
}

// ── The LCP image's markup ──────────────────────────────────────────────────────────────────────────────────

/**
 * The page's pictures (`<img>` that are not inline data, so not the logo): the first responsive (`srcset`,
 * `sizes`), sized (`width`, `height`), not lazy and `fetchpriority="high"`; the rest `loading="lazy"`; all WebP.
 */
async function lcpImageCheck(base, page) {
  const { html } = await getPage(base, page)
  const images = tags(html, 'img').filter((i) => i.src && !i.src.startsWith('data:'))
  const problems = []
  if (!images.length) return { ok: false, images: 0, problems: ['no picture on the page'] }
  const first = images[0]
  for (const attribute of ['srcset', 'sizes', 'width', 'height'])
    if (!first[attribute]) problems.push(`the first picture has no ${attribute}`)
  if ((first.loading ?? '').toLowerCase() === 'lazy') problems.push('the first picture is loading="lazy"')
  if ((first.fetchpriority ?? '').toLowerCase() !== 'high')
    problems.push(`the first picture has fetchpriority="${first.fetchpriority ?? ''}", not "high"`)
  const notLazy = images
    .map((image, i) => ({ image, n: i + 1 }))
    .slice(1)
    .filter(({ image }) => (image.loading ?? '').toLowerCase() !== 'lazy')
  if (notLazy.length) {
    problems.push(
      `${notLazy.length} of the ${images.length - 1} later pictures are not loading="lazy": ${notLazy
        .slice(0, 6)
        .map(
          ({ image, n }) =>
            `#${n} (loading="${image.loading ?? ''}", fetchpriority="${image.fetchpriority ?? ''}"${'hidden' in image ? ', hidden' : ''})`,
        )
        .join(', ')}${notLazy.length > 6 ? ', …' : ''}`,
    )
  }
  const notWebp = new Set()
  for (const image of images) {
    for (const u of pictureUrls(image)) if (!new URL(u, base).pathname.toLowerCase().endsWith('.webp')) notWebp.add(u)
  }
  if (notWebp.size) problems.push(`not WebP: ${[...notWebp].slice(0, 4).join(', ')}${notWebp.size > 4 ? ', …' : ''}`)
  const firstSrc = ownPath(base, first.src)
  if (firstSrc) {
    const r = await rawGet(`${base}${firstSrc}`)
    const type = r.headers['content-type'] ?? ''
    if (r.status !== 200 || !type.startsWith('image/webp'))
      problems.push(`the first picture (${firstSrc}) answered ${r.status}, Content-Type: ${type || 'none'}`)
  }
  return {
    ok: problems.length === 0,
    images: images.length,
    first: {
      src: first.src,
      width: first.width,
      height: first.height,
      loading: first.loading ?? null,
      fetchpriority: first.fetchpriority ?? null,
    },
    problems,
  }
}

// ── Lighthouse ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Every page `lighthouseRuns` times, each run in a fresh Chromium: one Chromium for all runs failed to record the
 * trace (NO_NAVSTART) in 2 of 10 runs here, a fresh one in none of 5, and it costs half a second.
 */
async function lighthousePages(base, pages, chromePath) {
  const results = []
  for (const page of pages) {
    const runs = []
    for (let i = 1; i <= lighthouseRuns; i++) {
      const run = await lighthouseRun(`${base}${page}`, chromePath)
      runs.push(run)
      console.log(
        `Lighthouse ${page} run ${i}/${lighthouseRuns}: performance ${run.performance}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, the host's benchmark index ${run.benchmarkIndex} (${run.seconds} s${run.attempts > 1 ? `, ${run.attempts} attempts` : ''})`,
      )
    }
    // The median run by performance score; its own numbers are reported, not a mix of runs.
    const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor((runs.length - 1) / 2)]
    results.push({ page, median, runs })
  }
  return results
}

async function lighthouseRun(url, chromePath) {
  let failure
  for (let attempt = 1; attempt <= 1 + LIGHTHOUSE_RETRIES; attempt++) {
    notInterrupted()
    const started = Date.now()
    // Our own SIGINT handler stops Chromium with the rest (chrome-launcher's would exit before the cleanup); the
    // cleanup waits for a launch under way, so a Chromium started during Ctrl-C is not left behind.
    const launching = chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: 'silent' })
    const kill = () =>
      launching.then(
        (chrome) => chrome.kill(),
        () => {},
      )
    failure = await cleanups.using(kill, async () => {
      try {
        const chrome = await launching
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', disableFullPageScreenshot: true })
        const lhr = result?.lhr
        if (!lhr) return 'Lighthouse returned no result'
        if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
        if (typeof lhr.categories.performance?.score !== 'number') return 'no performance score'
        return { lhr }
      } catch (err) {
        return err.message
      }
    })
    if (typeof failure === 'object') return summarize(failure.lhr, attempt, seconds(started))
    notInterrupted()
    if (attempt <= LIGHTHOUSE_RETRIES) console.log(`Lighthouse ${url}: ${failure}; running it again.`)
  }
  throw new SetupError(`Lighthouse failed on ${url} ${1 + LIGHTHOUSE_RETRIES} times; the last time: ${failure}`)
}

function summarize(lhr, attempts, runSeconds) {
  const score = (id) => (typeof lhr.categories[id]?.score === 'number' ? Math.round(lhr.categories[id].score * 100) : null)
  const audit = (id) => lhr.audits[id]?.numericValue
  const transfer = Object.fromEntries((lhr.audits['resource-summary']?.details?.items ?? []).map((i) => [i.resourceType, i.transferSize]))
  // What keeps a category below 100: its weighted audits that did not pass.
  const missed = {}
  for (const [id, category] of Object.entries(lhr.categories)) {
    const failing = category.auditRefs.filter(
      (ref) => ref.weight > 0 && typeof lhr.audits[ref.id]?.score === 'number' && lhr.audits[ref.id].score < 1,
    )
    if (failing.length) missed[id] = failing.map((ref) => `${ref.id} (${Math.round(lhr.audits[ref.id].score * 100)})`)
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    fcpMs: Math.round(audit('first-contentful-paint')),
    bytes: {
      script: transfer.script ?? 0,
      stylesheet: transfer.stylesheet ?? 0,
      image: transfer.image ?? 0,
      document: transfer.document ?? 0,
      total: transfer.total ?? 0,
    },
    missed,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    attempts,
    seconds: runSeconds,
  }
}

function lighthouseVersion() {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version
  } catch {
    return null
  }
}

// ── Server throughput ───────────────────────────────────────────────────────────────────────────────────────

function cannon(options) {
  notInterrupted()
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, timeout: 10, ...options }, (err, result) => (err ? reject(err) : resolve(result)))
  })
}

function throughputOf(result) {
  // Completed requests (answered, whatever the status) over the run's measured length.
  const requests = result.requests.total
  return {
    requests,
    requestsPerSecond: Math.round((requests / result.duration) * 10) / 10,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    // Body and headers per answer: shows the page went out uncompressed, as intended.
    bytesPerAnswer: requests ? Math.round(result.throughput.total / requests) : 0,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])),
    errors: result.errors,
    timeouts: result.timeouts,
    seconds: result.duration,
  }
}

/** What went wrong in a run, if anything: answers other than 2xx, and requests without an answer. */
function answered(run) {
  const notes = [
    run.non2xx ? `${run.non2xx} answers not 2xx` : '',
    run.errors ? `${run.errors} without an answer (${run.timeouts} timed out)` : '',
  ].filter(Boolean)
  return notes.length ? `; ${notes.join(', ')}` : ''
}

/**
 * Each page, then the same server sending a file of the page's size from build/client/assets/ (the static files'
 * middleware, behind the same request logging): the most this machine serves at that size.
 */
async function throughputRuns(base, products) {
  const endpoints = []
  const pages = ['/', CATEGORY_PAGE, products.single.url]
  for (const [n, page] of pages.entries()) {
    const { response } = await getPage(base, page)
    const bytes = response.body.length
    const measured = throughputOf(await cannon({ url: `${base}${page}` }))
    console.log(
      `GET ${page}: ${measured.requestsPerSecond} requests/s, p99 ${measured.latencyMs.p99} ms (${bytes} bytes)${answered(measured)}`,
    )
    // The page's own bytes, so the ceiling sends what the page sends.
    const file = path.join(root, 'build/client/assets', `bench-ceiling-${process.pid}-${n}.html`)
    const ceiling = await cleanups.using(
      () => fs.rmSync(file, { force: true }),
      async () => {
        fs.writeFileSync(file, response.body)
        const filePath = `/assets/${path.basename(file)}`
        const check = await rawGet(`${base}${filePath}`)
        if (check.status !== 200 || check.body.length !== bytes)
          throw new SetupError(
            `The ceiling file ${filePath} answered ${check.status} with ${check.body.length} bytes, not 200 with ${bytes}.`,
          )
        return { path: filePath, ...throughputOf(await cannon({ url: `${base}${filePath}` })) }
      },
    )
    console.log(
      `  ceiling (a ${bytes}-byte file): ${ceiling.requestsPerSecond} requests/s, p99 ${ceiling.latencyMs.p99} ms${answered(ceiling)}`,
    )
    endpoints.push({
      name: `GET ${page}`,
      kind: 'page',
      path: page,
      bytes,
      ...measured,
      ceiling,
      shareOfCeiling: Math.round((measured.requestsPerSecond / ceiling.requestsPerSecond) * 1000) / 1000,
    })
  }

  const apiPath = `/api/products?category=${API_CATEGORY}`
  const api = throughputOf(await cannon({ url: `${base}${apiPath}` }))
  console.log(`GET ${apiPath}: ${api.requestsPerSecond} requests/s, p99 ${api.latencyMs.p99} ms${answered(api)}`)
  endpoints.push({ name: `GET ${apiPath}`, kind: 'api', path: apiPath, ...api })

  // One unit of the product whose stock was raised, per order; no checkoutKey, so every call is a new order, each by a
  // customer of its own (the caps on units held by unpaid orders would otherwise answer from the 31st order on).
  let buyers = 0
  const orders = throughputOf(
    await cannon({
      url: base,
      requests: [
        {
          method: 'POST',
          path: '/api/payment/createOrder',
          setupRequest: (req) => {
            const holder = checkoutHolder(++buyers, 'bench.example.com')
            return {
              ...req,
              headers: { 'content-type': 'application/json', accept: 'application/json', ...holder.headers },
              body: JSON.stringify({
                items: [{ productId: products.single.id, quantity: 1 }],
                shippingAddress: { ...ADDRESS, phoneNumber: holder.phoneNumber },
                email: holder.email,
              }),
            }
          },
        },
      ],
    }),
  )
  console.log(`POST /api/payment/createOrder: ${orders.requestsPerSecond} requests/s, p99 ${orders.latencyMs.p99} ms${answered(orders)}`)
  endpoints.push({
    name: 'POST /api/payment/createOrder',
    kind: 'api',
    path: '/api/payment/createOrder',
    product: products.single.id,
    ...orders,
  })
  return endpoints
}

// ── Budgets ─────────────────────────────────────────────────────────────────────────────────────────────────

function budgetsOf(result) {
  const budgets = []
  // reportedOnly: printed with the others, but a miss does not fail the run (decision 061).
  const budget = (name, ok, measured, { reportedOnly = false } = {}) => budgets.push({ name, ok, measured, reportedOnly })
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`
  const files = (n) => `${n} file${n === 1 ? '' : 's'}`

  if (result.lighthouse) {
    const scores = [
      ['performance', 'performance', `≥ ${BUDGETS.performance}`, (v) => v >= BUDGETS.performance],
      ['accessibility', 'accessibility', `= ${BUDGETS.accessibility}`, (v) => v >= BUDGETS.accessibility],
      ['bestPractices', 'best-practices', `≥ ${BUDGETS.bestPractices}`, (v) => v >= BUDGETS.bestPractices],
      ['seo', 'seo', `= ${BUDGETS.seo}`, (v) => v >= BUDGETS.seo],
    ]
    for (const [key, category, rule, passes] of scores) {
      // A checkout page is kept out of search results on purpose (noindex): Lighthouse's one SEO miss there is that.
      const onPurpose = (p) =>
        key === 'seo' && NOINDEX_PAGES.has(p.page) && (p.median.missed.seo ?? []).every((audit) => audit.startsWith('is-crawlable'))
      const failing = result.lighthouse.filter((p) => !(typeof p.median[key] === 'number' && passes(p.median[key])) && !onPurpose(p))
      const why = failing.flatMap((p) =>
        p.median.missed[category] ? [`${p.page}: ${p.median.missed[category].slice(0, 4).join(', ')}`] : [],
      )
      // The performance score measures the host as much as the page: one commit scored 74–98 here within an hour
      // (decision 061). The quick check (CI's, on a shared machine) reports it; `npm run bench` holds it to its budget.
      const reportedOnly = quick && key === 'performance'
      budget(
        `Lighthouse ${category} ${rule} on ${result.lighthouse.length === 1 ? result.lighthouse[0].page : 'every page'}${reportedOnly ? ' (reported here; `npm run bench` judges it)' : ''}`,
        failing.length === 0,
        `${result.lighthouse.map((p) => `${p.page} ${p.median[key] ?? '—'}`).join(', ')}${why.length ? ` (missed: ${why.join('; ')})` : ''}`,
        { reportedOnly },
      )
    }
  }

  for (const [page, b] of Object.entries(result.bundles)) {
    const lh = result.lighthouse?.find((p) => p.page === page)?.median.bytes
    const lhNote = (bytes) => (lh ? `; Lighthouse: ${kb(bytes)}` : '')
    const english = page.startsWith('/ta') ? page.slice('/ta'.length) || '/' : null
    const jsLimit = english
      ? { bytes: (result.bundles[english]?.js.bytes ?? 0) + LANGUAGE_JS_BYTES, said: `its English page’s + ${kb(LANGUAGE_JS_BYTES)}` }
      : JS_BEFORE_LANGUAGES[page]
        ? {
            bytes: JS_BEFORE_LANGUAGES[page] + LANGUAGE_JS_BYTES,
            said: `${kb(JS_BEFORE_LANGUAGES[page])} before Tamil + ${kb(LANGUAGE_JS_BYTES)}`,
          }
        : { bytes: BUDGETS.jsBytes, said: kb(BUDGETS.jsBytes) }
    budget(
      `JavaScript to render ${page} ≤ ${kb(jsLimit.bytes)} compressed (${jsLimit.said})`,
      b.js.bytes <= jsLimit.bytes,
      `${kb(b.js.bytes)} in ${files(b.js.files.length)}${lhNote(lh?.script)}`,
    )
    budget(
      `CSS to render ${page} ≤ ${kb(BUDGETS.cssBytes)} compressed`,
      b.css.bytes <= BUDGETS.cssBytes,
      `${kb(b.css.bytes)} in ${files(b.css.files.length)}${lhNote(lh?.stylesheet)}`,
    )
  }

  // Per route, from the build's manifest: a server module imported by a page (the schema for a constant) shows here.
  const routes = result.routeScripts.filter((r) => r.route !== 'root')
  const heavy = routes.filter((r) => r.bytes > BUDGETS.routeJsBytes)
  const largest = [...routes].sort((a, b) => b.bytes - a.bytes)[0]
  budget(
    `JavaScript each route adds to the shell ≤ ${kb(BUDGETS.routeJsBytes)} compressed`,
    heavy.length === 0,
    heavy.length
      ? heavy.map((r) => `${r.route} ${kb(r.bytes)} (${r.files.join(', ')})`).join('; ')
      : `largest: ${largest.route} ${kb(largest.bytes)} of ${routes.length} routes`,
  )
  const leaks = result.routeScripts.filter((r) => r.serverCode.length)
  budget(
    "no server code (Drizzle, PGlite, pg, better-auth) in any page's scripts",
    leaks.length === 0,
    leaks.length ? leaks.map((r) => `${r.route}: ${r.serverCode.join(', ')}`).join('; ') : `${result.routeScripts.length} routes checked`,
  )

  for (const c of result.serving) budget(c.name, c.ok, c.detail)
  for (const [page, check] of Object.entries(result.lcpImages)) {
    budget(
      `LCP image markup on ${page}`,
      check.ok,
      check.ok
        ? `${check.images} pictures; the first ${check.first.width}×${check.first.height}, eager, high priority, WebP`
        : check.problems.join('; '),
    )
  }

  if (result.throughput) {
    const category = result.throughput.find((e) => e.path === CATEGORY_PAGE)
    budget(
      `${CATEGORY_PAGE} at ≥ ${BUDGETS.ceilingShare * 100} % of its fixed-file ceiling`,
      category.shareOfCeiling >= BUDGETS.ceilingShare,
      `${category.requestsPerSecond} of ${category.ceiling.requestsPerSecond} requests/s (${Math.round(category.shareOfCeiling * 100)} %)`,
    )
    budget(
      `${CATEGORY_PAGE} p99 < ${BUDGETS.p99Ms} ms at ${connections} connections`,
      category.latencyMs.p99 < BUDGETS.p99Ms,
      `p99 ${category.latencyMs.p99} ms`,
    )
    // A run whose answers were errors measured the errors: every request must have been answered 2xx.
    const runs = result.throughput.flatMap((e) =>
      e.ceiling
        ? [
            [e.name, e],
            [`ceiling of ${e.path}`, e.ceiling],
          ]
        : [[e.name, e]],
    )
    const bad = runs.filter(([, r]) => r.non2xx > 0 || r.errors > 0 || r.requests === 0)
    budget(
      'every throughput request answered 2xx',
      bad.length === 0,
      bad.length
        ? bad
            .map(
              ([name, r]) =>
                `${name}: ${r.non2xx} not 2xx (statuses ${
                  Object.entries(r.statuses)
                    .map(([k, n]) => `${k}: ${n}`)
                    .join(', ') || 'none'
                }), ${r.errors} errors (${r.timeouts} timeouts)`,
            )
            .join('; ')
        : `${runs.reduce((s, [, r]) => s + r.requests, 0)} requests in ${runs.length} runs`,
    )
  }
  return budgets
}

// ── The table ───────────────────────────────────────────────────────────────────────────────────────────────

function renderMarkdown(report) {
  const lines = []
  const row = (cells) => lines.push(`| ${cells.join(' | ')} |`)
  const header = (cells, align) => {
    row(cells)
    row(align.split('').map((a) => (a === 'r' ? '---:' : '---')))
  }
  const kb = (bytes) => (typeof bytes === 'number' ? (bytes / KB).toFixed(1) : '—')
  const s = report.settings
  lines.push(`# Benchmark (${report.mode}) — ${report.startedAt}`)
  lines.push('')
  lines.push(
    `${report.durationSeconds} s on ${s.cpus} CPUs, Node ${s.node}, Lighthouse ${s.lighthouse} (mobile, simulated throttling, median of ${s.lighthouseRunsPerPage} run(s) by performance score${quick ? '; its performance score reported, not judged' : ''})` +
      `${s.throughput ? `, autocannon ${s.throughput.durationSeconds} s × ${s.throughput.connections} connections on loopback without Accept-Encoding` : ''}. Load average (1 min) ${s.loadAverage.atStart[0]} at the start, ${s.loadAverage.atEnd[0]} at the end. 1 KB = ${KB} bytes. Result: ${report.ok ? '**every budget met**' : '**budgets missed**'}.`,
  )
  for (const round of report.rounds) {
    lines.push('', `## ${round.database}`, '')
    lines.push(
      `Products measured: ${round.products.single.url} (${round.products.single.name}), ${round.products.sized.url} (${round.products.sized.name}).`,
    )
    if (round.lighthouse) {
      lines.push('', '### Lighthouse', '')
      header(
        ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'JS KB', 'CSS KB', 'img KB', 'runs (perf)'],
        'lrrrrrrrrrrl',
      )
      for (const { page, median: m, runs } of round.lighthouse) {
        row([
          page,
          m.performance,
          m.accessibility,
          m.bestPractices,
          m.seo,
          m.lcpMs,
          m.tbtMs,
          m.cls,
          kb(m.bytes.script),
          kb(m.bytes.stylesheet),
          kb(m.bytes.image),
          runs.map((r) => r.performance).join(', '),
        ])
      }
    }
    lines.push('', '### Bundles (compressed, as sent with Accept-Encoding: br, gzip)', '')
    header(
      [
        'page',
        'JS KB (sum of bodies)',
        'JS KB (Lighthouse)',
        'JS files',
        'JS KB uncompressed',
        'CSS KB (sum of bodies)',
        'CSS KB (Lighthouse)',
        'HTML KB',
      ],
      'lrrrrrrr',
    )
    for (const [page, b] of Object.entries(round.bundles)) {
      const lh = round.lighthouse?.find((p) => p.page === page)?.median.bytes
      row([
        page,
        kb(b.js.bytes),
        kb(lh?.script),
        b.js.files.length,
        kb(b.js.uncompressedBytes),
        kb(b.css.bytes),
        kb(lh?.stylesheet),
        kb(b.html.bytes),
      ])
    }
    if (round.throughput) {
      lines.push('', '### Throughput', '')
      header(
        ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'bytes', 'ceiling req/s', 'ceiling p99 ms', 'page / ceiling'],
        'lrrrrrrrr',
      )
      for (const e of round.throughput) {
        row([
          e.name,
          e.requestsPerSecond,
          e.latencyMs.p50,
          e.latencyMs.p99,
          e.non2xx,
          e.bytes ?? '',
          e.ceiling?.requestsPerSecond ?? '',
          e.ceiling?.latencyMs.p99 ?? '',
          e.ceiling ? `${Math.round(e.shareOfCeiling * 100)} %` : '',
        ])
      }
    }
    lines.push('', '### Budgets', '')
    header(['', 'budget', 'measured'], 'lll')
    for (const b of round.budgets) row([b.ok ? '✔' : b.reportedOnly ? '⚠' : '✘', b.name, b.measured.replace(/\|/g, '\\|')])
  }
  return `${lines.join('\n')}\n`
}

function seconds(since) {
  return Math.round((Date.now() - since) / 100) / 10
}

// ── Run ─────────────────────────────────────────────────────────────────────────────────────────────────────

try {
  process.exitCode = await main()
} catch (err) {
  // After Ctrl-C the shop and Chromium are stopped under the run's feet: its errors say nothing.
  if (!interrupted) {
    console.error(`The benchmark could not run: ${err instanceof SetupError ? err.message : (err.stack ?? err.message)}`)
    const tail = runningShop?.logTail() ?? []
    if (tail.length) console.error(`\nThe shop's log (the last error lines, shortened):\n${tail.join('\n')}`)
  }
  process.exitCode = 1
} finally {
  await cleanups.undo()
}
// An interruption's cleanup may still be dropping the database: it exits when done.
if (interrupted) await interrupted
// Nothing of ours should be left running; autocannon's, Lighthouse's or pg's timers must not hold the exit.
process.exit(process.exitCode)
