import type { InputHTMLAttributes, ReactNode } from 'react'
import { Form } from 'react-router'
import { primaryButton } from '~/components/catalogue/styles'
import { FormTokenField } from '~/components/forms/form-token-field'
import type { SettingsFormResult } from '~/features/settings/settings-slice'
import { ActionOutcome, inputClass } from './admin-page'

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
      {children}
    </section>
  )
}

/** A settings form's button, "Saving..." while it posts. */
export function SaveButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <div>
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? 'Saving...' : label}
      </button>
    </div>
  )
}

/** A field's refusal, tied to its control by `id`. */
export function SettingsFieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null
}

/**
 * One field of a settings form: its label, hint, value as typed, the refusal beside it, and its input's own attributes;
 * `rows` makes it a text area, `optional` a field that may be left blank.
 */
export type SettingsField = {
  name: string
  label: string
  hint: string
  value: string
  error?: string
  input: InputHTMLAttributes<HTMLInputElement>
  rows?: number
  optional?: boolean
}

/** A settings field: its label, control, hint and error, the hint and error tied to the control for screen readers. */
export function SettingsFieldRow({ field }: { field: SettingsField }) {
  const common = {
    id: field.name,
    name: field.name,
    required: !field.optional,
    defaultValue: field.value,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': [`${field.name}-hint`, field.error ? `${field.name}-error` : ''].filter(Boolean).join(' '),
    className: `${inputClass} ${field.input.className ?? ''} ${field.error ? 'border-red-600' : 'border-stone-300'}`,
  }
  return (
    <div>
      <label htmlFor={field.name} className="block text-sm font-medium text-earth-900">
        {field.label}
      </label>
      {field.rows ? <textarea {...common} rows={field.rows} spellCheck={false} /> : <input {...field.input} {...common} />}
      <p id={`${field.name}-hint`} className="mt-1 text-sm text-earth-600">
        {field.hint}
      </p>
      <SettingsFieldError id={`${field.name}-error`} message={field.error} />
    </div>
  )
}

/**
 * A section of /dash/settings with its own small form (tagged by `intent`, which the action reads): the heading, why
 * it matters, the outcome of its last save, each field with its hint and error, and its button.
 */
export function SettingsSection(props: {
  id: string
  title: string
  intro: ReactNode
  notice?: ReactNode
  intent: string
  outcome?: SectionOutcome
  fields: SettingsField[]
  submit: string
  busy: boolean
}) {
  const { id, title, intro, notice, intent, outcome, fields, submit, busy } = props
  return (
    <SettingsSectionFrame id={id} title={title} intro={intro} notice={notice} outcome={outcome}>
      <Form method="post" className="mt-6 grid max-w-md gap-5 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm" noValidate>
        <FormTokenField />
        <input type="hidden" name="intent" value={intent} />
        {fields.map((field) => (
          <SettingsFieldRow key={field.name} field={field} />
        ))}
        <SaveButton label={submit} busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}

/** A tick box with its hint and refusal, as the payments form's "offered or not" needs. */
export function SettingsCheckbox(props: { name: string; label: string; hint: string; checked: boolean; error?: string }) {
  const { name, label, hint, checked, error } = props
  return (
    <div>
      <label htmlFor={name} className="inline-flex min-h-11 items-center gap-2 font-medium text-earth-900">
        <input
          type="checkbox"
          id={name}
          name={name}
          value="on"
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${name}-hint`, error ? `${name}-error` : ''].filter(Boolean).join(' ')}
          className="h-5 w-5 accent-leaf-700"
        />
        {label}
      </label>
      <p id={`${name}-hint`} className="mt-1 text-sm text-earth-600">
        {hint}
      </p>
      <SettingsFieldError id={`${name}-error`} message={error} />
    </div>
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
