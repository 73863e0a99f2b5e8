import type { InputHTMLAttributes, ReactNode } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage, inputClass } from '~/components/admin/admin-page'
import { SaveButton, type SectionOutcome, SettingsSectionFrame } from '~/components/admin/settings-section'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { accountFieldErrors } from '~/features/accounts/account-schemas'
import { INDIAN_STATES } from '~/features/checkout/indian-states'
import { GST_STATE_CODES } from '~/features/invoices/gst'
import { DEFAULT_SHOP_SETTINGS, type PaymentSettings } from '~/features/settings/shop-settings'
import {
  deliveryRuleFormSchema,
  fssaiFormSchema,
  getShopSettings,
  paymentSettingsFormSchema,
  reservationLimitsSchema,
  saveDeliveryRule,
  saveFssaiLicence,
  savePaymentSettings,
  saveReservationLimits,
  saveTaxDetails,
  taxDetailsSchema,
} from '~/features/settings/shop-settings.server'
import { FORM_TOO_LARGE, formTooLarge, readSmallForm } from '~/http/forms.server'
import { MAX_REFUSED_PINS_TEXT } from '~/features/checkout/cash-on-delivery'
import { formatRupees } from '~/features/money/money'
import type { Route } from './+types/admin-settings'
import { FormTokenField } from '~/components/forms/form-token-field'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Tax details · ${shopSettingsOf(matches).shopName}` },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const settings = await getShopSettings(context.shop.db)
  return {
    gstin: settings.gstin,
    gstState: settings.gstState,
    isDemoGstin: settings.gstin === DEFAULT_SHOP_SETTINGS.gstin,
    maxUnitsPerLine: settings.maxUnitsPerLine,
    maxUnitsHeldUnpaid: settings.maxUnitsHeldUnpaid,
    phone: settings.phone,
    fssaiLicence: settings.fssaiLicence,
    isDemoFssai: settings.fssaiLicence === DEFAULT_SHOP_SETTINGS.fssaiLicence,
    deliveryChargePaise: settings.deliveryChargePaise,
    freeDeliveryFromPaise: settings.freeDeliveryFromPaise,
    // This page is the owner's alone: the payment rules, which the storefront's pages never get, may be sent here.
    payments: paymentValues(settings.payments),
  }
}

type Field = 'gstin' | 'gstState'
type ActionResult = { ok: true; message: string } | { ok: false; error: string; fieldErrors: Partial<Record<Field, string>>; values: Record<Field, string> }
type LimitField = 'maxUnitsPerLine' | 'maxUnitsHeldUnpaid'
type LimitsResult =
  | { form: 'limits'; ok: true; message: string }
  | { form: 'limits'; ok: false; error: string; fieldErrors: Partial<Record<LimitField, string>>; values: Record<LimitField, string> }
type FssaiResult = { form: 'fssai'; ok: true; message: string } | { form: 'fssai'; ok: false; error: string; fieldErrors: { fssaiLicence?: string }; values: { fssaiLicence: string } }
type DeliveryField = 'deliveryCharge' | 'freeDeliveryFrom'
type DeliveryResult =
  | { form: 'delivery'; ok: true; message: string }
  | { form: 'delivery'; ok: false; error: string; fieldErrors: Partial<Record<DeliveryField, string>>; values: Record<DeliveryField, string> }

const PAYMENT_FIELDS = [
  'codEnabled',
  'codFee',
  'codMinOrder',
  'codMaxOrder',
  'codRefusedPins',
  'codMaxReturns',
  'codConfirmHours',
  'prepaidKind',
  'prepaidPercent',
  'prepaidMaxDiscount',
  'prepaidFixed',
] as const
type PaymentField = (typeof PAYMENT_FIELDS)[number]
type PaymentsResult =
  | { form: 'payments'; ok: true; message: string }
  | { form: 'payments'; ok: false; error: string; fieldErrors: Partial<Record<PaymentField, string>>; values: Record<PaymentField, string> }

/** Saves the GST registration printed on new invoices; invoices already issued keep what they were issued with. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context)
  const fields = await readSmallForm(request)
  if (!fields) {
    return formTooLarge<ActionResult>({ ok: false, error: FORM_TOO_LARGE, fieldErrors: {}, values: { gstin: '', gstState: '' } })
  }
  if (fields.intent === 'reservation-limits') return saveLimits(context, fields)
  if (fields.intent === 'delivery') return saveDelivery(context, fields)
  if (fields.intent === 'fssai') return saveFssai(context, fields)
  if (fields.intent === 'payments') return savePayments(context, fields)
  const values = { gstin: (fields.gstin ?? '').slice(0, 40), gstState: (fields.gstState ?? '').slice(0, 60) }
  const parsed = taxDetailsSchema.safeParse(values)
  if (!parsed.success) {
    return data<ActionResult>({ ok: false, error: 'Check the fields marked below.', fieldErrors: accountFieldErrors(parsed.error), values }, { status: 400 })
  }
  await saveTaxDetails(context.shop.db, parsed.data)
  return data<ActionResult>({ ok: true, message: `Saved. New invoices carry GSTIN ${parsed.data.gstin}, registered in ${parsed.data.gstState}.` })
}

/** Saves the FSSAI number: every page's footer shows it at once, invoices issued from now on carry it (decision 037). */
async function saveFssai(context: Route.ActionArgs['context'], fields: Record<string, string | undefined>) {
  const values = { fssaiLicence: (fields.fssaiLicence ?? '').slice(0, 40) }
  const parsed = fssaiFormSchema.safeParse(values)
  if (!parsed.success) {
    return data<FssaiResult>({ form: 'fssai', ok: false, error: 'Check the field marked below.', fieldErrors: accountFieldErrors(parsed.error), values }, { status: 400 })
  }
  await saveFssaiLicence(context.shop.db, parsed.data.fssaiLicence)
  return data<FssaiResult>({ form: 'fssai', ok: true, message: `Saved. Every page's footer and new invoices show FSSAI Lic. No. ${parsed.data.fssaiLicence}.` })
}

