import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { sitemapPages } from '~/features/findability/sitemap'
import { DEFAULT_SHOP_SETTINGS } from '~/features/settings/shop-settings'
import { saveShopSettings } from '~/features/settings/shop-settings.server'
import { POLICY_LINKS, POLICY_SLUGS, policyPath } from './policies'
import { getPolicy, listPolicies, policyFormSchema, renderPolicyMarkdown, savePolicy } from './policies.server'
import { TEMPLATE_NOTICE } from './policy-templates.server'

describe('the owner’s Markdown, rendered', () => {
  it('makes headings, lists, emphasis and links', () => {
    const html = renderPolicyMarkdown(
      '## Refunds\n\n- within **7** days\n- [track](/track), [mail](mailto:care@example.in), [Razorpay](https://razorpay.com)',
    )
    expect(html).toContain('<h2>Refunds</h2>')
    expect(html).toContain('<li>within <strong>7</strong> days</li>')
    expect(html).toContain('<a href="/track">track</a>')
    expect(html).toContain('<a href="mailto:care@example.in">mail</a>')
    expect(html).toContain('<a href="https://razorpay.com" rel="noopener noreferrer">Razorpay</a>')
  })

  it('shows raw HTML as text and drops links that would run script or carry data', () => {
    const html = renderPolicyMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](data:text/html,<b>x</b>) [d](vbscript:x)\n\n<a href="javascript:alert(1)">e</a>',
    )
    expect(html).not.toMatch(/<script|<img|<a href="(javascript|data|vbscript)/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).not.toMatch(/href="[^"]*(javascript|data:|vbscript)/i)
  })
})

describe('the pages', () => {
  it('are linked from the footer and the checkout, and listed in the sitemap', () => {
    expect(POLICY_LINKS.map((l) => l.slug).sort()).toEqual([...POLICY_SLUGS].sort())
    const paths = sitemapPages([]).map((p) => p.path)
    for (const slug of POLICY_SLUGS) expect(paths).toContain(policyPath(slug))
  })

  it('take a title and a text, refuse an unknown page, and say what is wrong', () => {
    expect(policyFormSchema.safeParse({ slug: 'terms', title: ' Terms ', body: 'Our terms.' }).data).toEqual({
      slug: 'terms',
      title: 'Terms',
      body: 'Our terms.',
    })
    const refused = policyFormSchema.safeParse({ slug: 'cookies', title: '', body: 'x'.repeat(30_001) })
    expect(Object.fromEntries(refused.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      slug: 'There is no such page.',
      title: 'Title is required',
      body: 'Text is too long (at most 30000 characters)',
    })
    expect(policyFormSchema.safeParse({ slug: 'terms', title: 'Terms', body: 'a\u0000b' }).success).toBe(false)
  })
})

describe(`policy pages in the database (${describeDatabase()})`, () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => {
    await handle?.close()
  })

  it('show a template, marked as one and filled with the shop’s details, until the owner saves their own', async () => {
    await saveShopSettings(handle.db, { ...DEFAULT_SHOP_SETTINGS, email: 'grievance@kaadu.test' })
    for (const policy of await listPolicies(handle.db)) {
      expect(policy.isTemplate, policy.slug).toBe(true)
      expect(policy.body.startsWith(TEMPLATE_NOTICE), policy.slug).toBe(true)
      expect(policy.updatedAt).toBeNull()
    }
    const grievance = await getPolicy(handle.db, 'grievance')
    expect(grievance.body).toContain('grievance@kaadu.test')
    expect(grievance.body).toContain('within 48 hours')
  })

  it('speak of cash on delivery, its fee and its refunds while the shop offers it, and not when it does not (issue 39)', async () => {
    const cod = { ...DEFAULT_SHOP_SETTINGS.payments.cod, enabled: true, feePaise: 4_000, confirmWithinHours: 24 }
    await saveShopSettings(handle.db, { ...DEFAULT_SHOP_SETTINGS, payments: { ...DEFAULT_SHOP_SETTINGS.payments, cod } })
    const terms = (await getPolicy(handle.db, 'terms')).body
    expect(terms).toContain('cash on delivery where it is offered, with a ₹40 cash-on-delivery fee')
    expect(terms).toContain('not confirmed within 24 hours is cancelled')
    expect(terms).not.toContain('An order is confirmed when its payment succeeds')
    expect((await getPolicy(handle.db, 'returns')).body).toContain('Orders paid in cash on delivery are refunded by UPI or bank transfer')
    expect((await getPolicy(handle.db, 'privacy')).body).toContain('Paying in cash on delivery, you pay the courier')

    const off = { ...cod, enabled: false }
    await saveShopSettings(handle.db, { ...DEFAULT_SHOP_SETTINGS, payments: { ...DEFAULT_SHOP_SETTINGS.payments, cod: off } })
    for (const slug of ['terms', 'returns', 'privacy'] as const)
      expect((await getPolicy(handle.db, slug)).body, slug).not.toMatch(/cash on delivery/i)
    await saveShopSettings(handle.db, DEFAULT_SHOP_SETTINGS)
  })

  it('keep what the owner saved, and know it is no template once the note is gone', async () => {
    await savePolicy(handle.db, { slug: 'returns', title: 'Returns', body: `${TEMPLATE_NOTICE}\n\nDraft.` }, 'owner@kaadu.test')
    expect(await getPolicy(handle.db, 'returns')).toMatchObject({ title: 'Returns', isTemplate: true })
    await savePolicy(handle.db, { slug: 'returns', title: 'Returns and refunds', body: 'Write within 48 hours.' }, 'owner@kaadu.test')
    const saved = await getPolicy(handle.db, 'returns')
    expect(saved).toMatchObject({ slug: 'returns', title: 'Returns and refunds', body: 'Write within 48 hours.', isTemplate: false })
    expect(new Date(saved.updatedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect((await getPolicy(handle.db, 'terms')).isTemplate).toBe(true)
  })
})
