import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { CheckboxField, TextareaField, TextField } from '~/components/forms/fields'
import type { ClaimField } from '~/features/catalogue/home-claims'
import { FREE_DELIVERY_TOKEN } from '~/features/settings/shop-settings'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * The home page's claims on /dash/shop (issue 39): the tagline, three promises and the story, in the owner's words,
 * and the box that confirms them; until it is ticked the home page marks them as demo text.
 */
export function ClaimsSection({ busy, demo, ...props }: SettingsSectionProps<ClaimField> & { demo: boolean }) {
  const shown = shownValues(props)
  const confirmed = props.values.confirmClaims === 'yes'
  const notice = confirmed ? undefined : demo ? m.settings_claims_demo_notice() : m.settings_claims_unconfirmed_notice()
  return (
    <SettingsSection
      id="claims"
      title={m.settings_claims_title()}
      intro={m.settings_claims_intro()}
      notice={notice}
      intent="claims"
      outcome={props.result}
      submit={m.settings_claims_save()}
      busy={busy}
    >
      <TextField
        {...settingsField(shown, 'claimTagline')}
        label={m.settings_field_tagline()}
        hint={m.settings_claims_tagline_hint()}
        maxLength={80}
      />
      {([1, 2, 3] as const).map((n) => (
        <div key={n} className="grid gap-3">
          <TextField {...settingsField(shown, `promise${n}Title`)} label={m.settings_claims_promise({ n })} maxLength={60} />
          <TextField
            {...settingsField(shown, `promise${n}Text`)}
            label={m.settings_claims_promise_line({ n })}
            hint={n === 3 ? m.settings_claims_token_hint({ token: FREE_DELIVERY_TOKEN }) : undefined}
            maxLength={200}
          />
        </div>
      ))}
      <TextareaField
        {...settingsField(shown, 'story')}
        label={m.settings_claims_story()}
        hint={m.settings_claims_story_hint()}
        rows={8}
        maxLength={2000}
      />
      <CheckboxField
        id="confirmClaims"
        name="confirmClaims"
        value="yes"
        defaultChecked={shown.values.confirmClaims === 'yes'}
        error={shown.errors.confirmClaims}
        label={m.settings_claims_confirm()}
      />
    </SettingsSection>
  )
}
