import { type Page, expect, test } from '@playwright/test'
import { waitForHydration } from './shopper'

// Search in real Chromium: the top bar's box, highlighted results, paging, and what a search that finds nothing says.
// On the demo catalogue, so the checks are of kinds (a thokku, a mark, a second page), not of exact lists.

async function searchFromTopBar(page: Page, query: string) {
  await page.locator('header summary[aria-label="Search"]').click()
  const box = page.getByRole('search', { name: 'Shop', exact: true }).getByRole('searchbox', { name: 'Search products' })
  await expect(box).toBeFocused()
  await box.fill(query)
  await box.press('Enter')
}

test('search from the top bar: highlighted results, a second page, and a search that finds nothing', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  // "tokku" is how many spell thokku.
  await searchFromTopBar(page, 'tokku')
  await expect(page).toHaveURL(/\/search\?q=tokku$/)
  await expect(page).toHaveTitle(/^Search: tokku \|/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search: “tokku”')
  await expect(page.getByTestId('search-summary')).toHaveText(/^\d+ products match “tokku”\./)
  const firstResult = page.getByRole('main').getByRole('article').first()
  await expect(firstResult.getByRole('heading').locator('mark')).toHaveText('Thokku')
  // The box closed on arrival; it holds the query when opened again.
  await expect(page.locator('header details')).not.toHaveAttribute('open')
  await page.locator('header summary[aria-label="Search"]').click()
  await expect(page.locator('#top-bar-search')).toHaveValue('tokku')
  await page.keyboard.press('Escape')
  await expect(page.locator('header details')).not.toHaveAttribute('open')

  // Many products are dried one way or another: more than a page of them.
  await searchFromTopBar(page, 'dried')
  await expect(page.getByTestId('search-summary')).toContainText('page 1 of')
  const pages = page.getByRole('navigation', { name: 'Pages of results' })
  await expect(pages.getByRole('link', { name: /Previous page/ })).toHaveCount(0)
  const firstPageNames = await page.getByRole('main').getByRole('article').getByRole('heading').allTextContents()
  expect(firstPageNames).toHaveLength(12)
  await pages.getByRole('link', { name: /Next page/ }).click()
  await expect(page).toHaveURL(/\/search\?q=dried&page=2$/)
  await expect(page.getByTestId('search-summary')).toContainText('page 2 of')
  const secondPageNames = await page.getByRole('main').getByRole('article').getByRole('heading').allTextContents()
  expect(secondPageNames.length).toBeGreaterThan(0)
  expect(secondPageNames.filter((name) => firstPageNames.includes(name))).toEqual([])
  await expect(page.getByRole('main').locator('mark').first()).toBeVisible()
  await expect(pages.getByRole('link', { name: /Previous page/ })).toHaveAttribute('href', '/search?q=dried')

  // Nothing matches: it says so and offers the shelves.
  const pageBox = page.getByRole('search', { name: 'Search page', exact: true }).getByRole('searchbox')
  await pageBox.fill('xyzzy qwerty')
  await pageBox.press('Enter')
  await expect(page).toHaveURL(/\/search\?q=xyzzy\+qwerty$/)
  await expect(page.getByText('No products match “xyzzy qwerty”.')).toBeVisible()
  const shelves = page.getByRole('navigation', { name: 'Or browse a shelf' })
  await expect(shelves.getByRole('link', { name: 'Spices' })).toHaveAttribute('href', '/Spices')
  await shelves.getByRole('link', { name: 'Thokku' }).click()
  await expect(page).toHaveURL(/\/herb-ro\/tokku$/)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the top bar opens the box and the search works; an empty search says what to do', async ({ page }) => {
    await page.goto('/Spices')
    await page.locator('header summary[aria-label="Search"]').click()
    const box = page.locator('#top-bar-search')
    await box.fill('nellikai')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/search\?q=nellikai$/)
    // Nellikai is amla: amla products are found, the word marked.
    await expect(
      page.getByRole('main').getByRole('article').getByRole('heading').locator('mark', { hasText: 'Amla' }).first(),
    ).toBeVisible()

    await page.goto('/search')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search')
    await expect(page.getByText(/Type what you are looking for/)).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Browse the shelves' }).getByRole('link')).not.toHaveCount(0)
  })
})
