import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { startTestServer, type TestServer } from '../support/test-server'

// Reviews over HTTP against the built shop: the product pages' form (a plain form post), what it refuses and
// why, the anonymous page cache showing a new review at once, stars on the shelf, and the admin's hiding.

const ADMIN = 'owner@kaadu.test'
const CUSTOMER = 'lakshmi@example.in'
const SCRIPT = '<script>alert("xss")</script>'

type ProductJson = { id: string; name: string; category: string; url: string; stockCount: number; price?: number }

const address = {
  fullName: 'Lakshmi Narayanan',
  buildingNumber: '4',
  streetName: 'Car Street',
  city: 'Madurai',
  postalCode: '625001',
  state: 'Tamil Nadu',
  phoneNumber: '+91 94430 12345',
  alternateNumber: '',
}

let server: TestServer
let admin: Browser
let customer: Browser
let visitor: Browser
let spice: ProductJson
let sized: ProductJson

/** The value of the hidden input `name` in the first form after `near` on the page. */
function hiddenValue(html: string, name: string, near: string) {
  const from = html.indexOf(near)
  expect(from, `${near} on the page`).toBeGreaterThanOrEqual(0)
  const input = html.slice(from).match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0]
  return input?.match(/value="([^"]*)"/)?.[1] ?? ''
}

/** The product page as a visitor without an account gets it: the page cache's copy when there is one. */
const anonymousPage = async (path: string) => {
  const answer = await visitor.send(path)
  expect(answer.status, path).toBe(200)
  return answer.text
}

beforeAll(async () => {
  // Visitors' pages are kept a minute, not a second: a review must show because the post emptied the cache.
  server = await startTestServer({ env: { ADMIN_EMAILS: ADMIN, RATE_LIMIT: 'off', PAGE_CACHE_SECONDS: '60' } })
  admin = new Browser(server.url)
  customer = new Browser(server.url)
  visitor = new Browser(server.url)
  expect((await admin.signUp(ADMIN)).status).toBe(200)
  expect((await customer.signUp(CUSTOMER, { username: 'Lakshmi' })).status).toBe(200)
  const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as { products: ProductJson[] }
  spice = products.filter((p) => p.category === 'spices' && p.stockCount > 2)[0]!
  sized = products.find((p) => p.url.split('/').length === 4)!
  expect(spice && sized).toBeTruthy()
}, 150_000)
afterAll(async () => server?.stop())

