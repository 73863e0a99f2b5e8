import { type Browser, type BrowserContextOptions, type Page, test as base } from '@playwright/test'
import { signUpAndSignIn } from './shopper'

/** The admin of the browser tests (ADMIN_EMAILS in global-setup.ts). */
const ADMIN = 'admin-e2e@example.com'
const ADMIN_PASSWORD = 'correct horse battery'

/**
 * `test` with two tabs each worker keeps for the tests that only look at pages (decision 055): `visitorTab`, a
 * visitor's, and `adminTab`, signed in as the admin once. Every test still loads its page afresh from the shop and
 * hydrates it; what carries over is what a returning visitor's browser keeps: its renderer, its cache of the shop's
 * scripts and, for the admin, the session. A fresh browser for each of the 49 accessibility tests that use them cost a
 * third of their time (30.1 s against 19.4 s for the 35 visitor pages). A test that changes something (a cart, an
 * account, a setting) or depends on a first visit keeps Playwright's own `page`, a new browser of its own.
 */
export const test = base.extend<object, { visitorTab: Page; adminTab: Page }>({
  visitorTab: [async ({ browser }, use, workerInfo) => keptTab(browser, workerInfo.project.use, use), { scope: 'worker' }],
  adminTab: [
    async ({ browser }, use, workerInfo) =>
      keptTab(browser, workerInfo.project.use, async (tab) => {
        await signUpAndSignIn(tab.request, process.env.E2E_BASE_URL!, { email: ADMIN, password: ADMIN_PASSWORD })
        await use(tab)
      }),
    { scope: 'worker' },
  ],
})

/** A tab in a browser context of its own, with the project's device and the shop's address, closed with the worker. */
async function keptTab(browser: Browser, project: BrowserContextOptions, use: (tab: Page) => Promise<void>) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = project
  const context = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL: process.env.E2E_BASE_URL,
  })
  try {
    await use(await context.newPage())
  } finally {
    await context.close()
  }
}
