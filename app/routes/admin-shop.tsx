import { data, Form, useNavigation } from 'react-router'
import { AdminPage } from '~/components/admin/admin-page'
import { SaveButton, SettingsSectionFrame } from '~/components/admin/settings-section'
import { CheckboxField, Field, fileInputClass, TextareaField, TextField } from '~/components/forms/fields'
import { FormTokenField } from '~/components/forms/form-token-field'
import { shopSettingsOf, useMediaBase } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { readFormUpload, UploadRejectedError } from '~/features/admin/uploads.server'
import { ImageRejectedError } from '~/features/media/images.server'
import { mediaUrl } from '~/features/media/media-url'
import {
  grievanceOfficerSchema,
  homeTextsSchema,
  readAddresses,
  saveAddresses,
  saveGrievanceOfficer,
  saveHomePage,
  saveShopDetails,
  shopDetailsSchema,
  unknownProductSlugs,
} from '~/features/settings/shop-details.server'
import { type ADDRESS_FIELDS, addressField, FREE_DELIVERY_TOKEN, MAX_ADDRESSES, type ShopAddress } from '~/features/settings/shop-settings'
import { getShopSettings } from '~/features/settings/shop-settings.server'
import { FORM_TOO_LARGE, parseForm, readSmallForm } from '~/http/forms.server'
import type { FieldErrors } from '~/http/form-result'
import type { Route } from './+types/admin-shop'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Shop details · ${shopSettingsOf(matches).shopName}` },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  return { settings: await getShopSettings(context.shop.db) }
}

type FormName = 'details' | 'addresses' | 'grievance' | 'home'
type Outcome =
  | { form: FormName; ok: true; message: string }
  | { form: FormName; ok: false; error: string; fieldErrors: FieldErrors; values: Record<string, string> }

const refuse = (form: FormName, error: string, fieldErrors: FieldErrors, values: Record<string, string>, status = 400) =>
  data<Outcome>({ form, ok: false, error, fieldErrors, values }, { status })
const saved = (form: FormName, message: string) => data<Outcome>({ form, ok: true, message })

/** Each section posts its own form (`intent`); the home page's may carry a picture, so it comes as multipart. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context)
  const { db, media } = context.shop
  if (/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) {
    let upload: Awaited<ReturnType<typeof readFormUpload<'heroPicture'>>>
    try {
      upload = await readFormUpload(request, { heroPicture: 'hero picture' })
    } catch (err) {
      if (!(err instanceof UploadRejectedError)) throw err
      return refuse('home', err.message, {}, {}, err.status)
    }
    const values = Object.fromEntries(
      ['heading', 'paragraph', 'announcement', 'heroAlt', 'featured'].map((k) => [k, (upload.fields[k] ?? '').slice(0, 4000)]),
    )
    const parsed = parseForm(values, homeTextsSchema)
    if (!parsed.ok) return refuse('home', 'Check the fields marked below.', parsed.fieldErrors, values)
    const unknown = await unknownProductSlugs(db, parsed.values.featured)
    if (unknown.length)
      return refuse(
        'home',
        'Check the fields marked below.',
        { featured: `No product on sale has the web address name ${unknown.join(', ')}.` },
        values,
      )
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
      return refuse('home', `Hero picture: ${err.message}`, {}, values)
    }
    return saved('home', 'Saved. The home page shows it now.')
  }
  const fields = await readSmallForm(request, 64 * 1024)
  if (!fields) return refuse('details', FORM_TOO_LARGE, {}, {}, 413)
  if (fields.intent === 'addresses') {
    const read = readAddresses(fields)
    if (!read.ok) return refuse('addresses', read.message, read.errors, fields)
    await saveAddresses(db, read.addresses)
    return saved(
      'addresses',
      `Saved ${read.addresses.length === 1 ? 'the address' : `${read.addresses.length} addresses`}. The contact page, the footer and new invoices show them now.`,
    )
  }
  if (fields.intent === 'grievance') {
    const values = { name: fields.name ?? '', designation: fields.designation ?? '', phone: fields.phone ?? '', email: fields.email ?? '' }
    const parsed = parseForm(values, grievanceOfficerSchema)
    if (!parsed.ok) return refuse('grievance', 'Check the fields marked below.', parsed.fieldErrors, values)
    await saveGrievanceOfficer(db, parsed.values)
    return saved('grievance', `Saved. The grievance officer page names ${parsed.values.name}.`)
  }
  const values = {
    shopName: fields.shopName ?? '',
    tagline: fields.tagline ?? '',
    phone: fields.phone ?? '',
    whatsappNumber: fields.whatsappNumber ?? '',
    email: fields.email ?? '',
  }
  const parsed = parseForm(values, shopDetailsSchema)
  if (!parsed.ok) return refuse('details', 'Check the fields marked below.', parsed.fieldErrors, values)
  await saveShopDetails(db, parsed.values)
  return saved('details', 'Saved. Every page shows the new details now.')
}

const formClass = 'mt-6 grid max-w-2xl gap-5 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm'

export default function AdminShop({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData
  const busy = useNavigation().state === 'submitting'
  const mediaBase = useMediaBase()
  const outcome = (form: FormName) => (actionData?.form === form ? actionData : undefined)
  const failed = (form: FormName) => {
    const o = outcome(form)
    return o && !o.ok ? o : undefined
  }
  const value = (form: FormName, name: string, saved: string) => failed(form)?.values[name] ?? saved
  const error = (form: FormName, name: string) => failed(form)?.fieldErrors[name]

  // The saved addresses, and one empty row to add another (up to the limit); a refused form shows what was typed.
  const addressRows: ShopAddress[] = [...settings.addresses]
  if (addressRows.length < MAX_ADDRESSES) addressRows.push({ label: '', lines: [], phone: '', email: '', hours: '' })
  const typedAddresses = failed('addresses')?.values

  return (
    <AdminPage title="Shop details">
      <p className="mt-2 max-w-2xl text-earth-700">
        What customers see of the shop itself. Each section saves on its own, and every page of the shop shows the change at once.
      </p>

      <SettingsSectionFrame
        id="details"
        title="Name and contacts"
        intro="The name in the header and the tab, the phone and e-mail in the footer, and the WhatsApp button."
        outcome={outcome('details')}
      >
        <Form method="post" className={formClass} noValidate>
          <FormTokenField />
          <input type="hidden" name="intent" value="details" />
          <TextField
            required
            id="shop-name"
            name="shopName"
            label="Shop name"
            defaultValue={value('details', 'shopName', settings.shopName)}
            error={error('details', 'shopName')}
          />
          <TextField
            required
            id="tagline"
            name="tagline"
            label="Tagline"
            defaultValue={value('details', 'tagline', settings.tagline)}
            error={error('details', 'tagline')}
          />
          <TextField
            required
            id="shop-phone"
            name="phone"
            label="Phone"
            type="tel"
            defaultValue={value('details', 'phone', settings.phone)}
            error={error('details', 'phone')}
            hint="Shown in the footer and dialled for bulk orders."
          />
          <TextField
            required
            id="whatsapp"
            name="whatsappNumber"
            label="WhatsApp number"
            type="tel"
            defaultValue={value('details', 'whatsappNumber', settings.whatsappNumber)}
            error={error('details', 'whatsappNumber')}
            hint="With the country code, like 919443021876: the WhatsApp button opens a chat with it."
          />
          <TextField
            required
            id="shop-email"
            name="email"
            label="E-mail"
            type="email"
            defaultValue={value('details', 'email', settings.email)}
            error={error('details', 'email')}
          />
          <SaveButton label="Save name and contacts" busy={busy} />
        </Form>
      </SettingsSectionFrame>

      <SettingsSectionFrame
        id="addresses"
        title="Addresses"
        intro="Every place customers may visit, call or write to: the contact page lists them all. The first is the shop's registered address, printed in the footer and on new invoices."
        outcome={outcome('addresses')}
      >
        <Form method="post" className={formClass} noValidate>
          <FormTokenField />
          <input type="hidden" name="intent" value="addresses" />
          {addressRows.map((address, index) => {
            const isNew = index === settings.addresses.length
            const typed = (field: (typeof ADDRESS_FIELDS)[number], saved: string) => typedAddresses?.[addressField(index, field)] ?? saved
            const err = (field: (typeof ADDRESS_FIELDS)[number]) => error('addresses', addressField(index, field))
            const legendId = `address-${index}-legend`
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the addresses are numbered by their place in the form
              <fieldset key={index} aria-labelledby={legendId} className="grid gap-4 rounded-xl border border-stone-200 p-4 sm:grid-cols-2">
                <legend id={legendId} className="px-1 font-semibold text-earth-900">
                  {isNew
                    ? 'Add an address (leave empty to add none)'
                    : index === 0
                      ? `Address 1: ${address.label} (registered)`
                      : `Address ${index + 1}: ${address.label}`}
                </legend>
                <TextField
                  id={addressField(index, 'label')}
                  name={addressField(index, 'label')}
                  label="Label"
                  defaultValue={typed('label', address.label)}
                  error={err('label')}
                  required={!isNew}
                  hint="E.g. Factory, Shop, Overseas office."
                />
                <TextField
                  id={addressField(index, 'hours')}
                  name={addressField(index, 'hours')}
                  label="Opening hours"
                  defaultValue={typed('hours', address.hours)}
                  error={err('hours')}
                />
                <TextareaField
                  id={addressField(index, 'lines')}
                  name={addressField(index, 'lines')}
                  label="Address"
                  rows={3}
                  defaultValue={typed('lines', address.lines.join('\n'))}
                  error={err('lines')}
                  required={!isNew}
                  hint="One line each, up to 6."
                />
                <div className="grid gap-4">
                  <TextField
                    id={addressField(index, 'phone')}
                    name={addressField(index, 'phone')}
                    label="Phone"
                    type="tel"
                    defaultValue={typed('phone', address.phone)}
                    error={err('phone')}
                  />
                  <TextField
                    id={addressField(index, 'email')}
                    name={addressField(index, 'email')}
                    label="E-mail"
                    type="email"
                    defaultValue={typed('email', address.email)}
                    error={err('email')}
                  />
                </div>
                {!isNew && settings.addresses.length > 1 && (
                  <CheckboxField
                    id={addressField(index, 'remove')}
                    name={addressField(index, 'remove')}
                    value="yes"
                    label="Remove this address"
                    className="flex min-h-11 items-center gap-2 sm:col-span-2"
                    inputClassName="size-5 accent-leaf-700"
                  />
                )}
              </fieldset>
            )
          })}
          <SaveButton label="Save addresses" busy={busy} />
        </Form>
      </SettingsSectionFrame>

      <SettingsSectionFrame
        id="grievance"
        title="Grievance officer"
        intro="The Consumer Protection (E-Commerce) Rules, 2020 ask the shop to name a grievance officer with their designation and contacts, and to acknowledge a complaint within 48 hours. The grievance page and the contact page show them."
        outcome={outcome('grievance')}
      >
        <Form method="post" className={formClass} noValidate>
          <FormTokenField />
          <input type="hidden" name="intent" value="grievance" />
          <TextField
            required
            id="officer-name"
            name="name"
            label="Name"
            defaultValue={value('grievance', 'name', settings.grievanceOfficer.name)}
            error={error('grievance', 'name')}
          />
          <TextField
            required
            id="officer-designation"
            name="designation"
            label="Designation"
            defaultValue={value('grievance', 'designation', settings.grievanceOfficer.designation)}
            error={error('grievance', 'designation')}
          />
          <TextField
            required
            id="officer-phone"
            name="phone"
            label="Phone"
            type="tel"
            defaultValue={value('grievance', 'phone', settings.grievanceOfficer.phone)}
            error={error('grievance', 'phone')}
          />
          <TextField
            required
            id="officer-email"
            name="email"
            label="E-mail"
            type="email"
            defaultValue={value('grievance', 'email', settings.grievanceOfficer.email)}
            error={error('grievance', 'email')}
          />
          <SaveButton label="Save grievance officer" busy={busy} />
        </Form>
      </SettingsSectionFrame>

      <SettingsSectionFrame
        id="home"
        title="Home page"
        intro="The first thing customers see: the welcome heading, the picture, the announcement above every page, and the products shown first."
        outcome={outcome('home')}
      >
        <Form method="post" encType="multipart/form-data" className={formClass} noValidate>
          <FormTokenField />
          <input type="hidden" name="intent" value="home" />
          <TextField
            required
            id="home-heading"
            name="heading"
            label="Welcome heading"
            defaultValue={value('home', 'heading', settings.home.heading)}
            error={error('home', 'heading')}
          />
          <TextareaField
            required
            id="home-paragraph"
            name="paragraph"
            label="Brand paragraph"
            rows={5}
            defaultValue={value('home', 'paragraph', settings.home.paragraph)}
            error={error('home', 'paragraph')}
          />
          <TextField
            id="home-announcement"
            name="announcement"
            label="Announcement strip"
            defaultValue={value('home', 'announcement', settings.home.announcement)}
            error={error('home', 'announcement')}
            hint={`Shown above every page; leave empty for none. ${FREE_DELIVERY_TOKEN} stands for the free-delivery threshold of the moment.`}
          />
          <Field
            id="hero-picture"
            label="Hero picture"
            error={error('home', 'heroPicture')}
            hint="JPEG, PNG, WebP or AVIF, at most 10 MB; wide pictures work best. Leave empty to keep the current one."
          >
            {settings.home.heroImage && (
              <img
                src={mediaUrl(mediaBase, settings.home.heroImage, 320)}
                // biome-ignore lint/a11y/noRedundantAlt: the owner's own hero picture, named as the form names it
                alt="The current hero picture"
                className="mt-1.5 h-20 rounded-md object-cover"
              />
            )}
            <input
              id="hero-picture"
              name="heroPicture"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              aria-describedby="hero-picture-hint"
              className={fileInputClass}
            />
          </Field>
          {settings.home.heroImage && (
            <CheckboxField
              id="remove-hero"
              name="removeHero"
              value="yes"
              label="Go back to the shop’s own picture"
              className="flex min-h-11 items-center gap-2"
              inputClassName="size-5 accent-leaf-700"
            />
          )}
          <TextField
            id="hero-alt"
            name="heroAlt"
            label="What the picture shows"
            defaultValue={value('home', 'heroAlt', settings.home.heroAlt)}
            error={error('home', 'heroAlt')}
            hint="Read out to customers who cannot see it."
          />
          <TextareaField
            id="featured"
            name="featured"
            label="Featured products"
            rows={4}
            defaultValue={value('home', 'featured', settings.featuredProductSlugs.join('\n'))}
            error={error('home', 'featured')}
            hint="One per line, by the name in its web address (freeze-dried-mango in /product/freeze-dried-mango/…). Empty: the best sellers."
          />
          <SaveButton label="Save home page" busy={busy} />
        </Form>
      </SettingsSectionFrame>
    </AdminPage>
  )
}