describe('the review form', () => {
  it('sends a visitor to sign in and back, and saves nothing', async () => {
    const answer = await visitor.send(spice.url, { form: { rating: '5', body: 'Lovely pepper.' } })
    expect([302, 303]).toContain(answer.status)
    const location = new URL(answer.location!, server.url)
    expect(location.pathname).toBe('/Signin')
    expect(location.searchParams.get('redirectTo')).toBe(spice.url)
    // The page offers the way in.
    const page = await anonymousPage(spice.url)
    expect(page).toContain('Sign in to write a review')
    expect(page).toContain(`/Signin?redirectTo=${encodeURIComponent(`${spice.url}#write-review`)}`)
    expect(page).toContain('No reviews yet')
  })

  it('refuses a bad rating or text with a 400 and a message, and saves nothing', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ rating: '0', body: 'Lovely pepper.' }, 'Choose a rating from 1 to 5 stars'],
      [{ rating: '6', body: 'Lovely pepper.' }, 'Choose a rating from 1 to 5 stars'],
      [{ rating: 'x', body: 'Lovely pepper.' }, 'Choose a rating from 1 to 5 stars'],
      [{ body: 'Lovely pepper.' }, 'Choose a rating from 1 to 5 stars'],
      [{ rating: '4', body: '' }, 'Write at least 3 characters about the product'],
      [{ rating: '4', body: '   \n  ' }, 'Write at least 3 characters about the product'],
      [{ rating: '4', body: 'y'.repeat(1001) }, 'Keep the review to 1000 characters or fewer'],
      [{ rating: '4' }, 'Write a few words about the product'],
    ]
    for (const [form, message] of cases) {
      const answer = await customer.send(spice.url, { form })
      expect(answer.status, JSON.stringify(form)).toBe(400)
      expect(answer.text, JSON.stringify(form)).toContain(message)
      expect(answer.text).toContain('Your review was not saved')
    }
    // What was typed comes back in the form.
    const kept = await customer.send(spice.url, { form: { rating: '9', body: 'Strong and fresh.' } })
    expect(kept.text).toContain('>Strong and fresh.</textarea>')

    const tooBig = await customer.send(spice.url, { form: { rating: '4', body: 'z'.repeat(40_000) } })
    expect(tooBig.status).toBe(413)

    expect(await anonymousPage(spice.url)).toContain('No reviews yet')
    expect((await customer.send(spice.url)).text).toContain('Write a review')
  })

  it('answers 404 for a product that is not in the shop', async () => {
    for (const path of ['/product/no-such-product', '/product/bad%20id!']) {
      const answer = await customer.send(path, { form: { rating: '4', body: 'Lovely pepper.' } })
      expect(answer.status, path).toBe(404)
      expect(answer.text).toContain('Page not found')
    }
    // Archived: the owner deleted it after an order named it.
    const form = new FormData()
    for (const [k, v] of Object.entries({
      name: 'Review Test Cardamom',
      description: 'Green pods.',
      category: 'spices',
      price: '150',
      stockCount: '5',
    }))
      form.set(k, v)
    form.set('csrf_token', await admin.formToken())
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    const added = await fetch(`${server.url}/api/admin/products`, { method: 'POST', headers: { cookie, origin: server.url }, body: form })
    expect(added.status).toBe(200)
    const product = ((await added.json()) as { product: ProductJson }).product
    const created = await customer.send('/api/payment/createOrder', {
      json: { items: [{ productId: product.id, quantity: 1 }], shippingAddress: address, email: CUSTOMER },
    })
    expect(created.status, created.text).toBe(201)
    expect((await admin.send(`/api/admin/products/${product.id}`, { form: { intent: 'delete' } })).status).toBe(200)
    const archived = await customer.send(product.url, { form: { rating: '4', body: 'Lovely pods.' } })
    expect(archived.status).toBe(404)
  })

  it('publishes a review that every visitor sees at once, stars on the shelf too; a second post edits it', async () => {
    // A paid order, but the address is not confirmed: no "Verified purchase" (anyone can sign up with any address).
    const created = await customer.send('/api/payment/createOrder', {
      json: { items: [{ productId: spice.id, quantity: 1 }], shippingAddress: address, email: CUSTOMER },
    })
    expect(created.status, created.text).toBe(201)
    expect((await customer.send('/api/payment/test/complete', { json: { orderId: JSON.parse(created.text).orderId } })).status).toBe(200)

    // Visitors' copies of the page and the shelf are in the page cache before the review.
    expect(await anonymousPage(spice.url)).toContain('No reviews yet')
    expect(await anonymousPage('/Spices')).not.toContain('Rated ')

    const saved = await customer.send(spice.url, { form: { rating: '4', body: `Fresh and strong.\nGood value. ${SCRIPT}` } })
    expect(saved.status, saved.text.slice(0, 300)).toBe(200)
    expect(saved.text).toContain('Thank you! Your review is published.')

    const page = await anonymousPage(spice.url)
    expect(page).toContain('Rated 4 out of 5 from 1 review')
    expect(page).toContain('Fresh and strong.\nGood value.')
    expect(page).toContain('>Lakshmi</h3>')
    expect(page).not.toContain(CUSTOMER)
    expect(page).not.toContain('Verified purchase')
    expect(page).not.toContain('<script>alert(')
    expect(await anonymousPage('/Spices')).toContain('Rated 4 out of 5 from 1 review')

    // The author sees the form prefilled, to edit.
    const own = (await customer.send(spice.url)).text
    expect(own).toContain('Edit your review')
    const radios = own.match(/<input[^>]*name="rating"[^>]*>/g) ?? []
    expect(radios).toHaveLength(5)
    expect(radios.filter((r) => /\schecked/.test(r))).toEqual([expect.stringContaining('value="4"')])

    const edited = await customer.send(spice.url, { form: { rating: '2', body: 'Lost its smell in a month.' } })
    expect(edited.status).toBe(200)
    expect(edited.text).toContain('Your review is updated.')
    const after = await anonymousPage(spice.url)
    expect(after).toContain('Rated 2 out of 5 from 1 review')
    expect(after).toContain('Lost its smell in a month.')
    expect(after).not.toContain('Fresh and strong.')

    // The sized product's page takes reviews the same way.
    const other = await customer.send(sized.url, { form: { rating: '5', body: 'Crisp as promised.' } })
    expect(other.status).toBe(200)
    expect(await anonymousPage(sized.url)).toContain('Rated 5 out of 5 from 1 review')
  })
})

