import { Form } from 'react-router'
import { CheckboxField, controlProps, Field, fileInputClass } from '~/components/forms/fields'
import { FormTokenField } from '~/components/forms/form-token-field'
import { useMediaBase } from '~/components/layout/use-shop-settings'
import { mediaUrl } from '~/features/media/media-url'
import type { ShopSettings } from '~/features/settings/shop-settings'
import { m } from '~/i18n/paraglide/messages.js'
import { SaveButton, SettingsSectionFrame } from './settings-section'
import type { ShopFormOutcome } from './shop-details-sections'

/** The header's logo, uploaded as a picture (issue 39, decision 070); without one the header shows the shop's name. */
export function LogoSection({ settings, outcome, busy }: { settings: ShopSettings; outcome?: ShopFormOutcome; busy: boolean }) {
  const mediaBase = useMediaBase()
  const error = outcome && !outcome.ok ? outcome.fieldErrors.logo : undefined
  const { logo } = settings
  return (
    <SettingsSectionFrame id="logo" title={m.settings_logo_title()} intro={m.settings_logo_intro()} outcome={outcome}>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-6 grid max-w-2xl gap-5 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm"
        noValidate
      >
        <FormTokenField />
        <input type="hidden" name="intent" value="logo" />
        <Field id="logo-file" label={m.settings_logo_label()} error={error} hint={m.settings_logo_hint()}>
          {logo && (
            <img
              src={mediaUrl(mediaBase, logo.key, 640)}
              alt={m.settings_logo_current()}
              width={logo.width}
              height={logo.height}
              className="mt-1.5 h-9 w-auto"
            />
          )}
          <input
            {...controlProps('logo-file', error, true)}
            name="logo"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className={fileInputClass}
          />
        </Field>
        {logo && (
          <CheckboxField
            id="remove-logo"
            name="removeLogo"
            value="yes"
            label={m.settings_logo_remove()}
            className="flex min-h-11 items-center gap-2"
            inputClassName="size-5 accent-leaf-700"
          />
        )}
        <SaveButton label={m.settings_logo_save()} busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}
