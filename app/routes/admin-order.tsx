import type { ReactNode } from 'react'
import { data, Form, type ShouldRevalidateFunctionArgs, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage, inputClass, Time, tableScroll } from '~/components/admin/admin-page'
import { OrderStatusPill } from '~/components/orders/order-status-pill'
import { TextField } from '~/components/accounts/account-form'
import { primaryButton, secondaryButton } from '~/components/catalogue/styles'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { ORDER_STATUS_LABELS } from '~/features/orders/status-labels'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { advanceOrder, type FulfilmentStep, fulfilmentSchema, OrderNotFoundError, StepNotAllowedError } from '~/features/orders/fulfilment.server'
import { getOrderForAdmin } from '~/features/orders/admin-orders.server'
import { creditNoteUrl, hasInvoice, invoiceUrl } from '~/features/invoices/invoice-links'
import { resolvePaymentAttention } from '~/features/payments/attention.server'
import { readRefundForm, type RefundFormField } from '~/features/payments/refund-form'
import { lineField } from '~/features/payments/refund-plan'
import { RefundRefusedError, requestRefund, retryRefund, sendRefund } from '~/features/payments/refunds.server'
import { formatRupees, formatRupeesAndPaise } from '~/features/money/money'
import { FORM_TOO_LARGE, formTooLarge, readSmallForm } from '~/http/forms.server'
import { text } from '~/zod'
import type { Route } from './+types/admin-order'
import { FormTokenField } from '~/components/forms/form-token-field'

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `${data?.order ? `Order ${data.order.label}` : 'Order'} · ${shopSettingsOf(matches).shopName}` },
  { name: 'robots', content: 'noindex' },
]

// Order ids are random base64url strings (features/checkout/orders.server.ts); anything else is no order.
const ORDER_ID = /^[A-Za-z0-9_-]{10,64}$/

function notFound() {
  return data('Order not found', { status: 404 })
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const order = ORDER_ID.test(params.orderId) ? await getOrderForAdmin(context.shop.db, params.orderId) : null
  if (!order) throw notFound()
  return { order }
}

type Field = 'courier' | 'trackingNumber' | 'reason' | 'confirm' | 'resellable' | 'attentionNote' | RefundFormField
type StepResult =
  | { ok: true; message: string }
  | {
      ok: false
      error: string
      step?: FulfilmentStep | 'resolve-attention' | 'refund' | 'retry-refund'
      fieldErrors?: Partial<Record<Field, string>>
      values?: Partial<Record<Field, string>>
    }

const DONE: Record<FulfilmentStep, string> = {
  confirm: 'Order confirmed: it can be packed now.',
  pack: 'Order marked packed.',
  ship: 'Order marked shipped; the customer has been mailed.',
  deliver: 'Order marked delivered (for cash on delivery: its cash collected, so it is paid).',
  return: 'Order marked returned to origin.',
  cancel: 'Order cancelled and its stock returned; the customer has been mailed.',
}

const FIELDS: Field[] = ['courier', 'trackingNumber', 'reason', 'confirm', 'resellable']
const ATTENTION_NOTE = text({ label: 'What you did', max: 500, oneLine: true, missing: 'Say in a few words what you did.' }).refine((v) => v.length >= 3, 'Say in a few words what you did.')
const STEPS = Object.keys(DONE) as FulfilmentStep[]

