import type { ChangeEventHandler, ReactNode } from 'react'
import { typedRupees } from '~/features/money/money'

// The one family of form fields (the shop's forms and the admin's): a label, the control, a hint and an error
// text, tied to the control for screen readers by `${id}-hint` and `${id}-error`. Messages come from the server's
// parseForm or the page's check before sending (app/http/form-result.ts), one per field name. A refused form takes the
// keyboard to its first error: focus-first-error.tsx.

/** The text-like control's look; red-bordered with an error. */
export const inputClass = (error?: string) =>
  `mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-earth-900 shadow-xs focus:outline-3 focus:outline-offset-0 focus:outline-turmeric-700 ${
    error ? 'border-red-600' : 'border-stone-300'
  }`

/** The file picker's look (the admin's pictures). */
export const fileInputClass =
  'mt-1.5 block w-full text-sm text-earth-900 file:mr-3 file:rounded-md file:border-0 file:bg-leaf-100 file:px-3 file:py-2 file:font-semibold file:text-leaf-900'

/** The control's aria-describedby: its hint and its error, when shown. */
export const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

/** What ties a control to its field: its id, and its error and hint for screen readers. */
export const controlProps = (id: string, error?: string, hint?: ReactNode) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(id, error, hint),
})

/** The message under a field (or a group of fields) that was refused; `children` follow it (a way out, like a button). */
export function FieldError({
  id,
  error,
  className = 'mt-1.5 text-sm font-medium text-red-700',
  role,
  children,
}: {
  id: string
  error?: string
  className?: string
  /** 'alert' when the message appears without the page reloading and must be read out. */
  role?: 'alert'
  children?: ReactNode
}) {
  return error ? (
    <p id={`${id}-error`} role={role} className={className} data-field-error>
      {error}
      {children}
    </p>
  ) : null
}

/** A labelled field: the control (children, made with `controlProps(id, error, hint)`), its hint and error. */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  labelClassName = 'block text-sm font-medium text-earth-900',
  errorClassName,
  children,
}: {
  id: string
  label: ReactNode
  error?: string
  hint?: ReactNode
  className?: string
  /** The label's class, when it must differ (read by screen readers only: 'sr-only'). */
  labelClassName?: string
  /** The error's class, when it must differ from FieldError's. */
  errorClassName?: string
  children: ReactNode
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-earth-600">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} className={errorClassName} />
    </div>
  )
}

type FieldProps = {
  name: string
  label: ReactNode
  /** The control's id; `field-<name>` when not given. */
  id?: string
  error?: string
  hint?: ReactNode
  required?: boolean
  /** The wrapper's class (grid placement). */
  className?: string
  /** The label's and the error's classes, when they must differ from Field's. */
  labelClassName?: string
  errorClassName?: string
  /** The control's own class, when it must differ from inputClass(error). */
  inputClassName?: string
}

const idOf = (props: { id?: string; name: string }) => props.id ?? `field-${props.name}`

/** What a field's frame (Field) takes of its props. */
const frameOf = (props: FieldProps) => ({
  id: idOf(props),
  label: props.label,
  error: props.error,
  hint: props.hint,
  className: props.className,
  labelClassName: props.labelClassName,
  errorClassName: props.errorClassName,
})

type TextFieldProps = FieldProps & {
  type?: 'text' | 'email' | 'tel' | 'password' | 'date' | 'search' | 'url'
  defaultValue?: string
  minLength?: number
  maxLength?: number
  autoComplete?: string
  inputMode?: 'email' | 'tel' | 'text' | 'numeric' | 'decimal' | 'search' | 'url'
  placeholder?: string
  pattern?: string
  autoCapitalize?: string
  spellCheck?: boolean
  /** A datalist's id: suggestions the field offers as it is typed in. */
  list?: string
  /** A field the page keeps in its state (typed in live): its value and what a keystroke does. */
  value?: string
  onChange?: ChangeEventHandler<HTMLInputElement>
}

/** A one-line text field (text, e-mail, phone, password, date). */
export function TextField(props: TextFieldProps) {
  const { name, error, hint, required, inputClassName, type = 'text', ...input } = props
  const id = idOf(props)
  return (
    <Field {...frameOf(props)}>
      <input
        {...controlProps(id, error, hint)}
        name={name}
        type={type}
        required={required}
        autoComplete={input.autoComplete}
        inputMode={input.inputMode}
        minLength={input.minLength}
        maxLength={input.maxLength}
        placeholder={input.placeholder}
        pattern={input.pattern}
        autoCapitalize={input.autoCapitalize}
        spellCheck={input.spellCheck}
        list={input.list}
        defaultValue={input.defaultValue}
        value={input.value}
        onChange={input.onChange}
        className={inputClassName ?? inputClass(error)}
      />
    </Field>
  )
}

type NumberFieldProps = FieldProps & {
  defaultValue?: string
  min?: string | number
  max?: string | number
  step?: string | number
  inputMode?: 'numeric' | 'decimal'
}

/** A number field (counts, months): the browser's number control, whole numbers unless `step` says otherwise. */
export function NumberField(props: NumberFieldProps) {
  const { name, error, hint, required, inputClassName, inputMode = 'numeric', min, max, step, defaultValue } = props
  const id = idOf(props)
  return (
    <Field {...frameOf(props)}>
      <input
        {...controlProps(id, error, hint)}
        name={name}
        type="number"
        required={required}
        inputMode={inputMode}
        min={min}
        step={step}
        max={max}
        defaultValue={defaultValue}
        className={inputClassName ?? inputClass(error)}
      />
    </Field>
  )
}

