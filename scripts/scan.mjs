// npm run scan: wapiti against the built shop on loopback (issue 14). Starts the shop with its own data folder and
// the demo catalogue, installs wapiti and python3-brotli (wapiti cannot read the shop's brotli answers without it)
// with apt-get when they are missing, scans for at most --minutes in all, writes the report under scan/ and prints
// a summary. Exits 1 when a finding above "info" is not one docs/security.md accepts (ACCEPTED below), 2 when the
// scan could not run.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readArguments } from './db-tools.mjs'
import http from 'node:http'
import https from 'node:https'
import { Cleanups, freePort, prepareBuild, SetupError, startShop, wholeNumber } from './shop-process.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const USAGE = 'Usage: npm run scan -- [--minutes 10] [--no-build] [--no-install]'
const HELP = `Scans the built shop with wapiti (Debian's package) on loopback and writes scan/wapiti.json and scan/summary.md.
  --minutes N    the whole scan's bound, from 2 to 60 (default 10)
  --no-build     scan build/ as it is
  --no-install   do not apt-get install wapiti and python3-brotli when missing`

/** wapiti's levels: "0" info, "1" low, "2" medium, "3" high, "4" critical. */
const LEVEL_NAMES = ['info', 'low', 'medium', 'high', 'critical']

/**
 * Findings above info that are known and accepted, each with its reason (docs/security.md has the longer one).
 * `category` is wapiti's, `match` tests the finding's info text.
 */
const ACCEPTED = [
  // None today: the last two (HSTS and X-XSS-Protection not set) are sent since decision 031.
]

/**
 * Modules: wapiti 3.0.4's defaults (its -m knows no "default"), and the quick ones that look at methods, CRLF,
 * backup files, XML entities and forms without a CSRF token.
 */
const MODULES = [
  ...['blindsql', 'cookieflags', 'csp', 'exec', 'file', 'http_headers', 'permanentxss', 'redirect', 'sql', 'ssrf', 'xss'],
  ...['crlf', 'methods', 'backup', 'htaccess', 'xxe', 'csrf'],
].join(',')

const args = readArguments(
  { minutes: { type: 'string', default: '10' }, 'no-build': { type: 'boolean' }, 'no-install': { type: 'boolean' } },
  USAGE,
  HELP,
)
const minutes = wholeNumber(args.minutes, '--minutes', 2, 60, USAGE)
const deadline = Date.now() + minutes * 60_000

function has(command, argv) {
  return spawnSync(command, argv, { stdio: 'ignore' }).status === 0
}

