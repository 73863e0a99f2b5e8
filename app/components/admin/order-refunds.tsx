import { Form } from 'react-router'
import { primaryButton, secondaryButton } from '~/components/catalogue/styles'
import { CheckboxField, FieldError, MoneyField, TextField } from '~/components/forms/fields'
import { FormTokenField } from '~/components/forms/form-token-field'
import type { OrderForAdmin } from '~/features/orders/admin-orders.server'
import { creditNoteUrl } from '~/features/invoices/invoice-links'
import { formatRupees, formatRupeesAndPaise } from '~/features/money/money'
import { lineField } from '~/features/payments/refund-plan'
import type { OrderField, StepFailure } from '~/features/orders/admin-order-steps'
import { inputClass, Time } from './admin-page'
import { Panel, SpeedChoice } from './order-panels'

// The admin's order page (routes/admin-order.tsx): its refunds, and the form for a new one (decision 033).

const REFUND_STATUS_LABELS: Record<string, string> = {
  requested: 'Sending',
  pending: 'With the provider',
  processed: 'Refunded',
  failed: 'Failed',
}
const REFUND_STATUS_CLASSES: Record<string, string> = {
  requested: 'bg-stone-100 text-earth-900',
  pending: 'bg-amber-100 text-earth-900',
  processed: 'bg-leaf-100 text-leaf-900',
  failed: 'bg-red-100 text-red-900',
}

type Refundable = NonNullable<OrderForAdmin['refundable']>

/** Full or partial: by line and quantity (and the delivery charge), or an amount; with a reason, restock and speed. */
function RefundForm({
  left,
  errors,
  values,
  busy,
}: {
  left: Refundable
  errors: Partial<Record<OrderField, string>>
  values: Partial<Record<OrderField, string>>
  busy: boolean
}) {
  const refundableLines = left.lines.filter((l) => l.quantity > 0)
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-4 grid gap-3 rounded-xl border border-stone-200 p-4"
      aria-labelledby="refund-form-title"
    >
      <FormTokenField />
      <h3 id="refund-form-title" className="font-semibold text-earth-900">
        Refund ({formatRupeesAndPaise(left.moneyPaise)} left)
      </h3>
      <input type="hidden" name="step" value="refund" />
      <fieldset aria-describedby={errors.kind ? 'refund-kind-error' : undefined}>
        <legend className="text-sm font-medium text-earth-900">What to refund</legend>
        <label className="mt-1 flex items-center gap-2">
          <input type="radio" name="kind" value="whole" className="size-4 accent-leaf-700" /> Everything left (
          {formatRupeesAndPaise(left.moneyPaise)})
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
              <CheckboxField
                name="delivery"
                value="yes"
                label={`The delivery charge (${formatRupees(left.deliveryPaise)})`}
                className="flex items-center gap-2 text-earth-900"
                inputClassName="size-4 accent-leaf-700"
              />
            )}
            <FieldError id="refund-lines" error={errors.lines} />
          </div>
        )}
        <label className="mt-1 flex items-center gap-2">
          <input type="radio" name="kind" value="amount" defaultChecked={left.amountOnly} className="size-4 accent-leaf-700" /> An amount:
        </label>
        <MoneyField
          id="refund-amount"
          name="amount"
          label="Amount in rupees"
          labelClassName="sr-only"
          placeholder="₹"
          defaultValue={values.amount}
          error={errors.amount}
          className="pl-6"
          inputClassName={`${inputClass} w-32`}
        />
        <FieldError id="refund-kind" error={errors.kind} />
      </fieldset>
      <TextField
        name="reason"
        label="Reason (goes in the customer’s mail and on the credit note)"
        required
        maxLength={300}
        defaultValue={values.reason ?? ''}
        error={errors.reason}
      />
      <CheckboxField
        name="restock"
        value="yes"
        defaultChecked
        label="Put the refunded items back in stock (untick for damaged goods)"
        error={errors.restock}
        className="flex items-start gap-2 text-earth-900"
        inputClassName="mt-1 size-5 accent-leaf-700"
      />
      <SpeedChoice id="refund-speed" />
      <div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Refunding…' : 'Refund'}
        </button>
      </div>
    </Form>
  )
}

export function RefundsPanel({ order, failed, busyStep }: { order: OrderForAdmin; failed?: StepFailure; busyStep: string | null }) {
  return (
    <Panel id="refunds-title" title="Refunds">
      {order.refunds.length > 0 && (
        <ul className="mt-3 grid gap-3" data-testid="refunds">
          {order.refunds.map((refund) => (
            <li key={refund.id} className="rounded-xl border border-stone-200 p-3">
              <p className="flex flex-wrap items-center justify-between gap-2">
                <strong className="text-earth-900">{formatRupeesAndPaise(refund.amountPaise)}</strong>
                <span className={`rounded-full px-2 py-0.5 text-sm ${REFUND_STATUS_CLASSES[refund.status]}`}>
                  {REFUND_STATUS_LABELS[refund.status]}
                </span>
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
  )
}
