import { type APIRequestContext, type Page, expect } from '@playwright/test'
import { SHELVES } from '../../app/features/catalogue/categories'
import { expectAccessiblePage, expectMeaningfulAltTexts, expectNoAxeViolations } from '../support/axe'
import { waitForMailInDir } from '../support/smtp-sink'
import { test } from './kept-tabs'
import { catalogue, openHydrated, placePaidOrder, SAVED_ADDRESS, signUpAndSignIn, storeCart } from './shopper'

// axe (WCAG 2.1 A and AA) on every page of app/routes.ts, as a visitor, a customer and an admin, in the states
// a customer meets: empty and full cart, a saved address, the test payment window, an open dialog, the phone menu.
// A new page is one line in one of the lists below.

// The pages are independent of each other: both workers may share them.
test.describe.configure({ mode: 'parallel' })

/** A path, or how to find it in the running shop. */
type PagePath = string | ((request: APIRequestContext) => Promise<string>)
type PageToCheck = { name: string; path: PagePath; status?: number }

const singlePriceProduct = async (request: APIRequestContext) =>
  (await catalogue(request)).find((p) => p.price !== undefined && p.stockCount > 0)!.url
const sizedProduct = async (request: APIRequestContext) => (await catalogue(request)).find((p) => p.prices && p.stockCount > 0)!.url

/** Pages anyone can open, as they come from the server. */
const VISITOR_PAGES: PageToCheck[] = [
  { name: 'home', path: '/' },
  // Every shelf of the menu, from the list the routes are made of.
  ...SHELVES.map((shelf) => ({ name: `shelf ${shelf.path}`, path: shelf.path })),
  { name: 'all products', path: '/product' },
  { name: 'a single-price product', path: singlePriceProduct },
  { name: 'a sized product', path: sizedProduct },
  { name: 'contact', path: '/contact' },
  { name: 'the empty cart', path: '/Cart-page' },
  { name: 'the address form', path: '/address' },
  { name: 'checkout without a cart', path: '/checkout' },
  { name: 'payment without a cart', path: '/payment' },
  { name: 'sign up', path: '/Signup' },
  { name: 'sign in', path: '/Signin' },
  { name: 'forgot password', path: '/forgot-password' },
  { name: 'reset password without a token', path: '/reset-password' },
  { name: 'reset password with a dead token', path: '/reset-password?token=aaaaaaaaaaaaaaaaaaaaaaaa' },
  { name: 'search results', path: '/search?q=amla' },
  { name: 'search without a query', path: '/search' },
  { name: 'search without a match', path: '/search?q=qqzzxxv' },
  { name: 'track an order', path: '/track' },
  { name: 'the privacy policy', path: '/policies/privacy' },
  { name: 'the terms of service', path: '/policies/terms' },
  { name: 'shipping and delivery', path: '/policies/shipping' },
  { name: 'returns and refunds', path: '/policies/returns' },
  { name: 'the grievance officer', path: '/policies/grievance' },
  { name: 'page not found', path: '/no-such-page', status: 404 },
  { name: 'a product that does not exist', path: '/product/no-such-product', status: 404 },
]

/** The owner's pages, signed in as the admin of the browser tests (ADMIN_EMAILS in global-setup.ts). */
const ADMIN_PAGES: PageToCheck[] = [
  { name: 'dashboard', path: '/dash' },
  { name: 'orders', path: '/dash/orders?status=all' },
  { name: 'an order', path: async (request) => `/dash/orders/${await paidOrder(request)}` },
  // With a paid order waiting, so the desk shows its table of orders, weights, boxes and couriers.
  {
    name: 'the shipping desk',
    path: async (request) => {
      await paidOrder(request)
      return '/dash/shipping'
    },
  },
  { name: 'messages', path: '/dash/messages' },
  { name: 'outbox', path: '/dash/outbox?show=all' },
  { name: 'users', path: '/dash/users' },
  { name: 'reviews', path: '/dash/reviews' },
  { name: 'coupon codes', path: '/dash/coupons' },
  { name: 'tax details', path: '/dash/settings' },
  { name: 'shop details', path: '/dash/shop' },
  { name: 'policy pages', path: '/dash/policies' },
  { name: 'a policy page’s editor', path: '/dash/policies/returns' },
  { name: 'remove the demo catalogue', path: '/dash/demo-catalogue' },
  { name: 'add product', path: '/Admin' },
  { name: 'product manager', path: '/Delete' },
]

/** The customers' password in the tests that make accounts. */
const PASSWORD = 'correct horse battery'
const PHONE = { width: 360, height: 740 }

