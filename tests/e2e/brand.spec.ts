import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { startTestServer, type TestServer } from '../support/test-server'
import { signUpAndSignIn, waitForHydration } from './shopper'

// Issue 39, defect 2: a renamed shop wears its own name, and the logo its owner uploads, in every page's header. The
// change is the whole shop's, so this file has a shop of its own rather than the one the other files share.

const OWNER = 'owner@malnad.test'

let shop: TestServer
let context: BrowserContext
let page: Page

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(120_000)
  shop = await startTestServer({ env: { ADMIN_EMAILS: OWNER, RATE_LIMIT: 'off', SEED_DEMO_CATALOGUE: 'never' } })
  context = await browser.newContext({ baseURL: shop.url })
  await signUpAndSignIn(context.request, shop.url, { email: OWNER, password: 'a long owner password 39' })
  page = await context.newPage()
})

test.afterAll(async () => {
  await context?.close()
  await shop?.stop()
})

const header = () => page.getByRole('banner')

async function saveShopName(name: string) {
  await page.goto('/dash/shop')
  await waitForHydration(page)
  await page.getByLabel('Shop name').fill(name)
  await page.getByRole('button', { name: 'Save name and contacts' }).click()
  await expect(page.getByText('Every page shows the new details now.')).toBeVisible()
}

async function uploadLogo(file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto('/dash/shop')
  await waitForHydration(page)
  await page.getByLabel('Logo picture').setInputFiles(file)
  await page.getByRole('button', { name: 'Save the logo' }).click()
}

test('renaming the shop and uploading a logo change the header', async () => {
  await page.goto('/')
  // The demo shop wears the demo's logo.
  await expect(header().getByRole('img', { name: 'Kaadu Organics' })).toBeVisible()

  // Renamed, without a logo of its own: its name in text, not the demo's logo.
  await saveShopName('Malnad Pantry')
  await page.goto('/')
  const home = header().getByRole('link', { name: 'Malnad Pantry' })
  await expect(home).toBeVisible()
  await expect(home.locator('img')).toHaveCount(0)
  await expect(header().getByRole('img', { name: 'Kaadu Organics' })).toHaveCount(0)

  // A raster logo, made into a small picture of the header's height, shows on every page.
  const png = await sharp({ create: { width: 1200, height: 300, channels: 4, background: { r: 47, g: 97, b: 33, alpha: 1 } } })
    .png()
    .toBuffer()
  await uploadLogo({ name: 'malnad-logo.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByText('The header shows the new logo now.')).toBeVisible()
  for (const path of ['/', '/contact']) {
    await page.goto(path)
    const logo = header().getByRole('img', { name: 'Malnad Pantry' })
    await expect(logo).toBeVisible()
    await expect(logo).toHaveAttribute('src', /\/media\/[a-f0-9]{32}-\d+\.webp$/)
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBeLessThanOrEqual(96)
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  }

  // A drawing (SVG) can carry script: refused, the logo kept.
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')
  await uploadLogo({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svg })
  await expect(page.getByText(/SVG/).first()).toBeVisible()
  await page.goto('/')
  await expect(header().getByRole('img', { name: 'Malnad Pantry' })).toHaveAttribute('src', /\/media\//)
})

test("the order tracking form's example takes the shop's own order prefix", async () => {
  await page.goto('/dash/settings')
  await waitForHydration(page)
  await page.getByLabel('Order number prefix').fill('MP')
  await page.getByRole('button', { name: 'Save the prefixes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'MP' })).toBeVisible()
  await page.goto('/track')
  await expect(page.getByText('For example MP-1234')).toBeVisible()
  await expect(page.getByText('KO-1234')).toHaveCount(0)
})
