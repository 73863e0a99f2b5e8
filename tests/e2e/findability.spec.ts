import { expect, type Page, test } from '@playwright/test'
import { waitForHydration } from './shopper'

// The head and structured data follow the page in the browser too (docs/decisions/020-findability.md): after a
// client-side navigation the title, canonical link and JSON-LD are the new page's, and pages with JSON-LD
// hydrate without an error.

type ProductJson = { id: string; name: string; url: string; category: string }

const canonical = (page: Page) => page.locator('head link[rel="canonical"]')

async function jsonLd(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? 'null') as { '@type': string; name: string },
    ),
  )
}

test('client-side navigation swaps the title, canonical link and structured data', async ({ page, request, baseURL }) => {
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(err.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  const { products } = (await (await request.get('/api/products?category=spices')).json()) as { products: ProductJson[] }
  const spice = products[0]!

  await page.goto('/Spices')
  await waitForHydration(page)
  await expect(page).toHaveTitle('Spices | Kaadu Organics')
  await expect(canonical(page)).toHaveAttribute('href', `${baseURL}/Spices`)
  expect(await jsonLd(page)).toEqual([])

  await page.getByRole('link', { name: spice.name, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`${spice.url}$`))
  await expect(page).toHaveTitle(`${spice.name} | Kaadu Organics`)
  await expect(canonical(page)).toHaveAttribute('href', `${baseURL}${spice.url}`)
  await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute(
    'content',
    new RegExp(`^${baseURL}/media/[a-f0-9]{32}-960\\.webp$`),
  )
  const [product] = await jsonLd(page)
  expect(product).toMatchObject({ '@type': 'Product', name: spice.name, offers: { priceCurrency: 'INR' } })

  await page.getByRole('link', { name: 'Kaadu Organics' }).first().click()
  await expect(page).toHaveURL(`${baseURL}/`)
  await expect(canonical(page)).toHaveAttribute('href', `${baseURL}/`)
  expect((await jsonLd(page)).map((d) => d['@type'])).toEqual(['GroceryStore'])

  // Loaded afresh, the contact page hydrates with its structured data in place.
  await page.goto('/contact')
  await waitForHydration(page)
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible()
  expect((await jsonLd(page)).map((d) => d['@type'])).toEqual(['GroceryStore'])
  expect(errors).toEqual([])
})
