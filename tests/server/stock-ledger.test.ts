import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpThroughApi, withTokenIn } from '../support/http-browser'
import { sharedShopAdmin, sharedTestServer, type SharedTestServer } from '../support/test-server'

// The stock ledger through the built shop: the Edit dialog's stale count, the stock page and the dashboard (decision 027).

const ADMIN = sharedShopAdmin(import.meta.url)
let server: SharedTestServer
let adminCookie = ''
let productId = ''

const form = (fields: Record<string, string>) => {
  const body = new FormData()
  for (const [k, v] of Object.entries(fields)) body.set(k, v)
  return body
}
/** Posts as the page's form would, with this cookie's form token (decision 034). */
const post = async (path: string, body: FormData | URLSearchParams, cookie = adminCookie) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { cookie: await withTokenIn(server.url, cookie, body), Origin: server.url },
    body,
    redirect: 'manual',
  })
const stockNow = async () => ((await (await fetch(`${server.url}/api/products/${productId}`)).json()) as { stockCount: number }).stockCount

const pepper = { name: 'Ledger Pepper', description: 'Black pepper from Wayanad.', category: 'spices', price: '150', stockCount: '10' }

beforeAll(async () => {
  server = await sharedTestServer()
  adminCookie = await signUpThroughApi(server.url, ADMIN, 'Owner')
  const added = await post('/api/admin/products', form(pepper))
  expect(added.status).toBe(200)
  productId = ((await added.json()) as { product: { id: string } }).product.id
})
afterAll(async () => server?.stop())

describe('stock through the admin', () => {
  it('refuses a count saved from a form shown another count, with the count now, and keeps the form', async () => {
    const response = await post(
      `/api/admin/products/${productId}`,
      form({ intent: 'update', ...pepper, price: '175', stockCount: '25', shownStockCount: '8' }),
    )
    expect(response.status).toBe(409)
    const body = (await response.json()) as { reason: string; values: Record<string, string> }
    expect(body.reason).toBe('Stock changed to 10 since you opened this; check and save again')
    // Sent again as it came back, the admin's count applies to the count now.
    expect(body.values).toMatchObject({ stockCount: '25', shownStockCount: '10', price: '175' })
    expect(await stockNow()).toBe(10)
    const again = await post(`/api/admin/products/${productId}`, form({ intent: 'update', ...body.values, stockReason: 'received' }))
    expect(again.status).toBe(200)
    expect(await stockNow()).toBe(25)
  })

  it('adds and removes units on the stock page, and shows the history latest first', async () => {
    const added = await post(
      `/dash/products/${productId}/stock`,
      new URLSearchParams({ size: 'one', direction: 'add', units: '5', reason: 'received' }),
    )
    expect(added.status).toBe(200)
    expect(await added.text()).toContain('5 added; the stock of this product is now 30.')
    const tooMany = await post(
      `/dash/products/${productId}/stock`,
      new URLSearchParams({ size: 'one', direction: 'remove', units: '31', reason: 'damaged' }),
    )
    expect(tooMany.status).toBe(409)
    expect(await tooMany.text()).toContain('Only 30 in stock: cannot remove 31.')
    const bad = await post(
      `/dash/products/${productId}/stock`,
      new URLSearchParams({ size: 'one', direction: 'add', units: '2', reason: 'stolen' }),
    )
    expect(bad.status).toBe(400)
    expect(await stockNow()).toBe(30)

    const page = await (await fetch(`${server.url}/dash/products/${productId}/stock`, { headers: { cookie: adminCookie } })).text()
    const history = page.slice(page.indexOf('Stock history'))
    const order = ['+5', '+15', '+10'].map((change) => history.indexOf(`>${change}<`))
    expect(order.every((i) => i > 0)).toBe(true)
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(history).toContain(ADMIN)
  })

  it('refuses the stock page to everyone but admins', async () => {
    const customer = await signUpThroughApi(server.url, 'customer@stock-ledger.example.com', 'Meena')
    for (const cookie of ['', customer]) {
      const response = await post(
        `/dash/products/${productId}/stock`,
        new URLSearchParams({ size: 'one', direction: 'add', units: '5', reason: 'received' }),
        cookie,
      )
      expect(response.status).toBe(302)
    }
    expect(await stockNow()).toBe(30)
  })

  it('the dashboard flags no pack: every count matches its ledger, demo catalogue included', async () => {
    const dash = await (await fetch(`${server.url}/dash`, { headers: { cookie: adminCookie } })).text()
    expect(dash).toContain('Welcome')
    expect(dash).not.toContain('ledger-mismatches')
  })
})
