// CI's check of the production dependencies against the registry's security advisories:
// `npm audit --omit=dev --audit-level=high`, whose exit code decides (non-zero when an advisory of high or
// critical severity applies). One outcome is only a warning: the registry's advisory service not answering
// (a registry or mirror without the audit endpoint answers 405; no network), since then nothing was checked
// rather than something found. `npm audit --json` tells the two apart: a report has `vulnerabilities`,
// while an unanswered request has only the failed request's `message` (and npm says "audit endpoint
// returned an error").
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const passThrough = process.argv.slice(2)
const audit = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json', ...passThrough], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
})
if (audit.error) {
  console.error(`npm audit could not run: ${audit.error.message}`)
  process.exit(1)
}
const code = audit.status ?? 1

let answer
try {
  answer = JSON.parse(audit.stdout)
} catch {
  answer = undefined
}

const isReport = answer && typeof answer === 'object' && answer.vulnerabilities && typeof answer.vulnerabilities === 'object'
if (isReport) {
  const counts = answer.metadata?.vulnerabilities ?? {}
  const severities = ['critical', 'high', 'moderate', 'low', 'info']
  const found = severities.filter((s) => counts[s]).map((s) => `${counts[s]} ${s}`)
  console.log(`npm audit: ${found.length ? found.join(', ') : 'no advisories'} in the production dependencies.`)
  for (const [name, v] of Object.entries(answer.vulnerabilities)) {
    if (v.severity !== 'high' && v.severity !== 'critical') continue
    const advisories = (v.via ?? []).filter((via) => typeof via === 'object').map((via) => `${via.title} (${via.url})`)
    const through = (v.via ?? []).filter((via) => typeof via === 'string')
    const fix =
      v.fixAvailable === true
        ? 'fix: npm audit fix'
        : v.fixAvailable
          ? `fix: ${v.fixAvailable.name}@${v.fixAvailable.version}`
          : 'no fix yet'
    console.log(
      `  ${v.severity.toUpperCase()} ${name} ${v.range}: ${[...advisories, ...through.map((t) => `through ${t}`)].join('; ')} [${fix}]`,
    )
  }
  if (code !== 0)
    console.error(
      'npm audit: an advisory of high or critical severity applies to a production dependency (details above; `npm audit --omit=dev` for the full report).',
    )
  process.exit(code)
}

const askedAdvisories = typeof answer?.message === 'string' && /\/-\/npm\/v1\/security\//.test(answer.message)
const npmSaidEndpoint = /audit endpoint returned an error/i.test(audit.stderr)
const otherError = answer?.error?.code
if (code !== 0 && !otherError && (askedAdvisories || npmSaidEndpoint)) {
  const reason = String(answer?.message ?? 'no answer')
    .replace(/\s+/g, ' ')
    .trim()
  console.warn(`npm audit: the registry's advisory service did not answer (${reason}); no advisories checked`)
  process.exit(0)
}

// Anything else (no lock file, a broken install, an answer we do not know): npm's output and its exit code.
if (audit.stdout.trim()) console.log(audit.stdout.trim())
if (audit.stderr.trim()) console.error(audit.stderr.trim())
process.exit(code)
