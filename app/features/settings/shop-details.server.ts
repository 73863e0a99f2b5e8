import { and, inArray, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { products } from '~/db/schema'
import { type FieldLabel, labelText, text, z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
import { parseForm } from '~/http/form-result'
import { emailSchema } from '../accounts/account-schemas'
import { storeImage, storeLogo } from '../media/images.server'
import type { MediaStorage } from '../media/storage.server'
import { getShopSettings, saveShopSettings } from './shop-settings.server'
import {
  ADDRESS_FIELDS,
  addressField,
  type GrievanceOfficer,
  type HomeTexts,
  MAX_ADDRESSES,
  MAX_FEATURED,
  type ShopAddress,
  type ShopSettings,
} from './shop-settings'

/*
 * The shop's own details the owner edits at /dash/shop (issue 18): name and contacts, every address, the grievance
 * officer, and what the home page says and shows. Each form saves its part over the settings as they are now, so
 * every app server shows it on its next page (the settings are read per request).
 */

const line = (label: FieldLabel, max: number, required = true) =>
  text({ label, max, required, oneLine: true }).refine((v) => !/[<>]/.test(v), {
    error: () => m.field_angle_brackets_refused({ label: labelText(label) }),
  })

/** A phone as customers dial it: digits, spaces, +, - and brackets. */
const phone = (label: FieldLabel, required = true) =>
  line(label, 30, required).refine((v) => v === '' || /^\+?[\d\s()-]{6,30}$/.test(v), {
    error: () => m.settings_phone_invalid({ label: labelText(label) }),
  })

const optionalEmail = (label: FieldLabel) =>
  z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || emailSchema.safeParse(v).success, {
      error: () => m.settings_email_invalid({ label: labelText(label) }),
    })

export const shopDetailsSchema = z.object({
  shopName: line(m.settings_field_shop_name, 80),
  tagline: line(m.settings_field_tagline, 160),
  phone: phone(m.settings_field_phone),
  whatsappNumber: z
    .string()
    .transform((v) => v.replace(/[\s+()-]/g, ''))
    .pipe(z.string().regex(/^\d{8,15}$/, { error: () => m.settings_whatsapp_invalid() })),
  email: emailSchema,
})
export type ShopDetails = z.infer<typeof shopDetailsSchema>

export const grievanceOfficerSchema = z.object({
  name: line(m.settings_field_name, 100),
  designation: line(m.settings_field_designation, 100),
  phone: phone(m.settings_field_phone),
  email: emailSchema,
}) satisfies z.ZodType<GrievanceOfficer, unknown>

const addressSchema = z.object({
  label: line(m.settings_field_label, 60),
  lines: z
    .string()
    .transform((v) =>
      v
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(line(m.settings_field_address_line, 120))
        .min(1, { error: () => m.settings_address_line_required() })
        .max(6, { error: () => m.settings_address_lines_max() }),
    ),
  phone: phone(m.settings_field_phone, false),
  email: optionalEmail(m.settings_field_email),
  hours: line(m.settings_field_hours, 80, false),
}) satisfies z.ZodType<ShopAddress, unknown>

export type AddressesOutcome = { ok: true; addresses: ShopAddress[] } | { ok: false; errors: Record<string, string>; message: string }

/**
 * The addresses form: each row kept unless marked for removal; a row left wholly blank (the empty one for adding)
 * is skipped. At least one must remain, the first being the one printed on invoices.
 */
export function readAddresses(fields: Record<string, string | undefined>): AddressesOutcome {
  const addresses: ShopAddress[] = []
  const errors: Record<string, string> = {}
  for (let index = 0; index < MAX_ADDRESSES + 1; index++) {
    const row = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, (fields[addressField(index, f)] ?? '').slice(0, 2000)]))
    if (fields[addressField(index, 'remove')] === 'yes') continue
    if (ADDRESS_FIELDS.every((f) => row[f]!.trim() === '')) continue
    const parsed = parseForm<typeof addressSchema, (typeof ADDRESS_FIELDS)[number]>(row, addressSchema)
    if (!parsed.ok) {
      // Each row's messages under its own fields' names; one about the row as a whole goes by its label.
      for (const [field, message] of Object.entries(parsed.fieldErrors))
        errors[addressField(index, field as (typeof ADDRESS_FIELDS)[number])] ??= message!
      if (parsed.formError) errors[addressField(index, 'label')] ??= parsed.formError
      continue
    }
    addresses.push(parsed.values)
  }
  if (Object.keys(errors).length) return { ok: false, errors, message: m.settings_check_fields() }
  if (addresses.length === 0) return { ok: false, errors: {}, message: m.settings_keep_one_address() }
  if (addresses.length > MAX_ADDRESSES) return { ok: false, errors: {}, message: m.settings_addresses_max({ max: MAX_ADDRESSES }) }
  return { ok: true, addresses }
}

export const homeTextsSchema = z.object({
  heading: line(m.settings_field_heading, 100),
  paragraph: text({ label: m.settings_field_paragraph, max: 1200 }),
  announcement: line(m.settings_field_announcement, 140, false),
  heroAlt: line(m.settings_field_hero_alt, 160, false),
  featured: z
    .string()
    .max(2000)
    .transform((v) => [
      ...new Set(
        v
          .split(/[\s,]+/)
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^[a-z0-9-]{1,80}$/, { error: () => m.settings_featured_invalid() }))
        .max(MAX_FEATURED, { error: () => m.settings_featured_max({ max: MAX_FEATURED }) }),
    ),
})

/** Slugs among `slugs` that name no product on sale. */
export async function unknownProductSlugs(db: Database, slugs: string[]) {
  if (slugs.length === 0) return []
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .where(and(inArray(products.slug, slugs), isNull(products.archivedAt)))
  const known = new Set(rows.map((r) => r.slug))
  return slugs.filter((s) => !known.has(s))
}

async function saveOver(db: Database, change: (now: ShopSettings) => Partial<ShopSettings>) {
  const now = await getShopSettings(db)
  await saveShopSettings(db, { ...now, ...change(now) })
}

export const saveShopDetails = (db: Database, details: ShopDetails) => saveOver(db, () => details)
export const saveAddresses = (db: Database, addresses: ShopAddress[]) => saveOver(db, () => ({ addresses }))
export const saveGrievanceOfficer = (db: Database, grievanceOfficer: GrievanceOfficer) => saveOver(db, () => ({ grievanceOfficer }))

/**
 * Saves the home page's texts and featured products, and its hero picture when one is given (stored like a product
 * picture, by its content hash) or removed (back to the shop's own).
 */
export async function saveHomePage(
  db: Database,
  media: MediaStorage,
  input: { texts: Omit<HomeTexts, 'heroImage'>; featuredProductSlugs: string[]; heroPicture?: Buffer; removeHero?: boolean },
) {
  const heroImage = input.heroPicture ? await storeImage(media, input.heroPicture) : undefined
  await saveOver(db, (now) => ({
    home: { ...input.texts, heroImage: heroImage ?? (input.removeHero ? null : now.home.heroImage) },
    featuredProductSlugs: input.featuredProductSlugs,
  }))
}

/** Saves the header's logo made from an upload (storeLogo), or removes it (null): the header shows the shop's name. */
export async function saveLogo(db: Database, media: MediaStorage, upload: Buffer | null) {
  const logo = upload ? await storeLogo(media, upload) : null
  await saveOver(db, () => ({ logo }))
}
