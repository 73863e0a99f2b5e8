import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { startRazorpayStandIn } from '../support/razorpay-standin'
import { startTestServer, type TestServer } from '../support/test-server'

// The Content-Security-Policy in real Chromium (docs/decisions/015-security-headers.md): a script without the
// answer's nonce is refused, and the shop's own pages, from a shelf to a paid order and the admin's, break no
// rule of it and still hydrate.

const ADMIN = 'admin-e2e@example.com'
const ADMIN_PASSWORD = 'correct horse battery'

type ProductJson = { id: string; name: string; category: string; url: string; stockCount: number; price?: number }

declare global {
  interface Window {
    __cspViolations?: string[]
    __reportCspViolation?: (violation: string) => void
  }
}

/**
 * Collects every CSP violation of the page, across navigations: the `securitypolicyviolation` events (in
 * window.__cspViolations and reported out) and Chromium's console messages about the policy.
 */
async function watchCsp(page: Page) {
  const violations: string[] = []
  await page.exposeFunction('__reportCspViolation', (violation: string) => violations.push(violation))
  await page.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) => {
      const violation = `${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI || '(inline)'} from ${e.sourceFile || '?'}:${e.lineNumber}`
      window.__cspViolations!.push(violation)
      window.__reportCspViolation?.(violation)
    })
  })
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(`console ${message.type()}: ${message.text()}`)
  })
  return {
    violations,
    /** The violations so far, those of the page now open included. */
    async all() {
      const current = await page.evaluate(() => window.__cspViolations ?? []).catch(() => [])
      return [...new Set([...violations, ...current])]
    },
  }
}

async function openHydrated(page: Page, path: string) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  await page.waitForLoadState('networkidle')
}

async function catalogue(request: APIRequestContext) {
  const response = await request.get('/api/products')
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { products: ProductJson[] }).products
}

