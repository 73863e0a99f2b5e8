import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Answer, Browser } from '../support/http-browser'
import { startTestServer, type TestServer } from '../support/test-server'

// The authorisation matrix: every admin page and endpoint, called by a visitor, a signed-in customer and an
// admin, against the built shop. Pages send non-admins to /; APIs answer 403; neither changes anything.

const OWNER = 'owner@kaadu.test'
const CUSTOMER = 'kavya@example.in'

const address = {
  fullName: 'Kavya Raman',
  buildingNumber: '7',
  streetName: 'Temple Street',
  city: 'Thanjavur',
  postalCode: '613001',
  state: 'Tamil Nadu',
  phoneNumber: '+91 94430 55555',
  alternateNumber: '',
}

let server: TestServer
let admin: Browser
let customer: Browser
let visitor: Browser
let orderId = ''
let productId = ''
let customerUserId = ''
let messageId = ''
let mailId = ''

/** The value of the hidden input `name` in a form on the page whose text contains `near`, or the first one. */
function hiddenValue(html: string, name: string, near?: string) {
  const from = near ? Math.max(0, html.indexOf(near)) : 0
  const input = html.slice(from).match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0]
  return input?.match(/value="([^"]*)"/)?.[1] ?? ''
}

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: OWNER, RATE_LIMIT: 'off' } })
  admin = new Browser(server.url)
  customer = new Browser(server.url)
  visitor = new Browser(server.url)
  expect((await admin.signUp(OWNER)).status).toBe(200)
  expect((await customer.signUp(CUSTOMER)).status).toBe(200)

  const { products } = (await (await fetch(`${server.url}/api/products?category=spices`)).json()) as {
    products: Array<{ id: string; stockCount: number }>
  }
  productId = products.find((p) => p.stockCount > 2)!.id
  const created = await customer.send('/api/payment/createOrder', {
    json: { items: [{ productId, quantity: 1 }], shippingAddress: address, email: CUSTOMER },
  })
  expect(created.status, created.text).toBe(201)
  orderId = JSON.parse(created.text).orderId
  expect((await customer.send('/api/payment/test/complete', { json: { orderId } })).status).toBe(200)
  expect(
    (
      await visitor.send('/api/contact', {
        json: { name: 'Selvi', email: 'selvi@example.in', phone: '9876543210', message: 'Do you ship to Ooty?' },
      })
    ).status,
  ).toBe(200)

  customerUserId = hiddenValue((await admin.send('/dash/users?q=kavya')).text, 'userId', CUSTOMER)
  messageId = hiddenValue((await admin.send('/dash/messages')).text, 'messageId')
  // The order's confirmation is the first mail of this fresh shop; with no SMTP_URL it waits, unsent.
  mailId = '1'
  expect((await admin.send('/dash/outbox?show=all')).text).toContain('is confirmed')
  expect([customerUserId, messageId].every(Boolean)).toBe(true)
})
afterAll(async () => server?.stop())

const pages = () => [
  '/dash',
  '/Admin',
  '/Delete',
  '/dash/orders',
  '/dash/orders?status=all&q=kavya',
  `/dash/orders/${orderId}`,
  '/dash/messages',
  '/dash/outbox',
  '/dash/users',
  '/dash/settings',
  '/dash/coupons',
  '/dash/demo-catalogue',
]

