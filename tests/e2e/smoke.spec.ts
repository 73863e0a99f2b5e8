import { expect, test } from '@playwright/test'

// The built shop answers and renders its home page in real Chromium, on a phone and on a desktop.
for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`home page at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('answers 200 and renders its title and heading', async ({ page }) => {
      const pageErrors: string[] = []
      page.on('pageerror', (err) => pageErrors.push(err.message))

      const response = await page.goto('/')
      expect(response?.status()).toBe(200)
      expect(response?.headers()['content-type']).toContain('text/html')
      await expect(page).toHaveTitle(/\S/)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()

      // The client scripts loaded and ran without errors.
      await page.waitForLoadState('networkidle')
      expect(pageErrors).toEqual([])

      // Nothing pushes the page wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
    })
  })
}
