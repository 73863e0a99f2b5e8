import { AxeBuilder } from '@axe-core/playwright'
import { type Page, expect } from '@playwright/test'

/** WCAG 2.1 A and AA: what issue 8 asks every page to pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Runs axe on the page as it is now and fails with every violation spelled out (rule, impact, the elements and
 * what axe says is wrong with each), so a failure says what to fix without opening a trace.
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  // Legacy mode: axe.run() in the page, without a blank page opened per scan to gather frames' results; the shop's
  // pages have no frames (decision 046).
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze()
  const report = violations.map((v) => {
    const nodes = v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`)
    const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : ''
    return `  ${v.id} (${v.impact}): ${v.help}\n${nodes.join('\n')}${more}`
  })
  expect(report, `axe found violations on ${label} (${page.url()}):\n${report.join('\n')}`).toEqual([])
}

/**
 * Every picture has an alt attribute ("" for decoration), and none is a file name: axe accepts `alt="IMG_0042.webp"`,
 * a screen reader reads it out.
 */
export async function expectMeaningfulAltTexts(page: Page, label: string) {
  const faults = await page.locator('img').evaluateAll((images) =>
    images.flatMap((image) => {
      const src = image.getAttribute('src') ?? ''
      const alt = image.getAttribute('alt')
      if (alt === null) return [`${src}: no alt attribute`]
      const file = decodeURIComponent(src.split(/[?#]/)[0]!.split('/').pop() ?? '')
      const looksLikeFile = /\.(webp|avif|png|jpe?g|gif|svg)$/i.test(alt.trim()) || (file !== '' && alt.trim() === file)
      return looksLikeFile ? [`${src}: alt is a file name (${alt})`] : []
    }),
  )
  expect(faults, `pictures without a meaningful alt on ${label} (${page.url()})`).toEqual([])
}

/** axe and the alt texts: what every page of the shop is held to. */
export async function expectAccessiblePage(page: Page, label: string) {
  await expectNoAxeViolations(page, label)
  await expectMeaningfulAltTexts(page, label)
}
