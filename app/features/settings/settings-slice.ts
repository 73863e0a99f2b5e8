import type { z } from '~/zod'

/*
 * A feature's part of the shop's settings (issue 38): its values and their defaults here, where every page may read
 * them, and how its section of /dash/settings reads, checks and saves them in a module of its own, loaded on the
 * server when asked. The storefront's scripts want a slice's defaults, never its schemas, and so load no Zod for them.
 * A feature defines its slice in its own folder; settings/slices.ts registers it with one line.
 */

/** What the admin's browser posted: each field's text, or undefined when it sent none (a clear checkbox). */
export type PostedForm = Record<string, string | undefined>

/** How a slice is read from the saved settings, and how its section's form is read, checked and answered. */
export type SliceForm<Value, Field extends string> = {
  /** The slice's part of the saved settings, checked on every read and save (unknown keys are dropped). */
  stored: z.ZodType<Value>
  /** The section's fields as the owner typed them (blank when not sent), cut to a sane length: shown again beside a refusal. */
  typed(posted: Record<Field, string>): Record<Field, string>
  /** The typed fields into the value to save; a refusal names its field. */
  form: z.ZodType<Value>
  /** A saved value as the section's fields show it. */
  shown(value: Value): Record<Field, string>
  /** What a save did, in a sentence or two for the owner. */
  saved(value: Value): string
  /** The line above a refused form, when the section words it its own way. */
  refused?: string | (() => string)
}

export type SettingsSlice<Key extends string, Value extends object, Field extends string> = {
  /** The section's name: the `intent` its form posts, and what its result is tagged with. */
  key: Key
  /** The slice's keys in the settings, with the values a new shop starts with. */
  defaults: Value
  /** The names of its section's form fields. */
  fields: readonly Field[]
  /** Its form module, loaded when the server first asks (see onServerOnly). */
  form(): Promise<SliceForm<Value, Field>>
}

/**
 * A slice's `form` in the browser, which never saves settings. Each slice's `form` loads its module behind
 * `import.meta.env.SSR`, so the browser's build leaves the module, its Zod and Vite's preloading helper out of the
 * scripts every page loads.
 */
export function onServerOnly(): never {
  throw new Error('A settings form module is loaded on the server only.')
}

/** Defines a slice, keeping its key and field names as literal types. */
export function settingsSlice<const Key extends string, Value extends object, const Field extends string>(
  slice: SettingsSlice<Key, Value, Field>,
) {
  return slice
}

export type AnySlice = SettingsSlice<string, object, string>

/** A slice's value type. */
export type SliceValue<S> = S extends SettingsSlice<string, infer Value, string> ? Value : never

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never

/** The settings the slices of `Slices` hold together. */
export type SlicesValue<Slices extends readonly AnySlice[]> = Intersection<SliceValue<Slices[number]>>

/** Each section's fields as its form shows them, by section. */
export type SlicesFormValues<Slices extends readonly AnySlice[]> = {
  [S in Slices[number] as S['key']]: Record<S['fields'][number], string>
}

/**
 * What saving a section gives its page, the same for every section: the message, or the refusals beside their
 * fields with what was typed. `form` is the section's key.
 */
export type SettingsFormResult<Field extends string = string> =
  | { form: string; ok: true; message: string }
  | { form: string; ok: false; error: string; fieldErrors: Partial<Record<Field, string>>; values: Partial<Record<Field, string>> }
