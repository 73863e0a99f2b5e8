import { languageHeaders } from '~/i18n/language'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { data } from 'react-router'
import { siteOf, useShopSettings } from '~/components/layout/use-shop-settings'
import { JsonLdScript } from '~/components/findability/json-ld'
import { pageMeta, SHOP_SHARE_IMAGE } from '~/features/findability/page-meta'
import { shopJsonLd } from '~/features/findability/structured-data.server'
import { useHydrated } from '~/components/layout/use-hydrated'
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  contactSentMessage,
  type ContactField,
  type ContactFieldErrors,
  contactMessageSchema,
} from '~/features/contact/contact-message'
import { receiveContactMessage } from '~/features/contact/contact.server'
import { limitRequest, retryAfterHeaders } from '~/http/rate-limit.server'
import { formTooLarge, readSmallForm } from '~/http/forms.server'
import { parseForm } from '~/http/form-result'
import type { StorefrontSettings } from '~/features/settings/shop-settings'
import { TextareaField, TextField } from '~/components/forms/fields'
import { FocusFirstError, useRefusal } from '~/components/forms/focus-first-error'
import { ContactPlaces } from '~/components/contact/contact-places'
import type { Route } from './+types/contact'
import { formTokenOf } from '~/http/form-token.server'
import { FormTokenField } from '~/components/forms/form-token-field'
import { m } from '~/i18n/paraglide/messages.js'

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteOf(matches)
  return pageMeta({
    ...site,
    title: m.contact_meta_title({ shopName: site.shopName }),
    description: m.contact_meta_description({ shopName: site.shopName }),
    path: '/contact',
    image: SHOP_SHARE_IMAGE,
  })
}

/** The shop's details as structured data for search engines (the page shows them from the root's settings). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { jsonLd: await shopJsonLd(context, request), formToken: await formTokenOf(context) }
}

// A page's answer carries only the headers the route passes on: Retry-After when the form was refused for too many messages.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}

/** The contact form's own limit: server/app.ts's BODY_LIMITS gives /contact the same, for bodies read some other way. */
const CONTACT_MAX_BYTES = 32 * 1024

type FormValues = Record<ContactField, string>
type ActionResult = { ok: true; message: string } | { ok: false; fieldErrors: ContactFieldErrors; values: FormValues; error?: string }

/** The form post without JavaScript; with JavaScript the page posts JSON to /api/contact instead. */
export async function action({ request, context }: Route.ActionArgs) {
  const empty = { name: '', email: '', phone: '', message: '' }
  // The same limit as /api/contact (one count for both), counted before the body is read: oversized and invalid
  // posts count too. The form is still read, so the message stays in it for later.
  const refusal = await limitRequest(context, 'contact')
  // A message is at most a few kilobytes; a bigger post is read no further than that.
  const form = await readSmallForm(request, CONTACT_MAX_BYTES)
  if (!form) return formTooLarge<ActionResult>({ ok: false, fieldErrors: {}, values: empty, error: m.contact_too_long_to_send() })
  const values = Object.fromEntries(CONTACT_FIELDS.map((f) => [f, String(form[f] ?? '')])) as FormValues
  if (refusal) {
    return data<ActionResult>(
      { ok: false, fieldErrors: {}, values, error: refusal.message },
      { status: 429, headers: retryAfterHeaders(refusal) },
    )
  }
  const parsed = parseForm<typeof contactMessageSchema, ContactField>(values, contactMessageSchema)
  if (!parsed.ok) return data<ActionResult>({ ok: false, fieldErrors: parsed.fieldErrors, values }, { status: 400 })
  await receiveContactMessage(context.shop.db, parsed.values)
  return data<ActionResult>({ ok: true, message: contactSentMessage() })
}

type SendState =
  | { status: 'idle' | 'sending' }
  | { status: 'sent'; message: string }
  | { status: 'invalid'; fieldErrors: ContactFieldErrors; error?: string }
  | { status: 'failed'; error: string }

function stateFromAction(result: ActionResult | undefined): SendState {
  if (!result) return { status: 'idle' }
  if (result.ok) return { status: 'sent', message: result.message }
  return { status: 'invalid', fieldErrors: result.fieldErrors, error: result.error }
}

