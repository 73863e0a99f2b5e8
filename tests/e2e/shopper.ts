import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'

// Steps the browser specs share: reading the catalogue, opening a page once hydrated, and the shopper's address
// and cart as the shop keeps them in the browser.

export type PackSize = '250g' | '500g' | '1kg'

/** A product as `/api/products` lists it (the fields the specs use). */
export type CatalogueProduct = {
  id: string
  slug: string
  name: string
  category: string
  url: string
  imageUrl: string
  backsideImageUrl: string
  stockCount: number
  price?: number
  prices?: { startg: number; halfg: number; onekg: number }
  stockBySize?: Record<PackSize, number>
}

/** Where the test shopper has orders shipped, as the order API takes it. */
export const SHIPPING_ADDRESS = {
  fullName: 'Meena Sundaram',
  buildingNumber: '12B',
  streetName: 'Gandhi Road',
  city: 'Coimbatore',
  postalCode: '641001',
  state: 'Tamil Nadu',
  phoneNumber: '9876543210',
  alternateNumber: '',
}

/** The address form's fields with the e-mail, as the shop saves them in the browser. */
export const SAVED_ADDRESS = { ...SHIPPING_ADDRESS, email: 'meena@example.com' }

/** The shop's products, from its API. */
export async function catalogue(request: APIRequestContext) {
  const response = await request.get('/api/products')
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { products: CatalogueProduct[] }).products
}

/**
 * Waits until React has hydrated the page, so that clicks reach their handlers: root.tsx marks <html> in an effect.
 * Much sooner than a quiet network (at least 500 ms of it), which pictures still loading also delay.
 */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/**
 * An order of one unit paid through the test provider, placed through the API as `request`'s browser (its cookies);
 * its id. The shop refuses changes without its own Origin (decision 010); global-setup.ts set this address.
 */
export async function placePaidOrder(
  request: APIRequestContext,
  order: { productId: string; email: string; address?: Record<string, string> },
) {
  const origin = { Origin: process.env.E2E_BASE_URL! }
  const created = await request.post('/api/payment/createOrder', {
    headers: origin,
    data: { items: [{ productId: order.productId, quantity: 1 }], shippingAddress: order.address ?? SHIPPING_ADDRESS, email: order.email },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { orderId } = (await created.json()) as { orderId: string }
  expect((await request.post('/api/payment/test/complete', { headers: origin, data: { orderId } })).status()).toBe(200)
  return orderId
}

/** Opens the page and waits until React has hydrated it, so that clicks reach their handlers. */
export async function openHydrated(page: Page, path: string, status = 200) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(status)
  await waitForHydration(page)
}

/** Puts a cart (and optionally a saved address) in the browser's storage, as the shop would have kept them. */
export async function storeCart(page: Page, cart: object[], address?: Record<string, string>) {
  await page.goto('/')
  await page.evaluate(
    ({ cart, address }) => {
      localStorage.setItem('cartItems', JSON.stringify(cart))
      if (address) localStorage.setItem('shippingAddress', JSON.stringify(address))
    },
    { cart, address },
  )
}

/**
 * Makes an account through the accounts API (or finds it made by another spec) and signs it in; the session cookie
 * lands in the request context, the page's when it is `page.request`. Sign-up alone signs nobody in and answers
 * alike for a taken address (docs/decisions/023-sign-up-does-not-tell.md), so signing in is the step that proves it.
 */
export async function signUpAndSignIn(
  request: APIRequestContext,
  baseURL: string,
  account: { email: string; password: string; username?: string; phone?: string },
) {
  const headers = { Origin: baseURL }
  const username = account.username ?? 'Tester'
  const up = await request.post('/api/auth/sign-up/email', {
    headers,
    data: { email: account.email, password: account.password, name: username, username, phone: account.phone ?? '+91 98765 43210' },
  })
  expect(up.ok(), await up.text()).toBe(true)
  const signedIn = await request.post('/api/auth/sign-in/email', { headers, data: { email: account.email, password: account.password } })
  expect(signedIn.ok(), await signedIn.text()).toBe(true)
}

/**
 * The form token the shop's pages give this browser (docs/decisions/034-form-tokens.md), for a spec that posts a
 * form through `request` rather than through a page: read from the contact page's hidden field, as a form carries it.
 */
export async function formToken(request: APIRequestContext) {
  const page = await request.get('/contact')
  const token = (await page.text()).match(/name="csrf_token" value="([^"]+)"/)?.[1]
  expect(token, 'the contact page gives a form token').toBeTruthy()
  return token!
}

/** A cart line as the browser keeps it (`cartItems` in localStorage). */
export type StoredLine = {
  id: string
  size?: PackSize
  name: string
  imageUrl: string
  url: string
  pricePaise: number
  stockCount: number
  quantity: number
}

export const PRICE_KEY = { '250g': 'startg', '500g': 'halfg', '1kg': 'onekg' } as const

/** The cart line a shopper's click would store for `product` (in `size`), at the catalogue's price. */
export function storedLine(product: CatalogueProduct, quantity: number, size?: PackSize): StoredLine {
  const rupees = size ? product.prices![PRICE_KEY[size]] : product.price!
  return {
    id: product.id,
    ...(size ? { size } : {}),
    name: product.name,
    imageUrl: product.imageUrl,
    url: product.url,
    pricePaise: Math.round(rupees * 100),
    stockCount: size ? product.stockBySize![size] : product.stockCount,
    quantity,
  }
}

/** "₹1,234.50", "−₹64.90" or "Free", as a line of money reads, in paise. */
export function paiseOf(shown: string) {
  if (shown.trim() === 'Free') return 0
  const match = shown.replace(/,/g, '').match(/^([−-])?₹(\d+(?:\.\d{1,2})?)$/)
  expect(match, `"${shown}" reads as an amount`).toBeTruthy()
  return (match![1] ? -1 : 1) * Math.round(Number(match![2]) * 100)
}

/**
 * Adds up the lines of money shown in `container` as a customer would with a calculator: each total (and what is left
 * after refunds) must equal the lines shown above it (issue 39). Reads the text on the page, not the data it came from.
 */
export async function expectMoneyAddsUp(container: Locator, kinds: string[]) {
  const lines = container.locator('[data-money]')
  await expect(lines.first()).toBeVisible()
  const shown = await lines.evaluateAll((nodes) =>
    nodes.map((node) => ({
      kind: node.getAttribute('data-money')!,
      figure: (node.querySelector('dd, td') ?? node).textContent!.trim(),
    })),
  )
  expect(shown.map((l) => l.kind)).toEqual(kinds)
  let running = 0
  for (const { kind, figure } of shown) {
    const paise = paiseOf(figure)
    if (kind === 'total' || kind === 'net') {
      expect(paise, `${kind} ${figure} is the sum of the lines above it`).toBe(running)
      running = paise
    } else running += paise
  }
  return shown
}