async function resolve(path: PagePath, request: APIRequestContext) {
  return typeof path === 'string' ? path : path(request)
}

/** A paid order of the test provider, placed through the API; its id. */
async function paidOrder(request: APIRequestContext) {
  const product = (await catalogue(request)).find((p) => p.price !== undefined && p.stockCount > 5)!
  return placePaidOrder(request, { productId: product.id, email: SAVED_ADDRESS.email })
}

/** A cart of two lines in the browser's storage (as the shop keeps it), and the saved address. */
async function fillCart(page: Page, request: APIRequestContext, withAddress: boolean) {
  const products = (await catalogue(request)).filter((p) => p.price !== undefined && p.stockCount > 5)
  const lines = products.slice(0, 2).map((p) => ({
    id: p.id,
    name: p.name,
    imageUrl: '',
    url: p.url,
    pricePaise: Math.round(p.price! * 100),
    stockCount: p.stockCount,
    quantity: 1,
  }))
  await storeCart(page, lines, withAddress ? SAVED_ADDRESS : undefined)
}

// Each page only looked at: in the tab the worker keeps (kept-tabs.ts), the admin's signed in once.
test.describe('every page as a visitor', () => {
  for (const { name, path, status } of VISITOR_PAGES) {
    test(name, async ({ visitorTab: page, request }) => {
      await openHydrated(page, await resolve(path, request), status)
      await expectAccessiblePage(page, name)
    })
  }
})

test.describe('every admin page', () => {
  for (const { name, path, status } of ADMIN_PAGES) {
    test(name, async ({ adminTab: page, request }) => {
      const address = await resolve(path, request)
      await openHydrated(page, address, status)
      // Still signed in: a lost session would show the sign-in page, with a 200 too.
      expect(new URL(page.url()).pathname).toBe(new URL(address, page.url()).pathname)
      await expectAccessiblePage(page, `admin: ${name}`)
    })
  }
})

// The shop in Tamil (issue 41): the pages a shopper goes through, with their Tamil names, labels and lang.
test.describe('the Tamil pages', () => {
  for (const { name, path } of [
    { name: 'home', path: '/ta' },
    { name: 'a shelf', path: '/ta/herb-ro' },
    { name: 'a single-price product', path: async (request: APIRequestContext) => `/ta${await singlePriceProduct(request)}` },
  ] satisfies PageToCheck[]) {
    test(name, async ({ visitorTab: page, request }) => {
      await openHydrated(page, await resolve(path, request))
      await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN')
      await expectAccessiblePage(page, `Tamil: ${name}`)
    })
  }

  test('the cart with items and the checkout summary', async ({ page, request }) => {
    await fillCart(page, request, true)
    await openHydrated(page, '/ta/Cart-page')
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2)
    await expectAccessiblePage(page, 'Tamil: the cart with items')
    await openHydrated(page, '/ta/checkout')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN')
    await expectAccessiblePage(page, 'Tamil: the checkout summary')
  })
})

test.describe('pages in the states a customer meets', () => {
  test('the cart with items, the address form filled in, the checkout summary', async ({ page, request }) => {
    await fillCart(page, request, true)
    await openHydrated(page, '/Cart-page')
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2)
    await expectAccessiblePage(page, 'the cart with items')
    await openHydrated(page, '/address')
    await expect(page.getByLabel('Full name')).toHaveValue(SAVED_ADDRESS.fullName)
    await expectAccessiblePage(page, 'the address form filled in')
    await openHydrated(page, '/checkout')
    await expect(page.getByRole('region', { name: 'Order summary' })).toBeVisible()
    await expectAccessiblePage(page, 'the checkout summary')
  })

  test('the payment page with its test window open, then the order confirmation', async ({ page, request }) => {
    await fillCart(page, request, true)
    await openHydrated(page, '/payment')
    const window = page.getByRole('dialog', { name: 'Test payment' })
    await expect(window).toBeVisible()
    await expectAccessiblePage(page, 'the payment page with the test window')
    await window.getByRole('button', { name: 'Complete test payment' }).click()
    await expect(page).toHaveURL(/\/order-success\?order=/)
    await page.waitForLoadState('networkidle')
    await expectAccessiblePage(page, 'the order confirmation')
  })

  test('forms showing their errors', async ({ page }) => {
    await openHydrated(page, '/Signup')
    await page.getByRole('button', { name: 'Sign up' }).click()
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible()
    await expectAccessiblePage(page, 'sign up with errors')
    await openHydrated(page, '/contact')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible()
    await expectAccessiblePage(page, 'contact with errors')
  })

  test('the reset form of a live link', async ({ page, baseURL }) => {
    const email = `e2e-a11y-reset-${Date.now()}-${process.pid}@example.in`
    await signUpAndSignIn(page.request, baseURL!, { email, password: PASSWORD, username: 'Meena' })
    await page.request.post('/api/auth/sign-out', { headers: { Origin: baseURL! }, data: {} })
    await openHydrated(page, '/forgot-password')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('status')).toContainText('If an account uses that e-mail address')
    await expectAccessiblePage(page, 'forgot password, link sent')
    const mail = await waitForMailInDir(process.env.E2E_MAIL_DIR!, email, (m) => /new password/i.test(m.subject))
    const link = new URL(mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0])
    await openHydrated(page, link.pathname + link.search)
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible()
    await expectAccessiblePage(page, 'reset password with a live token')
  })

  test("a customer's orders", async ({ page, baseURL }) => {
    const email = `e2e-a11y-orders-${Date.now()}-${process.pid}@example.in`
    await signUpAndSignIn(page.request, baseURL!, { email, password: PASSWORD, username: 'Meena' })
    await openHydrated(page, '/my-orders')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessiblePage(page, 'my orders')
  })
})