/** What to tell the visitor when the shop did not take the message. */
function failureMessage(status: number, serverMessage: string | undefined, settings: StorefrontSettings) {
  const fallback = m.contact_fallback({ email: settings.email, phone: settings.phone })
  if (status === 413) return m.contact_too_long_shorten()
  if (status === 429 && !serverMessage) return m.contact_too_many({ fallback })
  if (status >= 400 && status < 500 && serverMessage) return m.contact_refused_with_fallback({ reason: serverMessage, fallback })
  return m.contact_server_problem({ status, fallback })
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const settings = useShopSettings()
  const hydrated = useHydrated()
  const [state, setState] = useState<SendState>(() => stateFromAction(actionData))
  const statusRef = useRef<HTMLDivElement>(null)
  const fieldErrors = state.status === 'invalid' ? state.fieldErrors : {}

  // The outcome shows above the form; on a phone the visitor is down at the button, so bring it into view. A refusal
  // takes the keyboard to its first error, the message above the form included (<FocusFirstError>).
  useEffect(() => {
    if (state.status === 'sent') statusRef.current?.scrollIntoView({ block: 'center' })
  }, [state])
  const values = actionData && !actionData.ok ? actionData.values : undefined
  const [refusal, refused] = useRefusal()
  const refuse = (next: SendState) => {
    setState(next)
    refused()
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const formData = new FormData(form)
    const parsed = parseForm<typeof contactMessageSchema, ContactField>(
      Object.fromEntries(CONTACT_FIELDS.map((f) => [f, String(formData.get(f) ?? '')])),
      contactMessageSchema,
    )
    if (!parsed.ok) return refuse({ status: 'invalid', fieldErrors: parsed.fieldErrors })
    setState({ status: 'sending' })
    let response: Response
    try {
      response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...languageHeaders() },
        body: JSON.stringify(parsed.values),
      })
    } catch {
      return refuse({
        status: 'failed',
        error: m.contact_cannot_reach(),
      })
    }
    const body = (await response.json().catch(() => null)) as { message?: string; error?: string; fieldErrors?: ContactFieldErrors } | null
    if (response.ok) {
      form.reset()
      setState({ status: 'sent', message: body?.message ?? contactSentMessage() })
    } else if (response.status === 400 && body?.fieldErrors && Object.keys(body.fieldErrors).some((k) => k in parsed.values)) {
      refuse({ status: 'invalid', fieldErrors: body.fieldErrors, error: body.error })
    } else {
      refuse({ status: 'failed', error: failureMessage(response.status, body?.error, settings) })
    }
  }

  // Editing a field clears its error; the next submit checks again.
  function clearFieldError(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name as ContactField
    if (state.status === 'invalid' && state.fieldErrors[name]) {
      const { [name]: _, ...rest } = state.fieldErrors
      setState({ ...state, fieldErrors: rest })
    }
  }

  const failure = state.status === 'failed' ? state.error : state.status === 'invalid' ? state.error : undefined
  const sending = state.status === 'sending'

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
      <JsonLdScript json={loaderData.jsonLd} />
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-leaf-700 uppercase">{m.contact_eyebrow()}</p>
        <h1 className="mt-2 font-serif text-3xl font-semibold text-earth-900 sm:text-4xl">{m.contact_heading()}</h1>
        <p className="mt-3 text-earth-700">{m.contact_intro()}</p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="feedback-form-title" className="rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="feedback-form-title" className="font-serif text-xl font-semibold text-leaf-800">
            {m.contact_send_us_message()}
          </h2>
          <p className="mt-1 text-sm text-earth-600">{m.contact_all_required()}</p>

          <div role="status" ref={statusRef}>
            {state.status === 'sent' && (
              <p className="mt-4 rounded-lg border border-leaf-200 bg-leaf-50 px-4 py-3 font-medium text-leaf-800">{state.message}</p>
            )}
          </div>
          {/* Before the page's script ran, the form was sent to the server: its answer. */}
          <FocusFirstError failure={refusal ?? (actionData && !actionData.ok ? actionData : undefined)} />
          <div role="alert">
            {failure && (
              <p data-form-error className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
                {failure}
              </p>
            )}
          </div>

          <form
            method="post"
            noValidate
            onSubmit={hydrated ? send : undefined}
            onInput={clearFieldError}
            className="mt-6 grid gap-5 sm:grid-cols-2"
            aria-describedby="feedback-form-title"
          >
            <FormTokenField />
            <TextField
              id="contact-name"
              name="name"
              label={m.contact_field_name()}
              required
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              defaultValue={values?.name}
              error={fieldErrors.name}
              className="sm:col-span-2"
            />
            <TextField
              id="contact-email"
              name="email"
              label={m.contact_field_email()}
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              maxLength={CONTACT_LIMITS.email}
              defaultValue={values?.email}
              error={fieldErrors.email}
            />
            <TextField
              id="contact-phone"
              name="phone"
              label={m.contact_field_phone()}
              type="tel"
              required
              autoComplete="tel"
              inputMode="tel"
              maxLength={CONTACT_LIMITS.phone}
              defaultValue={values?.phone}
              error={fieldErrors.phone}
            />
            <TextareaField
              id="contact-message"
              name="message"
              label={m.contact_field_message()}
              required
              rows={6}
              maxLength={CONTACT_LIMITS.message}
              defaultValue={values?.message}
              error={fieldErrors.message}
              className="sm:col-span-2"
            />
            <div className="sm:col-span-2">
              <button
                type="submit"
                data-main-action
                disabled={sending}
                className="inline-flex min-w-36 items-center justify-center rounded-full bg-leaf-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-leaf-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700 disabled:cursor-wait disabled:opacity-70"
              >
                {sending ? m.contact_sending() : m.contact_submit()}
              </button>
            </div>
          </form>
        </section>

        <ContactPlaces />
      </div>
    </div>
  )
}
