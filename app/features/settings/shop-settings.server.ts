import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { shopSettings } from '~/db/schema'
import { log } from '~/log.server'
import { z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
import { LOGO_BOX } from '../media/media-url'
import { parseForm } from '~/http/form-result'
import type { AnySlice, PostedForm, SettingsFormResult, SettingsSlice, SliceForm } from './settings-slice'
import { DEFAULT_SHOP_SETTINGS, MAX_ADDRESSES, MAX_FEATURED, type ShopDetails, type ShopSettings } from './shop-settings'
import { SETTINGS_SLICES, type SettingsFormValues } from './slices'

const address = z.object({
  label: z.string().min(1),
  lines: z.array(z.string().min(1)).min(1),
  phone: z.string(),
  email: z.string(),
  hours: z.string(),
})

const grievanceOfficer = z.object({
  name: z.string().min(1),
  designation: z.string().min(1),
  phone: z.string().min(1),
  email: z.string().min(1),
})

const homeTexts = z.object({
  heading: z.string().min(1),
  paragraph: z.string().min(1),
  announcement: z.string(),
  heroImage: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/)
    .nullable(),
  heroAlt: z.string(),
})

/** The shop's own details; each slice checks its own part (its form module's `stored`). */
const shopDetailsSchema = z.object({
  shopName: z.string().min(1),
  logo: z
    .object({
      key: z.string().regex(/^[a-f0-9]{32}$/),
      width: z.number().int().min(1).max(LOGO_BOX.width),
      height: z.number().int().min(1).max(LOGO_BOX.height),
    })
    .nullable(),
  tagline: z.string().min(1),
  phone: z.string().min(1),
  whatsappNumber: z.string().regex(/^\d{8,15}$/),
  email: z.string().min(1),
  addresses: z.array(address).min(1).max(MAX_ADDRESSES),
  grievanceOfficer,
  home: homeTexts,
  featuredProductSlugs: z.array(z.string().regex(/^[a-z0-9-]{1,80}$/)).max(MAX_FEATURED),
}) satisfies z.ZodType<ShopDetails>

type AnySliceForm = SliceForm<object, string>
let sliceForms: Promise<AnySliceForm[]> | undefined

/** Every registered slice's form module, loaded once. Here, not beside the types: the browser only shows settings, and so loads no Zod for them. */
function registeredForms() {
  sliceForms ??= Promise.all(SETTINGS_SLICES.map((slice) => slice.form() as Promise<AnySliceForm>))
  return sliceForms
}

/** The settings checked: the shop's details and every slice's part, each by its own schema; unknown keys are dropped. */
async function checkSettings(
  value: Record<string, unknown>,
): Promise<{ ok: true; settings: ShopSettings } | { ok: false; issues: z.core.$ZodIssue[] }> {
  const parts = [shopDetailsSchema.safeParse(value), ...(await registeredForms()).map((form) => form.stored.safeParse(value))]
  const issues = parts.flatMap((part) => (part.success ? [] : part.error.issues))
  if (issues.length > 0) return { ok: false, issues }
  return { ok: true, settings: Object.assign({}, ...parts.map((part) => part.data)) as ShopSettings }
}

/** Settings saved before addresses were a list kept the factory and the overseas office apart: read them as one. */
function fromSavedShape(value: Record<string, unknown>) {
  if (value.addresses !== undefined || (value.factory === undefined && value.overseasOffice === undefined)) return value
  const { factory, overseasOffice, ...rest } = value
  return { ...rest, addresses: [factory ?? DEFAULT_SHOP_SETTINGS.addresses[0], overseasOffice ?? DEFAULT_SHOP_SETTINGS.addresses[1]] }
}

/** The saved settings over the defaults; a saved value that no longer validates falls back to the default. */
export async function getShopSettings(db: Database): Promise<ShopSettings> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1))
  if (!row) return DEFAULT_SHOP_SETTINGS
  const merged = await checkSettings({ ...DEFAULT_SHOP_SETTINGS, ...fromSavedShape(row.value as Record<string, unknown>) })
  if (!merged.ok) {
    log.error({ issues: merged.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 'Saved shop settings are invalid; using defaults')
    return DEFAULT_SHOP_SETTINGS
  }
  return merged.settings
}

/** Each request's settings, read once: the root's loader and a page's run side by side and both want them. */
const settingsOfRequest = new WeakMap<object, Promise<ShopSettings>>()

/** The settings for one request (its load context), from one query however many loaders ask. */
export function requestShopSettings(context: { shop: { db: Database } }): Promise<ShopSettings> {
  let settings = settingsOfRequest.get(context)
  if (!settings) {
    settings = getShopSettings(context.shop.db)
    settingsOfRequest.set(context, settings)
  }
  return settings
}

export async function saveShopSettings(db: Database, value: ShopSettings) {
  const checked = await checkSettings(value)
  if (!checked.ok) throw new z.ZodError(checked.issues)
  const parsed = checked.settings
  await db
    .insert(shopSettings)
    .values({ id: 1, value: parsed })
    .onConflictDoUpdate({ target: shopSettings.id, set: { value: parsed, updatedAt: new Date() } })
}

/** Saves one slice's value, keeping every other setting as it is; every server reads it from here per request. */
export async function saveSettings<Value extends object>(db: Database, slice: SettingsSlice<string, Value, string>, value: Value) {
  const own = (await slice.form()).stored.parse(value)
  await saveShopSettings(db, { ...(await getShopSettings(db)), ...own })
}

/**
 * Saves a section of /dash/settings from what its form posted: the slice's value, or the refusals beside their
 * fields with what was typed.
 */
export async function saveSettingsForm(db: Database, slice: AnySlice, posted: PostedForm): Promise<SettingsFormResult> {
  const form = await slice.form()
  const values = form.typed(Object.fromEntries(slice.fields.map((name) => [name, posted[name] ?? ''])))
  const parsed = parseForm(values, form.form)
  if (!parsed.ok) {
    return {
      form: slice.key,
      ok: false,
      error: parsed.formError ?? (typeof form.refused === 'function' ? form.refused() : form.refused) ?? m.settings_check_fields(),
      fieldErrors: parsed.fieldErrors,
      values,
    }
  }
  await saveSettings(db, slice, parsed.values)
  return { form: slice.key, ok: true, message: form.saved(parsed.values) }
}

/** Each section's fields as /dash/settings shows the settings. */
export async function settingsFormValues(settings: ShopSettings): Promise<SettingsFormValues> {
  const forms = await registeredForms()
  return Object.fromEntries(SETTINGS_SLICES.map((slice, i) => [slice.key, forms[i]!.shown(settings)])) as SettingsFormValues
}