/** Saves the delivery charge and threshold: the cart, the checkout and new orders follow at once; placed orders keep theirs. */
async function saveDelivery(context: Route.ActionArgs['context'], fields: Record<string, string | undefined>) {
  const values = { deliveryCharge: (fields.deliveryCharge ?? '').trim().slice(0, 20), freeDeliveryFrom: (fields.freeDeliveryFrom ?? '').trim().slice(0, 20) }
  const parsed = deliveryRuleFormSchema.safeParse(values)
  if (!parsed.success) {
    return data<DeliveryResult>({ form: 'delivery', ok: false, error: 'Check the fields marked below.', fieldErrors: accountFieldErrors(parsed.error), values }, { status: 400 })
  }
  await saveDeliveryRule(context.shop.db, parsed.data)
  const { deliveryChargePaise, freeDeliveryFromPaise } = parsed.data
  return data<DeliveryResult>({
    form: 'delivery',
    ok: true,
    message:
      deliveryChargePaise === 0 || freeDeliveryFromPaise === 0
        ? 'Saved. Delivery is now free on every order; orders already placed keep their charge.'
        : `Saved. Delivery now costs ${formatRupees(deliveryChargePaise)} below ${formatRupees(freeDeliveryFromPaise)} and is free from there; orders already placed keep their charge.`,
  })
}

/** The payment settings as the form shows them: rupees, a percentage, the PIN codes as one list. */
function paymentValues({ cod, prepaidOffer: offer }: PaymentSettings): Record<PaymentField, string> {
  return {
    codEnabled: cod.enabled ? 'on' : '',
    codFee: asRupees(cod.feePaise),
    codMinOrder: asRupees(cod.minOrderPaise),
    codMaxOrder: cod.maxOrderPaise === null ? '' : asRupees(cod.maxOrderPaise),
    codRefusedPins: cod.refusedPins.join(', '),
    codMaxReturns: String(cod.maxReturnedParcels),
    codConfirmHours: String(cod.confirmWithinHours),
    prepaidKind: offer?.kind ?? 'none',
    prepaidPercent: offer?.kind === 'percent' ? String(offer.value / 100) : '',
    prepaidMaxDiscount: offer?.kind === 'percent' && offer.maxDiscountPaise !== null ? asRupees(offer.maxDiscountPaise) : '',
    prepaidFixed: offer?.kind === 'fixed' ? asRupees(offer.value) : '',
  }
}

