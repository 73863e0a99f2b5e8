import { type FormEvent, type ReactNode, useState } from 'react'
import { useLocation, useNavigation } from 'react-router'
import type { z } from 'zod'
import { type FieldErrors, parseForm } from '~/http/form-result'
import { primaryButton } from '../catalogue/styles'

/** The frame of the account pages: a narrow card with a heading. */
export function AccountPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <section aria-labelledby="account-title" className="rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm sm:p-8">
        <h1 id="account-title" className="font-serif text-2xl font-semibold text-earth-900 sm:text-3xl">
          {title}
        </h1>
        {intro && <div className="mt-2 text-earth-700">{intro}</div>}
        {children}
      </section>
    </div>
  )
}

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" disabled={busy} aria-disabled={busy} className={`${primaryButton} w-full rounded-full disabled:cursor-wait`}>
      {busy ? busyLabel : label}
    </button>
  )
}

/** The red failure message (role=alert, read out when it appears). */
export function FormError({ message, reason }: { message?: string; reason?: string }) {
  return (
    <div role="alert">
      {message && (
        <div data-form-error className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          <p className="font-semibold text-red-700">{message}</p>
          {reason && <p className="mt-1">{reason}</p>}
        </div>
      )}
    </div>
  )
}

export function FormNotice({ message, children }: { message?: string; children?: ReactNode }) {
  return (
    <div role="status">
      {message && (
        <div className="mt-4 rounded-lg border border-leaf-200 bg-leaf-50 px-4 py-3 font-medium text-leaf-800">
          <p>{message}</p>
          {children}
        </div>
      )}
    </div>
  )
}

/** Whether this page's form is on its way to the server (the button shows "…ing..." meanwhile). */
export function useFormBusy() {
  const navigation = useNavigation()
  const { pathname } = useLocation()
  const action = navigation.formAction?.split('?')[0]?.toLowerCase()
  return navigation.state === 'submitting' && navigation.formMethod === 'POST' && action === pathname.toLowerCase()
}

/**
 * Checks the form with the same schema as the server before it is sent, and shows the messages beside the
 * fields. The server checks again; without JavaScript only it does. `refusal` marks each refusal, the browser's or
 * the server's (`failed`, its answer), for <FocusFirstError>.
 */
export function useFieldErrors(schema: z.ZodType, failed: { fieldErrors?: FieldErrors } | undefined) {
  const serverErrors = failed?.fieldErrors
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const [refusal, setRefusal] = useState<object | undefined>(failed)
  const [lastFailed, setLastFailed] = useState(failed)
  // A new answer from the server replaces what the browser found.
  if (failed !== lastFailed) {
    setLastFailed(failed)
    setClientErrors(null)
    setRefusal(failed)
  }
  const errors = clientErrors ?? serverErrors ?? {}

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    const parsed = parseForm(new FormData(form), schema)
    if (parsed.ok) {
      setClientErrors(null)
      return
    }
    event.preventDefault()
    setClientErrors(parsed.fieldErrors)
    setRefusal({})
  }

  function clearFieldError(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name
    if (errors[name]) {
      const { [name]: _, ...rest } = errors
      setClientErrors(rest)
    }
  }

  return { errors, refusal, checkBeforeSending, clearFieldError }
}
