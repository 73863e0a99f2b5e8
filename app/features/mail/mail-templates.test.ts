import { describe, expect, it } from 'vitest'
import * as accountMails from '~/features/accounts/account-mails'
import * as orderMails from '~/features/orders/order-mails'
import * as codMails from '~/features/checkout/cod-mails'
import * as contactMails from '~/features/contact/contact.server'
import { DEFAULT_SHOP_SETTINGS as settings } from '~/features/settings/shop-settings'
import { hideAccountLinks } from './outbox.server'
import { inLanguage } from '~/i18n/language.server'
import { englishOnlyPhrases } from '../../../tests/support/english-phrases'

// Every mail the shop sends, rendered with the links it really carries, then shown the way the admin's outbox
// shows it (issue 14, item 2): no link that acts for its recipient may be readable there, whatever its path.

const SHOP = 'http://localhost:3000'
const TOKEN = 'q3Zr8KfW2pLx7MvN1sYt6BgH'
// better-auth's verification links carry a signed JWT.
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6Im1lZW5hQGV4YW1wbGUuaW4ifQ.k3P0v1qS9xZ2wYtRbN5mC8dF7gH4jL6aE0uI1oK2pQs'
const SECRETS = [TOKEN, JWT, ...JWT.split('.')]

/** What each template is given; `t` changes every text a customer, visitor or admin could have typed. */
function inputs(t: (value: string) => string = (v) => v) {
  const user = { email: 'meena@example.in', name: t('Meena') }
  const address = {
    fullName: t('Meena K'),
    buildingNumber: t('12'),
    streetName: t('Gandhi Road'),
    city: t('Salem'),
    postalCode: '636001',
    state: t('Tamil Nadu'),
    phoneNumber: '9876543210',
    alternateNumber: '',
  }
  const order = {
    number: 1042,
    email: user.email,
    shippingAddress: address,
    subtotalPaise: 40_000,
    deliveryPaise: 0,
    totalPaise: 40_000,
    lines: [{ name: t('Pepper'), size: '250g', quantity: 2, unitPricePaise: 20_000 }],
  }
  const shop = { ...settings, shopName: t(settings.shopName), phone: t(settings.phone), email: settings.email }
  const contact = { name: t('Lakshmi'), email: 'l@example.in', phone: t('9876543210'), message: 'Hello' }
  return { user, order, shop, contact }
}

/** One rendering per template: a template the shop gains without a line here fails the last test. */
const RENDERED: Record<string, (t?: (value: string) => string) => { subject: string; text: string }> = {
  passwordResetMail: (t) =>
    accountMails.passwordResetMail(inputs(t).user, `${SHOP}${accountMails.resetPasswordPath(TOKEN)}`, inputs(t).shop),
  emailConfirmationMail: (t) =>
    accountMails.emailConfirmationMail(
      inputs(t).user,
      `${SHOP}/api/auth/verify-email?token=${JWT}&callbackURL=%2Fmy-orders`,
      inputs(t).shop,
    ),
  signUpAttemptMail: (t) => accountMails.signUpAttemptMail(inputs(t).user, SHOP, inputs(t).shop),
  customerConfirmationMail: (t) => orderMails.customerConfirmationMail(inputs(t).order, SHOP, inputs(t).shop),
  ownerOrderNotice: (t) => orderMails.ownerOrderNotice(inputs(t).order, inputs(t).shop, (t ?? String)('Payment came after the order expired')),
  orderShippedMail: (t) =>
    orderMails.orderShippedMail(
      inputs(t).order,
      { courier: inputs(t).user.name, trackingNumber: inputs(t).user.name },
      SHOP,
      inputs(t).shop,
    ),
  orderCancelledMail: (t) => orderMails.orderCancelledMail(inputs(t).order, inputs(t).user.name, SHOP, inputs(t).shop),
  ownerNotification: (t) => contactMails.ownerNotification(inputs(t).contact, inputs(t).shop.shopName),
  // The confirmation link confirms the order for its customer: the outbox must not show it (decision 043).
  codOrderPlacedMail: (t) =>
    codMails.codOrderPlacedMail(
      {
        ...inputs(t).order,
        paymentMethod: 'cod',
        couponCode: 'DIWALI10',
        couponDiscountPaise: 4_000,
        codFeePaise: 3_000,
        totalPaise: 39_000,
      },
      SHOP,
      inputs(t).shop,
      `${SHOP}/order/confirm/Xq81bVw0PzLr5TnK2aYf7c?t=${TOKEN}`,
    ),
  ownerCodOrderNotice: (t) =>
    codMails.ownerCodOrderNotice({ ...inputs(t).order, paymentMethod: 'cod', codFeePaise: 3_000, totalPaise: 43_000 }, inputs(t).shop),
  codCancelledMail: (t) => codMails.codCancelledMail(inputs(t).order, (t ?? String)('Not confirmed within 48 hours'), inputs(t).shop),
}

