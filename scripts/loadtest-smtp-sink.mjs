// An SMTP server on loopback that keeps the recipients and subject of every mail it receives, for the load
// test to count confirmations. Just enough SMTP for nodemailer without TLS or auth. Not smtp-server (as in
// tests/support/smtp-sink.ts): it waits 100 ms before its greeting on every connection, and the shop's outbox
// opens one per mail, so the sink, not the shop, would set the pace of mail after a burst of orders.
import net from 'node:net'

/** @returns {Promise<{ url: string, mails: Array<{ to: string[], subject: string, receivedAt: number }>, close: () => Promise<void> }>} */
export async function startSmtpSink() {
  const mails = []
  const sockets = new Set()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    socket.setEncoding('latin1')
    let buffer = ''
    let inData = false
    let to = []
    const reply = (line) => socket.write(`${line}\r\n`)
    socket.on('data', (chunk) => {
      buffer += chunk
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          const message = buffer.slice(0, end + 2)
          buffer = buffer.slice(end + 5)
          inData = false
          mails.push({ to, subject: subjectOf(message), receivedAt: Date.now() })
          to = []
          reply('250 OK: message queued')
          continue
        }
        const lineEnd = buffer.indexOf('\r\n')
        if (lineEnd < 0) return
        const line = buffer.slice(0, lineEnd)
        buffer = buffer.slice(lineEnd + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink')
        else if (verb === 'MAIL') {
          to = []
          reply('250 Accepted')
        } else if (verb === 'RCPT') {
          to.push((line.match(/<([^>]*)>/)?.[1] ?? '').toLowerCase())
          reply('250 Accepted')
        } else if (verb === 'DATA') {
          inData = true
          // A message that begins at once with the end marker.
          buffer = `\r\n${buffer}`
          reply('354 End data with <CR><LF>.<CR><LF>')
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK')
        else if (verb === 'QUIT') {
          reply('221 Bye')
          socket.end()
          return
        } else reply('502 Command not implemented')
      }
    })
    reply('220 sink ESMTP')
  })
  const port = await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(server.address().port))
  })
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** The Subject header, unfolded, with RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=) decoded. */
function subjectOf(message) {
  const headEnd = message.indexOf('\r\n\r\n', 2)
  const head = message.slice(0, headEnd < 0 ? undefined : headEnd).replace(/\r\n[ \t]+/g, ' ')
  const value = head.match(/^Subject:\s*(.*)$/im)?.[1]?.trim() ?? ''
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind, text) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  )
}
