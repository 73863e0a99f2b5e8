import { Form } from 'react-router'
import { CheckboxField, controlProps, Field, fileInputClass, TextareaField, TextField } from '~/components/forms/fields'
import { FormTokenField } from '~/components/forms/form-token-field'
import { useMediaBase } from '~/components/layout/use-shop-settings'
import { mediaUrl } from '~/features/media/media-url'
import {
  type ADDRESS_FIELDS,
  addressField,
  FREE_DELIVERY_TOKEN,
  MAX_ADDRESSES,
  type ShopAddress,
  type ShopSettings,
} from '~/features/settings/shop-settings'
import type { FieldErrors } from '~/http/form-result'
import { SaveButton, SettingsSectionFrame } from './settings-section'

// The sections of /dash/shop (routes/admin-shop.tsx), each with its own form and the outcome of its last save.

/** Each section's form; the last ones save a settings slice (features/settings/slices.ts). */
export type ShopFormName = 'details' | 'addresses' | 'grievance' | 'home' | 'logo' | 'mail-sender' | 'claims'
export type ShopFormOutcome =
  | { form: ShopFormName; ok: true; message: string }
  | { form: ShopFormName; ok: false; error: string; fieldErrors: FieldErrors; values: Record<string, string> }

/** A section's props: the saved settings, its own last outcome (if the last post was its), and whether a form posts. */
type SectionProps = { settings: ShopSettings; outcome?: ShopFormOutcome; busy: boolean }

const formClass = 'mt-6 grid max-w-2xl gap-5 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm'

/** What a refused save typed (shown again over the saved value), and the refusal of each field. */
function shownOf(outcome: ShopFormOutcome | undefined) {
  const failed = outcome && !outcome.ok ? outcome : undefined
  return {
    failed,
    value: (name: string, saved: string) => failed?.values[name] ?? saved,
    error: (name: string) => failed?.fieldErrors[name],
  }
}

