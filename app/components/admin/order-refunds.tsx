import { Form } from 'react-router'
import { primaryButton, secondaryButton } from '~/components/catalogue/styles'
import { CheckboxField, FieldError, MoneyField, RadioGroupField, TextField } from '~/components/forms/fields'
import { FormTokenField } from '~/components/forms/form-token-field'
import { indiaDayOf } from '~/features/dates/india-time'
import type { OrderForAdmin } from '~/features/orders/admin-orders.server'
import { creditNoteUrl } from '~/features/invoices/invoice-links'
import { formatRupees, formatRupeesAndPaise } from '~/features/money/money'
import { REFERENCE_LABELS, REFUND_METHOD_LABELS } from '~/features/payments/refund-methods'
import { lineField } from '~/features/payments/refund-plan'
import type { OrderField, StepFailure } from '~/features/orders/admin-order-steps'
import { m } from '~/i18n/paraglide/messages.js'
import { formatDate, inputClass, Time } from './admin-page'
import { Panel, SpeedChoice } from './order-panels'

// The admin's order page (routes/admin-order.tsx): its refunds, and the form for a new one: through the payment
// provider (decision 033), or, for a cash-on-delivery order, the owner's record of a UPI or bank transfer (decision 069).

const REFUND_STATUS_LABELS: Record<string, () => string> = {
  requested: m.orders_refund_status_requested,
  pending: m.orders_refund_status_pending,
  processed: m.orders_refund_status_processed,
  failed: m.orders_refund_status_failed,
}
const REFUND_STATUS_CLASSES: Record<string, string> = {
  requested: 'bg-stone-100 text-earth-900',
  pending: 'bg-amber-100 text-earth-900',
  processed: 'bg-leaf-100 text-leaf-900',
  failed: 'bg-red-100 text-red-900',
}

type Refundable = NonNullable<OrderForAdmin['refundable']>

type FormProps = {
  left: Refundable
  errors: Partial<Record<OrderField, string>>
  values: Partial<Record<OrderField, string>>
  busy: boolean
}

/** What a refund gives back, the same for both forms: everything left, lines and quantities (and charges), or an amount. */
function WhatToRefund({ left, errors, values, idPrefix }: Omit<FormProps, 'busy'> & { idPrefix: string }) {
  const refundableLines = left.lines.filter((l) => l.quantity > 0)
  return (
    <fieldset aria-describedby={errors.kind ? `${idPrefix}-kind-error` : undefined}>
      <legend className="text-sm font-medium text-earth-900">{m.orders_refund_what()}</legend>
      <label className="mt-1 flex items-center gap-2">
        <input type="radio" name="kind" value="whole" className="size-4 accent-leaf-700" />{' '}
        {m.orders_refund_everything_left({ amount: formatRupeesAndPaise(left.moneyPaise) })}
      </label>
      {!left.amountOnly && (
        <label className="mt-1 flex items-center gap-2">
          <input type="radio" name="kind" value="lines" defaultChecked className="size-4 accent-leaf-700" /> {m.orders_refund_these_items()}
        </label>
      )}
      {!left.amountOnly && (
        <div className="mt-1 grid gap-1 pl-6" aria-describedby={errors.lines ? `${idPrefix}-lines-error` : undefined}>
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
                aria-label={m.orders_refund_line_quantity({
                  name: line.name,
                  size: line.size !== 'one' ? ` (${line.size})` : '',
                  max: line.quantity,
                })}
              />
              {m.orders_refund_line_of({
                quantity: line.quantity,
                name: line.name,
                size: line.size !== 'one' ? ` (${line.size})` : '',
                price: formatRupees(line.unitPricePaise),
              })}
              {/* A discounted line is refunded at what was paid for it (decision 042). */}
              {line.discountPaise > 0 &&
                m.orders_refund_line_discount({ discount: formatRupees(line.discountPaise), paid: formatRupees(line.paidPaise) })}
            </label>
          ))}
          {left.deliveryPaise > 0 && (
            <CheckboxField
              id={`${idPrefix}-delivery`}
              name="delivery"
              value="yes"
              label={m.orders_refund_delivery_charge({ amount: formatRupees(left.deliveryPaise) })}
              className="flex items-center gap-2 text-earth-900"
              inputClassName="size-4 accent-leaf-700"
            />
          )}
          {left.codFeePaise > 0 && (
            <CheckboxField
              id={`${idPrefix}-cod-fee`}
              name="codFee"
              value="yes"
              label={m.orders_refund_cod_fee({ amount: formatRupees(left.codFeePaise) })}
              className="flex items-center gap-2 text-earth-900"
              inputClassName="size-4 accent-leaf-700"
            />
          )}
          <FieldError id={`${idPrefix}-lines`} error={errors.lines} />
        </div>
      )}
      <label className="mt-1 flex items-center gap-2">
        <input type="radio" name="kind" value="amount" defaultChecked={left.amountOnly} className="size-4 accent-leaf-700" />{' '}
        {m.orders_refund_an_amount()}
      </label>
      <MoneyField
        id={`${idPrefix}-amount`}
        name="amount"
        label={m.orders_refund_amount_in_rupees()}
        labelClassName="sr-only"
        placeholder="₹"
        defaultValue={values.amount}
        error={errors.amount}
        className="pl-6"
        inputClassName={`${inputClass} w-32`}
      />
      <FieldError id={`${idPrefix}-kind`} error={errors.kind} />
    </fieldset>
  )
}

