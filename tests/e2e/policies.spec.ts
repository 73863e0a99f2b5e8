import { expect, test } from '@playwright/test'
import { catalogue, openHydrated, SAVED_ADDRESS, signUpAndSignIn, storeCart, storedLine } from './shopper'

// The policy pages (docs/decisions/036-policy-pages.md): reachable from every page's footer and from the checkout,
// next to the button that leads to paying; the owner edits one in the admin and visitors see it at once.

const ADMIN = 'admin-e2e@example.com'
const PASSWORD = 'correct horse battery'
const POLICIES = [
  { link: 'Shipping and delivery', heading: 'Shipping and delivery', path: '/policies/shipping' },
  { link: 'Returns and refunds', heading: 'Returns, refunds and cancellation', path: '/policies/returns' },
  { link: 'Terms of service', heading: 'Terms of service', path: '/policies/terms' },
  { link: 'Privacy policy', heading: 'Privacy policy', path: '/policies/privacy' },
  { link: 'Grievance officer', heading: 'Grievance officer', path: '/policies/grievance' },
]

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`every policy page opens from the footer at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport)
    for (const policy of POLICIES) {
      await openHydrated(page, '/')
      const footer = page.getByRole('contentinfo')
      await footer.getByRole('link', { name: policy.link, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${policy.path}$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy.heading)
    }
  })
}

test('the checkout links the terms beside Proceed to Payment', async ({ page, request }) => {
  const product = (await catalogue(request)).find((p) => p.price !== undefined && p.stockCount > 5)!
  await storeCart(page, [storedLine(product, 1)], SAVED_ADDRESS)
  await openHydrated(page, '/checkout')
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'Proceed to Payment' })).toBeVisible()
  for (const name of ['shipping and delivery', 'returns and refunds', 'terms of service', 'privacy policy', 'our grievance officer']) {
    await expect(main.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await main.getByRole('link', { name: 'returns and refunds', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Returns, refunds and cancellation')
})

test('the owner adapts the returns page in the admin and a visitor reads it at once', async ({ page, baseURL, browser }) => {
  await signUpAndSignIn(page.request, baseURL!, { email: ADMIN, password: PASSWORD })
  await openHydrated(page, '/dash/policies')
  await page.getByRole('link', { name: 'Edit Returns, refunds and cancellation' }).click()
  await expect(page).toHaveURL(/\/dash\/policies\/returns$/)
  const text = page.getByLabel('Text (Markdown)')
  await expect(text).toHaveValue(/Template\./)
  await text.fill('## Damaged parcels\n\nWrite to us within **48 hours** of delivery with a photo.')
  await page.getByRole('button', { name: 'Save the page' }).click()
  await expect(page.getByRole('status')).toContainText('was saved; the page shows it now.')

  const visitor = await browser.newPage()
  await visitor.goto('/policies/returns')
  await expect(visitor.getByRole('heading', { level: 2, name: 'Damaged parcels' })).toBeVisible()
  await expect(visitor.getByRole('main')).toContainText('within 48 hours of delivery')
  await expect(visitor.getByRole('main')).not.toContainText('Template.')
  await visitor.close()
})