/** One step of fulfilment, posted by the plain forms below (they work without JavaScript). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  if (!ORDER_ID.test(params.orderId)) throw notFound()
  const fields = await readSmallForm(request)
  if (!fields) {
    return formTooLarge<StepResult>({ ok: false, error: FORM_TOO_LARGE })
  }
  if (fields.step === 'resolve-attention') {
    // The owner has dealt with a payment the shop could not settle by itself (decision 032).
    const parsedNote = ATTENTION_NOTE.safeParse(fields.attentionNote ?? '')
    if (!parsedNote.success) {
      const attentionNote = parsedNote.error.issues[0]!.message
      return data<StepResult>({ ok: false, error: 'Check the fields marked below.', step: 'resolve-attention', fieldErrors: { attentionNote } }, { status: 400 })
    }
    const note = parsedNote.data
    if (!(await resolvePaymentAttention(context.shop.db, params.orderId, { actor: admin.email, note }))) {
      return data<StepResult>({ ok: false, error: 'This order no longer needs attention.', step: 'resolve-attention' }, { status: 409 })
    }
    return data<StepResult>({ ok: true, message: 'Marked as dealt with.' })
  }
  if (fields.step === 'refund') return refundStep(context, params.orderId, fields, admin.email)
  if (fields.step === 'retry-refund') {
    if (!ORDER_ID.test(fields.refundId ?? '')) return data<StepResult>({ ok: false, error: 'There is no such refund.', step: 'retry-refund' }, { status: 400 })
    try {
      const refund = await retryRefund(context.shop.db, context.shop.payments, fields.refundId ?? '', admin.email)
      return data<StepResult>({ ok: true, message: refund?.status === 'failed' ? 'Tried again: the provider refused it again (see the refund).' : 'Refund sent again.' })
    } catch (err) {
      if (err instanceof RefundRefusedError) return data<StepResult>({ ok: false, error: err.message, step: 'retry-refund' }, { status: 409 })
      throw err
    }
  }
  const step = STEPS.find((s) => s === fields.step)
  const values = Object.fromEntries(FIELDS.filter((f) => f !== 'confirm' && fields[f] !== undefined).map((f) => [f, fields[f]!]))
  const fieldErrors: Partial<Record<Field, string>> = {}
  const parsed = fulfilmentSchema.safeParse(fields)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field
      if (FIELDS.includes(field)) fieldErrors[field] ??= issue.message
    }
  }
  // Cancelling returns stock and mails the customer: it needs the box ticked, whatever the browser let through.
  if (step === 'cancel' && fields.confirm !== 'yes') fieldErrors.confirm = 'Tick the box to confirm the cancellation.'
  if (!parsed.success || Object.keys(fieldErrors).length) {
    const error = Object.keys(fieldErrors).length ? 'Check the fields marked below.' : (parsed.error?.issues[0]?.message ?? 'Unknown action.')
    return data<StepResult>({ ok: false, error, step, fieldErrors, values }, { status: 400 })
  }
  try {
    const moved = await advanceOrder(context.shop.db, params.orderId, parsed.data, admin.email)
    if (moved.refundId) {
      // The cancellation and its refund are written; now the transfer (retried by the shop if this gets no answer).
      const refund = await sendRefund(context.shop.db, context.shop.payments, moved.refundId)
      return data<StepResult>({ ok: true, message: `Order cancelled and its stock returned; ${refundOutcome(refund?.status)} The customer has been mailed.` })
    }
  } catch (err) {
    if (err instanceof RefundRefusedError) return data<StepResult>({ ok: false, error: err.message, step }, { status: 409 })
    if (err instanceof OrderNotFoundError) throw notFound()
    if (err instanceof StepNotAllowedError) return data<StepResult>({ ok: false, error: err.message, step }, { status: 409 })
    throw err
  }
  return data<StepResult>({ ok: true, message: DONE[parsed.data.step] })
}

function refundOutcome(status: string | undefined) {
  if (status === 'processed') return 'the refund is done.'
  if (status === 'pending') return 'the refund is with the payment provider.'
  if (status === 'failed') return 'the payment provider refused the refund: see why below, and try it again.'
  return 'the refund did not get an answer yet: the shop sends it again by itself.'
}

/** A refund from the order's page (decision 033): written with its credit note, then sent to the provider. */
async function refundStep(context: Route.ActionArgs['context'], orderId: string, fields: Record<string, string | undefined>, actor: string) {
  const order = await getOrderForAdmin(context.shop.db, orderId)
  if (!order) throw notFound()
  const form = readRefundForm(fields, order.lines)
  const values = { amount: fields.amount, reason: fields.reason }
  if (!form.ok) return data<StepResult>({ ok: false, error: 'Check the fields marked below.', step: 'refund', fieldErrors: form.fieldErrors, values }, { status: 400 })
  try {
    const refund = await requestRefund(context.shop.db, context.shop.payments, { orderId, request: form.request, reason: form.reason, restock: form.restock, speed: form.speed, actor })
    const note = refund.creditNoteNumber ? ` Credit note ${refund.creditNoteNumber}.` : ''
    return data<StepResult>({ ok: true, message: `Refund of ${formatRupeesAndPaise(refund.amountPaise)}: ${refundOutcome(refund.status)}${note}` })
  } catch (err) {
    if (err instanceof RefundRefusedError) return data<StepResult>({ ok: false, error: err.message, step: 'refund', values }, { status: 400 })
    throw err
  }
}

