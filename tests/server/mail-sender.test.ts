import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { startSmtpSink } from '../support/smtp-sink'
import { startTestServer, type TestServer } from '../support/test-server'

// Issue 39, defect 2: mails come from the shop's name, or the sender name the owner sets; MAIL_FROM gives the address.

const OWNER = 'owner@malnad.test'

describe('the name the shop’s mails come from', () => {
  let server: TestServer
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>
  let owner: Browser
  beforeAll(async () => {
    smtp = await startSmtpSink()
    server = await startTestServer({ env: { SMTP_URL: smtp.url, ADMIN_EMAILS: OWNER, RATE_LIMIT: 'off' } })
    owner = new Browser(server.url)
    await owner.signUp(OWNER)
  })
  afterAll(async () => {
    await server?.stop()
    await smtp?.close()
  })

  let customers = 0
  /** The From of a mail the shop sends now: a second sign-up with a new customer's address mails that customer. */
  const fromOfNextMail = async () => {
    const email = `customer-${++customers}@example.in`
    await new Browser(server.url).signUpOnly(email)
    await new Browser(server.url).signUpOnly(email)
    return (await smtp.waitForMail(email, (m) => /tried to sign up/.test(m.subject))).from
  }
  const details = (shopName: string) => ({
    intent: 'details',
    shopName,
    tagline: 'Food from the Malnad hills',
    phone: '+91 94430 21876',
    whatsappNumber: '919443021876',
    email: 'care@malnad.test',
  })

  it('is the shop’s name until the owner sets another, and MAIL_FROM’s address', async () => {
    expect(await fromOfNextMail()).toBe('Kaadu Organics <shop@localhost>')
    expect((await owner.send('/dash/shop', { form: details('Malnad Pantry') })).status).toBe(200)
    expect(await fromOfNextMail()).toBe('Malnad Pantry <shop@localhost>')
  })

  it('is the sender name the owner saves, checked as one plain line', async () => {
    const saved = await owner.send('/dash/shop', { form: { intent: 'mail-sender', mailSenderName: ' Malnad Pantry Orders ' } })
    expect(saved.status).toBe(200)
    expect(saved.text).toContain('Malnad Pantry Orders')
    expect(await fromOfNextMail()).toBe('Malnad Pantry Orders <shop@localhost>')

    for (const name of ['Shop <evil@example.com>', 'orders@bank.example', 'x'.repeat(81)]) {
      const refused = await owner.send('/dash/shop', { form: { intent: 'mail-sender', mailSenderName: name } })
      expect(refused.status, name).toBe(400)
    }
    expect(await fromOfNextMail()).toBe('Malnad Pantry Orders <shop@localhost>')
  })
})