/** What the saved payment settings do, in a sentence or two for the owner. */
function paymentsSavedMessage({ cod, prepaidOffer: offer }: PaymentSettings) {
  const limits = [cod.minOrderPaise > 0 ? `from ${formatRupees(cod.minOrderPaise)}` : '', cod.maxOrderPaise !== null ? `up to ${formatRupees(cod.maxOrderPaise)}` : '']
    .filter(Boolean)
    .join(' ')
  const pins = cod.refusedPins.length === 1 ? '1 PIN code or prefix' : `${cod.refusedPins.length} PIN codes or prefixes`
  const codText = cod.enabled
    ? `Cash on delivery is offered${limits ? ` on orders ${limits}` : ''}${cod.feePaise > 0 ? ` for a fee of ${formatRupees(cod.feePaise)}` : ' with no fee'}${cod.refusedPins.length ? `, except in ${pins}` : ''}.`
    : 'Cash on delivery is not offered: the payment step says so.'
  const offerText = !offer
    ? 'Paying online takes nothing off.'
    : offer.kind === 'fixed'
      ? `Paying online takes ${formatRupees(offer.value)} off.`
      : `Paying online takes ${offer.value / 100}% off${offer.maxDiscountPaise !== null ? `, at most ${formatRupees(offer.maxDiscountPaise)}` : ''}.`
  return `Saved. ${codText} ${offerText} The checkout follows at once; orders already placed keep their fee and discount.`
}

/** Saves cash on delivery's rules and the offer for paying online (decision 043): the next quote and order follow them. */
async function savePayments(context: Route.ActionArgs['context'], fields: Record<string, string | undefined>) {
  const values = Object.fromEntries(
    PAYMENT_FIELDS.map((name) => [name, (fields[name] ?? '').slice(0, name === 'codRefusedPins' ? MAX_REFUSED_PINS_TEXT + 1 : 40)]),
  ) as Record<PaymentField, string>
  const parsed = paymentSettingsFormSchema.safeParse(values)
  if (!parsed.success) {
    return data<PaymentsResult>({ form: 'payments', ok: false, error: 'Check the fields marked below.', fieldErrors: accountFieldErrors(parsed.error), values }, { status: 400 })
  }
  await savePaymentSettings(context.shop.db, parsed.data)
  return data<PaymentsResult>({ form: 'payments', ok: true, message: paymentsSavedMessage(parsed.data) })
}

