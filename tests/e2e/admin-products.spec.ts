import { expect, type APIRequestContext, type Page, test } from '@playwright/test'
import { signUpAndSignIn } from './shopper'
import sharp from 'sharp'

const ADMIN = 'admin-e2e@example.com'
const PASSWORD = 'correct horse battery'

/** Signs up (or, when the account exists, signs in) through the accounts API; the cookie lands in the page's context. */
async function signIn(request: APIRequestContext, baseURL: string, email: string) {
  await signUpAndSignIn(request, baseURL, { email, password: PASSWORD })
}

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer()

async function openManager(page: Page, search: string) {
  await page.goto(`/Delete?q=${encodeURIComponent(search)}`)
  await expect(page.getByRole('heading', { name: 'Product manager' })).toBeVisible()
}

test('the admin adds a product with two images, edits it and deletes it', async ({ page, baseURL }) => {
  await signIn(page.request, baseURL!, ADMIN)
  const name = `E2E Turmeric ${Date.now()}`

  await page.goto('/Admin')
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible()
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Description', { exact: true }).fill('Lakadong turmeric powder, sun dried.')
  await page.getByLabel('Category').selectOption('spices')
  // Sized fields stay hidden for a single-price category.
  await expect(page.getByLabel('Price for 250g (₹)')).toBeHidden()
  await page.getByLabel('Price (₹)').fill('240')
  // One unit: the specs that buy a spice at the same time pick one with more, so none orders this product and turns
  // its deletion below into an archive.
  await page.getByLabel('Stock count').fill('1')
  await page.getByLabel('Front image').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: await png(230, 170, 20) })
  await page.getByLabel('Backside image').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: await png(20, 120, 60) })
  await page.getByRole('button', { name: 'Add Product' }).click()
  await expect(page.getByRole('status')).toContainText('Product added successfully!')
  // The form clears.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')

  // It shows on its shelf at once, with its picture.
  await page.goto('/Spices')
  const card = page.locator('article, li').filter({ hasText: name }).first()
  await expect(card).toBeVisible()
  const image = card.locator('img').first()
  await expect(image).toHaveAttribute('src', /\/media\/[a-f0-9]{32}-\d+\.webp/)
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)

  // Edit: the dialog shows the current values; the new name shows in the list.
  await openManager(page, name)
  await page.getByRole('link', { name: `Edit ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Product' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name)
  await expect(dialog.getByLabel('Price (₹)')).toHaveValue('240')
  await dialog.getByLabel('Name', { exact: true }).fill(`${name} Renamed`)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status')).toContainText(`${name} Renamed was saved.`)
  await openManager(page, name)
  await expect(page.getByRole('rowheader', { name: `${name} Renamed` })).toBeVisible()

  // Cancel closes the dialog without saving.
  await page.getByRole('link', { name: `Edit ${name} Renamed` }).click()
  await page.getByRole('dialog', { name: 'Edit Product' }).getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()

  // Delete asks first.
  await page.getByRole('link', { name: `Delete ${name} Renamed` }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete Product' })
  await expect(confirm).toContainText(`${name} Renamed`)
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('status')).toContainText(`${name} Renamed was deleted.`)
  await expect(page.getByRole('rowheader', { name: `${name} Renamed` })).toHaveCount(0)
})

test('a wrong field keeps what was typed and says why', async ({ page, baseURL }) => {
  await signIn(page.request, baseURL!, ADMIN)
  await page.goto('/Admin')
  await page.getByLabel('Name', { exact: true }).fill('Half-filled product')
  await page.getByLabel('Description', { exact: true }).fill('Something')
  await page.getByLabel('Category').selectOption('dehydrated-fruit')
  await expect(page.getByLabel('Price for 250g (₹)')).toBeVisible()
  await page.getByLabel('Price for 250g (₹)').fill('100')
  await page.getByRole('button', { name: 'Add Product' }).click()
  await expect(page.getByRole('alert')).toContainText('An error occurred while adding the product.')
  await expect(page.getByText('Price for 500g is required')).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Half-filled product')
})

test('a customer visiting any admin page is sent to the home page', async ({ page, baseURL }) => {
  await signIn(page.request, baseURL!, `customer-${Date.now()}@example.com`)
  for (const path of ['/dash', '/Admin', '/Delete', '/dash/orders', '/dash/messages', '/dash/outbox', '/dash/users']) {
    await page.goto(path)
    await expect(page).toHaveURL(new URL('/', baseURL).toString())
  }
})
