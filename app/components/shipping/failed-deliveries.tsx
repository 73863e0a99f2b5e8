import { Form, Link } from 'react-router'
import { Time } from '~/components/admin/admin-page'
import { primaryButton, focusRing } from '~/components/catalogue/styles'
import { RadioGroupField, TextField } from '~/components/forms/fields'
import { FormTokenField } from '~/components/forms/form-token-field'
import { m } from '~/i18n/paraglide/messages.js'

export type FailedDeliveryRow = {
  id: string
  orderId: string
  orderLabel: string
  courier: string | null
  awb: string | null
  reason: string | null
  attempts: number
  at: Date | string | null
  paymentMethod: string
  phone: string
}

/**
 * Parcels a courier could not deliver, each with the courier's reason and attempts and the owner's answer: deliver
 * again (on a day, to a phone or an address line) or send it back. On the dashboard and the shipping desk; both post
 * to the desk (/dash/shipping), which answers with what it did.
 */
export function FailedDeliveries({ rows, errors = {} }: { rows: readonly FailedDeliveryRow[]; errors?: Record<string, string> }) {
  if (rows.length === 0) return <p className="mt-3 text-earth-700">{m.shipping_failed_none()}</p>
  return (
    <ul className="mt-3 grid gap-4">
      {rows.map((row) => (
        <li key={row.id} className="rounded-xl border border-red-200 p-4" data-testid="failed-delivery">
          <p className="font-semibold text-earth-900">
            <Link to={`/dash/orders/${row.orderId}`} className={`text-leaf-800 underline underline-offset-2 ${focusRing}`}>
              {row.orderLabel}
            </Link>{' '}
            · {row.courier ?? m.shipping_courier()} {row.awb}
            {row.paymentMethod === 'cod' ? m.shipping_failed_cod() : ''}
          </p>
          <p className="mt-1 text-earth-900">
            {m.shipping_failed_attempt({ reason: row.reason ?? '', attempts: row.attempts })}
            {row.at ? (
              <>
                , <Time value={row.at} />
              </>
            ) : null}
            {m.shipping_failed_phone({ phone: row.phone })}
          </p>
          <Form method="post" action="/dash/shipping" className="mt-3 grid gap-3 sm:grid-cols-2" preventScrollReset>
            <FormTokenField />
            <input type="hidden" name="intent" value="failed-delivery" />
            <input type="hidden" name="parcel" value={row.id} />
            <RadioGroupField
              name="answer"
              id={`answer-${row.id}`}
              legend={m.shipping_failed_question()}
              defaultValue="reattempt"
              options={[
                { value: 'reattempt', label: m.shipping_failed_reattempt() },
                { value: 'return', label: m.shipping_failed_return() },
              ]}
              error={errors[`answer-${row.id}`]}
              className="sm:col-span-2"
            />
            <TextField name="on" id={`on-${row.id}`} label={m.shipping_failed_on()} type="date" error={errors[`on-${row.id}`]} />
            <TextField
              name="phone"
              id={`phone-${row.id}`}
              label={m.shipping_failed_phone_label()}
              type="tel"
              maxLength={16}
              error={errors[`phone-${row.id}`]}
            />
            <TextField
              name="addressLine"
              id={`addressLine-${row.id}`}
              label={m.shipping_failed_address_line()}
              maxLength={200}
              error={errors[`addressLine-${row.id}`]}
            />
            <TextField name="comment" id={`comment-${row.id}`} label={m.shipping_failed_comment()} maxLength={200} />
            <div className="sm:col-span-2">
              <button type="submit" className={primaryButton}>
                {m.shipping_failed_send()}
              </button>
            </div>
          </Form>
        </li>
      ))}
    </ul>
  )
}