/** A refused step (409) means the order moved on elsewhere: reload it so the page shows what is possible now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate
}

const PROVIDERS: Record<string, string> = { razorpay: 'Razorpay', test: 'Test payments (no money moves)' }

const panelClass = 'rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm'

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={panelClass}>
      <h2 id={id} className="font-serif text-xl font-semibold text-earth-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null
}

function Definitions({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-earth-900">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-earth-700">{term}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

const REFUND_STATUS_LABELS: Record<string, string> = { requested: 'Sending', pending: 'With the provider', processed: 'Refunded', failed: 'Failed' }
const REFUND_STATUS_CLASSES: Record<string, string> = {
  requested: 'bg-stone-100 text-earth-900',
  pending: 'bg-amber-100 text-earth-900',
  processed: 'bg-leaf-100 text-leaf-900',
  failed: 'bg-red-100 text-red-900',
}

function SpeedChoice({ id }: { id: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-earth-900">
        How fast
      </label>
      <select id={id} name="speed" defaultValue="normal" className={inputClass}>
        <option value="normal">Normal: 5–7 working days</option>
        <option value="optimum">Instant where the bank allows (Razorpay charges a fee)</option>
      </select>
    </div>
  )
}

type Refundable = NonNullable<Route.ComponentProps['loaderData']['order']['refundable']>

/** Full or partial: by line and quantity (and the delivery charge), or an amount; with a reason, restock and speed. */
function RefundForm({ left, errors, values, busy }: { left: Refundable; errors: Partial<Record<Field, string>>; values: Partial<Record<Field, string>>; busy: boolean }) {
  const refundableLines = left.lines.filter((l) => l.quantity > 0)
  return (
    <Form method="post" preventScrollReset className="mt-4 grid gap-3 rounded-xl border border-stone-200 p-4" aria-labelledby="refund-form-title">
      <FormTokenField />
      <h3 id="refund-form-title" className="font-semibold text-earth-900">
        Refund ({formatRupeesAndPaise(left.moneyPaise)} left)
      </h3>
      <input type="hidden" name="step" value="refund" />
      <fieldset aria-describedby={errors.kind ? 'refund-kind-error' : undefined}>
        <legend className="text-sm font-medium text-earth-900">What to refund</legend>
        <label className="mt-1 flex items-center gap-2">
          <input type="radio" name="kind" value="whole" className="size-4 accent-leaf-700" /> Everything left ({formatRupeesAndPaise(left.moneyPaise)})
        </label>
        {!left.amountOnly && (
          <label className="mt-1 flex items-center gap-2">
            <input type="radio" name="kind" value="lines" defaultChecked className="size-4 accent-leaf-700" /> These items:
          </label>
        )}
        {!left.amountOnly && (
          <div className="mt-1 grid gap-1 pl-6" aria-describedby={errors.lines ? 'refund-lines-error' : undefined}>
            {refundableLines.map((line) => (
              <label key={lineField(line)} className="flex items-center gap-2 text-earth-900">
                <input
                  type="number"
                  name={lineField(line)}
                  min={0}
                  max={line.quantity}
                  defaultValue={0}
                  inputMode="numeric"
                  className={`${inputClass} w-20`}
                  aria-label={`Quantity of ${line.name}${line.size !== 'one' ? ` (${line.size})` : ''} to refund, at most ${line.quantity}`}
                />
                of {line.quantity} × {line.name}
                {line.size !== 'one' ? ` (${line.size})` : ''} at {formatRupees(line.unitPricePaise)}
                {/* A discounted line is refunded at what was paid for it (decision 042). */}
                {line.discountPaise > 0 && ` less ${formatRupees(line.discountPaise)} discount: ${formatRupees(line.paidPaise)} paid`}
              </label>
            ))}
            {left.deliveryPaise > 0 && (
              <label className="flex items-center gap-2 text-earth-900">
                <input type="checkbox" name="delivery" value="yes" className="size-4 accent-leaf-700" /> The delivery charge ({formatRupees(left.deliveryPaise)})
              </label>
            )}
            <FieldError id="refund-lines-error" message={errors.lines} />
          </div>
        )}
        <label className="mt-1 flex items-center gap-2">
          <input type="radio" name="kind" value="amount" defaultChecked={left.amountOnly} className="size-4 accent-leaf-700" /> An amount:
        </label>
        <div className="pl-6">
          <label htmlFor="refund-amount" className="sr-only">
            Amount in rupees
          </label>
          <input
            id="refund-amount"
            name="amount"
            inputMode="decimal"
            placeholder="₹"
            defaultValue={values.amount}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? 'refund-amount-error' : undefined}
            className={`${inputClass} w-32`}
          />
          <FieldError id="refund-amount-error" message={errors.amount} />
        </div>
        <FieldError id="refund-kind-error" message={errors.kind} />
      </fieldset>
      <TextField name="reason" label="Reason (goes in the customer’s mail and on the credit note)" maxLength={300} defaultValue={values.reason ?? ''} error={errors.reason} />
      <label className="flex items-start gap-2 text-earth-900">
        <input type="checkbox" name="restock" value="yes" defaultChecked className="mt-1 size-5 accent-leaf-700" />
        Put the refunded items back in stock (untick for damaged goods)
      </label>
      <SpeedChoice id="refund-speed" />
      <div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Refunding…' : 'Refund'}
        </button>
      </div>
    </Form>
  )
}

