import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

/** A mail as the shop sent it, decoded enough to read links out of it. */
export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; receivedAt: number }

/**
 * A real SMTP server on loopback that keeps every mail it receives: in memory, and as JSON files in `dir`
 * when given (so Playwright's worker processes can read what the global setup's server received).
 */
export async function startSmtpSink(options: { dir?: string } = {}) {
  const received: ReceivedMail[] = []
  if (options.dir) fs.mkdirSync(options.dir, { recursive: true })
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => (raw += chunk))
      stream.on('end', () => {
        const mail = parseMail(
          raw,
          session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        )
        received.push(mail)
        if (options.dir) {
          const file = path.join(options.dir, `${Date.now()}-${received.length}.json`)
          fs.writeFileSync(`${file}.tmp`, JSON.stringify(mail))
          fs.renameSync(`${file}.tmp`, file)
        }
        callback()
      })
    },
  })
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  )
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first mail to `to` matching `test`, waiting for the outbox worker to send it. */
    waitForMail: (to: string, test: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 20_000) =>
      waitFor(() => received.find((m) => m.to.includes(to.toLowerCase()) && test(m)), timeoutMs, to),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Reads the mails a sink wrote to `dir`, waiting for one to `to` that matches `test`. */
export function waitForMailInDir(dir: string, to: string, test: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 20_000) {
  const read = () =>
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ReceivedMail)
  return waitFor(() => read().find((m) => m.to.includes(to.toLowerCase()) && test(m)), timeoutMs, to)
}

async function waitFor<T>(find: () => T | undefined, timeoutMs: number, to: string): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const found = find()
    if (found) return found
    if (Date.now() > until) throw new Error(`No mail to ${to} arrived within ${timeoutMs / 1000} s`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Headers and a single text part, undoing quoted-printable or base64 transfer encoding. */
function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  let body = raw.slice(split + 4)
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? ''
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    body = Buffer.from(bytes, 'latin1').toString('utf8')
  } else if (encoding === 'base64') {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  }
  return {
    to,
    from: decodeWords(header('From')),
    subject: decodeWords(header('Subject')),
    text: body.replace(/\r\n/g, '\n'),
    receivedAt: Date.now(),
  }
}

/** RFC 2047 encoded words in a subject (=?UTF-8?Q?...?= or =?UTF-8?B?...?=). */
function decodeWords(value: string) {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  )
}
