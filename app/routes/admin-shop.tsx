import { data, useNavigation } from 'react-router'
import { AdminPage } from '~/components/admin/admin-page'
import {
  AddressesSection,
  DetailsSection,
  GrievanceSection,
  HomeSection,
  type ShopFormName,
  type ShopFormOutcome,
} from '~/components/admin/shop-details-sections'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { type FormUpload, readFormUpload, UploadRejectedError } from '~/features/admin/uploads.server'
import type { Database } from '~/db/client.server'
import type { MediaStorage } from '~/features/media/storage.server'
import { LogoSection } from '~/components/admin/logo-section'
import { ImageRejectedError } from '~/features/media/images.server'
import {
  grievanceOfficerSchema,
  homeTextsSchema,
  readAddresses,
  saveAddresses,
  saveGrievanceOfficer,
  saveHomePage,
  saveLogo,
  saveShopDetails,
  shopDetailsSchema,
  unknownProductSlugs,
} from '~/features/settings/shop-details.server'
import { getShopSettings, saveSettingsForm, settingsFormValues } from '~/features/settings/shop-settings.server'
import type { AnySlice, SettingsFormResult } from '~/features/settings/settings-slice'
import { mailSenderSettings } from '~/features/mail/sender-settings'
import { homeClaimsSettings, isDemoClaims } from '~/features/catalogue/home-claims'
import { ClaimsSection } from '~/components/admin/claims-section'
import { parseMailFrom } from '~/features/mail/sender'
import { MailSenderSettingsForm } from '~/components/mail/sender-settings-form'
import { formTooLargeMessage, parseForm, readSmallForm } from '~/http/forms.server'
import type { FieldErrors } from '~/http/form-result'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-shop'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.settings_shop_title({ shop: shopSettingsOf(matches).shopName }) },
  { name: 'robots', content: 'noindex' },
]

/** The settings slices whose sections this page shows (the others are /dash/settings'). */
const PAGE_SLICES: AnySlice[] = [mailSenderSettings, homeClaimsSettings]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const settings = await getShopSettings(context.shop.db)
  const forms = await settingsFormValues(settings)
  return {
    settings,
    senderForm: forms['mail-sender'],
    claimsForm: forms.claims,
    claimsAreDemo: isDemoClaims(settings.claims),
    mailAddress: parseMailFrom(context.shop.config.MAIL_FROM).address,
  }
}

const refuse = (form: ShopFormName, error: string, fieldErrors: FieldErrors, values: Record<string, string>, status = 400) =>
  data<ShopFormOutcome>({ form, ok: false, error, fieldErrors, values }, { status })
const saved = (form: ShopFormName, message: string) => data<ShopFormOutcome>({ form, ok: true, message })

/** The logo's form: a picture made into the header's logo, or the logo removed (decision 070). */
async function saveLogoForm(db: Database, media: MediaStorage, upload: FormUpload<'heroPicture' | 'logo'>) {
  const remove = upload.fields.removeLogo === 'yes'
  if (!remove && !upload.images.logo) return refuse('logo', m.settings_logo_choose(), { logo: m.settings_choose_picture() }, {})
  try {
    await saveLogo(db, media, remove ? null : upload.images.logo!)
  } catch (err) {
    if (!(err instanceof ImageRejectedError)) throw err
    return refuse('logo', m.settings_logo_rejected({ reason: err.message }), { logo: err.message }, {})
  }
  return saved('logo', remove ? m.settings_logo_removed() : m.settings_logo_saved())
}