/** The reason and whether the goods go back on the shelf: the same for both forms. */
function ReasonAndRestock({ errors, values, idPrefix }: Omit<FormProps, 'busy' | 'left'> & { idPrefix: string }) {
  return (
    <>
      <TextField
        id={`${idPrefix}-reason`}
        name="reason"
        label={m.orders_refund_reason_label()}
        required
        maxLength={300}
        defaultValue={values.reason ?? ''}
        error={errors.reason}
      />
      <CheckboxField
        id={`${idPrefix}-restock`}
        name="restock"
        value="yes"
        defaultChecked
        label={m.orders_refund_restock_label()}
        error={errors.restock}
        className="flex items-start gap-2 text-earth-900"
        inputClassName="mt-1 size-5 accent-leaf-700"
      />
    </>
  )
}

/** Full or partial: by line and quantity (and the delivery charge), or an amount; with a reason, restock and speed. */
function RefundForm({ left, errors, values, busy }: FormProps) {
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-4 grid gap-3 rounded-xl border border-stone-200 p-4"
      aria-labelledby="refund-form-title"
    >
      <FormTokenField />
      <h3 id="refund-form-title" className="font-semibold text-earth-900">
        {m.orders_refund_form_title({ amount: formatRupeesAndPaise(left.moneyPaise) })}
      </h3>
      <input type="hidden" name="step" value="refund" />
      <WhatToRefund left={left} errors={errors} values={values} idPrefix="refund" />
      <ReasonAndRestock errors={errors} values={values} idPrefix="refund" />
      <SpeedChoice id="refund-speed" />
      <div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? m.orders_refunding() : m.orders_refund()}
        </button>
      </div>
    </Form>
  )
}

/**
 * A cash-on-delivery order, delivered and paid: no provider holds its money, so the owner pays it back by UPI or bank
 * transfer and records it here, with the transfer's reference and day (decision 069). Nothing is sent anywhere.
 */
function CodRefundForm({ left, errors, values, busy }: FormProps) {
  const today = indiaDayOf(new Date())
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-4 grid gap-3 rounded-xl border border-stone-200 p-4"
      aria-labelledby="cod-refund-form-title"
    >
      <FormTokenField />
      <h3 id="cod-refund-form-title" className="font-semibold text-earth-900">
        {m.orders_cod_refund_form_title({ amount: formatRupeesAndPaise(left.moneyPaise) })}
      </h3>
      <p className="text-sm text-earth-700">{m.orders_cod_refund_explained()}</p>
      <input type="hidden" name="step" value="cod-refund" />
      <WhatToRefund left={left} errors={errors} values={values} idPrefix="cod-refund" />
      <ReasonAndRestock errors={errors} values={values} idPrefix="cod-refund" />
      <RadioGroupField
        id="cod-refund-method"
        name="method"
        legend={m.orders_cod_refund_how_paid()}
        options={[
          { value: 'upi', label: REFUND_METHOD_LABELS.upi },
          { value: 'bank_transfer', label: m.orders_cod_refund_bank_transfer_option() },
        ]}
        defaultValue={values.method ?? 'upi'}
        error={errors.method}
      />
      <TextField
        id="cod-refund-reference"
        name="reference"
        label={m.orders_cod_refund_reference()}
        hint={m.orders_cod_refund_reference_hint()}
        required
        maxLength={60}
        autoCapitalize="characters"
        spellCheck={false}
        defaultValue={values.reference ?? ''}
        error={errors.reference}
      />
      <TextField
        id="cod-refund-paid-on"
        name="paidOn"
        type="date"
        label={m.orders_cod_refund_paid_on()}
        required
        defaultValue={values.paidOn ?? today}
        error={errors.paidOn}
      />
      <div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? m.orders_recording() : m.orders_cod_refund_record()}
        </button>
      </div>
    </Form>
  )
}

