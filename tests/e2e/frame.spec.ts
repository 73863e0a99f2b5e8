import { expect, type Page, test } from '@playwright/test'

// The shared frame of every page (spec section 2): top bar with menu and cart, footer, WhatsApp button, 404 page.

const MENU_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Contact Us', to: '/contact' },
]
const MENU_GROUPS = [
  {
    label: 'Herbal Products',
    items: [
      { label: 'Herbal Products', to: '/herb-ro' },
      { label: 'Tokku', to: '/herb-ro/tokku' },
      { label: 'Capsules', to: '/Capsule' },
      { label: 'Biscuits', to: '/herb-ro/biscuits' },
    ],
  },
  {
    label: 'Freeze Dried Products',
    items: [
      { label: 'Freeze Dried Fruits', to: '/free-products' },
      { label: 'Freeze Dried Vegetables', to: '/free-products' },
      { label: 'Ready to Eat', to: '/' },
    ],
  },
  {
    label: 'Dehydrated Products',
    items: [
      { label: 'Dehydrated Fruits', to: '/Dehy' },
      { label: 'Dehydrated Vegetables', to: '/Dehy' },
    ],
  },
  {
    label: 'Other Category',
    items: [
      { label: 'Essential Oils', to: '/Essentails' },
      { label: 'Spices', to: '/Spices' },
      { label: 'Dry Fruit', to: '/Dryfruits' },
    ],
  },
]

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu', includeHidden: true })
const group = (page: Page, label: string) => menu(page).getByRole('button', { name: label, exact: true })
const sideMenuToggle = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true })

/** Groups become buttons once React has hydrated the page; before that they are <details>. */
async function openHydrated(page: Page, path = '/') {
  await page.goto(path)
  await expect(menu(page).locator('button[aria-expanded]').first()).toBeAttached()
}

async function expectGroupItems(page: Page, groupLabel: string) {
  const items = MENU_GROUPS.find((g) => g.label === groupLabel)!.items
  const list = menu(page).locator(`#${await group(page, groupLabel).getAttribute('aria-controls')}`)
  await expect(list).toBeVisible()
  await expect(list.getByRole('link')).toHaveCount(items.length)
  for (const [i, item] of items.entries()) {
    const link = list.getByRole('link').nth(i)
    await expect(link).toHaveText(item.label)
    await expect(link).toHaveAttribute('href', item.to)
  }
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the horizontal menu shows every entry with its path', async ({ page }) => {
    await openHydrated(page)
    await expect(sideMenuToggle(page)).toBeHidden()
    for (const link of MENU_LINKS) {
      await expect(menu(page).getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.to)
    }
    for (const { label } of MENU_GROUPS) {
      await group(page, label).click()
      await expect(group(page, label)).toHaveAttribute('aria-expanded', 'true')
      await expectGroupItems(page, label)
    }
    await expect(page.getByRole('link', { name: /^Cart, 0 items$/ })).toHaveAttribute('href', '/Cart-page')
  })

  test('one group is open at a time, clicking it again or outside closes it', async ({ page }) => {
    await openHydrated(page)
    const herbal = group(page, 'Herbal Products')
    const freeze = group(page, 'Freeze Dried Products')

    await herbal.click()
    await expect(herbal).toHaveAttribute('aria-expanded', 'true')
    await freeze.click()
    await expect(freeze).toHaveAttribute('aria-expanded', 'true')
    await expect(herbal).toHaveAttribute('aria-expanded', 'false')
    await expect(menu(page).getByRole('link', { name: 'Tokku' })).toBeHidden()

    await freeze.click()
    await expect(freeze).toHaveAttribute('aria-expanded', 'false')
    await expect(menu(page).getByRole('link', { name: 'Freeze Dried Fruits' })).toBeHidden()

    await herbal.click()
    await expect(herbal).toHaveAttribute('aria-expanded', 'true')
    await page.mouse.click(1100, 600)
    await expect(herbal).toHaveAttribute('aria-expanded', 'false')
    await expect(menu(page).getByRole('link', { name: 'Tokku' })).toBeHidden()
  })

  test('works from the keyboard and a link closes the menu as it navigates', async ({ page }) => {
    await openHydrated(page)
    const other = group(page, 'Other Category')
    await other.focus()
    await page.keyboard.press('Enter')
    await expect(other).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(other).toHaveAttribute('aria-expanded', 'false')
    await expect(other).toBeFocused()

    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    await expect(menu(page).getByRole('link', { name: 'Essential Oils' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/Essentails$/)
    await expect(other).toHaveAttribute('aria-expanded', 'false')
  })
})

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the hamburger opens the side menu with every entry, a click outside closes it', async ({ page }) => {
    await openHydrated(page)
    const toggle = sideMenuToggle(page)
    await expect(menu(page)).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toHaveAttribute('aria-controls', 'site-menu')

    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(menu(page)).toBeVisible()
    for (const link of MENU_LINKS) {
      await expect(menu(page).getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.to)
    }
    for (const { label } of MENU_GROUPS) {
      await group(page, label).click()
      await expectGroupItems(page, label)
    }
    // Opening one group closed the others.
    await expect(menu(page).locator('button[aria-expanded="true"]')).toHaveCount(1)
    await group(page, 'Other Category').click()
    await expect(menu(page).locator('button[aria-expanded="true"]')).toHaveCount(0)

    // The side menu covers the left of the screen; the right is outside it.
    const box = (await menu(page).boundingBox())!
    expect(box.x + box.width).toBeLessThan(375)
    await page.mouse.click(365, 600)
    await expect(menu(page)).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  test('Escape closes the side menu and a link in it navigates and closes it', async ({ page }) => {
    await openHydrated(page)
    const toggle = sideMenuToggle(page)
    await toggle.click()
    await expect(menu(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu(page)).toBeHidden()
    await expect(toggle).toBeFocused()

    await toggle.click()
    await menu(page).getByRole('link', { name: 'Contact Us' }).click()
    await expect(page).toHaveURL(/\/contact$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tell Us Your FeedBack')
    await expect(menu(page)).toBeHidden()
  })

  test('without JavaScript the side menu still opens and shows the groups', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } })
    const page = await context.newPage()
    await page.goto('/')
    await page.getByRole('link', { name: 'Menu', exact: true }).click()
    await expect(menu(page)).toBeVisible()
    await menu(page).getByText('Dehydrated Products').click()
    await expect(menu(page).getByRole('link', { name: 'Dehydrated Fruits' })).toHaveAttribute('href', '/Dehy')
    await expect(menu(page).getByRole('link', { name: 'Dehydrated Fruits' })).toBeVisible()
    await context.close()
  })
})