/** Saves the reservation limits (decision 024); every server reads them from the database for each new order. */
async function saveLimits(context: Route.ActionArgs['context'], fields: Record<string, string | undefined>) {
  const values = { maxUnitsPerLine: (fields.maxUnitsPerLine ?? '').trim().slice(0, 10), maxUnitsHeldUnpaid: (fields.maxUnitsHeldUnpaid ?? '').trim().slice(0, 10) }
  const parsed = reservationLimitsSchema.safeParse({
    maxUnitsPerLine: values.maxUnitsPerLine === '' ? undefined : values.maxUnitsPerLine,
    maxUnitsHeldUnpaid: values.maxUnitsHeldUnpaid === '' ? undefined : values.maxUnitsHeldUnpaid,
  })
  if (!parsed.success) {
    return data<LimitsResult>({ form: 'limits', ok: false, error: 'Check the fields marked below.', fieldErrors: accountFieldErrors(parsed.error), values }, { status: 400 })
  }
  await saveReservationLimits(context.shop.db, parsed.data)
  return data<LimitsResult>({
    form: 'limits',
    ok: true,
    message: `Saved. New orders may take ${parsed.data.maxUnitsPerLine} units of a pack; unpaid orders may hold ${parsed.data.maxUnitsHeldUnpaid} units per address, e-mail and phone.`,
  })
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const taxResult = actionData && !('form' in actionData) ? actionData : undefined
  const limitsResult = actionData && 'form' in actionData && actionData.form === 'limits' ? actionData : undefined
  const deliveryResult = actionData && 'form' in actionData && actionData.form === 'delivery' ? actionData : undefined
  const fssaiResult = actionData && 'form' in actionData && actionData.form === 'fssai' ? actionData : undefined
  const paymentsResult = actionData && 'form' in actionData && actionData.form === 'payments' ? actionData : undefined
  const failed = taxResult && !taxResult.ok ? taxResult : undefined
  const errors = failed?.fieldErrors ?? {}
  const gstin = failed?.values.gstin ?? loaderData.gstin
  const gstState = failed?.values.gstState ?? loaderData.gstState
  return (
    <AdminPage title="Tax details">
      <p className="mt-2 max-w-2xl text-earth-700">
        Printed on every tax invoice. Orders delivered in the shop’s state are charged CGST + SGST, all others IGST. Invoices already
        issued keep the details they were issued with.
      </p>
      {loaderData.isDemoGstin && (
        <p className="mt-4 max-w-2xl rounded-lg border border-turmeric-400 bg-turmeric-100 p-3 text-earth-900">
          The GSTIN below is the demo shop’s made-up one. Enter your own before taking real orders.
        </p>
      )}
      <ActionOutcome message={taxResult?.ok ? taxResult.message : undefined} error={failed?.error} />
      <Form method="post" className="mt-6 grid max-w-md gap-5 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm" noValidate>
        <FormTokenField />
        <div>
          <label htmlFor="gst-state" className="block text-sm font-medium text-earth-900">
            State of registration
          </label>
          <select
            id="gst-state"
            name="gstState"
            defaultValue={gstState}
            aria-invalid={errors.gstState ? true : undefined}
            aria-describedby={errors.gstState ? 'gst-state-error' : undefined}
            className={`${inputClass} ${errors.gstState ? 'border-red-600' : 'border-stone-300'}`}
          >
            {INDIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state} ({GST_STATE_CODES[state]})
              </option>
            ))}
          </select>
          <FieldError id="gst-state-error" message={errors.gstState} />
        </div>
        <div>
          <label htmlFor="gstin" className="block text-sm font-medium text-earth-900">
            GSTIN
          </label>
          <input
            id="gstin"
            name="gstin"
            required
            maxLength={15}
            autoCapitalize="characters"
            spellCheck={false}
            defaultValue={gstin}
            aria-invalid={errors.gstin ? true : undefined}
            aria-describedby={['gstin-hint', errors.gstin ? 'gstin-error' : ''].filter(Boolean).join(' ')}
            className={`${inputClass} font-mono uppercase ${errors.gstin ? 'border-red-600' : 'border-stone-300'}`}
          />
          <p id="gstin-hint" className="mt-1 text-sm text-earth-600">
            15 characters; its first two digits are the state’s code.
          </p>
          <FieldError id="gstin-error" message={errors.gstin} />
        </div>
        <SaveButton label="Save tax details" busy={busy} />
      </Form>
      <FssaiForm loaderData={loaderData} result={fssaiResult} busy={busy} />
      <DeliveryForm loaderData={loaderData} result={deliveryResult} busy={busy} />
      <PaymentsForm loaderData={loaderData} result={paymentsResult} busy={busy} />
      <ReservationLimitsForm loaderData={loaderData} result={limitsResult} busy={busy} />
    </AdminPage>
  )
}

/**
 * One field of a settings form: its label, hint, value as typed, the refusal beside it, and its input's own attributes;
 * `rows` makes it a text area, `optional` a field that may be left blank.
 */
type SettingsField = {
  name: string
  label: string
  hint: string
  value: string
  error?: string
  input: InputHTMLAttributes<HTMLInputElement>
  rows?: number
  optional?: boolean
}