describe('hiding reviews', () => {
  it('is for admins only: visitors and customers are sent home and nothing changes', async () => {
    const list = (await admin.send('/dash/reviews')).text
    const reviewId = hiddenValue(list, 'reviewId', spice.name)
    expect(reviewId).toMatch(/^\d+$/)
    for (const browser of [visitor, customer]) {
      expect((await browser.send('/dash/reviews')).location).toBe('/')
      const answer = await browser.send('/dash/reviews', { form: { reviewId, hidden: 'true' } })
      expect([302, 303]).toContain(answer.status)
      expect(new URL(answer.location!, server.url).pathname).toBe('/')
    }
    expect(await anonymousPage(spice.url)).toContain('Lost its smell in a month.')
  })

  it('refuses bad input with a 4xx', async () => {
    const forms: Array<Record<string, string>> = [
      { reviewId: 'abc', hidden: 'true' },
      { reviewId: '99999', hidden: 'true' },
      { reviewId: '1', hidden: 'maybe' },
      {},
    ]
    for (const form of forms) {
      const answer = await admin.send('/dash/reviews', { form })
      expect(answer.status, JSON.stringify(form)).toBeGreaterThanOrEqual(400)
      expect(answer.status, JSON.stringify(form)).toBeLessThan(500)
    }
  })

  it('takes a review off the product page and its rating; the author’s edit leaves it hidden; Show brings it back', async () => {
    const reviewId = hiddenValue((await admin.send('/dash/reviews')).text, 'reviewId', spice.name)
    const hidden = await admin.send('/dash/reviews', { form: { reviewId, hidden: 'true' } })
    expect(hidden.status).toBe(200)
    expect(hidden.text).toContain('Review hidden from the shop.')

    let page = await anonymousPage(spice.url)
    expect(page).not.toContain('Lost its smell in a month.')
    expect(page).toContain('No reviews yet')
    expect(await anonymousPage('/Spices')).not.toContain('Rated 2 out of 5')

    // The author is told, may edit, and it stays hidden.
    expect((await customer.send(spice.url)).text).toContain('The shop has hidden your review')
    expect((await customer.send(spice.url, { form: { rating: '3', body: 'Edited after hiding.' } })).status).toBe(200)
    page = await anonymousPage(spice.url)
    expect(page).not.toContain('Edited after hiding.')
    const hiddenList = (await admin.send('/dash/reviews?show=hidden')).text
    expect(hiddenList).toContain('Edited after hiding.')
    expect(hiddenList).toContain(`by ${ADMIN}`)

    const shown = await admin.send('/dash/reviews', { form: { reviewId, hidden: 'false' } })
    expect(shown.status).toBe(200)
    page = await anonymousPage(spice.url)
    expect(page).toContain('Edited after hiding.')
    expect(page).toContain('Rated 3 out of 5 from 1 review')
  })
})
