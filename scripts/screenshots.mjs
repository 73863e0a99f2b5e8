// `npm run screenshots -- [--out docs/screenshots] [--no-build]`
//
// The README's pictures, taken from the running shop so they show what it is now: builds when the sources changed,
// starts the production build on a fresh embedded database with the demo catalogue and test payments, and, in
// Chromium at 1280×800, saves the home page, a shelf, a product page, a filled cart and the admin dashboard (after a
// paid order, so it has something to show) as PNG files, reduced to a 256-colour palette to keep them small.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import sharp from 'sharp'
import { readArguments } from './db-tools.mjs'
import { findChromium } from './find-chromium.mjs'
import { Cleanups, prepareBuild, SetupError, shippingAddress, startShop } from './shop-process.mjs'

const USAGE = 'Usage: npm run screenshots -- [--out <folder, default docs/screenshots>] [--no-build]'

const args = readArguments(
  {
    out: { type: 'string', default: 'docs/screenshots' },
    'no-build': { type: 'boolean', default: false },
  },
  USAGE,
  `Starts the built shop on a fresh embedded database (the demo catalogue, test payments), takes home.png,
category.png, product.png, cart.png and admin-dashboard.png at 1280×800 in Chromium, and writes them to --out.
--no-build uses build/ as it is (it must exist); otherwise the shop is built when its sources changed.`,
)
const outDir = path.resolve(process.cwd(), args.out)

/** Desktop width: the README shows the shop as most of its readers will first open it. */
const VIEWPORT = { width: 1280, height: 800 }
/** Above this a picture is worth a look: a README should not weigh megabytes. */
const MAX_BYTES = 300 * 1024
const ADMIN = { email: 'owner@example.com', password: 'screenshots only', name: 'Lakshmi', phone: '+91 98430 12345' }
/** What the pictures show: demo products (app/features/catalogue/demo-catalogue.ts), found by slug. */
const SHELF = '/free-products'
const SIZED_PRODUCT = 'freeze-dried-mango'
const MORE_IN_CART = ['ashwagandha-root-powder', 'arachuvitta-sambar']

const cleanups = new Cleanups()
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping.`)
    void cleanups.undo().finally(() => process.exit(130))
  })
}

/** Waits until the page is still and every picture on the screen has arrived. */
async function settle(page) {
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => document.fonts.ready)
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect()
        return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight
      })
      .every((image) => image.complete && image.naturalWidth > 0),
  )
  // No hover effect where the last click was.
  await page.mouse.move(1, VIEWPORT.height - 1)
}

async function save(page, name) {
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' })
  const small = await sharp(png).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer()
  const file = path.join(outDir, name)
  fs.writeFileSync(file, small)
  const size = `${Math.round(small.length / 1024)} KB`
  console.log(
    `  ${path.relative(process.cwd(), file) || file}  ${size}${small.length > MAX_BYTES ? `  (over ${MAX_BYTES / 1024} KB)` : ''}`,
  )
  return small.length
}

async function go(page, pathname) {
  const response = await page.goto(pathname)
  if (!response?.ok()) throw new SetupError(`${pathname} answered ${response?.status()}`)
  await settle(page)
}

async function main() {
  if (!prepareBuild(args['no-build'])) return 1
  const browserPath = (await findChromium()).path

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-screenshots-'))
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  const shop = await startShop({ dataDir, databaseUrl: '', logLevel: 'warn', env: { ADMIN_EMAILS: ADMIN.email } })
  cleanups.push(() => shop.stop())
  console.log(`The shop is open at ${shop.url}; Chromium: ${browserPath}`)

  const products = (await (await fetch(`${shop.url}/api/products`)).json()).products
  const bySlug = (slug) => {
    const product = products.find((p) => p.slug === slug)
    if (!product) throw new SetupError(`The demo catalogue has no product "${slug}": update scripts/screenshots.mjs.`)
    return product
  }

  const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
  cleanups.push(() => browser.close())
  const options = {
    baseURL: shop.url,
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    reducedMotion: 'reduce',
  }
  const origin = { Origin: shop.url }
  fs.mkdirSync(outDir, { recursive: true })
  console.log(`Writing to ${path.relative(process.cwd(), outDir) || outDir}:`)
  let over = 0
  const shot = async (page, name) => {
    if ((await save(page, name)) > MAX_BYTES) over++
  }

  // A customer: the home page, a shelf, a product with a pack chosen and added, the cart.
  const customer = await (await browser.newContext(options)).newPage()
  await go(customer, '/')
  await shot(customer, 'home.png')
  await go(customer, SHELF)
  await shot(customer, 'category.png')

  await go(customer, bySlug(SIZED_PRODUCT).url)
  await customer.getByText('500g', { exact: true }).click()
  await customer.getByRole('button', { name: 'Increase quantity' }).click()
  await customer.getByRole('button', { name: 'Add to Cart', exact: true }).click()
  await customer.getByRole('main').getByRole('status').getByText('Added to cart').waitFor()
  await settle(customer)
  await shot(customer, 'product.png')
  for (const slug of MORE_IN_CART) {
    await go(customer, bySlug(slug).url)
    await customer.getByRole('button', { name: 'Add to Cart', exact: true }).click()
    await customer.getByRole('main').getByRole('status').getByText('Added to cart').waitFor()
  }
  await go(customer, '/Cart-page')
  await customer.getByText(/^Subtotal \(\d+ items\): ₹/).waitFor()
  await settle(customer)
  await shot(customer, 'cart.png')

  // A paid order (test payments), so the dashboard has a day's sales and an order to ship.
  const lines = await customer.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]'))
  const created = await customer.request.post('/api/payment/createOrder', {
    headers: origin,
    data: {
      items: lines.map((l) => ({ productId: l.id, quantity: l.quantity, ...(l.size ? { size: l.size } : {}) })),
      shippingAddress: shippingAddress('Meena Sundaram'),
      email: 'meena@example.com',
    },
  })
  if (created.status() !== 201) throw new SetupError(`createOrder answered ${created.status()}: ${await created.text()}`)
  const { orderId } = await created.json()
  const paid = await customer.request.post('/api/payment/test/complete', { headers: origin, data: { orderId } })
  if (!paid.ok()) throw new SetupError(`the test payment answered ${paid.status()}: ${await paid.text()}`)

  // The owner (ADMIN_EMAILS makes the account an admin as it signs up).
  const owner = await (await browser.newContext(options)).newPage()
  const signUp = await owner.request.post('/api/auth/sign-up/email', {
    headers: origin,
    data: { email: ADMIN.email, password: ADMIN.password, name: ADMIN.name, username: ADMIN.name, phone: ADMIN.phone },
  })
  if (!signUp.ok()) throw new SetupError(`signing the admin up answered ${signUp.status()}: ${await signUp.text()}`)
  // Sign-up signs nobody in (decision 023): sign in, as the owner would next.
  const signIn = await owner.request.post('/api/auth/sign-in/email', {
    headers: origin,
    data: { email: ADMIN.email, password: ADMIN.password },
  })
  if (!signIn.ok()) throw new SetupError(`signing the admin in answered ${signIn.status()}: ${await signIn.text()}`)
  await go(owner, '/dash')
  await shot(owner, 'admin-dashboard.png')

  if (over) console.log(`${over} picture(s) over ${MAX_BYTES / 1024} KB: look at what grew.`)
  return 0
}

try {
  process.exitCode = await main()
} catch (err) {
  console.error(`The screenshots could not be taken: ${err instanceof SetupError ? err.message : (err.stack ?? err.message)}`)
  process.exitCode = 1
} finally {
  await cleanups.undo()
}
process.exit(process.exitCode)