/** A settings field: its label, control, hint and error, the hint and error tied to the control for screen readers. */
function SettingsFieldRow({ field }: { field: SettingsField }) {
  const common = {
    id: field.name,
    name: field.name,
    required: !field.optional,
    defaultValue: field.value,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': [`${field.name}-hint`, field.error ? `${field.name}-error` : ''].filter(Boolean).join(' '),
    className: `${inputClass} ${field.input.className ?? ''} ${field.error ? 'border-red-600' : 'border-stone-300'}`,
  }
  return (
    <div>
      <label htmlFor={field.name} className="block text-sm font-medium text-earth-900">
        {field.label}
      </label>
      {field.rows ? <textarea {...common} rows={field.rows} spellCheck={false} /> : <input {...field.input} {...common} />}
      <p id={`${field.name}-hint`} className="mt-1 text-sm text-earth-600">
        {field.hint}
      </p>
      <FieldError id={`${field.name}-error`} message={field.error} />
    </div>
  )
}

/**
 * A section of this page with its own small form (tagged by `intent`, which the action reads): the heading, why it
 * matters, the outcome of its last save, each field with its hint and error, and its button.
 */
function SettingsSection(props: {
  id: string
  title: string
  intro: ReactNode
  notice?: ReactNode
  intent: string
  outcome?: SectionOutcome
  fields: SettingsField[]
  submit: string
  busy: boolean
}) {
  const { id, title, intro, notice, intent, outcome, fields, submit, busy } = props
  return (
    <SettingsSectionFrame id={id} title={title} intro={intro} notice={notice} outcome={outcome}>
      <Form method="post" className="mt-6 grid max-w-md gap-5 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm" noValidate>
        <FormTokenField />
        <input type="hidden" name="intent" value={intent} />
        {fields.map((field) => (
          <SettingsFieldRow key={field.name} field={field} />
        ))}
        <SaveButton label={submit} busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}

type FormProps<R> = { loaderData: Route.ComponentProps['loaderData']; result?: R; busy: boolean }

function FssaiForm({ loaderData, result, busy }: FormProps<FssaiResult>) {
  const failed = result && !result.ok ? result : undefined
  return (
    <SettingsSection
      id="fssai"
      title="Food licence (FSSAI)"
      intro="Shown in every page’s footer and printed on new invoices, as FSSAI asks of food sold online."
      notice={loaderData.isDemoFssai && 'The number below is the demo shop’s made-up one. Enter your own before taking real orders.'}
      intent="fssai"
      outcome={result}
      fields={[
        {
          name: 'fssaiLicence',
          label: 'FSSAI licence or registration number',
          hint: '14 digits, as on your licence.',
          value: failed?.values.fssaiLicence ?? loaderData.fssaiLicence,
          error: failed?.fieldErrors.fssaiLicence,
          input: { inputMode: 'numeric', maxLength: 20, className: 'font-mono' },
        },
      ]}
      submit="Save the licence number"
      busy={busy}
    />
  )
}

const asRupees = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2))

function DeliveryForm({ loaderData, result, busy }: FormProps<DeliveryResult>) {
  const failed = result && !result.ok ? result : undefined
  const input = { inputMode: 'decimal' } as const
  return (
    <SettingsSection
      id="delivery"
      title="Delivery"
      intro="What the cart, the checkout and new orders charge for delivery, on every server at once. Orders already placed keep the charge they were placed with."
      intent="delivery"
      outcome={result}
      fields={[
        {
          name: 'deliveryCharge',
          label: 'Delivery charge (₹)',
          hint: 'Added to an order below the threshold. 0 makes delivery free on every order.',
          value: failed?.values.deliveryCharge ?? asRupees(loaderData.deliveryChargePaise),
          error: failed?.fieldErrors.deliveryCharge,
          input,
        },
        {
          name: 'freeDeliveryFrom',
          label: 'Free delivery from (₹)',
          hint: 'Orders whose subtotal reaches this pay no delivery. The cart tells customers how much more they need.',
          value: failed?.values.freeDeliveryFrom ?? asRupees(loaderData.freeDeliveryFromPaise),
          error: failed?.fieldErrors.freeDeliveryFrom,
          input,
        },
      ]}
      submit="Save delivery"
      busy={busy}
    />
  )
}

