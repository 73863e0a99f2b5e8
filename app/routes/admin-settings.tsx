import type { InputHTMLAttributes, ReactNode } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage, inputClass } from '~/components/admin/admin-page'
import { SaveButton, type SectionOutcome, SettingsSectionFrame } from '~/components/admin/settings-section'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { accountFieldErrors } from '~/features/accounts/account-schemas'
import { INDIAN_STATES } from '~/features/checkout/indian-states'
import { GST_STATE_CODES } from '~/features/invoices/gst'
import { DEFAULT_SHOP_SETTINGS } from '~/features/settings/shop-settings'
import {
  deliveryRuleFormSchema,
  fssaiFormSchema,
  getShopSettings,
  reservationLimitsSchema,
  saveDeliveryRule,
  saveFssaiLicence,
  saveReservationLimits,
  saveTaxDetails,
  taxDetailsSchema,
} from '~/features/settings/shop-settings.server'
import { FORM_TOO_LARGE, formTooLarge, readSmallForm } from '~/http/forms.server'
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
      <ReservationLimitsForm loaderData={loaderData} result={limitsResult} busy={busy} />
    </AdminPage>
  )
}

/** One field of a settings form: its label, hint, value as typed, the refusal beside it, and its input's own attributes. */
type SettingsField = { name: string; label: string; hint: string; value: string; error?: string; input: InputHTMLAttributes<HTMLInputElement> }

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
          <div key={field.name}>
            <label htmlFor={field.name} className="block text-sm font-medium text-earth-900">
              {field.label}
            </label>
            <input
              {...field.input}
              id={field.name}
              name={field.name}
              required
              defaultValue={field.value}
              aria-invalid={field.error ? true : undefined}
              aria-describedby={[`${field.name}-hint`, field.error ? `${field.name}-error` : ''].filter(Boolean).join(' ')}
              className={`${inputClass} ${field.input.className ?? ''} ${field.error ? 'border-red-600' : 'border-stone-300'}`}
            />
            <p id={`${field.name}-hint`} className="mt-1 text-sm text-earth-600">
              {field.hint}
            </p>
            <FieldError id={`${field.name}-error`} message={field.error} />
          </div>
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
