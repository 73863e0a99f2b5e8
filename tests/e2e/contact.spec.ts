import { expect, type Page, test } from '@playwright/test'

// The feedback form on /contact: per-field errors, success that clears the form, failures shown on the page.

const good = { Name: 'Kavya Raghavan', Email: 'kavya@example.in', Phone: '+91 99400 55667', Message: 'Is the moringa powder shade dried?' }

/** The page is hydrated once the menu groups are buttons; only then does the form post JSON. */
async function openContact(page: Page) {
  await page.goto('/contact')
  await expect(page.locator('#site-menu button[aria-expanded]').first()).toBeAttached()
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value)
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('shows the title, the labelled fields and both addresses with their hours', async ({ page }) => {
      await openContact(page)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tell Us Your FeedBack')
      await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('required', '')
      await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email')
      await expect(page.getByLabel('Phone', { exact: true })).toHaveAttribute('type', 'tel')
      await expect(page.getByLabel('Message', { exact: true })).toHaveAttribute('required', '')
      const main = page.getByRole('main')
      await expect(main.getByRole('heading', { name: 'Factory' })).toBeVisible()
      await expect(main.getByRole('heading', { name: 'Overseas office' })).toBeVisible()
      await expect(main).toContainText('9:00 AM to 7:00 PM')
      await expect(main).toContainText('11:00 AM to 8:00 PM')
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
    })
  })
}

test.describe('the feedback form', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('submitting it empty shows each field’s error and sends nothing', async ({ page }) => {
    let posted = 0
    page.on('request', (r) => {
      if (r.method() === 'POST') posted++
    })
    await openContact(page)
    await page.getByLabel('Name', { exact: true }).fill('   ')
    await page.getByRole('button', { name: 'Submit' }).click()

    await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Name is required')
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('E-mail is required')
    await expect(page.getByLabel('Phone', { exact: true })).toHaveAccessibleDescription('Phone number is required')
    await expect(page.getByLabel('Message', { exact: true })).toHaveAccessibleDescription('Message is required')
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused()
    expect(posted).toBe(0)

    // A bad e-mail and phone get their own messages; typing clears a field's error.
    await fill(page, { Name: 'Kavya', Email: 'kavya@', Phone: '123', Message: 'Hello' })
    await expect(page.getByLabel('Name', { exact: true })).not.toHaveAttribute('aria-invalid')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('Enter a valid e-mail address')
    await expect(page.getByLabel('Phone', { exact: true })).toHaveAccessibleDescription('Enter a valid phone number')
    await expect(page.getByText('Name is required')).toHaveCount(0)
  })

  test('a valid message is sent as JSON, confirmed, and the form is cleared', async ({ page }) => {
    await openContact(page)
    await fill(page, good)
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST'),
      page.getByRole('button', { name: 'Submit' }).click(),
    ])
    expect(request.headers()['content-type']).toContain('application/json')
    expect(request.postDataJSON()).toEqual({ name: good.Name, email: good.Email, phone: good.Phone, message: good.Message })

    await expect(page.getByRole('main').getByRole('status')).toHaveText('Thank you! Your message has been sent.')
    for (const label of Object.keys(good)) await expect(page.getByLabel(label, { exact: true })).toHaveValue('')
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('')
  })

  test('a server error is shown on the page and the message is kept', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Unexpected Server Error' }) }),
    )
    await openContact(page)
    await fill(page, good)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByRole('main').getByRole('alert')).toContainText('could not be sent')
    await expect(page.getByRole('main').getByRole('alert')).toContainText('error 500')
    await expect(page.getByRole('main').getByRole('status')).toHaveText('')
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(good.Message)
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled()
  })

  test('a network failure is shown on the page', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'))
    await openContact(page)
    await fill(page, good)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByRole('main').getByRole('alert')).toContainText('could not reach the shop')
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(good.Name)
  })

  test('works without JavaScript: errors first, then the confirmation', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } })
    const page = await context.newPage()
    await page.goto('/contact')
    await fill(page, { Name: 'Kavya', Email: 'not-an-address' })
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible()
    await expect(page.getByText('Phone number is required')).toBeVisible()
    await expect(page.getByText('Message is required')).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Kavya')

    await fill(page, good)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Thank you! Your message has been sent.')
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('')
    await context.close()
  })
})