function ReservationLimitsForm({ loaderData, result, busy }: FormProps<LimitsResult>) {
  const failed = result && !result.ok ? result : undefined
  const input = { type: 'number', inputMode: 'numeric', min: 1, max: 10000, step: 1 } as const
  return (
    <SettingsSection
      id="reservation-limits"
      title="Reservation limits"
      intro="An order reserves its stock while it waits for payment. These limits keep one customer, or a bot, from emptying the shelves with orders never paid for."
      intent="reservation-limits"
      outcome={result}
      fields={[
        {
          name: 'maxUnitsPerLine',
          label: 'Units of one pack per order',
          hint: `A product in one size. Customers wanting more are told to call ${loaderData.phone} for a bulk purchase.`,
          value: failed?.values.maxUnitsPerLine ?? String(loaderData.maxUnitsPerLine),
          error: failed?.fieldErrors.maxUnitsPerLine,
          input,
        },
        {
          name: 'maxUnitsHeldUnpaid',
          label: 'Units held by unpaid orders',
          hint: 'Per network address, per e-mail and per phone: what orders awaiting payment may keep off the shelf at once.',
          value: failed?.values.maxUnitsHeldUnpaid ?? String(loaderData.maxUnitsHeldUnpaid),
          error: failed?.fieldErrors.maxUnitsHeldUnpaid,
          input,
        },
      ]}
      submit="Save reservation limits"
      busy={busy}
    />
  )
}