test.describe('cart count', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('shows the quantity in the cart and follows changes made in another tab', async ({ page, context }) => {
    const line = (id: string, quantity: number) => ({
      id,
      name: `Product ${id}`,
      imageUrl: '',
      url: `/product/${id}`,
      pricePaise: 10000,
      stockCount: 10,
      quantity,
    })
    await page.addInitScript(
      (cart) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('cartItems', JSON.stringify(cart))
          sessionStorage.setItem('seeded', '1')
        }
      },
      [line('a', 2), line('b', 1)],
    )
    await page.goto('/')
    const cart = page.getByRole('link', { name: /^Cart, \d+ items?$/ })
    await expect(cart).toHaveAccessibleName('Cart, 3 items')
    await expect(cart.getByTestId('cart-count')).toHaveText('3')

    const other = await context.newPage()
    await other.goto('/contact')
    await other.evaluate((cart) => localStorage.setItem('cartItems', JSON.stringify(cart)), [line('a', 1)])
    await expect(cart).toHaveAccessibleName('Cart, 1 item')
    await other.close()
  })
  test('rises at once when a shelf adds to the cart', async ({ page }) => {
    await openHydrated(page, '/Spices')
    const cart = page.getByRole('link', { name: /^Cart, \d+ items?$/ })
    await expect(cart).toHaveAccessibleName('Cart, 0 items')
    const add = page.getByRole('button', { name: /^Add to Cart: / }).first()
    await add.click()
    await expect(cart).toHaveAccessibleName('Cart, 1 item')
    await add.click()
    await expect(cart).toHaveAccessibleName('Cart, 2 items')
    await expect(cart.getByTestId('cart-count')).toHaveText('2')
  })
})

test.describe('footer and WhatsApp button', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('the footer has the contact details and links; the chat button opens WhatsApp without covering it', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: '+91 94430 21876' })).toHaveAttribute('href', 'tel:+919443021876')
    await expect(footer.getByRole('link', { name: 'care@kaaduorganics.in' })).toHaveAttribute('href', 'mailto:care@kaaduorganics.in')
    await expect(footer).toContainText('Coimbatore')
    await expect(footer.getByRole('link', { name: 'Cart', exact: true })).toHaveAttribute('href', '/Cart-page')
    for (const path of [
      '/herb-ro',
      '/herb-ro/tokku',
      '/herb-ro/biscuits',
      '/Capsule',
      '/free-products',
      '/Freeze-pr',
      '/Dehy',
      '/Essentails',
      '/Spices',
      '/Dryfruits',
      '/contact',
      '/#about',
    ]) {
      await expect(footer.locator(`a[href="${path}"]`)).toHaveCount(1)
    }
    await expect(footer).toContainText(/© \d{4} Kaadu Organics/)

    const chat = page.getByRole('link', { name: 'Chat with us on WhatsApp' })
    await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/919443021876\?text=/)
    await expect(chat).toHaveAttribute('target', '_blank')
    await expect(chat).toHaveAttribute('rel', /noopener/)

    // Scrolled to the end, the floating button sits below the footer's last line.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const copyright = (await footer.getByText(/All rights reserved/).boundingBox())!
    const button = (await chat.boundingBox())!
    expect(button.y).toBeGreaterThan(copyright.y + copyright.height)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

test.describe('unknown addresses', () => {
  for (const viewport of [
    { width: 375, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    test(`answer 404 with a helpful page at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport)
      const response = await page.goto('/no-such-shelf/really')
      expect(response?.status()).toBe(404)
      await expect(page).toHaveTitle(/Page not found/)
      const main = page.getByRole('main')
      await expect(main.getByRole('heading', { level: 1 })).toHaveText('Page not found')
      await expect(main.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
      await expect(main.getByRole('link', { name: 'Herbal Products' })).toHaveAttribute('href', '/herb-ro')
      // The frame is still there around it.
      await expect(menu(page)).toBeAttached()
      await expect(page.getByRole('contentinfo')).toBeVisible()
    })
  }
})
