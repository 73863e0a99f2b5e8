import MarkdownIt from 'markdown-it'
import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { policyPages } from '~/db/schema'
import type { ShopSettings } from '~/features/settings/shop-settings'
import { getShopSettings } from '~/features/settings/shop-settings.server'
import { text, z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
import { isPolicySlug, type Policy, POLICY_LIMITS, POLICY_SLUGS, type PolicySlug } from './policies'
import { policyTemplate, TEMPLATE_NOTICE } from './policy-templates.server'

/**
 * Markdown as the owner writes it, rendered on the server: raw HTML is shown as text (`html: false`), links may only
 * be http(s), mailto, tel or the shop's own paths (markdown-it's own check refuses javascript:, vbscript:, file: and
 * data: other than pictures; we refuse data: too), and every link to another site opens with noopener.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false })
const defaultValidate = markdown.validateLink.bind(markdown)
markdown.validateLink = (url) => defaultValidate(url) && !/^\s*data:/i.test(url)
const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet('href') ?? '')
  if (/^https?:\/\//i.test(href)) tokens[idx]!.attrSet('rel', 'noopener noreferrer')
  return defaultLinkOpen(tokens, idx, options, env, self)
}

export function renderPolicyMarkdown(body: string) {
  return markdown.render(body)
}

type PolicyRow = typeof policyPages.$inferSelect

/** The owner's saved page. */
function savedPolicy(slug: PolicySlug, row: PolicyRow): Policy {
  return { slug, title: row.title, body: row.body, isTemplate: row.body.includes(TEMPLATE_NOTICE), updatedAt: row.updatedAt.toISOString() }
}

/** A page never saved: its template with the shop's details. */
function templatePolicy(slug: PolicySlug, settings: ShopSettings): Policy {
  return { slug, ...policyTemplate(slug, settings), isTemplate: true, updatedAt: null }
}

/** The page as shown: the owner's text when saved, else the template. */
export async function getPolicy(db: Database, slug: PolicySlug): Promise<Policy> {
  const [row] = await db.select().from(policyPages).where(eq(policyPages.slug, slug))
  return row ? savedPolicy(slug, row) : templatePolicy(slug, await getShopSettings(db))
}

/** Every page, from one read of the saved ones and, when a template is needed, one of the settings. */
export async function listPolicies(db: Database) {
  const rows = new Map((await db.select().from(policyPages)).map((row) => [row.slug, row]))
  const settings = rows.size < POLICY_SLUGS.length ? await getShopSettings(db) : null
  return POLICY_SLUGS.map((slug) => {
    const row = rows.get(slug)
    return row ? savedPolicy(slug, row) : templatePolicy(slug, settings!)
  })
}

export const policyFormSchema = z.object({
  slug: z.string({ error: () => m.policies_no_such_page() }).refine(isPolicySlug, { error: () => m.policies_no_such_page() }),
  title: text({ label: m.policies_field_title, max: POLICY_LIMITS.title, oneLine: true }),
  body: text({ label: m.policies_field_text, max: POLICY_LIMITS.body }),
})
export type PolicyForm = z.infer<typeof policyFormSchema>

/** Saves the owner's text of one page; it shows at once (the page cache is cleared by the post itself). */
export async function savePolicy(db: Database, form: PolicyForm, adminEmail: string) {
  const values = { title: form.title, body: form.body, updatedBy: adminEmail, updatedAt: new Date() }
  await db
    .insert(policyPages)
    .values({ slug: form.slug, ...values })
    .onConflictDoUpdate({ target: policyPages.slug, set: values })
}
