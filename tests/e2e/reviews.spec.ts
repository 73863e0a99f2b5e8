import { type Browser, expect, test } from '@playwright/test'
import { axeViolations } from '../support/axe'
import { waitForMailInDir } from '../support/smtp-sink'
import { type CatalogueProduct, openHydrated, SHIPPING_ADDRESS, signUpAndSignIn } from './shopper'

// Reviews in real Chromium: a customer signs up, confirms the address, buys through the test payments, rates the
// product with the star radio buttons (keyboard too) and sees "Verified purchase"; edits it; the average shows on
// the page and the shelf; the admin hides it and it leaves the product page.

const ADMIN = 'admin-e2e@example.com'
const ADMIN_PASSWORD = 'correct horse battery'

/** A page signed in as the shop's admin (an account of its own, made by whichever spec file comes first). */
async function adminPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signUpAndSignIn(page.request, baseURL, { email: ADMIN, password: ADMIN_PASSWORD })
  return page
}

test('a verified buyer reviews a product, edits it; the admin hides it', async ({ page, browser, baseURL }) => {
  // A whole story across three browsers (customer, admin, visitor), on a machine other spec files share.
  test.setTimeout(90_000)
  const email = `e2e-review-${Date.now()}-${process.pid}@example.in`
  const { products } = (await (await page.request.get('/api/products?category=dry-fruits')).json()) as { products: CatalogueProduct[] }
  const product = products.filter((p) => p.price !== undefined && p.stockCount > 1).sort((a, b) => b.stockCount - a.stockCount)[0]!
  expect(product).toBeTruthy()

  // Sign up through the page.
  await openHydrated(page, '/Signup')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Username').fill('Meena')
  await page.getByLabel('Phone number').fill('+91 98430 12345')
  await page.getByLabel('Password').fill('correct-horse')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await page.getByRole('dialog', { name: 'Success!' }).getByRole('button', { name: 'OK' }).click()
  // Sign-up signs nobody in (docs/decisions/023-sign-up-does-not-tell.md): OK leads to the sign-in page.
  await expect(page).toHaveURL(/\/Signin$/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('correct-horse')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()

  // Confirm the address through the mailed link: only then do its orders count as the customer's.
  await openHydrated(page, '/my-orders')
  await page.getByRole('button', { name: 'Send me the link' }).click()
  await expect(page.getByText(`We have sent a link to ${email}`)).toBeVisible()
  const mail = await waitForMailInDir(process.env.E2E_MAIL_DIR!, email, (m) => /confirm/i.test(m.subject))
  const link = new URL(mail.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)![0])
  await page.goto(link.pathname + link.search)
  await expect(page).toHaveURL(/\/my-orders$/)

  // Buy it with the test payments (the browser's cookies, the account's address).
  const created = await page.request.post('/api/payment/createOrder', {
    headers: { Origin: baseURL! },
    data: { items: [{ productId: product.id, quantity: 1 }], shippingAddress: SHIPPING_ADDRESS, email },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { orderId } = (await created.json()) as { orderId: string }
  expect((await page.request.post('/api/payment/test/complete', { headers: { Origin: baseURL! }, data: { orderId } })).status()).toBe(200)

  // Write the review: a star picked with the mouse, moved with the keyboard (a visible ring on the focused star).
  await openHydrated(page, product.url)
  const reviews = page.getByRole('region', { name: 'Customer reviews' })
  await expect(reviews.getByText('No reviews yet.')).toBeVisible()
  const form = page.getByRole('form', { name: 'Write a review' })
  const star = (n: number) =>
    form.locator('label').filter({ has: page.getByRole('radio', { name: n === 1 ? '1 star' : `${n} stars`, exact: true }) })
  await star(3).click()
  await expect(form.getByRole('radio', { name: '3 stars' })).toBeChecked()
  await page.keyboard.press('ArrowRight')
  const four = form.getByRole('radio', { name: '4 stars' })
  await expect(four).toBeChecked()
  await expect(four).toBeFocused()
  expect(await star(4).evaluate((label) => getComputedStyle(label).outlineStyle)).toBe('solid')
  // The checked star and those before it are filled; the fifth is not.
  const colour = (n: number) => star(n).evaluate((label) => getComputedStyle(label).color)
  expect(await colour(1)).toBe(await colour(4))
  expect(await colour(5)).not.toBe(await colour(4))

  await form.getByLabel('Your review').fill('Sweet, plump and fresh.\nThe pack keeps well.')
  await form.getByRole('button', { name: 'Publish review' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Thank you! Your review is published.' })).toBeVisible()
  const mine = reviews.getByRole('article', { name: 'Meena' })
  await expect(mine).toContainText('Sweet, plump and fresh.')
  await expect(mine.getByText('Verified purchase')).toBeVisible()
  await expect(mine.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Rated 4 out of 5 from 1 review: read the reviews' })).toBeVisible()

  // Edit it: the form comes prefilled.
  const edit = page.getByRole('form', { name: 'Edit your review' })
  await expect(edit.getByLabel('Your review')).toHaveValue('Sweet, plump and fresh.\nThe pack keeps well.')
  await expect(edit.getByRole('radio', { name: '4 stars' })).toBeChecked()
  await edit
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '5 stars' }) })
    .click()
  await edit.getByLabel('Your review').fill('Even better the second time.')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your review is updated.' })).toBeVisible()
  await expect(mine).toContainText('Even better the second time.')
  await expect(reviews.getByRole('article')).toHaveCount(1)
  await expect(reviews).toContainText('5.0 out of 5 · 1 review')
  await expect(page.getByRole('link', { name: 'Rated 5 out of 5 from 1 review: read the reviews' })).toBeVisible()

  // The reviews section passes axe's checks, every rule of them.
  expect((await axeViolations(page, { include: '#reviews' })).map((v) => `${v.id}: ${v.help}`)).toEqual([])

  // The shelf's card shows the stars.
  await openHydrated(page, '/Dryfruits')
  await expect(
    page.getByRole('article').filter({ hasText: product.name }).getByRole('img', { name: 'Rated 5 out of 5 from 1 review' }),
  ).toBeVisible()

  // The admin hides it from the dashboard's Reviews page.
  const admin = await adminPage(browser, baseURL!)
  await admin.goto('/dash')
  await admin.getByRole('link', { name: /^Reviews/ }).click()
  await expect(admin).toHaveURL(/\/dash\/reviews$/)
  const entry = admin.getByRole('article').filter({ hasText: 'Even better the second time.' })
  await expect(entry).toContainText(email)
  await entry.getByRole('button', { name: 'Hide' }).click()
  await expect(admin.getByRole('status')).toContainText('Review hidden from the shop.')
  await expect(entry.getByRole('button', { name: 'Show' })).toBeVisible()
  await admin.context().close()

  // Gone for visitors (no account: the shared page cache was emptied by the admin's post) ...
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(product.url)
  await expect(visitorPage.getByRole('region', { name: 'Customer reviews' })).toContainText('No reviews yet.')
  await expect(visitorPage.getByText('Even better the second time.')).toHaveCount(0)
  await visitor.close()
  // ... and its author is told.
  await openHydrated(page, product.url)
  await expect(page.getByText('The shop has hidden your review')).toBeVisible()
  await expect(reviews.getByRole('article')).toHaveCount(0)
})