test.describe('open dialogs and menus', () => {
  test('the bulk-purchase dialog of a sized product', async ({ page, request }) => {
    await openHydrated(page, await sizedProduct(request))
    await page.getByRole('button', { name: 'Buying in bulk? Call us' }).click()
    await expect(page.getByRole('dialog', { name: 'Purchase the bulk quantity?' })).toBeVisible()
    await expectAccessiblePage(page, 'the bulk dialog')
  })

  test('the side menu on a phone, with a group open', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await openHydrated(page, '/')
    await page.getByRole('button', { name: 'Menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await expect(menu).toBeVisible()
    await menu.getByRole('button', { name: 'Herbal Products' }).click()
    await expect(menu.getByRole('link', { name: 'Tokku' })).toBeVisible()
    await expectAccessiblePage(page, 'the phone menu')
  })

  test('the desktop menu with a group open', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await openHydrated(page, '/')
    await page.getByRole('button', { name: 'Other Category' }).click()
    await expect(page.getByRole('link', { name: 'Essential Oils' }).first()).toBeVisible()
    await expectAccessiblePage(page, 'the desktop menu')
  })
})

test.describe('a phone screen', () => {
  const pages: PageToCheck[] = [
    { name: 'home', path: '/' },
    { name: 'a single-price product', path: singlePriceProduct },
    { name: 'a sized product', path: sizedProduct },
  ]
  for (const { name, path } of pages) {
    test(name, async ({ page, request }) => {
      await page.setViewportSize(PHONE)
      await openHydrated(page, await resolve(path, request))
      await expectAccessiblePage(page, `${name} on a phone`)
    })
  }
})

test.describe('pictures', () => {
  test('product pictures say which product and which side of the pack they show', async ({ page, request }) => {
    const product = (await catalogue(request)).find((p) => p.price !== undefined && p.stockCount > 0)!
    await openHydrated(page, product.url)
    await expect(page.getByRole('img', { name: `${product.name}, front of the pack` })).toBeVisible()
    await expect(page.getByRole('img', { name: `${product.name}, back of the pack`, includeHidden: true })).toHaveCount(1)
    await openHydrated(page, '/Spices')
    const cards = page.getByRole('main').getByRole('article')
    await expect(cards.first()).toBeVisible()
    for (const card of await cards.all()) {
      const name = (await card.getByRole('heading').textContent())!.trim()
      await expect(card.getByRole('img', { name: `${name}, front of the pack` })).toHaveCount(1)
    }
  })

  test("the checks catch what they are for, on the shop's own pages (its CSP and all)", async ({ page }) => {
    await openHydrated(page, '/')
    await page.evaluate(() => {
      const image = document.createElement('img')
      image.src = '/media/front-of-pack.webp'
      image.dataset.planted = ''
      document.querySelector('main')!.append(image)
    })
    await expect(expectNoAxeViolations(page, 'a planted picture without alt')).rejects.toThrow(/image-alt/)
    await expect(expectMeaningfulAltTexts(page, 'a planted picture without alt')).rejects.toThrow(/no alt attribute/)
    await page.evaluate(() => document.querySelector('img[data-planted]')!.setAttribute('alt', 'front-of-pack.webp'))
    await expect(expectMeaningfulAltTexts(page, 'a picture named by its file')).rejects.toThrow(/alt is a file name/)
  })
})