export function RefundsPanel({ order, failed, busyStep }: { order: OrderForAdmin; failed?: StepFailure; busyStep: string | null }) {
  return (
    <Panel id="refunds-title" title={m.orders_refunds()}>
      {order.refunds.length > 0 && (
        <ul className="mt-3 grid gap-3" data-testid="refunds">
          {order.refunds.map((refund) => (
            <li key={refund.id} className="rounded-xl border border-stone-200 p-3">
              <p className="flex flex-wrap items-center justify-between gap-2">
                <strong className="text-earth-900">{formatRupeesAndPaise(refund.amountPaise)}</strong>
                <span className={`rounded-full px-2 py-0.5 text-sm ${REFUND_STATUS_CLASSES[refund.status]}`}>
                  {REFUND_STATUS_LABELS[refund.status]?.()}
                </span>
              </p>
              <p className="text-earth-900">{refund.reason}</p>
              <p className="text-sm text-earth-700">
                {refund.method === 'provider'
                  ? refund.speed === 'optimum'
                    ? m.orders_refund_speed_instant()
                    : m.orders_refund_speed_normal()
                  : REFUND_METHOD_LABELS[refund.method]}
                {refund.restock ? m.orders_refund_goods_back() : ''} · {refund.createdBy ?? m.orders_actor_shop()} ·{' '}
                <Time value={refund.createdAt} />
              </p>
              {refund.method !== 'provider' && refund.reference && refund.paidOn && (
                <p className="text-sm text-earth-900" data-testid="refund-paid-outside">
                  {m.orders_refund_paid_outside({
                    method: REFUND_METHOD_LABELS[refund.method],
                    date: formatDate(refund.paidOn),
                    reference_label: REFERENCE_LABELS[refund.method],
                  })}{' '}
                  <span className="font-mono">{refund.reference}</span>
                </p>
              )}
              {refund.failureReason && <p className="mt-1 text-sm font-medium text-red-800">{refund.failureReason}</p>}
              {refund.creditNoteNumber && (
                <p className="mt-1">
                  <a href={creditNoteUrl(order.id, refund.id)} download className="text-leaf-800 underline underline-offset-2">
                    {m.orders_credit_note_pdf({ number: refund.creditNoteNumber })}
                  </a>
                </p>
              )}
              {refund.status === 'failed' && (
                <Form method="post" preventScrollReset className="mt-2">
                  <FormTokenField />
                  <input type="hidden" name="step" value="retry-refund" />
                  <input type="hidden" name="refundId" value={refund.id} />
                  <button type="submit" className={secondaryButton} disabled={busyStep === 'retry-refund'}>
                    {m.orders_refund_try_again()}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {order.refundable && order.refundVia === 'outside' && (
        <CodRefundForm
          left={order.refundable}
          errors={failed?.step === 'cod-refund' ? (failed.fieldErrors ?? {}) : {}}
          values={failed?.step === 'cod-refund' ? (failed.values ?? {}) : {}}
          busy={busyStep === 'cod-refund'}
        />
      )}
      {order.refundable && order.refundVia === 'provider' && (
        <RefundForm
          left={order.refundable}
          errors={failed?.step === 'refund' ? (failed.fieldErrors ?? {}) : {}}
          values={failed?.step === 'refund' ? (failed.values ?? {}) : {}}
          busy={busyStep === 'refund'}
        />
      )}
    </Panel>
  )
}
