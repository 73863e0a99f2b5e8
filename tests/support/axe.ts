import fs from 'node:fs'
import { createRequire } from 'node:module'
import { type Page, expect } from '@playwright/test'
import type axe from 'axe-core'

/**
 * axe-core's own minified build, the same code as `axe.source` (its unminified build, 1.5 MB against 0.65 MB): put in
 * the page in 139–149 ms a scan against 220–259 ms, measured on a catalogue page, its run as quick or quicker.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** WCAG 2.1 A and AA: what issue 8 asks every page to pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * axe-core's violations on the page as it is now: within `include` (a selector) or the whole document, for the rules
 * of `tags` or all of them. axe runs in the page itself, as `axe.run()` (the shop's pages have no frames), and only its
 * violations come back (decision 052).
 */
export async function axeViolations(page: Page, { include, tags }: { include?: string; tags?: string[] } = {}): Promise<axe.Result[]> {
  await page.evaluate(AXE_SOURCE)
  return page.evaluate(
    async ({ include, tags }) => {
      const { axe: inPage } = window as unknown as { axe: typeof axe }
      const results = await inPage.run(include ? { include: [include] } : document, tags ? { runOnly: { type: 'tag', values: tags } } : {})
      // Passes, incomplete and inapplicable rules, with every element they met, weigh 0.4–0.7 MB a page: none comes back.
      return results.violations
    },
    { include, tags },
  )
}

/**
 * Runs axe on the page as it is now and fails with every violation spelled out (rule, impact, the elements and
 * what axe says is wrong with each), so a failure says what to fix without opening a trace.
 */
export async function expectNoAxeViolations(page: Page, label: string) {
  const violations = await axeViolations(page, { tags: WCAG_TAGS })
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