describe('the outbox as the admin reads it', () => {
  it.each(Object.keys(RENDERED))('shows %s without any link that acts for its recipient', (name) => {
    const shown = hideAccountLinks(RENDERED[name]!().text)
    for (const secret of SECRETS) expect(shown).not.toContain(secret)
  })

  it('keeps the links anyone may follow: tracking, sign-in, the shop', () => {
    expect(hideAccountLinks(RENDERED.customerConfirmationMail!().text)).toContain(`/track?order=KO-1042`)
    expect(hideAccountLinks(`Sign in at ${SHOP}/Signin or start again at ${SHOP}/forgot-password.`)).toBe(
      `Sign in at ${SHOP}/Signin or start again at ${SHOP}/forgot-password.`,
    )
  })

  it('hides token-bearing links whatever their path or parameter name', () => {
    for (const link of [
      `${SHOP}/reset-password?token=${TOKEN}`,
      `${SHOP}/api/auth/reset-password/${TOKEN}?callbackURL=%2Freset-password`,
      `${SHOP}/account/confirm?code=${TOKEN}`,
      `${SHOP}/magic/${TOKEN}`,
      `https://shop.example/x?next=%2F&otp=${TOKEN}`,
    ]) {
      const shown = hideAccountLinks(`Open:\n${link}\nThanks`)
      expect(shown, link).not.toContain(TOKEN)
      expect(shown).toBe('Open:\n[a one-time account link, shown only to its recipient]\nThanks')
    }
  })

  it('covers every mail template the shop has', () => {
    const templates = [accountMails, orderMails, codMails, contactMails].flatMap((module) =>
      Object.entries(module)
        .filter(([name, value]) => typeof value === 'function' && /(Mail|Notice|Notification)$/.test(name))
        .map(([name]) => name),
    )
    expect(templates.sort()).toEqual(Object.keys(RENDERED).sort())
  })
})

describe('values placed in a mail', () => {
  // Issue 14, item 6: a line break in the contact form's name added lines of the sender's choosing to the owner's mail.
  const injected = (value: string) => `${value}\r\nReply to: thief@evil.example\u2028Injected\u0085Also\rMore`
  it.each(Object.keys(RENDERED))('%s: no typed value adds a line to the mail or its subject', (name) => {
    const clean = RENDERED[name]!()
    const hostile = RENDERED[name]!(injected)
    expect(hostile.subject).not.toMatch(/[\r\n\u2028\u2029\u0085]/)
    const lines = hostile.text.split(/\r\n|[\r\n\u2028\u2029\u0085]/)
    expect(lines).toHaveLength(clean.text.split('\n').length)
    for (const line of lines) expect(line, line).not.toMatch(/^(Reply to: thief|Injected|Also|More)/)
  })
})

it('keeps the lines of a contact message, indented, so none passes as a line of the mail', () => {
  const mail = contactMails.ownerNotification(
    { name: 'Eve', email: 'e@example.in', phone: '9876543210', message: 'Hi\r\nReply to thief@evil.example\u2028x' },
    'Kaadu',
  )
  expect(mail.text).toContain('Message:\n  Hi\n  Reply to thief@evil.example\n  x\n')
  expect(mail.text.split('\n').filter((l) => l.startsWith('Reply to'))).toEqual(['Reply to e@example.in or call 9876543210.'])
})

describe('every mail in Tamil', () => {
  const phrases = englishOnlyPhrases()
  it.each(Object.keys(RENDERED))('%s: Tamil subject and text, no English message left in them', (name) => {
    const mail = inLanguage('ta', () => RENDERED[name]!())
    expect(mail.subject).toMatch(/[\u0B80-\u0BFF]/)
    expect(mail.text).toMatch(/[\u0B80-\u0BFF]/)
    const left = phrases.filter((phrase) => mail.subject.includes(phrase) || mail.text.includes(phrase))
    expect(left).toEqual([])
  })

  it('links a Tamil mail’s reader to the Tamil pages', () => {
    expect(inLanguage('ta', () => RENDERED.customerConfirmationMail!()).text).toContain(`${SHOP}/ta/track?order=KO-1042`)
    expect(RENDERED.customerConfirmationMail!().text).toContain(`${SHOP}/track?order=KO-1042`)
  })
})