/** Every admin mutation: the page forms (redirect home for non-admins) and the upload API (403). */
const mutations = (): Array<{ path: string; form: Record<string, string>; api: boolean }> => [
  { path: `/dash/orders/${orderId}`, form: { step: 'pack' }, api: false },
  { path: '/dash/messages', form: { messageId, handled: 'true' }, api: false },
  { path: '/dash/outbox', form: { mailId }, api: false },
  { path: '/dash/users', form: { userId: customerUserId, role: 'admin' }, api: false },
  { path: '/dash/settings', form: { gstin: '29AAGCB7383J1Z4', gstState: 'Karnataka' }, api: false },
  { path: '/dash/coupons', form: { intent: 'create', code: 'MATRIX10', kind: 'percent', value: '10' }, api: false },
  { path: '/dash/demo-catalogue', form: { confirm: 'yes' }, api: false },
  { path: '/Admin', form: { name: 'Matrix Pepper', description: 'd', category: 'spices', price: '10', stockCount: '1' }, api: false },
  { path: '/Delete', form: { intent: 'delete', id: productId }, api: false },
  {
    path: '/api/admin/products',
    form: { name: 'Matrix Pepper', description: 'd', category: 'spices', price: '10', stockCount: '1' },
    api: true,
  },
  { path: `/api/admin/products/${productId}`, form: { intent: 'delete' }, api: true },
]

function expectSentHome(answer: Answer) {
  expect([302, 303]).toContain(answer.status)
  expect(new URL(answer.location!, server.url).pathname).toBe('/')
}

describe.each([
  ['a visitor', () => visitor],
  ['a signed-in customer', () => customer],
])('%s', (_who, browser) => {
  it('is sent home from every admin page, and its data requests reveal nothing', async () => {
    for (const path of pages()) {
      expectSentHome(await browser().send(path))
      const [pathname, search] = path.split('?')
      const data = await browser().send(`${pathname === '/' ? '/_root' : pathname}.data${search ? `?${search}` : ''}`)
      expect(data.status, path).not.toBe(200)
      expect(data.text).not.toContain(CUSTOMER)
      expect(data.text).not.toContain('Selvi')
    }
  })

  it('changes nothing through any admin form or API', async () => {
    for (const { path, form, api } of mutations()) {
      const answer = await browser().send(path, { form })
      if (api) {
        expect(answer.status, path).toBe(403)
        expect(JSON.parse(answer.text).error).toMatch(/admin/i)
      } else expectSentHome(answer)
    }
    // Still paid: packing is still offered.
    expect((await admin.send(`/dash/orders/${orderId}`)).text).toContain('Mark packed')
    expect((await admin.send('/dash/messages')).text).toContain('Do you ship to Ooty?')
    expect((await admin.send('/dash/users?role=admin')).text).not.toContain(CUSTOMER)
    expect((await admin.send('/Delete?q=Matrix')).text).not.toContain('Matrix Pepper')
    expect((await fetch(`${server.url}/api/products/${productId}`)).status).toBe(200)
    expect((await admin.send('/dash/settings')).text).toContain('33AAKFK4821M1Z5')
    expect((await admin.send('/dash/coupons')).text).not.toContain('MATRIX10')
  })
})