/** The shop's name and contacts. */
export function DetailsSection({ settings, outcome, busy }: SectionProps) {
  const { value, error } = shownOf(outcome)
  return (
    <SettingsSectionFrame
      id="details"
      title="Name and contacts"
      intro="The name in the header and the tab, the phone and e-mail in the footer, and the WhatsApp button."
      outcome={outcome}
    >
      <Form method="post" className={formClass} noValidate>
        <FormTokenField />
        <input type="hidden" name="intent" value="details" />
        <TextField
          required
          id="shop-name"
          name="shopName"
          label="Shop name"
          defaultValue={value('shopName', settings.shopName)}
          error={error('shopName')}
        />
        <TextField
          required
          id="tagline"
          name="tagline"
          label="Tagline"
          defaultValue={value('tagline', settings.tagline)}
          error={error('tagline')}
        />
        <TextField
          required
          id="shop-phone"
          name="phone"
          label="Phone"
          type="tel"
          defaultValue={value('phone', settings.phone)}
          error={error('phone')}
          hint="Shown in the footer and dialled for bulk orders."
        />
        <TextField
          required
          id="whatsapp"
          name="whatsappNumber"
          label="WhatsApp number"
          type="tel"
          defaultValue={value('whatsappNumber', settings.whatsappNumber)}
          error={error('whatsappNumber')}
          hint="With the country code, like 919443021876: the WhatsApp button opens a chat with it."
        />
        <TextField
          required
          id="shop-email"
          name="email"
          label="E-mail"
          type="email"
          defaultValue={value('email', settings.email)}
          error={error('email')}
        />
        <SaveButton label="Save name and contacts" busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}

/** Every address of the shop; the first is the registered one. */
export function AddressesSection({ settings, outcome, busy }: SectionProps) {
  const { failed, error } = shownOf(outcome)
  // The saved addresses, and one empty row to add another (up to the limit); a refused form shows what was typed.
  const addressRows: ShopAddress[] = [...settings.addresses]
  if (addressRows.length < MAX_ADDRESSES) addressRows.push({ label: '', lines: [], phone: '', email: '', hours: '' })
  const typedAddresses = failed?.values
  return (
    <SettingsSectionFrame
      id="addresses"
      title="Addresses"
      intro="Every place customers may visit, call or write to: the contact page lists them all. The first is the shop's registered address, printed in the footer and on new invoices."
      outcome={outcome}
    >
      <Form method="post" className={formClass} noValidate>
        <FormTokenField />
        <input type="hidden" name="intent" value="addresses" />
        {addressRows.map((address, index) => {
          const isNew = index === settings.addresses.length
          const typed = (field: (typeof ADDRESS_FIELDS)[number], saved: string) => typedAddresses?.[addressField(index, field)] ?? saved
          const err = (field: (typeof ADDRESS_FIELDS)[number]) => error(addressField(index, field))
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
  )
}

/** The grievance officer the e-commerce rules ask for. */
export function GrievanceSection({ settings, outcome, busy }: SectionProps) {
  const { value, error } = shownOf(outcome)
  return (
    <SettingsSectionFrame
      id="grievance"
      title="Grievance officer"
      intro="The Consumer Protection (E-Commerce) Rules, 2020 ask the shop to name a grievance officer with their designation and contacts, and to acknowledge a complaint within 48 hours. The grievance page and the contact page show them."
      outcome={outcome}
    >
      <Form method="post" className={formClass} noValidate>
        <FormTokenField />
        <input type="hidden" name="intent" value="grievance" />
        <TextField
          required
          id="officer-name"
          name="name"
          label="Name"
          defaultValue={value('name', settings.grievanceOfficer.name)}
          error={error('name')}
        />
        <TextField
          required
          id="officer-designation"
          name="designation"
          label="Designation"
          defaultValue={value('designation', settings.grievanceOfficer.designation)}
          error={error('designation')}
        />
        <TextField
          required
          id="officer-phone"
          name="phone"
          label="Phone"
          type="tel"
          defaultValue={value('phone', settings.grievanceOfficer.phone)}
          error={error('phone')}
        />
        <TextField
          required
          id="officer-email"
          name="email"
          label="E-mail"
          type="email"
          defaultValue={value('email', settings.grievanceOfficer.email)}
          error={error('email')}
        />
        <SaveButton label="Save grievance officer" busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}

/** The home page's texts, hero picture and featured products. */
export function HomeSection({ settings, outcome, busy }: SectionProps) {
  const { value, error } = shownOf(outcome)
  const mediaBase = useMediaBase()
  return (
    <SettingsSectionFrame
      id="home"
      title="Home page"
      intro="The first thing customers see: the welcome heading, the picture, the announcement above every page, and the products shown first."
      outcome={outcome}
    >
      <Form method="post" encType="multipart/form-data" className={formClass} noValidate>
        <FormTokenField />
        <input type="hidden" name="intent" value="home" />
        <TextField
          required
          id="home-heading"
          name="heading"
          label="Welcome heading"
          defaultValue={value('heading', settings.home.heading)}
          error={error('heading')}
        />
        <TextareaField
          required
          id="home-paragraph"
          name="paragraph"
          label="Brand paragraph"
          rows={5}
          defaultValue={value('paragraph', settings.home.paragraph)}
          error={error('paragraph')}
        />
        <TextField
          id="home-announcement"
          name="announcement"
          label="Announcement strip"
          defaultValue={value('announcement', settings.home.announcement)}
          error={error('announcement')}
          hint={`Shown above every page; leave empty for none. ${FREE_DELIVERY_TOKEN} stands for the free-delivery threshold of the moment.`}
        />
        <Field
          id="hero-picture"
          label="Hero picture"
          error={error('heroPicture')}
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
            {...controlProps('hero-picture', error('heroPicture'), true)}
            name="heroPicture"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
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
          defaultValue={value('heroAlt', settings.home.heroAlt)}
          error={error('heroAlt')}
          hint="Read out to customers who cannot see it."
        />
        <TextareaField
          id="featured"
          name="featured"
          label="Featured products"
          rows={4}
          defaultValue={value('featured', settings.featuredProductSlugs.join('\n'))}
          error={error('featured')}
          hint="One per line, by the name in its web address (freeze-dried-mango in /product/freeze-dried-mango/…). Empty: the best sellers."
        />
        <SaveButton label="Save home page" busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}
