import { expect, type APIRequestContext, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/axe'
import { formToken, openHydrated, signUpAndSignIn } from './shopper'

// The admin's stock in the browser: a stale Edit count is refused and saved on the second try; the stock page adds
// units and shows the history (decision 027).

const ADMIN = 'admin-e2e@example.com'
const PASSWORD = 'correct horse battery'

/** Signs up (or, when the account exists, signs in): the cookie lands in the page's context. */
async function signIn(request: APIRequestContext, baseURL: string) {
  await signUpAndSignIn(request, baseURL, { email: ADMIN, password: PASSWORD })
}

test('a count from a stale Edit dialog is refused with the count now; units are added on the stock page', async ({ page, baseURL }) => {
  await signIn(page.request, baseURL!)
  const name = `E2E Cloves ${Date.now()}`
  const added = await page.request.post('/api/admin/products', {
    headers: { Origin: baseURL! },
    multipart: {
      name,
      description: 'Cloves from Kerala.',
      category: 'spices',
      price: '120',
      stockCount: '10',
      csrf_token: await formToken(page.request),
    },
  })
  expect(added.ok(), await added.text()).toBe(true)
  const { product } = (await added.json()) as { product: { id: string } }

  await openHydrated(page, `/Delete?q=${encodeURIComponent(name)}`)
  await page.getByRole('link', { name: `Edit ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Product' })
  await expect(dialog.getByLabel('Stock count')).toHaveValue('10')

  // Meanwhile 3 units are taken elsewhere (another admin's tab).
  const meanwhile = await page.request.post(`/dash/products/${product.id}/stock`, {
    headers: { Origin: baseURL! },
    form: { size: 'one', direction: 'remove', units: '3', reason: 'damaged', csrf_token: await formToken(page.request) },
  })
  expect(meanwhile.status()).toBe(200)

  await dialog.getByLabel('Stock count').fill('20')
  await dialog.getByLabel('Why the stock changed').selectOption('received')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Stock changed to 7 since you opened this; check and save again')
  await expect(dialog.getByLabel('Stock count')).toHaveValue('20')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status')).toContainText(`${name} was saved.`)

  await page.getByRole('link', { name: `Stock and its history for ${name}` }).click()
  await expect(page.getByRole('heading', { name: `Stock of ${name}` })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expectNoAxeViolations(page, 'stock page')
  await page.getByLabel('Units').fill('4')
  await page.getByLabel('Reason').selectOption('received')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status')).toContainText('4 added; the stock of this product is now 24.')
  const rows = page.getByRole('table', { name: 'Stock history, latest first' }).getByRole('row')
  await expect(rows.nth(1)).toContainText('+4')
  await expect(rows.nth(2)).toContainText('+13')
  await expect(rows.nth(2)).toContainText('Received')
  await expect(rows.nth(3)).toContainText('-3')
  await expect(rows.nth(3)).toContainText('Damaged')
  await expect(rows.nth(4)).toContainText('New product or pack')
})
