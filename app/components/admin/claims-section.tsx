import { SettingsSection, type SettingsSectionProps, settingsField, shownValues } from '~/components/admin/settings-section'
import { CheckboxField, TextareaField, TextField } from '~/components/forms/fields'
import type { ClaimField } from '~/features/catalogue/home-claims'
import { FREE_DELIVERY_TOKEN } from '~/features/settings/shop-settings'

const ORGANIC_RULE = 'a claim of organic needs certification (FSSAI Food Safety and Standards (Organic Foods) Regulations, 2017)'

/**
 * The home page's claims on /dash/shop (issue 39): the tagline, three promises and the story, in the owner's words,
 * and the box that confirms them; until it is ticked the home page marks them as demo text.
 */
export function ClaimsSection({ busy, demo, ...props }: SettingsSectionProps<ClaimField> & { demo: boolean }) {
  const shown = shownValues(props)
  const confirmed = props.values.confirmClaims === 'yes'
  const notice = confirmed
    ? undefined
    : demo
      ? `These are the demo shop’s claims; confirm or change them — ${ORGANIC_RULE}.`
      : `These claims are not confirmed: the home page marks them as demo text until you tick the box below — ${ORGANIC_RULE}.`
  return (
    <SettingsSection
      id="claims"
      title="What the home page claims"
      intro="The line above the welcome, the three promises below it and the story at the end of the home page. Say only what is true of your shop and what you can show; leave a field empty to leave it out."
      notice={notice}
      intent="claims"
      outcome={props.result}
      submit="Save the claims"
      busy={busy}
    >
      <TextField {...settingsField(shown, 'claimTagline')} label="Tagline" hint="Shown in capitals above the welcome." maxLength={80} />
      {([1, 2, 3] as const).map((n) => (
        <div key={n} className="grid gap-3">
          <TextField {...settingsField(shown, `promise${n}Title`)} label={`Promise ${n}`} maxLength={60} />
          <TextField
            {...settingsField(shown, `promise${n}Text`)}
            label={`Promise ${n}: its line`}
            hint={n === 3 ? `${FREE_DELIVERY_TOKEN} stands for the free-delivery threshold of the moment.` : undefined}
            maxLength={200}
          />
        </div>
      ))}
      <TextareaField {...settingsField(shown, 'story')} label="Story" hint="Paragraphs apart by an empty line." rows={8} maxLength={2000} />
      <CheckboxField
        id="confirmClaims"
        name="confirmClaims"
        value="yes"
        defaultChecked={shown.values.confirmClaims === 'yes'}
        error={shown.errors.confirmClaims}
        label="These claims are true of my shop, and a claim of organic is certified"
      />
    </SettingsSection>
  )
}
