import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { focusRing } from '../catalogue/styles'
import { formatIndiaDate as formatDate, formatIndiaDateTime as formatDateTime } from '~/features/dates/india-time'
import { m } from '~/i18n/paraglide/messages.js'

/** The frame of the admin's pages: a way back to the dashboard, the heading, then the page. */
export function AdminPage({ title, back, children }: { title: ReactNode; back?: { to: string; label: string }; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap gap-2 text-sm">
          <li>
            <Link to="/dash" className={`font-medium text-leaf-800 underline underline-offset-2 ${focusRing}`}>
              {m.admin_dashboard()}
            </Link>
          </li>
          {back && (
            <li className="before:mr-2 before:text-earth-600 before:content-['/']">
              <Link to={back.to} className={`font-medium text-leaf-800 underline underline-offset-2 ${focusRing}`}>
                {back.label}
              </Link>
            </li>
          )}
        </ol>
      </nav>
      <h1 className="mt-2 font-serif text-3xl font-semibold text-earth-900">{title}</h1>
      {children}
    </div>
  )
}

/**
 * The answer to the page's last form: a success in a polite status region, a refusal in an alert region.
 * Both regions are always present, so screen readers announce what appears in them.
 */
export function ActionOutcome({ message, error }: { message?: string; error?: string }) {
  return (
    <div className="mt-4 grid gap-3">
      <div role="status" aria-live="polite">
        {message && <p className="rounded-lg border border-leaf-200 bg-leaf-50 p-3 font-medium text-leaf-900">{message}</p>}
      </div>
      <div role="alert">
        {error && (
          <p data-form-error className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}

/** Tabs as plain links (they work without JavaScript); the current one is marked for screen readers too. */
export function FilterLinks({ label, links }: { label: string; links: { to: string; label: ReactNode; current: boolean }[] }) {
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              aria-current={link.current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border px-4 py-2 text-sm font-semibold ${focusRing} ${
                link.current ? 'border-leaf-700 bg-leaf-700 text-white' : 'border-stone-300 bg-white text-leaf-800 hover:bg-leaf-50'
              }`}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

// Every time on the admin pages reads in India's time (features/dates/india-time.ts).
export { formatDate, formatDateTime }

/** A <time> element showing India's time, with the exact instant for machines. */
export function Time({ value, dateOnly = false }: { value: Date | string; dateOnly?: boolean }) {
  const date = new Date(value)
  return <time dateTime={date.toISOString()}>{dateOnly ? formatDate(date) : formatDateTime(date)}</time>
}

export const inputClass =
  'mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-earth-900 shadow-xs focus:outline-3 focus:outline-offset-0 focus:outline-turmeric-700'

export const smallButton = `inline-flex min-h-11 items-center justify-center rounded-md border px-3 py-1.5 font-semibold whitespace-nowrap ${focusRing}`

/**
 * The box a wide table scrolls in on a phone. `relative` keeps the table's sr-only texts (absolutely placed)
 * inside it; otherwise they sit beyond the box's edge and widen the whole page.
 */
export const tableScroll = 'relative overflow-x-auto'