function wapitiPython() {
  const found = spawnSync('sh', ['-c', 'command -v wapiti'], { encoding: 'utf8' }).stdout.trim()
  const shebang = found ? fs.readFileSync(found, 'utf8').split('\n')[0] : ''
  return shebang.match(/^#!\s*(\S*python3\S*)/)?.[1] ?? '/usr/bin/python3'
}

/** wapiti and the brotli module for its Python, installed with apt-get when missing (as root, else with sudo). */
function ensureTools(install) {
  const missing = []
  if (!has('wapiti', ['--version'])) missing.push('wapiti')
  // The brotli module of the Python wapiti runs on (its #! line), not of whatever python3 is first on the PATH.
  if (!has(wapitiPython(), ['-c', 'import brotli'])) missing.push('python3-brotli')
  if (missing.length === 0) return
  if (!install) throw new SetupError(`Missing: ${missing.join(', ')}. Install them with: sudo apt-get install ${missing.join(' ')}`)
  const asRoot = process.getuid?.() === 0
  if (!asRoot && !has('sudo', ['-n', 'true'])) {
    throw new SetupError(
      `Missing: ${missing.join(', ')}, and this user cannot install them. Run: sudo apt-get install ${missing.join(' ')}`,
    )
  }
  const apt = (...argv) =>
    execFileSync(asRoot ? 'apt-get' : 'sudo', asRoot ? argv : ['apt-get', ...argv], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  console.log(`Installing ${missing.join(', ')} with apt-get…`)
  try {
    apt('install', '-y', '--no-install-recommends', ...missing)
  } catch {
    apt('update')
    apt('install', '-y', '--no-install-recommends', ...missing)
  }
}

/** Runs wapiti until it ends or the deadline, then stops it (SIGINT lets it write its report; SIGKILL if it will not). */
function runWapiti(url, outDir) {
  const seconds = Math.floor((deadline - Date.now()) / 1000)
  // wapiti's own bounds leave a minute for attacks after the crawl and for writing the report.
  const crawlSeconds = Math.max(30, Math.floor(seconds * 0.3))
  const attackSeconds = Math.max(20, Math.floor((seconds - crawlSeconds - 60) / 6))
  const argv = [
    '-u',
    `${url}/`,
    '--scope',
    'folder',
    '-m',
    MODULES,
    '-d',
    '3',
    '--max-links-per-page',
    '40',
    '--max-files-per-dir',
    '30',
    '--max-scan-time',
    String(crawlSeconds),
    '--max-attack-time',
    String(attackSeconds),
    '-t',
    '10',
    '--flush-session',
    '--store-session',
    path.join(outDir, 'session'),
    '--store-config',
    path.join(outDir, 'config'),
    '--no-bugreport',
    '-f',
    'json',
    '-o',
    path.join(outDir, 'wapiti.json'),
    '-v',
    '1',
  ]
  console.log(`wapiti ${argv.join(' ')}`)
  const child = spawn('wapiti', argv, { stdio: ['ignore', 'pipe', 'pipe'] })
  const log = fs.createWriteStream(path.join(outDir, 'wapiti.log'))
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  return new Promise((resolve) => {
    const stop = setTimeout(
      () => {
        console.log('The time is up: stopping wapiti.')
        child.kill('SIGINT')
        setTimeout(() => child.kill('SIGKILL'), 30_000).unref()
      },
      Math.max(0, deadline - Date.now() - 20_000),
    )
    child.on('exit', (code, signal) => {
      clearTimeout(stop)
      resolve({ code, signal })
    })
  })
}

/**
 * The shop as it is deployed: behind a reverse proxy that ends https (docs/deploy.md), here a self-signed
 * certificate made with openssl for 127.0.0.1 and a few lines of node:https passing each request on with
 * X-Forwarded-Proto and X-Forwarded-For. Scanned over plain http, wapiti would only report the cookies the shop
 * rightly leaves without `Secure` there (a Secure cookie set over http never comes back).
 */
async function startTlsFront(port, shopUrl, tlsDir) {
  const keyFile = path.join(tlsDir, 'key.pem')
  const certFile = path.join(tlsDir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  )
  const shop = new URL(shopUrl)
  const front = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) }, (req, res) => {
    const headers = { ...req.headers, 'x-forwarded-proto': 'https', 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' }
    const upstream = http.request({ host: shop.hostname, port: shop.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  })
  await new Promise((resolve) => front.listen(port, '127.0.0.1', resolve))
  return front
}

/** Every finding of the report as one flat list. */
function findingsOf(report) {
  const out = []
  for (const kind of ['vulnerabilities', 'anomalies', 'additionals']) {
    for (const [category, list] of Object.entries(report[kind] ?? {})) {
      for (const finding of list) {
        const level = Number(finding.level ?? 0)
        const accepted = ACCEPTED.find((a) => a.category === category && a.match.test(finding.info ?? ''))
        out.push({
          kind,
          category,
          level,
          levelName: LEVEL_NAMES[level] ?? String(level),
          path: finding.path,
          method: finding.method,
          parameter: finding.parameter,
          info: finding.info,
          accepted: accepted?.why,
        })
      }
    }
  }
  return out
}

function summaryOf(report, findings, url) {
  const lines = [
    `# wapiti ${report.infos?.version ?? ''} against ${url}`,
    '',
    `Scanned ${report.infos?.date ?? new Date().toISOString()}; modules ${MODULES}.`,
    '',
  ]
  const counts = new Map()
  for (const f of findings) counts.set(`${f.kind}: ${f.category}`, [...(counts.get(`${f.kind}: ${f.category}`) ?? []), f.levelName])
  if (findings.length === 0) lines.push('No findings.')
  for (const [name, levels] of counts) lines.push(`- ${name}: ${levels.length} (${[...new Set(levels)].join(', ')})`)
  lines.push('')
  for (const f of findings.filter((x) => x.level > 0)) {
    lines.push(
      `- [${f.levelName}] ${f.category} ${f.method ?? ''} ${f.path ?? ''} ${f.parameter ? `(${f.parameter})` : ''}: ${String(f.info ?? '').slice(0, 300)}${f.accepted ? ` — accepted: ${f.accepted}` : ''}`,
    )
  }
  return `${lines.join('\n')}\n`
}

const cleanups = new Cleanups()
let exitCode = 0
try {
  ensureTools(!args['no-install'])
  if (!prepareBuild(args['no-build'])) process.exit(2)
  const outDir = path.join(root, 'scan')
  fs.mkdirSync(outDir, { recursive: true })
  fs.rmSync(path.join(outDir, 'wapiti.json'), { force: true })
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-scan-'))
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  // The embedded database with the demo catalogue; no rate limits, so the attacks reach the code behind them. Its
  // public address is the https front's, as a real shop's PUBLIC_URL is its proxy's.
  const frontPort = await freePort()
  const publicUrl = `https://127.0.0.1:${frontPort}`
  const shop = await startShop({ dataDir, databaseUrl: '', logLevel: 'info', env: { PUBLIC_URL: publicUrl, TRUST_PROXY: '1' } })
  cleanups.push(() => shop.stop())
  const front = await startTlsFront(frontPort, shop.url, dataDir)
  cleanups.push(
    () =>
      new Promise((resolve) => {
        front.close(resolve)
        front.closeAllConnections()
      }),
  )
  console.log(`The shop is open at ${publicUrl} (https in front of ${shop.url}); scanning for at most ${minutes} minutes in all.`)
  const { code, signal } = await runWapiti(publicUrl, outDir)
  const reportFile = path.join(outDir, 'wapiti.json')
  if (!fs.existsSync(reportFile)) throw new SetupError(`wapiti wrote no report (exit ${signal ?? code}); see scan/wapiti.log.`)
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'))
  const findings = findingsOf(report)
  const summary = summaryOf(report, findings, publicUrl)
  fs.writeFileSync(path.join(outDir, 'summary.md'), summary)
  console.log(`\n${summary}`)
  console.log(`The shop logged ${shop.errorLines()} error lines during the scan.`)
  if (shop.errorLines() > 0) console.log(shop.logTail().join('\n'))
  const open = findings.filter((f) => f.level > 0 && !f.accepted)
  if (open.length) {
    console.log(`${open.length} finding(s) above info are not accepted in docs/security.md.`)
    exitCode = 1
  } else console.log('Nothing above info that is not accepted. Report: scan/wapiti.json, summary: scan/summary.md.')
} catch (err) {
  console.error(err instanceof SetupError ? err.message : err)
  exitCode = 2
} finally {
  await cleanups.undo()
}
process.exit(exitCode)
