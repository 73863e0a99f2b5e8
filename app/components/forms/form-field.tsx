import type { ReactNode } from 'react'

// Every form's field (contact, account pages, the admin's product form): one label, one hint and one error text,
// tied to the control for screen readers by these ids.

/** The text-like control's look; red-bordered with an error. */
export const inputClass = (error?: string) =>
  `mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-earth-900 shadow-xs focus:outline-3 focus:outline-offset-0 focus:outline-turmeric-700 ${
    error ? 'border-red-600' : 'border-stone-300'
  }`

/** The control's aria-describedby: its hint and its error, when shown. */
export const describedBy = (id: string, error?: string, hint?: string) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

/** A labelled field: the control (children, with `id` and `aria-describedby={describedBy(id, error, hint)}`), its hint and error. */
export function FormField({ id, label, error, hint, className, children }: { id: string; label: string; error?: string; hint?: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-earth-900">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-earth-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