/** Why the shop could not settle this order's payment by itself, and the form that takes it off the list. */
function PaymentAttention({ reason, error, value, busy }: { reason: string; error?: string; value?: string; busy: boolean }) {
  return (
    <section role="alert" aria-labelledby="attention-title" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-earth-900">
      <h2 id="attention-title" className="font-semibold">
        This payment needs you
      </h2>
      <p className="mt-1" data-testid="payment-attention-reason">
        {reason}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <FormTokenField />
        <input type="hidden" name="step" value="resolve-attention" />
        <div className="min-w-64 grow">
          <label htmlFor="attentionNote" className="block text-sm font-medium text-earth-900">
            What you did
          </label>
          <input
            id="attentionNote"
            name="attentionNote"
            defaultValue={value}
            required
            minLength={3}
            maxLength={500}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'attentionNote-error' : undefined}
            className={inputClass}
          />
          <FieldError id="attentionNote-error" message={error} />
        </div>
        <button type="submit" className={secondaryButton} disabled={busy}>
          {busy ? 'Saving…' : 'Mark as dealt with'}
        </button>
      </Form>
    </section>
  )
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData
  const navigation = useNavigation()
  const busyStep = navigation.state === 'submitting' ? navigation.formData?.get('step') : null
  const failed = actionData && !actionData.ok ? actionData : undefined
  const errorsFor = (step: FulfilmentStep) => (failed?.step === step ? (failed.fieldErrors ?? {}) : {})
  const valuesFor = (step: FulfilmentStep) => (failed?.step === step ? (failed.values ?? {}) : {})
  const address = order.shippingAddress
  const can = (step: FulfilmentStep) => order.nextSteps.includes(step)
  const shipErrors = errorsFor('ship')
  const cancelErrors = errorsFor('cancel')

  return (
    <AdminPage
      title={
        <span className="flex flex-wrap items-center gap-3">
          Order {order.label} <OrderStatusPill status={order.status} />
        </span>
      }
      back={{ to: '/dash/orders', label: 'Orders' }}
    >
      <p className="mt-2 text-earth-700">
        Placed <Time value={order.createdAt} />
        {order.paidAt && (
          <>
            , paid <Time value={order.paidAt} />
          </>
        )}
        .
      </p>
      <ActionOutcome message={actionData?.ok ? actionData.message : undefined} error={failed?.error} />
      {order.paymentAttention && (
        <PaymentAttention
          reason={order.paymentAttention}
          error={failed?.step === 'resolve-attention' ? failed.fieldErrors?.attentionNote : undefined}
          value={failed?.step === 'resolve-attention' ? failed.values?.attentionNote : undefined}
          busy={busyStep === 'resolve-attention'}
        />
      )}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid grid-cols-1 content-start gap-6">
          <Panel id="lines-title" title="Items">
            <div className={`mt-3 ${tableScroll}`}>
              <table className="w-full min-w-[32rem] border-collapse text-left">
                <caption className="sr-only">Items in order {order.label}</caption>
                <thead>
                  <tr className="border-b border-stone-300 text-sm text-earth-700">
                    <th scope="col" className="p-2">Product</th>
                    <th scope="col" className="p-2">Size</th>
                    <th scope="col" className="p-2 text-right">Qty</th>
                    <th scope="col" className="p-2 text-right">Unit price</th>
                    <th scope="col" className="p-2 text-right">Line total</th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((line) => (
                    <tr key={`${line.productId}-${line.size}`} className="border-b border-stone-200">
                      <th scope="row" className="p-2 font-medium text-earth-900">
                        {line.name}
                      </th>
                      <td className="p-2">{line.size === 'one' ? '—' : line.size}</td>
                      <td className="p-2 text-right">{line.quantity}</td>
                      <td className="p-2 text-right whitespace-nowrap">{formatRupees(line.unitPricePaise)}</td>
                      <td className="p-2 text-right whitespace-nowrap">{formatRupees(line.unitPricePaise * line.quantity)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="text-earth-900">
                  <tr>
                    <th scope="row" colSpan={4} className="p-2 text-right font-normal">
                      Subtotal
                    </th>
                    <td className="p-2 text-right whitespace-nowrap">{formatRupees(order.subtotalPaise)}</td>
                  </tr>
                  <tr>
                    <th scope="row" colSpan={4} className="p-2 text-right font-normal">
                      Delivery
                    </th>
                    <td className="p-2 text-right whitespace-nowrap">{order.deliveryPaise === 0 ? 'Free' : formatRupees(order.deliveryPaise)}</td>
                  </tr>
                  <tr className="border-t border-stone-300 font-semibold">
                    <th scope="row" colSpan={4} className="p-2 text-right">
                      Total
                    </th>
                    <td className="p-2 text-right whitespace-nowrap">{formatRupees(order.totalPaise)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </Panel>

          <Panel id="history-title" title="History">
            <ol className="mt-3 grid gap-3">
              {order.history.map((event) => (
                <li key={event.id} className="border-l-4 border-leaf-200 pl-3">
                  <p className="font-semibold text-earth-900">{ORDER_STATUS_LABELS[event.status]}</p>
                  {event.note && <p className="text-earth-900">{event.note}</p>}
                  <p className="text-sm text-earth-700">
                    {event.actor ?? 'Shop'} · <Time value={event.createdAt} />
                  </p>
                </li>
              ))}
            </ol>
            {order.history.length === 0 && <p className="mt-3 text-earth-700">No changes recorded yet.</p>}
          </Panel>
        </div>

        <div className="grid grid-cols-1 content-start gap-6">
          <Panel id="steps-title" title="Next step">
            {order.nextSteps.length === 0 ? (
              <p className="mt-3 text-earth-700">
                {order.status === 'pending_payment'
                  ? 'Waiting for the customer to pay; nothing to do yet.'
                  : order.status === 'awaiting_confirmation'
                  ? 'Waiting for the customer to confirm.'
                  : `Nothing more to do: the order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}.`}
              </p>
            ) : (
              <div className="mt-3 grid gap-5">
                {can('confirm') && (
                  <Form method="post" preventScrollReset className="grid gap-3 rounded-xl border border-stone-200 p-4" aria-labelledby="confirm-title">
                    <FormTokenField />
                    <h3 id="confirm-title" className="font-semibold text-earth-900">
                      Confirm (cash on delivery)
                    </h3>
                    <p className="text-sm text-earth-700">
                      The customer has been mailed a link to confirm. Confirm here after calling them on {order.shippingAddress.phoneNumber}; unconfirmed, the
                      order cancels itself at <Time value={order.expiresAt} />.
                    </p>
                    <input type="hidden" name="step" value="confirm" />
                    <div>
                      <button type="submit" className={primaryButton} disabled={busyStep === 'confirm'}>
                        Confirm order
                      </button>
                    </div>
                  </Form>
                )}

                {can('pack') && (
                  <Form method="post" preventScrollReset>
                    <FormTokenField />
                    <input type="hidden" name="step" value="pack" />
                    <button type="submit" className={primaryButton} disabled={busyStep === 'pack'}>
                      Mark packed
                    </button>
                  </Form>
                )}

                {can('ship') && (
                  <Form method="post" preventScrollReset className="grid gap-3 rounded-xl border border-stone-200 p-4" aria-labelledby="ship-title">
                    <FormTokenField />
                    <h3 id="ship-title" className="font-semibold text-earth-900">
                      Ship
                    </h3>
                    <input type="hidden" name="step" value="ship" />
                    <TextField name="courier" label="Courier" maxLength={80} defaultValue={valuesFor('ship').courier ?? order.courier ?? ''} error={shipErrors.courier} />
                    <TextField
                      name="trackingNumber"
                      label="Tracking number"
                      maxLength={80}
                      defaultValue={valuesFor('ship').trackingNumber ?? order.trackingNumber ?? ''}
                      error={shipErrors.trackingNumber}
                    />
                    <p className="text-sm text-earth-700">The customer is mailed the courier and tracking number.</p>
                    <div>
                      <button type="submit" className={primaryButton} disabled={busyStep === 'ship'}>
                        Mark shipped
                      </button>
                    </div>
                  </Form>
                )}

                {can('deliver') && (
                  <Form method="post" preventScrollReset>
                    <FormTokenField />
                    <input type="hidden" name="step" value="deliver" />
                    <button type="submit" className={primaryButton} disabled={busyStep === 'deliver'}>
                      {order.paymentMethod === 'cod' ? `Delivered, ${formatRupees(order.totalPaise)} collected` : 'Mark delivered'}
                    </button>
                  </Form>
                )}

                {can('return') && (
                  <Form method="post" preventScrollReset className="grid gap-3 rounded-xl border border-stone-200 p-4" aria-labelledby="return-title">
                    <FormTokenField />
                    <h3 id="return-title" className="font-semibold text-earth-900">
                      Returned to origin
                    </h3>
                    <p className="text-sm text-earth-700">The parcel was refused or not collected and has come back. It counts against the customer for cash on delivery.</p>
                    <input type="hidden" name="step" value="return" />
                    <label className="flex items-start gap-2 text-earth-900">
                      <input type="checkbox" name="resellable" value="yes" className="mt-1 size-5 accent-leaf-700" />
                      The goods are fit to sell: put them back in stock
                    </label>
                    <TextField name="reason" label="Note (optional)" maxLength={500} defaultValue={valuesFor('return').reason ?? ''} error={errorsFor('return').reason} />
                    <div>
                      <button type="submit" className={secondaryButton} disabled={busyStep === 'return'}>
                        Mark returned
                      </button>
                    </div>
                  </Form>
                )}

                {can('cancel') && (
                  <Form method="post" preventScrollReset className="grid gap-3 rounded-xl border border-red-200 p-4" aria-labelledby="cancel-title">
                    <FormTokenField />
                    <h3 id="cancel-title" className="font-semibold text-earth-900">
                      Cancel
                    </h3>
                    <input type="hidden" name="step" value="cancel" />
                    <div>
                      <label htmlFor="cancel-reason" className="block text-sm font-medium text-earth-900">
                        Reason (optional, goes in the customer’s mail)
                      </label>
                      <textarea
                        id="cancel-reason"
                        name="reason"
                        rows={2}
                        maxLength={500}
                        defaultValue={valuesFor('cancel').reason ?? ''}
                        aria-invalid={cancelErrors.reason ? true : undefined}
                        aria-describedby={cancelErrors.reason ? 'cancel-reason-error' : undefined}
                        className={`${inputClass} ${cancelErrors.reason ? 'border-red-600' : 'border-stone-300'}`}
                      />
                      <FieldError id="cancel-reason-error" message={cancelErrors.reason} />
                    </div>
                    <div>
                      <label className="flex items-start gap-2 text-earth-900">
                        <input
                          type="checkbox"
                          name="confirm"
                          value="yes"
                          required
                          aria-invalid={cancelErrors.confirm ? true : undefined}
                          aria-describedby={cancelErrors.confirm ? 'cancel-confirm-error' : undefined}
                          className="mt-1 size-5 accent-red-700"
                        />
                        Yes, cancel and return the stock
                      </label>
                      <FieldError id="cancel-confirm-error" message={cancelErrors.confirm} />
                    </div>
                    {order.refundable && (
                      <fieldset className="grid gap-2">
                        <legend className="sr-only">Refund</legend>
                        <label className="flex items-start gap-2 text-earth-900">
                          <input type="checkbox" name="refund" value="yes" defaultChecked className="mt-1 size-5 accent-leaf-700" />
                          Refund {formatRupeesAndPaise(order.refundable.moneyPaise)} to the customer now (a credit note cancels the invoice)
                        </label>
                        <SpeedChoice id="cancel-speed" />
                      </fieldset>
                    )}
                    <div>
                      <button type="submit" className={`${secondaryButton} border-red-700 text-red-800 hover:bg-red-50`} disabled={busyStep === 'cancel'}>
                        Cancel order
                      </button>
                    </div>
                  </Form>
                )}
              </div>
            )}
          </Panel>

          <Panel id="customer-title" title="Customer and delivery">
            <address className="mt-3 text-earth-900 not-italic">
              {address.fullName}
              <br />
              {[address.buildingNumber, address.streetName].filter(Boolean).join(', ')}
              {(address.buildingNumber || address.streetName) && <br />}
              {address.city}, {address.state} {address.postalCode}
            </address>
            <Definitions
              items={[
                [
                  'E-mail',
                  <a key="e" href={`mailto:${order.email}`} className="text-leaf-800 underline underline-offset-2">
                    {order.email}
                  </a>,
                ],
                [
                  'Phone',
                  <a key="p" href={`tel:${address.phoneNumber}`} className="text-leaf-800 underline underline-offset-2">
                    {address.phoneNumber}
                  </a>,
                ],
                ...(address.alternateNumber
                  ? ([
                      [
                        'Alternate',
                        <a key="a" href={`tel:${address.alternateNumber}`} className="text-leaf-800 underline underline-offset-2">
                          {address.alternateNumber}
                        </a>,
                      ],
                    ] as [string, ReactNode][])
                  : []),
              ]}
            />
          </Panel>

          <Panel id="payment-title" title="Payment">
            <Definitions
              items={[
                ['Provider', PROVIDERS[order.provider] ?? order.provider],
                ['Provider order', order.providerOrderId ?? '—'],
                ['Payment id', order.paymentId ?? '—'],
                ['Total', formatRupees(order.totalPaise)],
                ...(hasInvoice(order.status, Boolean(order.invoiceNumber), order.paymentMethod)
                  ? ([
                      [
                        'Invoice',
                        <a key="i" href={invoiceUrl(order.id)} download className="text-leaf-800 underline underline-offset-2">
                          {order.invoiceNumber ? `${order.invoiceNumber} (PDF)` : 'Issue and download (PDF)'}
                        </a>,
                      ],
                    ] as [string, ReactNode][])
                  : []),
                ...(order.returnCreditNote
                  ? ([
                      [
                        'Credit note',
                        <a key="c" href={creditNoteUrl(order.id, order.returnCreditNote.id)} download className="text-leaf-800 underline underline-offset-2">
                          {`${order.returnCreditNote.number} (PDF), cancelling the invoice: returned to origin`}
                        </a>,
                      ],
                    ] as [string, ReactNode][])
                  : []),
              ]}
            />
          </Panel>

          {(order.refunds.length > 0 || order.refundable) && (
            <Panel id="refunds-title" title="Refunds">
              {order.refunds.length > 0 && (
                <ul className="mt-3 grid gap-3" data-testid="refunds">
                  {order.refunds.map((refund) => (
                    <li key={refund.id} className="rounded-xl border border-stone-200 p-3">
                      <p className="flex flex-wrap items-center justify-between gap-2">
                        <strong className="text-earth-900">{formatRupeesAndPaise(refund.amountPaise)}</strong>
                        <span className={`rounded-full px-2 py-0.5 text-sm ${REFUND_STATUS_CLASSES[refund.status]}`}>{REFUND_STATUS_LABELS[refund.status]}</span>
                      </p>
                      <p className="text-earth-900">{refund.reason}</p>
                      <p className="text-sm text-earth-700">
                        {refund.speed === 'optimum' ? 'Instant' : 'Normal'}
                        {refund.restock ? ' · goods back to stock' : ''} · {refund.createdBy ?? 'Shop'} · <Time value={refund.createdAt} />
                      </p>
                      {refund.failureReason && <p className="mt-1 text-sm font-medium text-red-800">{refund.failureReason}</p>}
                      {refund.creditNoteNumber && (
                        <p className="mt-1">
                          <a href={creditNoteUrl(order.id, refund.id)} download className="text-leaf-800 underline underline-offset-2">
                            Credit note {refund.creditNoteNumber} (PDF)
                          </a>
                        </p>
                      )}
                      {refund.status === 'failed' && (
                        <Form method="post" preventScrollReset className="mt-2">
                          <FormTokenField />
                          <input type="hidden" name="step" value="retry-refund" />
                          <input type="hidden" name="refundId" value={refund.id} />
                          <button type="submit" className={secondaryButton} disabled={busyStep === 'retry-refund'}>
                            Try the refund again
                          </button>
                        </Form>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {order.refundable && (
                <RefundForm
                  left={order.refundable}
                  errors={failed?.step === 'refund' ? (failed.fieldErrors ?? {}) : {}}
                  values={failed?.step === 'refund' ? (failed.values ?? {}) : {}}
                  busy={busyStep === 'refund'}
                />
              )}
            </Panel>
          )}

          {order.courier && (
            <Panel id="shipping-title" title="Shipping">
              <Definitions
                items={[
                  ['Courier', order.courier],
                  ['Tracking number', order.trackingNumber ?? '—'],
                ]}
              />
            </Panel>
          )}
        </div>
      </div>
    </AdminPage>
  )
}
