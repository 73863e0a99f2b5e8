import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test'
import { signUpAndSignIn } from './shopper'
import { waitForMailInDir } from '../support/smtp-sink'
import { waitForHydration } from './shopper'

// Accounts in real Chromium: sign-up, sign-in with and without "Remember me", a wrong password, sign-out
// emptying the cart, a password reset through the mail the shop sent, and /dash refused to customers.
// The shop is shared with the other spec files: every test uses addresses of its own.

const PASSWORD = 'correct-horse'
let counter = 0
const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${process.pid}-${counter++}@example.in`

async function openHydrated(page: Page, path: string) {
  const response = await page.goto(path)
  expect(response?.status()).toBe(200)
  await waitForHydration(page)
}

/** An account made through the API, signed out again (the request context shares the page's cookies). */
async function createAccount(request: APIRequestContext, baseURL: string, email: string) {
  await signUpAndSignIn(request, baseURL, { email, password: PASSWORD, username: 'Meena', phone: '+91 98430 12345' })
  await request.post('/api/auth/sign-out', { headers: { Origin: baseURL }, data: {} })
}

/** Holds the form's post for a moment, so the busy label can be seen. */
async function slowDown(page: Page, path: string) {
  await page.route(`**${path}.data*`, async (route) => {
    await new Promise((r) => setTimeout(r, 600))
    await route.continue()
  })
}

/** The text colour as the screen shows it (Tailwind writes oklch): painted on a canvas and read back. */
async function renderedColour(locator: Locator) {
  return locator.evaluate((element) => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const context = canvas.getContext('2d')!
    context.fillStyle = getComputedStyle(element).color
    context.fillRect(0, 0, 1, 1)
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data
    return { r, g, b, red: r! > 150 && g! < 90 && b! < 90 }
  })
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'shop.session_token')
}

test('signs up: busy label, the success dialog, then signing in; a taken address gets the same dialog', async ({ page }) => {
  const email = uniqueEmail('signup')
  await openHydrated(page, '/Signup')
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible()
  await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email')
  await expect(page.getByLabel('Phone number')).toHaveAttribute('type', 'tel')

  // Checked before sending, with the password's own message.
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Username').fill('Meena')
  await page.getByLabel('Phone number').fill('+91 98430 12345')
  await page.getByLabel('Password').fill('short')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByText('Use at least 8 characters for your password')).toBeVisible()
  await expect(page.getByLabel('Password')).toBeFocused()

  // A common password: refused by the server, in red, saying why.
  await page.getByLabel('Password').fill('12345678')
  await page.getByRole('button', { name: 'Sign up' }).click()
  const failure = page.getByText('Failed to create an account')
  await expect(failure).toBeVisible()
  expect(await renderedColour(failure)).toEqual(expect.objectContaining({ red: true }))
  await expect(page.getByText('Choose a harder password: it is one of the ten most used passwords.')).toBeVisible()

  await page.getByLabel('Password').fill(PASSWORD)
  await slowDown(page, '/Signup')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('button', { name: 'Signing up...' })).toBeDisabled()
  const dialog = page.getByRole('dialog', { name: 'Success!' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Your account has been created successfully.')
  await expect(dialog).toContainText('Log in with your e-mail address and password to continue.')
  await dialog.getByRole('button', { name: 'OK' }).click()
  // Sign-up signs nobody in (docs/decisions/023-sign-up-does-not-tell.md): OK leads to the sign-in page.
  await expect(page).toHaveURL(/\/Signin$/)
  // Drawn after the address changes: until then "Email" is the sign-up form's field.
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'My orders' })).toBeVisible()

  // The same address again: the same dialog (nothing tells a stranger the address has an account); its owner is mailed.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
  await openHydrated(page, '/Signup')
  await page.getByLabel('Email address').fill(email.toUpperCase())
  await page.getByLabel('Username').fill('Someone else')
  await page.getByLabel('Phone number').fill('9876543210')
  await page.getByLabel('Password').fill('another-password')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('dialog', { name: 'Success!' })).toContainText('Your account has been created successfully.')
  const mail = await waitForMailInDir(process.env.E2E_MAIL_DIR!, email, (m) => /tried to sign up/.test(m.subject))
  expect(mail.text).toContain('/forgot-password')
})

test('signs in without "Remember me": a cookie for this browser session only', async ({ page, baseURL }) => {
  const email = uniqueEmail('session')
  await createAccount(page.request, baseURL!, email)
  await openHydrated(page, '/Signin')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await expect(page.getByLabel('Remember me')).not.toBeChecked()
  await slowDown(page, '/Signin')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled()
  await expect(page.getByRole('status')).toContainText('Logged in successfully!')
  const shownAt = Date.now()
  // A customer goes home after the notice's 1.5 s.
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 })
  expect(Date.now() - shownAt).toBeGreaterThan(1000)
  const cookie = await sessionCookie(page)
  expect(cookie?.expires).toBe(-1)
  expect(cookie?.httpOnly).toBe(true)
  expect(cookie?.sameSite).toBe('Lax')
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
})

test('signs in with "Remember me" for 30 days, and back to where the customer came from', async ({ page, baseURL }) => {
  const email = uniqueEmail('remember')
  await createAccount(page.request, baseURL!, email)
  // /my-orders sends a visitor to sign in and back.
  await page.goto('/my-orders')
  await expect(page).toHaveURL(/\/Signin\?redirectTo=%2Fmy-orders$/)
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByLabel('Remember me').check()
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('Logged in successfully!')).toBeVisible()
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 5000 })
  await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible()
  const cookie = await sessionCookie(page)
  const days = (cookie!.expires - Date.now() / 1000) / 86400
  expect(days).toBeGreaterThan(29.9)
  expect(days).toBeLessThanOrEqual(30.01)
})

test('a wrong password says so and gives the button back', async ({ page, baseURL }) => {
  const email = uniqueEmail('wrong')
  await createAccount(page.request, baseURL!, email)
  await openHydrated(page, '/Signin')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('alert')).toContainText('Failed to log in. Please check your credentials.')
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled()
  expect(await sessionCookie(page)).toBeUndefined()
  await expect(page).toHaveURL(/\/Signin$/)
})

test('signing out ends the session and empties the cart kept in this browser', async ({ page, baseURL, request }) => {
  const email = uniqueEmail('signout')
  await createAccount(page.request, baseURL!, email)
  const { products } = (await (await request.get('/api/products')).json()) as {
    products: Array<{ id: string; name: string; url: string; imageUrl: string; price?: number; stockCount: number }>
  }
  const product = products.find((p) => p.price !== undefined && p.stockCount > 5)!

  await openHydrated(page, '/Signin')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/$/, { timeout: 5000 })
  await page.evaluate((p) => {
    const line = {
      id: p.id,
      name: p.name,
      url: p.url,
      imageUrl: p.imageUrl,
      pricePaise: Math.round(p.price! * 100),
      stockCount: p.stockCount,
      quantity: 2,
    }
    localStorage.setItem('cartItems', JSON.stringify([line]))
  }, product)
  await openHydrated(page, '/')
  await expect(page.getByTestId('cart-count')).toHaveText('2')

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByTestId('cart-count')).toHaveText('0')
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]'))).toEqual([])
  expect(await sessionCookie(page)).toBeUndefined()
  // Still empty after a reload: nothing came back from storage.
  await openHydrated(page, '/')
  await expect(page.getByTestId('cart-count')).toHaveText('0')
})

test('resets a forgotten password through the link in the mail', async ({ page, baseURL }) => {
  const email = uniqueEmail('reset')
  await createAccount(page.request, baseURL!, email)
  await openHydrated(page, '/Signin')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  // The address changes before the new page is drawn: until then "Email" is the sign-in form's field, and a slow
  // machine filled that one (26 Nov), leaving the reset form empty.
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('status')).toContainText('If an account uses that e-mail address')

  const mail = await waitForMailInDir(process.env.E2E_MAIL_DIR!, email, (m) => /new password/i.test(m.subject))
  const link = new URL(mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0])
  const resetPath = link.pathname + link.search
  await openHydrated(page, resetPath)
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass')
  await page.getByLabel('New password again').fill('brand-new-pass')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByRole('status')).toContainText('Your password has been changed')

  await page.getByRole('link', { name: 'Log in with your new password' }).click()
  await page.waitForLoadState('networkidle')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('brand-new-pass')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('Logged in successfully!')).toBeVisible()

  // The link worked once.
  await openHydrated(page, resetPath)
  await expect(page.getByRole('alert')).toContainText('This reset link has already been used or has expired.')
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()
})

test('/dash sends visitors and customers home', async ({ page, baseURL }) => {
  await page.goto('/dash')
  await expect(page).toHaveURL(/\/$/)
  const email = uniqueEmail('customer')
  await createAccount(page.request, baseURL!, email)
  await page.request.post('/api/auth/sign-in/email', { headers: { Origin: baseURL! }, data: { email, password: PASSWORD } })
  await page.goto('/dash')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Add Product/ })).toHaveCount(0)
})
