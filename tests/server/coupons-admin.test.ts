import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { sharedShopAdmin, sharedTestServer, type SharedTestServer } from '../support/test-server'

// The owner makes coupon codes at /dash/coupons (issue 19): every field checked, a code the shop has refused in any
// case, and a code switched off and on. The rules the codes follow at checkout: app/features/offers.

const ADMIN = sharedShopAdmin(import.meta.url)
let server: SharedTestServer
let admin: Browser

beforeAll(async () => {
  server = await sharedTestServer()
  admin = new Browser(server.url)
  expect((await admin.signUp(ADMIN)).status).toBe(200)
})
afterAll(async () => server?.stop())

const newCode = (fields: Record<string, string>) =>
  admin.send('/dash/coupons', { form: { intent: 'create', kind: 'percent', value: '10', ...fields } })
/** The text of one code's entry in the list. */
const entryOf = (html: string, code: string) =>
  html
    .slice(html.indexOf(`id="coupon-${code}"`))
    .split('</li>')[0]!
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')

describe('coupon codes in the admin', () => {
  it('makes a code with its conditions and lists it, upper-cased, with its uses', async () => {
    const made = await newCode({
      code: 'diwali-admin',
      value: '7.5',
      maxDiscount: '150',
      minOrder: '499',
      validFrom: '2099-12-01',
      validUntil: '2099-12-31',
      totalUses: '100',
      usesPerCustomer: '1',
      'category-spices': 'on',
      prepaidOnly: 'on',
    })
    expect(made.status, made.text.slice(0, 300)).toBe(200)
    expect(made.text).toContain('DIWALI-ADMIN is made and on: customers can use it from its first day.')
    const entry = entryOf((await admin.send('/dash/coupons')).text, 'DIWALI-ADMIN')
    expect(entry).toContain('7.5% off, at most ₹150')
    expect(entry).toContain('from ₹499')
    expect(entry).toContain('paid online only')
    expect(entry).toContain('1 per customer')
    expect(entry).toContain('Used 0 of 100')
    expect(entry).toMatch(/from 1 Dec 2099 until 31 Dec 2099/)
    expect(entry).toContain('DIWALI-ADMIN Starts later')
  })

  it('refuses a code the shop has, in any case, and each wrong field with its message, keeping what was typed', async () => {
    await newCode({ code: 'SAMECODE', kind: 'fixed', value: '50' })
    const again = await newCode({ code: 'samecode', kind: 'fixed', value: '25' })
    expect(again.status).toBe(409)
    expect(again.text).toContain('The code SAMECODE exists already.')
    const wrong = await newCode({ code: 'x', minOrder: 'lots', totalUses: '0', usesPerCustomer: '2.5' })
    expect(wrong.status).toBe(400)
    for (const message of [
      'A code is 3 to 32 letters, digits, - or _, starting with a letter or digit.',
      'The minimum order must be in rupees, like 40 or 40.50.',
      'Uses in all must be a whole number from 1, or blank for no limit.',
      'Uses per customer must be a whole number from 1, or blank for no limit.',
    ]) {
      expect(wrong.text).toContain(message)
    }
    // What was typed stays in the form.
    expect(wrong.text).toContain('value="lots"')
    // What depends on two fields is checked once each field is right.
    const percent = await newCode({ code: 'PERCENT1', value: '120' })
    expect(percent.status).toBe(400)
    expect(percent.text).toContain('A percentage is more than 0 and at most 100, like 10 or 7.5.')
    const fixed = await newCode({ code: 'FIXED1', kind: 'fixed', value: '-5' })
    expect(fixed.text).toContain('A fixed discount is an amount in rupees, like 50 or 49.50.')
    const unknownProduct = await newCode({ code: 'PRODUCTS1', products: 'no-such-product' })
    expect(unknownProduct.status).toBe(400)
    expect(unknownProduct.text).toContain('No product has the id no-such-product.')
    const dates = await newCode({ code: 'DATES1', validFrom: '2099-12-10', validUntil: '2099-12-01' })
    expect(dates.text).toContain('The last day must not be before the first.')
    // A code that ended before it was made (issue 39: it was made, and listed as on).
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)
    const ended = await newCode({ code: 'ENDED1', validUntil: twoDaysAgo })
    expect(ended.status).toBe(400)
    expect(ended.text).toContain('The last day has passed: customers could never use this code.')
    expect((await admin.send('/dash/coupons')).text).not.toMatch(/id="coupon-(X|PRODUCTS1|DATES1|ENDED1|PERCENT1|FIXED1)"/)
  })

  it('switches a code off and on', async () => {
    await newCode({ code: 'SWITCHME', kind: 'fixed', value: '40' })
    const off = await admin.send('/dash/coupons', { form: { intent: 'switch', code: 'switchme', active: 'false' } })
    expect(off.text).toContain('SWITCHME is off: it is refused like an unknown code.')
    expect(entryOf((await admin.send('/dash/coupons')).text, 'SWITCHME')).toContain('Switch on')
    const on = await admin.send('/dash/coupons', { form: { intent: 'switch', code: 'SWITCHME', active: 'true' } })
    expect(on.text).toContain('SWITCHME is on: customers can use it.')
    expect((await admin.send('/dash/coupons', { form: { intent: 'switch', code: 'NOSUCHCODE', active: 'true' } })).status).toBe(404)
  })

  it('is the admin’s alone', async () => {
    const customer = new Browser(server.url)
    await customer.signUp('coupon-customer@coupons-admin.example.in')
    for (const browser of [new Browser(server.url), customer]) {
      expect((await browser.send('/dash/coupons')).location).toBe('/')
      const post = await browser.send('/dash/coupons', { form: { intent: 'create', code: 'STOLEN', kind: 'fixed', value: '500' } })
      expect(post.location).toBe('/')
    }
    expect((await admin.send('/dash/coupons')).text).not.toContain('STOLEN')
  })
})
