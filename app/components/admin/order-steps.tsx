import { Form } from 'react-router'
import { primaryButton, secondaryButton } from '~/components/catalogue/styles'
import { CheckboxField, TextareaField, TextField } from '~/components/forms/fields'
import { FormTokenField } from '~/components/forms/form-token-field'
import { ORDER_STATUS_LABELS } from '~/features/orders/status-labels'
import type { FulfilmentStep } from '~/features/orders/fulfilment.server'
import type { OrderForAdmin } from '~/features/orders/admin-orders.server'
import { formatRupees, formatRupeesAndPaise } from '~/features/money/money'
import type { StepFailure } from '~/features/orders/admin-order-steps'
import { m } from '~/i18n/paraglide/messages.js'
import { inputClass, Time } from './admin-page'
import { Panel, SpeedChoice } from './order-panels'

// The admin's order page (routes/admin-order.tsx): the forms that move the order on, each posting its own `step`.

/** The steps the order can take now, each a plain form (they work without JavaScript). */
export function NextStepsPanel({ order, failed, busyStep }: { order: OrderForAdmin; failed?: StepFailure; busyStep: string | null }) {
  const errorsFor = (step: FulfilmentStep) => (failed?.step === step ? (failed.fieldErrors ?? {}) : {})
  const valuesFor = (step: FulfilmentStep) => (failed?.step === step ? (failed.values ?? {}) : {})
  const can = (step: FulfilmentStep) => order.nextSteps.includes(step)
  const shipErrors = errorsFor('ship')
  const cancelErrors = errorsFor('cancel')
  return (
    <Panel id="steps-title" title={m.orders_next_step()}>
      {order.canRestock ? (
        <Form method="post" preventScrollReset className="mt-3 grid gap-2">
          <FormTokenField />
          <input type="hidden" name="step" value="restock" />
          <p className="text-earth-900">{m.orders_restock_explained()}</p>
          <div>
            <button type="submit" className={secondaryButton} disabled={busyStep === 'restock'}>
              {m.orders_restock_button()}
            </button>
          </div>
        </Form>
      ) : order.nextSteps.length === 0 ? (
        <p className="mt-3 text-earth-700">
          {order.status === 'pending_payment'
            ? m.orders_waiting_for_payment()
            : order.status === 'awaiting_confirmation'
              ? m.orders_waiting_for_confirmation()
              : m.orders_nothing_more({ status: ORDER_STATUS_LABELS[order.status].toLowerCase() })}
        </p>
      ) : (
        <div className="mt-3 grid gap-5">
          {can('confirm') && (
            <Form
              method="post"
              preventScrollReset
              className="grid gap-3 rounded-xl border border-stone-200 p-4"
              aria-labelledby="confirm-title"
            >
              <FormTokenField />
              <h3 id="confirm-title" className="font-semibold text-earth-900">
                {m.orders_confirm_title()}
              </h3>
              <p className="text-sm text-earth-700">
                {m.orders_confirm_explained({ phone: order.shippingAddress.phoneNumber })} <Time value={order.expiresAt} />.
              </p>
              <input type="hidden" name="step" value="confirm" />
              <div>
                <button type="submit" className={primaryButton} disabled={busyStep === 'confirm'}>
                  {m.orders_confirm_order()}
                </button>
              </div>
            </Form>
          )}

          {can('pack') && (
            <Form method="post" preventScrollReset>
              <FormTokenField />
              <input type="hidden" name="step" value="pack" />
              <button type="submit" className={primaryButton} disabled={busyStep === 'pack'}>
                {m.orders_mark_packed()}
              </button>
            </Form>
          )}

          {can('ship') && (
            <Form
              method="post"
              preventScrollReset
              className="grid gap-3 rounded-xl border border-stone-200 p-4"
              aria-labelledby="ship-title"
            >
              <FormTokenField />
              <h3 id="ship-title" className="font-semibold text-earth-900">
                {m.orders_ship_title()}
              </h3>
              <input type="hidden" name="step" value="ship" />
              <TextField
                name="courier"
                label={m.orders_courier()}
                required
                maxLength={80}
                defaultValue={valuesFor('ship').courier ?? order.courier ?? ''}
                error={shipErrors.courier}
              />
              <TextField
                name="trackingNumber"
                label={m.orders_tracking_number()}
                required
                maxLength={80}
                defaultValue={valuesFor('ship').trackingNumber ?? order.trackingNumber ?? ''}
                error={shipErrors.trackingNumber}
              />
              <p className="text-sm text-earth-700">{m.orders_ship_mailed()}</p>
              <div>
                <button type="submit" className={primaryButton} disabled={busyStep === 'ship'}>
                  {m.orders_mark_shipped()}
                </button>
              </div>
            </Form>
          )}

          {can('deliver') && (
            <Form method="post" preventScrollReset>
              <FormTokenField />
              <input type="hidden" name="step" value="deliver" />
              <button type="submit" className={primaryButton} disabled={busyStep === 'deliver'}>
                {order.paymentMethod === 'cod'
                  ? m.orders_delivered_collected({ amount: formatRupees(order.totalPaise) })
                  : m.orders_mark_delivered()}
              </button>
            </Form>
          )}

          {can('return') && (
            <Form
              method="post"
              preventScrollReset
              className="grid gap-3 rounded-xl border border-stone-200 p-4"
              aria-labelledby="return-title"
            >
              <FormTokenField />
              <h3 id="return-title" className="font-semibold text-earth-900">
                {m.orders_returned_title()}
              </h3>
              <p className="text-sm text-earth-700">
                {m.orders_returned_explained()} {order.paymentMethod === 'cod' ? m.orders_returned_cod() : m.orders_returned_prepaid()}
              </p>
              <input type="hidden" name="step" value="return" />
              <CheckboxField
                name="resellable"
                value="yes"
                label={m.orders_returned_resellable()}
                error={errorsFor('return').resellable}
                className="flex items-start gap-2 text-earth-900"
                inputClassName="mt-1 size-5 accent-leaf-700"
              />
              <TextField
                name="reason"
                label={m.orders_note_optional()}
                maxLength={500}
                defaultValue={valuesFor('return').reason ?? ''}
                error={errorsFor('return').reason}
              />
              <div>
                <button type="submit" className={secondaryButton} disabled={busyStep === 'return'}>
                  {m.orders_mark_returned()}
                </button>
              </div>
            </Form>
          )}

          {can('cancel') && (
            <Form
              method="post"
              preventScrollReset
              className="grid gap-3 rounded-xl border border-red-200 p-4"
              aria-labelledby="cancel-title"
            >
              <FormTokenField />
              <h3 id="cancel-title" className="font-semibold text-earth-900">
                {m.orders_cancel_title()}
              </h3>
              <input type="hidden" name="step" value="cancel" />
              <TextareaField
                id="cancel-reason"
                name="reason"
                label={m.orders_cancel_reason_label()}
                rows={2}
                maxLength={500}
                defaultValue={valuesFor('cancel').reason ?? ''}
                error={cancelErrors.reason}
              />
              <div>
                <CheckboxField
                  id="cancel-confirm"
                  name="confirm"
                  value="yes"
                  required
                  label={m.orders_cancel_confirm_label()}
                  error={cancelErrors.confirm}
                  className="flex items-start gap-2 text-earth-900"
                  inputClassName="mt-1 size-5 accent-red-700"
                  errorClassName="mt-1.5 text-sm font-medium text-red-700"
                />
              </div>
              {order.refundable && (
                <fieldset className="grid gap-2">
                  <legend className="sr-only">{m.orders_refund()}</legend>
                  <CheckboxField
                    name="refund"
                    value="yes"
                    defaultChecked
                    label={m.orders_cancel_refund_label({ amount: formatRupeesAndPaise(order.refundable.moneyPaise) })}
                    className="flex items-start gap-2 text-earth-900"
                    inputClassName="mt-1 size-5 accent-leaf-700"
                  />
                  <SpeedChoice id="cancel-speed" />
                </fieldset>
              )}
              <div>
                <button
                  type="submit"
                  className={`${secondaryButton} border-red-700 text-red-800 hover:bg-red-50`}
                  disabled={busyStep === 'cancel'}
                >
                  {m.orders_cancel_order()}
                </button>
              </div>
            </Form>
          )}
        </div>
      )}
    </Panel>
  )
}

/** Why the shop could not settle this order's payment by itself, and the form that takes it off the list. */
export function PaymentAttention({ reason, error, value, busy }: { reason: string; error?: string; value?: string; busy: boolean }) {
  return (
    <section
      role="alert"
      aria-labelledby="attention-title"
      className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-earth-900"
    >
      <h2 id="attention-title" className="font-semibold">
        {m.orders_attention_title()}
      </h2>
      <p className="mt-1" data-testid="payment-attention-reason">
        {reason}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <FormTokenField />
        <input type="hidden" name="step" value="resolve-attention" />
        <TextField
          id="attentionNote"
          name="attentionNote"
          label={m.orders_attention_what_you_did()}
          defaultValue={value}
          required
          minLength={3}
          maxLength={500}
          error={error}
          className="min-w-64 grow"
          inputClassName={inputClass}
        />
        <button type="submit" className={secondaryButton} disabled={busy}>
          {busy ? m.orders_saving() : m.orders_attention_mark_dealt()}
        </button>
      </Form>
    </section>
  )
}