type MoneyFieldProps = FieldProps & {
  /** The amount now, in paise; shown in rupees as the product form always has ("40.5"). */
  paise?: number | null
  /** What was typed, shown again after a refusal (wins over `paise`). */
  defaultValue?: string
  /** 'number' for the browser's number control (the product prices), 'text' to let people type "₹1,000". */
  type?: 'text' | 'number'
  min?: string | number
  max?: string | number
  step?: string | number
  placeholder?: string
}

/**
 * An amount in rupees. The page shows and takes rupees; the server reads paise with the schema's `rupeesField`
 * (app/zod.ts) or the product form's price fields, the same parsing as before.
 */
export function MoneyField(props: MoneyFieldProps) {
  const { name, error, hint, required, inputClassName, paise, defaultValue, type = 'text', min, max, step, placeholder } = props
  const id = idOf(props)
  return (
    <Field {...frameOf(props)}>
      <input
        {...controlProps(id, error, hint)}
        name={name}
        type={type}
        required={required}
        inputMode="decimal"
        min={min}
        step={step}
        max={max}
        placeholder={placeholder}
        defaultValue={defaultValue ?? (paise === undefined || paise === null ? undefined : typedRupees(paise, { trailingZero: false }))}
        className={inputClassName ?? inputClass(error)}
      />
    </Field>
  )
}

type SelectFieldProps = FieldProps & {
  defaultValue?: string
  onChange?: ChangeEventHandler<HTMLSelectElement>
  /** The options. */
  children: ReactNode
}

export function SelectField(props: SelectFieldProps) {
  const { name, error, hint, required, inputClassName, defaultValue, onChange, children } = props
  const id = idOf(props)
  return (
    <Field {...frameOf(props)}>
      <select
        {...controlProps(id, error, hint)}
        name={name}
        required={required}
        defaultValue={defaultValue}
        onChange={onChange}
        className={inputClassName ?? inputClass(error)}
      >
        {children}
      </select>
    </Field>
  )
}

type TextareaFieldProps = FieldProps & {
  defaultValue?: string
  rows?: number
  minLength?: number
  maxLength?: number
  spellCheck?: boolean
}

export function TextareaField(props: TextareaFieldProps) {
  const { name, error, hint, required, inputClassName, defaultValue, rows, minLength, maxLength, spellCheck } = props
  const id = idOf(props)
  return (
    <Field {...frameOf(props)}>
      <textarea
        {...controlProps(id, error, hint)}
        name={name}
        required={required}
        rows={rows}
        minLength={minLength}
        maxLength={maxLength}
        spellCheck={spellCheck}
        defaultValue={defaultValue}
        className={inputClassName ?? inputClass(error)}
      />
    </Field>
  )
}

type CheckboxFieldProps = {
  name: string
  label: ReactNode
  id?: string
  /** What a ticked box sends ("on" when not given). */
  value?: string
  defaultChecked?: boolean
  required?: boolean
  error?: string
  /** A line under the box that says what ticking it does. */
  hint?: ReactNode
  /** The row's class: the box and its label side by side. */
  className?: string
  inputClassName?: string
  errorClassName?: string
}

/** A tick box inside its label; its hint and error, when any, follow the label. */
export function CheckboxField(props: CheckboxFieldProps) {
  const {
    name,
    label,
    value,
    defaultChecked,
    required,
    error,
    hint,
    errorClassName = 'text-sm font-medium text-red-700',
    className = 'inline-flex min-h-11 items-center gap-2 text-earth-900',
    inputClassName = 'h-5 w-5 accent-leaf-700',
  } = props
  const id = idOf(props)
  return (
    <>
      <label className={className}>
        {/* No value attribute unless given: React would hydrate `value={undefined}` as "", and a ticked box would send "". */}
        <input
          {...controlProps(id, error, hint)}
          name={name}
          type="checkbox"
          {...(value === undefined ? {} : { value })}
          defaultChecked={defaultChecked}
          required={required}
          className={inputClassName}
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-earth-600">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} className={errorClassName} />
    </>
  )
}

type RadioGroupFieldProps = {
  name: string
  /** What the choice is about: the group's legend. */
  legend: ReactNode
  options: ReadonlyArray<{ value: string; label: ReactNode }>
  defaultValue?: string
  /** The group's id, for its hint and error; `field-<name>` when not given. */
  id?: string
  error?: string
  hint?: ReactNode
  /** The fieldset's class (grid placement). */
  className?: string
  legendClassName?: string
  /** The row of options, each option's label (the button beside its text), and the button's own class. */
  optionsClassName?: string
  optionClassName?: string
  inputClassName?: string
}

/** One choice among a few, each a radio button beside its label, in a fieldset named by its legend. */
export function RadioGroupField(props: RadioGroupFieldProps) {
  const {
    name,
    legend,
    options,
    defaultValue,
    error,
    hint,
    className,
    legendClassName = 'block text-sm font-medium text-earth-900',
    optionsClassName = 'mt-2 flex gap-4',
    optionClassName = 'inline-flex min-h-11 items-center gap-2 text-earth-900',
    inputClassName = 'h-5 w-5 accent-leaf-700',
  } = props
  const id = idOf(props)
  return (
    <fieldset className={className} aria-describedby={describedBy(id, error, hint)}>
      <legend className={legendClassName}>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-earth-600">
          {hint}
        </p>
      )}
      <div className={optionsClassName}>
        {options.map((option) => (
          <label key={option.value} className={optionClassName}>
            <input
              type="radio"
              name={name}
              aria-invalid={error ? true : undefined}
              value={option.value}
              defaultChecked={defaultValue === option.value}
              className={inputClassName}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  )
}
