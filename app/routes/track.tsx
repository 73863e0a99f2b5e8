import { data, Form, redirect } from 'react-router'
import { FormError, useFormBusy } from '~/components/accounts/account-form'
import { TextField } from '~/components/forms/fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { primaryButton } from '~/components/catalogue/styles'
import { shopSettingsOf, useShopSettings } from '~/components/layout/use-shop-settings'
import { TrackedOrderView } from '~/components/tracking/tracked-order'
import { readTrackedOrder, trackedOrderCookie } from '~/features/tracking/tracked-cookie.server'
import { findTrackedOrder, getTrackedOrder, trackNotFound, type TrackField, trackOrderSchema } from '~/features/tracking/tracking.server'
import { formTooLargeMessage, formTooLarge, parseForm, readSmallForm } from '~/http/forms.server'
import type { FieldErrors } from '~/http/form-result'
import { limitRequest, retryAfterHeaders } from '~/http/rate-limit.server'
import type { Route } from './+types/track'
import { formTokenOf } from '~/http/form-token.server'
import { FormTokenField } from '~/components/forms/form-token-field'
import { m } from '~/i18n/paraglide/messages.js'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.tracking_meta_title({ shopName: shopSettingsOf(matches).shopName }) },
  { name: 'robots', content: 'noindex' },
]

// The page may show an order: never kept by a shared cache. Retry-After when tries ran out.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After')
  return { 'Cache-Control': 'private, no-store', ...(retryAfter ? { 'Retry-After': retryAfter } : {}) }
}

/**
 * GET /track?order=KO-12: the form, with the number from the order mail's link filled in; and the order this
 * browser matched in the last hour (the `tracked` cookie), unless the link asks about another one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.shop
  const asked = (new URL(request.url).searchParams.get('order') ?? '').trim().slice(0, 20)
  const trackedId = await readTrackedOrder(db, request)
  const tracked = trackedId ? await getTrackedOrder(db, trackedId) : null
  const typed = asked ? trackOrderSchema.shape.order.safeParse(asked).data : undefined
  const isTracked = tracked && typed?.number === tracked.number && (typed.prefix === null || typed.prefix === tracked.numberPrefix)
  const shown = tracked && (!asked || isTracked) ? tracked : null
  return { order: shown, prefill: asked || shown?.label || '', formToken: await formTokenOf(context) }
}

type ActionResult = { error: string; fieldErrors?: FieldErrors<TrackField>; values: Record<TrackField, string> }

/** The form's post (it works without JavaScript): a match sets the cookie and shows the order; anything else, one message. */
export async function action({ request, context }: Route.ActionArgs) {
  // Every try counts, valid or not, before the body is read: nobody walks through order numbers and phone numbers.
  const refusal = await limitRequest(context, 'track')
  const form = await readSmallForm(request)
  if (!form) return formTooLarge<ActionResult>({ error: formTooLargeMessage(), values: { order: '', contact: '' } })
  const values = { order: (form.order ?? '').slice(0, 100), contact: (form.contact ?? '').slice(0, 300) }
  if (refusal) return data<ActionResult>({ error: refusal.message, values }, { status: 429, headers: retryAfterHeaders(refusal) })
  const parsed = parseForm<typeof trackOrderSchema, TrackField>(values, trackOrderSchema)
  if (!parsed.ok) return data<ActionResult>({ error: m.tracking_check_fields(), fieldErrors: parsed.fieldErrors, values }, { status: 400 })
  const orderId = await findTrackedOrder(context.shop.db, parsed.values)
  if (!orderId) return data<ActionResult>({ error: trackNotFound(), values }, { status: 404 })
  // Post, then redirect: a reload shows the order again without asking to send the form twice.
  const { prefix, number } = parsed.values.order
  return redirect(`/track?order=${prefix ? `${prefix}-` : ''}${number}`, {
    status: 303,
    headers: { 'Set-Cookie': await trackedOrderCookie(context.shop.db, request, orderId) },
  })
}

export default function Track({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useFormBusy()
  const { order, prefill } = loaderData
  const { orderPrefix } = useShopSettings()
  const values = actionData?.values
  const errors = actionData?.fieldErrors ?? {}
  return (
    <div className="mx-auto grid max-w-2xl gap-8 px-4 py-10 sm:py-14">
      <h1 className="font-serif text-3xl font-semibold text-earth-900">{m.tracking_heading()}</h1>
      {order && <TrackedOrderView order={order} />}
      <section aria-labelledby="track-form-title" className="rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm sm:p-8">
        <h2 id="track-form-title" className="font-serif text-xl font-semibold text-earth-900">
          {order ? m.tracking_track_another() : m.tracking_find_order()}
        </h2>
        <p className="mt-2 text-earth-700">{m.tracking_intro()}</p>
        <FormError message={actionData?.error} />
        <FocusFirstError failure={actionData} />
        {/* A new order shown starts a fresh form: what was typed for it does not stay on the page. */}
        <Form key={order?.id ?? 'none'} method="post" className="mt-5 grid gap-4" noValidate>
          <FormTokenField />
          <TextField
            required
            name="order"
            label={m.tracking_field_order_number()}
            hint={m.tracking_order_number_hint({ prefix: orderPrefix })}
            defaultValue={values?.order ?? (order ? '' : prefill)}
            maxLength={20}
            error={errors.order}
          />
          <TextField
            required
            name="contact"
            label={m.tracking_field_contact()}
            autoComplete="email"
            defaultValue={values?.contact ?? ''}
            maxLength={254}
            error={errors.contact}
          />
          <div>
            <button type="submit" className={`${primaryButton} rounded-full`} disabled={busy}>
              {busy ? m.tracking_looking() : m.tracking_track_order()}
            </button>
          </div>
        </Form>
      </section>
    </div>
  )
}
