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
import { m } from '~/i18n/paraglide/messages.js'
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
    <SettingsSectionFrame id="details" title={m.settings_details_title()} intro={m.settings_details_intro()} outcome={outcome}>
      <Form method="post" className={formClass} noValidate>
        <FormTokenField />
        <input type="hidden" name="intent" value="details" />
        <TextField
          required
          id="shop-name"
          name="shopName"
          label={m.settings_field_shop_name()}
          defaultValue={value('shopName', settings.shopName)}
          error={error('shopName')}
        />
        <TextField
          required
          id="tagline"
          name="tagline"
          label={m.settings_field_tagline()}
          defaultValue={value('tagline', settings.tagline)}
          error={error('tagline')}
        />
        <TextField
          required
          id="shop-phone"
          name="phone"
          label={m.settings_field_phone()}
          type="tel"
          defaultValue={value('phone', settings.phone)}
          error={error('phone')}
          hint={m.settings_phone_hint()}
        />
        <TextField
          required
          id="whatsapp"
          name="whatsappNumber"
          label={m.settings_whatsapp_label()}
          type="tel"
          defaultValue={value('whatsappNumber', settings.whatsappNumber)}
          error={error('whatsappNumber')}
          hint={m.settings_whatsapp_hint()}
        />
        <TextField
          required
          id="shop-email"
          name="email"
          label={m.settings_field_email()}
          type="email"
          defaultValue={value('email', settings.email)}
          error={error('email')}
        />
        <SaveButton label={m.settings_details_save()} busy={busy} />
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
    <SettingsSectionFrame id="addresses" title={m.settings_addresses_title()} intro={m.settings_addresses_intro()} outcome={outcome}>
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
                  ? m.settings_address_add()
                  : index === 0
                    ? m.settings_address_registered({ label: address.label })
                    : m.settings_address_numbered({ number: index + 1, label: address.label })}
              </legend>
              <TextField
                id={addressField(index, 'label')}
                name={addressField(index, 'label')}
                label={m.settings_field_label()}
                defaultValue={typed('label', address.label)}
                error={err('label')}
                required={!isNew}
                hint={m.settings_address_label_hint()}
              />
              <TextField
                id={addressField(index, 'hours')}
                name={addressField(index, 'hours')}
                label={m.settings_field_hours()}
                defaultValue={typed('hours', address.hours)}
                error={err('hours')}
              />
              <TextareaField
                id={addressField(index, 'lines')}
                name={addressField(index, 'lines')}
                label={m.settings_address_field()}
                rows={3}
                defaultValue={typed('lines', address.lines.join('\n'))}
                error={err('lines')}
                required={!isNew}
                hint={m.settings_address_lines_hint()}
              />
              <div className="grid gap-4">
                <TextField
                  id={addressField(index, 'phone')}
                  name={addressField(index, 'phone')}
                  label={m.settings_field_phone()}
                  type="tel"
                  defaultValue={typed('phone', address.phone)}
                  error={err('phone')}
                />
                <TextField
                  id={addressField(index, 'email')}
                  name={addressField(index, 'email')}
                  label={m.settings_field_email()}
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
                  label={m.settings_address_remove()}
                  className="flex min-h-11 items-center gap-2 sm:col-span-2"
                  inputClassName="size-5 accent-leaf-700"
                />
              )}
            </fieldset>
          )
        })}
        <SaveButton label={m.settings_addresses_save()} busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}

/** The grievance officer the e-commerce rules ask for. */
export function GrievanceSection({ settings, outcome, busy }: SectionProps) {
  const { value, error } = shownOf(outcome)
  return (
    <SettingsSectionFrame id="grievance" title={m.settings_grievance_title()} intro={m.settings_grievance_intro()} outcome={outcome}>
      <Form method="post" className={formClass} noValidate>
        <FormTokenField />
        <input type="hidden" name="intent" value="grievance" />
        <TextField
          required
          id="officer-name"
          name="name"
          label={m.settings_field_name()}
          defaultValue={value('name', settings.grievanceOfficer.name)}
          error={error('name')}
        />
        <TextField
          required
          id="officer-designation"
          name="designation"
          label={m.settings_field_designation()}
          defaultValue={value('designation', settings.grievanceOfficer.designation)}
          error={error('designation')}
        />
        <TextField
          required
          id="officer-phone"
          name="phone"
          label={m.settings_field_phone()}
          type="tel"
          defaultValue={value('phone', settings.grievanceOfficer.phone)}
          error={error('phone')}
        />
        <TextField
          required
          id="officer-email"
          name="email"
          label={m.settings_field_email()}
          type="email"
          defaultValue={value('email', settings.grievanceOfficer.email)}
          error={error('email')}
        />
        <SaveButton label={m.settings_grievance_save()} busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}

/** The home page's texts, hero picture and featured products. */
export function HomeSection({ settings, outcome, busy }: SectionProps) {
  const { value, error } = shownOf(outcome)
  const mediaBase = useMediaBase()
  return (
    <SettingsSectionFrame id="home" title={m.settings_home_title()} intro={m.settings_home_intro()} outcome={outcome}>
      <Form method="post" encType="multipart/form-data" className={formClass} noValidate>
        <FormTokenField />
        <input type="hidden" name="intent" value="home" />
        <TextField
          required
          id="home-heading"
          name="heading"
          label={m.settings_field_heading()}
          defaultValue={value('heading', settings.home.heading)}
          error={error('heading')}
        />
        <TextareaField
          required
          id="home-paragraph"
          name="paragraph"
          label={m.settings_field_paragraph()}
          rows={5}
          defaultValue={value('paragraph', settings.home.paragraph)}
          error={error('paragraph')}
        />
        <TextField
          id="home-announcement"
          name="announcement"
          label={m.settings_announcement_label()}
          defaultValue={value('announcement', settings.home.announcement)}
          error={error('announcement')}
          hint={m.settings_announcement_hint({ token: FREE_DELIVERY_TOKEN })}
        />
        <Field id="hero-picture" label={m.settings_hero_label()} error={error('heroPicture')} hint={m.settings_hero_hint()}>
          {settings.home.heroImage && (
            <img
              src={mediaUrl(mediaBase, settings.home.heroImage, 320)}
              alt={m.settings_hero_current()}
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
            label={m.settings_hero_remove()}
            className="flex min-h-11 items-center gap-2"
            inputClassName="size-5 accent-leaf-700"
          />
        )}
        <TextField
          id="hero-alt"
          name="heroAlt"
          label={m.settings_hero_alt_label()}
          defaultValue={value('heroAlt', settings.home.heroAlt)}
          error={error('heroAlt')}
          hint={m.settings_hero_alt_hint()}
        />
        <TextareaField
          id="featured"
          name="featured"
          label={m.settings_featured_label()}
          rows={4}
          defaultValue={value('featured', settings.featuredProductSlugs.join('\n'))}
          error={error('featured')}
          hint={m.settings_featured_hint()}
        />
        <SaveButton label={m.settings_home_save()} busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}