describe('the admin', () => {
  it('opens every admin page', async () => {
    for (const path of pages()) {
      const answer = await admin.send(path)
      expect(answer.status, path).toBe(200)
    }
    expect((await admin.send('/dash')).text).toContain('Welcome, Meena')
    expect((await admin.send(`/dash/orders/${orderId}`)).text).toContain(CUSTOMER)
    expect((await admin.send('/dash/orders?status=all&q=94430%2055555')).text).toContain('Kavya Raman')
    // The search box covers every order (issue 39): it sends no filter, and says so when nothing matches.
    const searched = (await admin.send('/dash/orders?status=shipped&q=no-such-order')).text
    expect(searched).toContain('No orders match “no-such-order” in shipped.')
    expect(searched).not.toMatch(/<input[^>]*name="status"/)
    expect((await admin.send('/dash/orders?q=no-such-order')).text).toContain('No orders match “no-such-order”.')
  })

  it('may use every admin form and API, and each does what it says', async () => {
    const packed = await admin.send(`/dash/orders/${orderId}`, { form: { step: 'pack' } })
    expect(packed.status, packed.text.slice(0, 300)).toBe(200)
    const ship = await admin.send(`/dash/orders/${orderId}`, { form: { step: 'ship', courier: 'DTDC', trackingNumber: 'D4455667788' } })
    expect(ship.status).toBe(200)
    const orderPage = (await admin.send(`/dash/orders/${orderId}`)).text
    expect(orderPage).toContain('D4455667788')
    expect(orderPage).not.toContain('Mark packed')
    expect(orderPage).toContain('Mark delivered')
    // A prepaid order's delivery says nothing of cash (issue 39).
    const delivered = await admin.send(`/dash/orders/${orderId}`, { form: { step: 'deliver' } })
    expect(delivered.status).toBe(200)
    expect(delivered.text).toContain('Order marked delivered.')
    expect(delivered.text).not.toContain('cash collected')
    expect((await admin.send('/dash/outbox?show=all')).text).toContain('is on its way')

    const handled = await admin.send('/dash/messages', { form: { messageId, handled: 'true' } })
    expect(handled.status).toBe(200)
    expect((await admin.send('/dash/messages')).text).not.toContain('Do you ship to Ooty?')

    // Mails wait unsent here (no SMTP_URL): only a failed mail can be retried, and the page says so.
    const retry = await admin.send('/dash/outbox', { form: { mailId } })
    expect(retry.status).toBe(409)

    const promoted = await admin.send('/dash/users', { form: { userId: customerUserId, role: 'admin' } })
    expect(promoted.status).toBe(200)
    expect((await customer.send('/dash')).status).toBe(200)
    const demoted = await admin.send('/dash/users', { form: { userId: customerUserId, role: 'user' } })
    expect(demoted.status).toBe(200)
    expectSentHome(await customer.send('/dash'))

    const added = await admin.send('/api/admin/products', {
      form: { name: 'Matrix Pepper', description: 'd', category: 'spices', price: '10', stockCount: '1' },
    })
    expect(added.status, added.text).toBe(200)
    const newId = JSON.parse(added.text).product.id
    const removed = await admin.send(`/api/admin/products/${newId}`, { form: { intent: 'delete' } })
    expect(removed.status, removed.text).toBe(200)
  })

  it('gets clear 4xx answers for bad input, never a 500', async () => {
    const bad: Array<[string, Record<string, string>]> = [
      [`/dash/orders/${orderId}`, { step: 'refund' }],
      [`/dash/orders/${orderId}`, { step: 'cod-refund' }],
      [`/dash/orders/${orderId}`, { step: 'cod-refund', kind: 'whole', reason: 'Damaged', method: 'upi', reference: '4123', paidOn: 'x' }],
      [`/dash/orders/${orderId}`, { step: 'ship', courier: '', trackingNumber: '' }],
      ['/dash/orders/no-such-order', { step: 'pack' }],
      ['/dash/messages', { messageId: 'abc', handled: 'true' }],
      ['/dash/messages', { messageId: '99999', handled: 'true' }],
      ['/dash/outbox', { mailId: '-1' }],
      ['/dash/users', { userId: customerUserId, role: 'owner' }],
      ['/dash/users', { userId: 'nobody', role: 'admin' }],
      ['/dash/users', JSON.parse('{"__proto__": "x", "constructor": "y"}') as Record<string, string>],
    ]
    for (const [path, form] of bad) {
      const answer = await admin.send(path, { form })
      expect(answer.status, `${path} ${JSON.stringify(form)}`).toBeGreaterThanOrEqual(400)
      expect(answer.status, `${path} ${JSON.stringify(form)}`).toBeLessThan(500)
    }
    const tooBig = await admin.send('/dash/messages', { form: { messageId, handled: 'true', filler: 'x'.repeat(40_000) } })
    expect(tooBig.status).toBe(413)
  })

  it('cannot demote themselves, so the shop always keeps an admin', async () => {
    const ownId = JSON.parse((await admin.send('/api/auth/get-session')).text).user.id
    expect(ownId).toBeTruthy()
    // The page offers no button on one's own row; a hand-made post is refused and says why.
    const self = await admin.send('/dash/users', { form: { userId: ownId, role: 'user' } })
    expect(self.status).toBe(409)
    expect(self.text).toContain('You cannot change your own role')
    expect((await admin.send('/dash')).status).toBe(200)
  })
})