/** A tick box with its hint and refusal, as the payments form's "offered or not" needs. */
function SettingsCheckbox(props: { name: string; label: string; hint: string; checked: boolean; error?: string }) {
  const { name, label, hint, checked, error } = props
  return (
    <div>
      <label htmlFor={name} className="inline-flex min-h-11 items-center gap-2 font-medium text-earth-900">
        <input
          type="checkbox"
          id={name}
          name={name}
          value="on"
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${name}-hint`, error ? `${name}-error` : ''].filter(Boolean).join(' ')}
          className="h-5 w-5 accent-leaf-700"
        />
        {label}
      </label>
      <p id={`${name}-hint`} className="mt-1 text-sm text-earth-600">
        {hint}
      </p>
      <FieldError id={`${name}-error`} message={error} />
    </div>
  )
}

const PREPAID_KINDS = [
  { kind: 'none', label: 'No offer' },
  { kind: 'percent', label: 'A percentage off' },
  { kind: 'fixed', label: 'A fixed amount off' },
] as const

/**
 * Cash on delivery's rules and the offer for paying online (decision 043): one form, so the checkout never runs on
 * half of a change. Without JavaScript every field shows; the offer's fields sit under the choice they belong to.
 */
function PaymentsForm({ loaderData, result, busy }: FormProps<PaymentsResult>) {
  const failed = result && !result.ok ? result : undefined
  const values = failed?.values ?? loaderData.payments
  const errors = failed?.fieldErrors ?? {}
  const field = (name: PaymentField, label: string, hint: string, extra: Partial<SettingsField> = {}): SettingsField => ({
    name,
    label,
    hint,
    value: values[name],
    error: errors[name],
    input: { inputMode: 'decimal' },
    ...extra,
  })
  const whole = (max: number) => ({ input: { type: 'number', inputMode: 'numeric', min: 1, max, step: 1 } as const })
  const fieldsetClass = 'grid gap-5 border-t border-leaf-100 pt-4 first-of-type:border-t-0 first-of-type:pt-0'
  const legendClass = 'text-lg font-semibold text-earth-900'
  return (
    <SettingsSectionFrame
      id="payments"
      title="Payments"
      intro="How customers may pay on the payment step: cash on delivery and its rules, and a discount for paying online. Every server follows a change at once; orders already placed keep their fee and discount."
      outcome={result}
    >
      <Form method="post" className="mt-6 grid max-w-md gap-6 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm" noValidate>
        <FormTokenField />
        <input type="hidden" name="intent" value="payments" />
        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Cash on delivery</legend>
          <SettingsCheckbox
            name="codEnabled"
            label="Offer cash on delivery"
            hint="When clear, the payment step says cash on delivery is not offered at the moment and asks customers to pay online."
            checked={values.codEnabled === 'on'}
            error={errors.codEnabled}
          />
          <SettingsFieldRow field={field('codFee', 'COD fee (₹)', 'Added to an order paid on delivery, shown on the payment step beside its total. 0 for no fee.')} />
          <SettingsFieldRow
            field={field(
              'codMinOrder',
              'Minimum order value (₹)',
              'On what the courier collects less the fee (goods after any coupon, and delivery). Below it, the payment step says how much more to add, or to pay online. 0 for none.',
            )}
          />
          <SettingsFieldRow
            field={field('codMaxOrder', 'Maximum order value (₹)', 'Above it, the payment step asks the customer to pay online. Blank for no maximum.', { optional: true })}
          />
          <SettingsFieldRow
            field={field(
              'codRefusedPins',
              'PIN codes where cash on delivery is not offered',
              'Where cash on delivery is not offered, the payment step says why. Whole PIN codes (682001), or their first digits for a whole area (6824 is 682400 to 682499), separated by commas, spaces or lines. Empty for none.',
              { rows: 4, optional: true, input: {}, value: values.codRefusedPins.slice(0, MAX_REFUSED_PINS_TEXT) },
            )}
          />
          <SettingsFieldRow
            field={field(
              'codMaxReturns',
              'Refused after this many returned parcels',
              'A customer, known by e-mail or by phone, whose cash-on-delivery parcels came back unclaimed this many times is asked to pay online.',
              whole(100),
            )}
          />
          <SettingsFieldRow
            field={field(
              'codConfirmHours',
              'Unconfirmed orders cancel after (hours)',
              'A cash-on-delivery order waits for the customer’s confirmation (the link in their order mail) or yours after a call; unconfirmed by then, it cancels itself and its stock goes back. 1 to 720; orders waiting keep the time they were given.',
              whole(720),
            )}
          />
        </fieldset>
        <fieldset className={fieldsetClass} aria-describedby={['prepaidKind-hint', errors.prepaidKind ? 'prepaidKind-error' : ''].filter(Boolean).join(' ')}>
          <legend className={legendClass}>Pay online and save</legend>
          <p id="prepaidKind-hint" className="text-sm text-earth-600">
            Shown on the payment step as ‘Pay online and save ₹X’, taken off the goods after any coupon. Cash on delivery gets no such
            discount.
          </p>
          {PREPAID_KINDS.map(({ kind, label }) => (
            <div key={kind} className="grid gap-3">
              <label className="inline-flex min-h-11 items-center gap-2 font-medium text-earth-900">
                <input type="radio" name="prepaidKind" value={kind} defaultChecked={values.prepaidKind === kind} className="h-5 w-5 accent-leaf-700" />
                {label}
              </label>
              {kind === 'percent' && (
                <div className="grid gap-4 border-l-2 border-leaf-100 pl-4">
                  <SettingsFieldRow field={field('prepaidPercent', 'Percentage off (%)', 'From 0.01 to 100, like 5 or 2.5; rounded down to the paisa.', { optional: true })} />
                  <SettingsFieldRow field={field('prepaidMaxDiscount', 'Largest discount (₹)', 'The most a percentage takes off an order. Blank for no cap.', { optional: true })} />
                </div>
              )}
              {kind === 'fixed' && (
                <div className="grid gap-4 border-l-2 border-leaf-100 pl-4">
                  <SettingsFieldRow field={field('prepaidFixed', 'Amount off (₹)', 'Taken off every order paid online, never more than its goods.', { optional: true })} />
                </div>
              )}
            </div>
          ))}
          <FieldError id="prepaidKind-error" message={errors.prepaidKind} />
        </fieldset>
        <SaveButton label="Save payments" busy={busy} />
      </Form>
    </SettingsSectionFrame>
  )
}
