import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { primaryButton } from '~/components/catalogue/styles'
import { FormTokenField } from '~/components/forms/form-token-field'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import type { SettingsFormResult } from '~/features/settings/settings-slice'
import { m } from '~/i18n/paraglide/messages.js'
import { ActionOutcome } from './admin-page'

export type SectionOutcome = { ok: true; message: string } | { ok: false; error: string }

/**
 * A section of a settings page (/dash/settings, /dash/shop) with its own form: the heading, why it matters, an
 * optional notice, the outcome of its last save, then the form.
 */
export function SettingsSectionFrame(props: {
  id: string
  title: string
  intro: ReactNode
  notice?: ReactNode
  outcome?: SectionOutcome
  children: ReactNode
}) {
  const { id, title, intro, notice, outcome, children } = props
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold text-leaf-800">
        {title}
      </h2>
      <p className="mt-2 max-w-2xl text-earth-700">{intro}</p>
      {notice && <p className="mt-4 max-w-2xl rounded-lg border border-turmeric-400 bg-turmeric-100 p-3 text-earth-900">{notice}</p>}
      <ActionOutcome message={outcome?.ok ? outcome.message : undefined} error={outcome && !outcome.ok ? outcome.error : undefined} />
      <FocusFirstError failure={outcome && !outcome.ok ? outcome : undefined} />
      {children}
    </section>
  )
}

/** A settings form's button, "Saving..." while it posts. */
export function SaveButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <div>
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? m.settings_saving() : label}
      </button>
    </div>
  )
}

/**
 * A section of /dash/settings with its own small form (tagged by `intent`, which the action reads): the heading, why
 * it matters, the outcome of its last save, its fields (the form family's, children) and its button.
 */
export function SettingsSection(props: {
  id: string
  title: string
  intro: ReactNode
  notice?: ReactNode
  intent: string
  outcome?: SectionOutcome
  submit: string
  busy: boolean
  children: ReactNode
}) {
  const { id, title, intro, notice, intent, outcome, submit, busy, children } = props
  return (
    <SettingsSectionFrame id={id} title={title} intro={intro} notice={notice} outcome={outcome}>
      <Form method="post" className="mt-6 grid max-w-md gap-5 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm" noValidate>
        <FormTokenField />
        <input type="hidden" name="intent" value={intent} />
        {children}
        <SaveButton label={submit} busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}

/** The props of a slice's section: its fields as saved, its last result (if it was this section's), and whether a form posts. */
export type SettingsSectionProps<Field extends string> = { values: Record<Field, string>; result?: SettingsFormResult; busy: boolean }

/** A section's values as shown: what was typed when its save was refused, else what is saved. */
export function shownValues<Field extends string>({ values, result }: Pick<SettingsSectionProps<Field>, 'values' | 'result'>) {
  const failed = result && !result.ok ? result : undefined
  return {
    values: { ...values, ...failed?.values } as Record<Field, string>,
    errors: (failed?.fieldErrors ?? {}) as Partial<Record<Field, string>>,
  }
}

/**
 * What a settings field takes from its section's values (shownValues): its id (its name, as the page has always
 * had it), name, value as shown and refusal.
 */
export function settingsField<Field extends string>(
  shown: { values: Record<Field, string>; errors: Partial<Record<Field, string>> },
  name: Field,
) {
  return { id: name, name, defaultValue: shown.values[name], error: shown.errors[name] }
}