const cartLink = (page: Page) => page.getByRole('link', { name: /^Cart, \d+ items?$/ })
const main = (page: Page) => page.getByRole('main')
const expectCount = (page: Page, count: number) =>
  expect(cartLink(page)).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? 'item' : 'items'}`)

test('the browser enforces the policy: an injected script or event handler does not run, and is reported', async ({ page }) => {
  const csp = await watchCsp(page)
  await openHydrated(page, '/')
  const ran = await page.evaluate(async () => {
    const w = window as unknown as { injectedScriptRan?: boolean; injectedHandlerRan?: boolean }
    const script = document.createElement('script')
    script.textContent = 'window.injectedScriptRan = true'
    document.body.append(script)
    const holder = document.createElement('div')
    holder.innerHTML = '<img src="data:," onerror="window.injectedHandlerRan = true">'
    document.body.append(holder)
    await new Promise((r) => setTimeout(r, 300))
    return { script: w.injectedScriptRan ?? false, handler: w.injectedHandlerRan ?? false }
  })
  expect(ran).toEqual({ script: false, handler: false })
  await expect.poll(async () => (await csp.all()).join('\n')).toMatch(/script-src-elem refused inline/)
  await expect.poll(async () => (await csp.all()).join('\n')).toMatch(/script-src-attr/)
  // Without Razorpay's keys, its checkout script is refused too.
  await page.evaluate(() => {
    const script = document.createElement('script')
    script.src = 'https://checkout.razorpay.com/v1/checkout.js'
    document.head.append(script)
  })
  await expect.poll(async () => (await csp.all()).join('\n')).toMatch(/script-src-elem refused https:\/\/checkout\.razorpay\.com/)
  // Chromium hides the nonce from attribute reads, so injected markup cannot copy it.
  const nonced = await page.evaluate(() => [...document.scripts].filter((s) => s.nonce).map((s) => s.getAttribute('nonce')))
  expect(nonced.length).toBeGreaterThan(0)
  for (const attribute of nonced) expect(attribute).toBe('')
})

test('a shopper from the home page to a paid order: no CSP violation, every page interactive', async ({ page, request }) => {
  const csp = await watchCsp(page)
  const products = await catalogue(request)
  const stocked = products.filter((p) => p.price !== undefined && p.stockCount >= 20).sort((a, b) => b.stockCount - a.stockCount)
  const spice = stocked.find((p) => p.category === 'spices')!
  const other = stocked.find((p) => p.category !== 'spices')!

  await openHydrated(page, '/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectCount(page, 0)

  // A shelf: Add to Cart works only once React has hydrated the page.
  await openHydrated(page, '/Spices')
  await page.getByRole('button', { name: `Add to Cart: ${spice.name}`, exact: true }).click()
  await expectCount(page, 1)

  await openHydrated(page, other.url)
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  await expect(main(page).getByRole('status')).toContainText(`Added to cart: 1 × ${other.name}`)
  await expectCount(page, 2)

  await cartLink(page).click()
  await expect(page).toHaveURL(/\/Cart-page$/)
  await page.getByRole('button', { name: `One more ${other.name}` }).click()
  await expectCount(page, 3)

  await main(page).getByRole('link', { name: 'Proceed to Checkout' }).click()
  await expect(page).toHaveURL(/\/address$/)
  await page.getByLabel('Full Name').fill('Kavya Raman')
  await page.getByLabel('Street Name').fill('West Masi Street')
  await page.getByLabel('City').fill('Madurai')
  await page.getByLabel('Postal Code').fill('625001')
  await page.getByLabel('State').fill('Tamil Nadu')
  await page.getByLabel('Phone Number').fill('9876501234')
  await page.getByLabel('Email').fill('kavya.csp@example.com')
  await page.getByRole('button', { name: 'Continue to order summary' }).click()

  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(other.name)
  await main(page).getByRole('link', { name: 'Proceed to Payment' }).click()
  await expect(page).toHaveURL(/\/payment$/)
  const window = page.getByRole('dialog', { name: 'Test payment' })
  await expect(window).toBeVisible()
  await window.getByRole('button', { name: 'Complete test payment' }).click()
  await expect(page).toHaveURL(/\/order-success\?order=/)
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible()
  await expectCount(page, 0)

  // A page loaded afresh from the server, too (not only client navigations), and the page not found.
  await openHydrated(page, '/contact')
  const missing = await page.goto('/no-such-page')
  expect(missing?.status()).toBe(404)
  await page.waitForLoadState('networkidle')

  expect(await csp.all()).toEqual([])
})

test('the admin signs in and works on the dashboard: no CSP violation, every page interactive', async ({ page, playwright, baseURL }) => {
  // The admin's account, made in a context of its own (it may exist already: other specs share it).
  const other = await playwright.request.newContext({ baseURL })
  await other.post('/api/auth/sign-up/email', {
    headers: { Origin: baseURL! },
    data: { email: ADMIN, password: ADMIN_PASSWORD, name: 'Tester', username: 'Tester', phone: '+91 98765 43210' },
  })
  await other.dispose()

  const csp = await watchCsp(page)
  await openHydrated(page, '/Signin')
  await page.getByLabel('Email').fill(ADMIN)
  await page.getByLabel('Password').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('status')).toContainText('Logged in successfully!')
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()

  await openHydrated(page, '/dash')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome')
  // A hydrated page moves on by fetching the next page's data, not a whole document.
  const dataRequest = page.waitForRequest((r) => /\/dash\/orders\.data/.test(r.url()))
  await page.getByRole('link', { name: /^Orders/ }).click()
  await dataRequest
  await expect(page).toHaveURL(/\/dash\/orders$/)

  await openHydrated(page, '/Admin')
  await openHydrated(page, '/dash/users')

  expect(await csp.all()).toEqual([])
})

test.describe('with Razorpay configured', () => {
  const KEY_ID = 'rzp_test_csp'
  const KEY_SECRET = 'csp-key-secret'
  let razorpay: Awaited<ReturnType<typeof startRazorpayStandIn>>
  let server: TestServer
  test.beforeAll(async () => {
    test.setTimeout(150_000)
    razorpay = await startRazorpayStandIn(KEY_ID, KEY_SECRET)
    server = await startTestServer({
      env: {
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: 'csp-webhook-secret',
        RAZORPAY_API_BASE: razorpay.url,
      },
    })
  })
  test.afterAll(async () => {
    await server?.stop()
    await razorpay?.close()
  })

  test("the payment page may load Razorpay's checkout script, frame its payment window and reach its telemetry", async ({
    page,
    request,
  }) => {
    // Razorpay cannot be reached from tests: its hosts answer from here, after the browser's CSP let the requests go.
    // The stand-in checkout.js does what the real one does that the CSP governs.
    const reached: string[] = []
    await page.route('https://checkout.razorpay.com/v1/checkout.js', (route) => {
      reached.push('script')
      return route.fulfill({
        contentType: 'application/javascript',
        body: `window.Razorpay = function (options) {
          return {
            on: function () {},
            open: function () {
              fetch('https://lumberjack.razorpay.com/v1/track', { method: 'POST', body: '{}' })
              var frame = document.createElement('iframe')
              frame.title = 'Razorpay Checkout'
              frame.src = 'https://api.razorpay.com/v1/checkout/public?order_id=' + encodeURIComponent(options.order_id)
              document.body.appendChild(frame)
            },
          }
        }`,
      })
    })
    await page.route('https://lumberjack.razorpay.com/**', (route) => {
      reached.push('telemetry')
      return route.fulfill({ status: 200, body: '{}', headers: { 'access-control-allow-origin': '*' } })
    })
    await page.route('https://api.razorpay.com/v1/checkout/public**', (route) => {
      reached.push('window')
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Razorpay</title><h1>Pay Kaadu Organics</h1>' })
    })

    const csp = await watchCsp(page)
    const { products } = (await (await request.get(`${server.url}/api/products`)).json()) as { products: ProductJson[] }
    const product = products.find((p) => p.price !== undefined && p.stockCount >= 5)!
    await page.goto(`${server.url}/`)
    await page.evaluate((product) => {
      const line = {
        id: product.id,
        name: product.name,
        imageUrl: '',
        url: product.url,
        pricePaise: Math.round(product.price! * 100),
        stockCount: product.stockCount,
        quantity: 1,
      }
      localStorage.setItem('cartItems', JSON.stringify([line]))
      localStorage.setItem(
        'shippingAddress',
        JSON.stringify({
          fullName: 'Kavya Raman',
          buildingNumber: '',
          streetName: 'West Masi Street',
          city: 'Madurai',
          postalCode: '625001',
          state: 'Tamil Nadu',
          phoneNumber: '9876501234',
          alternateNumber: '',
          email: 'kavya.rzp@example.com',
        }),
      )
    }, product)
    const response = await page.goto(`${server.url}/payment`)
    await expect(page.getByText('Complete the payment in the Razorpay window.')).toBeVisible()
    await expect(page.frameLocator('iframe[title="Razorpay Checkout"]').getByRole('heading', { name: 'Pay Kaadu Organics' })).toBeVisible()
    await expect.poll(() => [...new Set(reached)].sort()).toEqual(['script', 'telemetry', 'window'])
    expect(razorpay.state.requests.some((r) => r.path === '/v1/orders')).toBe(true)
    expect(await csp.all()).toEqual([])
    // Razorpay's netbanking and wallet popups keep their way back to this page.
    expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  })
})