/** Each section posts its own form (`intent`); the home page's may carry a picture, so it comes as multipart. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context)
  const { db, media } = context.shop
  if (/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) {
    let upload: Awaited<ReturnType<typeof readFormUpload<'heroPicture' | 'logo'>>>
    try {
      upload = await readFormUpload(request, { heroPicture: m.admin_image_hero, logo: m.admin_image_logo })
    } catch (err) {
      if (!(err instanceof UploadRejectedError)) throw err
      return refuse(err.field === 'logo' ? 'logo' : 'home', err.message, {}, {}, err.status)
    }
    if (upload.fields.intent === 'logo') return saveLogoForm(db, media, upload)
    const values = Object.fromEntries(
      ['heading', 'paragraph', 'announcement', 'heroAlt', 'featured'].map((k) => [k, (upload.fields[k] ?? '').slice(0, 4000)]),
    )
    const parsed = parseForm(values, homeTextsSchema)
    if (!parsed.ok) return refuse('home', m.settings_check_fields(), parsed.fieldErrors, values)
    const unknown = await unknownProductSlugs(db, parsed.values.featured)
    if (unknown.length)
      return refuse('home', m.settings_check_fields(), { featured: m.settings_featured_unknown({ names: unknown.join(', ') }) }, values)
    try {
      const { featured, ...texts } = parsed.values
      await saveHomePage(db, media, {
        texts,
        featuredProductSlugs: featured,
        heroPicture: upload.images.heroPicture,
        removeHero: upload.fields.removeHero === 'yes',
      })
    } catch (err) {
      if (!(err instanceof ImageRejectedError)) throw err
      return refuse('home', m.settings_hero_rejected({ reason: err.message }), {}, values)
    }
    return saved('home', m.settings_home_saved())
  }
  const fields = await readSmallForm(request, 64 * 1024)
  if (!fields) return refuse('details', formTooLargeMessage(), {}, {}, 413)
  const slice = PAGE_SLICES.find((candidate) => candidate.key === fields.intent)
  if (slice) {
    const result = await saveSettingsForm(db, slice, fields)
    return data(result as ShopFormOutcome, { status: result.ok ? 200 : 400 })
  }
  if (fields.intent === 'addresses') {
    const read = readAddresses(fields)
    if (!read.ok) return refuse('addresses', read.message, read.errors, fields)
    await saveAddresses(db, read.addresses)
    return saved('addresses', m.settings_addresses_saved({ count: read.addresses.length }))
  }
  if (fields.intent === 'grievance') {
    const values = { name: fields.name ?? '', designation: fields.designation ?? '', phone: fields.phone ?? '', email: fields.email ?? '' }
    const parsed = parseForm(values, grievanceOfficerSchema)
    if (!parsed.ok) return refuse('grievance', m.settings_check_fields(), parsed.fieldErrors, values)
    await saveGrievanceOfficer(db, parsed.values)
    return saved('grievance', m.settings_grievance_saved({ name: parsed.values.name }))
  }
  const values = {
    shopName: fields.shopName ?? '',
    tagline: fields.tagline ?? '',
    phone: fields.phone ?? '',
    whatsappNumber: fields.whatsappNumber ?? '',
    email: fields.email ?? '',
  }
  const parsed = parseForm(values, shopDetailsSchema)
  if (!parsed.ok) return refuse('details', m.settings_check_fields(), parsed.fieldErrors, values)
  await saveShopDetails(db, parsed.values)
  return saved('details', m.settings_details_saved())
}

export default function AdminShop({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData
  const busy = useNavigation().state === 'submitting'
  const outcome = (form: ShopFormName) => (actionData?.form === form ? actionData : undefined)

  return (
    <AdminPage title={m.settings_shop_heading()}>
      <p className="mt-2 max-w-2xl text-earth-700">{m.settings_shop_intro()}</p>
      <DetailsSection settings={settings} outcome={outcome('details')} busy={busy} />
      <LogoSection settings={settings} outcome={outcome('logo')} busy={busy} />
      <MailSenderSettingsForm
        values={loaderData.senderForm}
        result={outcome('mail-sender') as SettingsFormResult | undefined}
        busy={busy}
        shopName={settings.shopName}
        address={loaderData.mailAddress}
      />
      <AddressesSection settings={settings} outcome={outcome('addresses')} busy={busy} />
      <GrievanceSection settings={settings} outcome={outcome('grievance')} busy={busy} />
      <HomeSection settings={settings} outcome={outcome('home')} busy={busy} />
      <ClaimsSection
        values={loaderData.claimsForm}
        result={outcome('claims') as SettingsFormResult | undefined}
        busy={busy}
        demo={loaderData.claimsAreDemo}
      />
    </AdminPage>
  )
}
