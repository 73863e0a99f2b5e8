import { data, Form, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage, smallButton, Time } from '~/components/admin/admin-page'
import { CheckboxField, MoneyField, RadioGroupField, TextField } from '~/components/forms/fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { FormTokenField } from '~/components/forms/form-token-field'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { CATEGORIES, CATEGORY_LABELS } from '~/features/catalogue/categories'
import { formatRupees } from '~/features/money/money'
import { couponCategoryField, couponState } from '~/features/offers/coupons'
import {
  CouponExistsError,
  couponFormSchema,
  couponSwitchSchema,
  createCoupon,
  listCouponsForAdmin,
  setCouponActive,
  UnknownProductsError,
} from '~/features/offers/coupons.server'
import { FORM_TOO_LARGE, formTooLarge, parseForm, readSmallForm } from '~/http/forms.server'
import type { FieldErrors } from '~/http/form-result'
import type { Route } from './+types/admin-coupons'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Coupon codes · ${shopSettingsOf(matches).shopName}` },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  return { coupons: await listCouponsForAdmin(context.shop.db) }
}

/** What switching a code did, in its state afterwards. */
const SWITCHED = {
  on: 'on: customers can use it',
  off: 'off: it is refused like an unknown code',
  ended: 'on, but its last day has passed: customers are told it ended. Make a new code to offer it again',
  scheduled: 'on: customers can use it from its first day',
} as const

/** Each code's state beside its name; the colour only helps scanning. */
const STATE_PILLS = {
  on: ['On', 'bg-leaf-100 text-leaf-900'],
  off: ['Off', 'bg-stone-200 text-stone-800'],
  ended: ['Ended', 'bg-red-100 text-red-900'],
  scheduled: ['Starts later', 'bg-sky-100 text-sky-900'],
} as const

type Field =
  | 'code'
  | 'kind'
  | 'value'
  | 'minOrder'
  | 'maxDiscount'
  | 'validFrom'
  | 'validUntil'
  | 'totalUses'
  | 'usesPerCustomer'
  | 'products'
type ActionResult =
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors?: FieldErrors<Field>; values?: Record<string, string> }

/** Makes a coupon (intent "create"), or switches one on or off (intent "switch"). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context)
  const fields = await readSmallForm(request)
  if (!fields) return formTooLarge<ActionResult>({ ok: false, error: FORM_TOO_LARGE })
  if (fields.intent === 'switch') {
    const parsed = couponSwitchSchema.safeParse(fields)
    if (!parsed.success) return data<ActionResult>({ ok: false, error: parsed.error.issues[0]!.message }, { status: 400 })
    const coupon = await setCouponActive(context.shop.db, parsed.data.code, parsed.data.active)
    if (!coupon) return data<ActionResult>({ ok: false, error: 'There is no such code.' }, { status: 404 })
    return data<ActionResult>({ ok: true, message: `${parsed.data.code} is ${SWITCHED[coupon.state]}.` })
  }
  if (fields.intent !== 'create') return data<ActionResult>({ ok: false, error: 'Make a code or switch one on or off.' }, { status: 400 })
  const values = Object.fromEntries(
    Object.entries(fields)
      .filter(([k]) => k !== 'csrf_token')
      .map(([k, v]) => [k, v.slice(0, 2_000)]),
  )
  const parsed = parseForm<typeof couponFormSchema, Field>(fields, couponFormSchema)
  if (!parsed.ok) {
    return data<ActionResult>(
      { ok: false, error: 'The code was not made: see the fields below.', fieldErrors: parsed.fieldErrors, values },
      { status: 400 },
    )
  }
  try {
    const code = await createCoupon(context.shop.db, parsed.values)
    const startsLater = couponState({ active: true, ...parsed.values }, new Date()) === 'scheduled'
    return data<ActionResult>({
      ok: true,
      message: `${code} is made and on${startsLater ? ': customers can use it from its first day' : ''}.`,
    })
  } catch (err) {
    if (err instanceof CouponExistsError)
      return data<ActionResult>({ ok: false, error: err.message, fieldErrors: { code: err.message }, values }, { status: 409 })
    if (err instanceof UnknownProductsError)
      return data<ActionResult>({ ok: false, error: err.message, fieldErrors: { products: err.message }, values }, { status: 400 })
    throw err
  }
}

/** What a coupon takes off, as the list shows it. */
function discountText(c: { kind: 'percent' | 'fixed'; value: number; maxDiscountPaise: number | null }) {
  if (c.kind === 'fixed') return `${formatRupees(c.value)} off`
  return `${c.value / 100}% off${c.maxDiscountPaise !== null ? `, at most ${formatRupees(c.maxDiscountPaise)}` : ''}`
}

function conditionsText(c: Awaited<ReturnType<typeof listCouponsForAdmin>>[number]) {
  const parts = [
    c.minOrderPaise > 0 ? `from ${formatRupees(c.minOrderPaise)}` : '',
    c.categories.length ? `on ${c.categories.map((k) => CATEGORY_LABELS[k as keyof typeof CATEGORY_LABELS] ?? k).join(', ')}` : '',
    c.productIds.length ? `on ${c.productIds.length} product${c.productIds.length > 1 ? 's' : ''}` : '',
    c.firstOrderOnly ? 'first orders only' : '',
    c.prepaidOnly ? 'paid online only' : '',
    c.usesPerCustomer !== null ? `${c.usesPerCustomer} per customer` : '',
  ].filter(Boolean)
  return parts.length ? parts.join(' · ') : 'Any order'
}

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const failed = actionData && !actionData.ok ? actionData : undefined
  const errors = failed?.fieldErrors ?? {}
  const value = (name: string, fallback = '') => failed?.values?.[name] ?? fallback
  // The form's fields: typed as text (the server reads "₹1,000" and "7.5" too), shown again after a refusal.
  const common = (name: Field, label: string, hint: string) => ({
    id: `coupon-${name}`,
    name,
    label,
    hint,
    error: errors[name],
    defaultValue: value(name),
  })
  return (
    <AdminPage title="Coupon codes">
      <p className="mt-2 text-earth-700">
        Codes customers type at checkout. One code per order; a code is refused once its uses are taken, and an order that expires or is
        cancelled before dispatch gives its use back.
      </p>
      <ActionOutcome message={actionData?.ok ? actionData.message : undefined} error={failed?.error} />
      <FocusFirstError failure={failed} />

      {loaderData.coupons.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-leaf-100 bg-white p-6 text-earth-900">No codes yet. Make the first below.</p>
      ) : (
        <ul className="mt-6 grid gap-3" aria-label="Coupon codes, newest first">
          {loaderData.coupons.map((c) => (
            <li
              key={c.code}
              className={`rounded-2xl border bg-white p-4 shadow-sm ${c.active ? 'border-leaf-100' : 'border-stone-300 bg-stone-50'}`}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={`coupon-${c.code}`} className="font-mono text-lg font-semibold text-earth-900">
                  {c.code}{' '}
                  <span
                    className={`ml-1 rounded-full px-2 py-0.5 align-middle font-sans text-sm font-semibold ${STATE_PILLS[c.state][1]}`}
                    data-testid="coupon-state"
                  >
                    {STATE_PILLS[c.state][0]}
                  </span>
                </h2>
                <p className="font-semibold text-earth-900">{discountText(c)}</p>
              </div>
              <p className="mt-1 text-sm text-earth-800">{conditionsText(c)}</p>
              <p className="mt-1 text-sm text-earth-700">
                Used {c.usesTaken}
                {c.totalUses !== null ? ` of ${c.totalUses}` : ''} ·{' '}
                {c.validFrom ? (
                  <>
                    from <Time value={c.validFrom} dateOnly />{' '}
                  </>
                ) : null}
                {c.validUntil ? (
                  <>
                    until <Time value={c.validUntil} dateOnly />
                  </>
                ) : (
                  'no end date'
                )}
              </p>
              <Form method="post" preventScrollReset className="mt-3">
                <FormTokenField />
                <input type="hidden" name="intent" value="switch" />
                <input type="hidden" name="code" value={c.code} />
                <input type="hidden" name="active" value={c.active ? 'false' : 'true'} />
                <button
                  type="submit"
                  disabled={busy}
                  aria-describedby={`coupon-${c.code}`}
                  className={`${smallButton} ${c.active ? 'border-leaf-700 bg-white text-leaf-800 hover:bg-leaf-50' : 'border-leaf-700 bg-leaf-700 text-white hover:bg-leaf-800'}`}
                >
                  {c.active ? 'Switch off' : 'Switch on'}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="new-coupon" className="mt-10 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm">
        <h2 id="new-coupon" className="text-xl font-semibold text-earth-900">
          Make a code
        </h2>
        <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
          <FormTokenField />
          <input type="hidden" name="intent" value="create" />
          <TextField {...common('code', 'Code', 'Letters and digits, e.g. DIWALI10; customers may type it in any case.')} />
          <RadioGroupField
            id="coupon-kind"
            name="kind"
            legend="Kind of discount"
            options={[
              { value: 'percent', label: 'A percentage' },
              { value: 'fixed', label: 'A fixed amount' },
            ]}
            defaultValue={value('kind', 'percent')}
            error={errors.kind}
            className="sm:col-span-1"
          />
          <TextField {...common('value', 'Discount', 'A percentage (10 or 7.5) or rupees (50), as chosen above.')} inputMode="decimal" />
          <MoneyField {...common('maxDiscount', 'Largest discount (₹)', 'For a percentage; blank for no cap.')} />
          <MoneyField {...common('minOrder', 'Minimum order (₹)', 'Of the products the code applies to; blank for none.')} />
          <TextField {...common('totalUses', 'Uses in all', 'Blank for no limit.')} inputMode="numeric" />
          <TextField
            {...common('usesPerCustomer', 'Uses per customer', 'Known by e-mail and by phone; blank for no limit.')}
            inputMode="numeric"
          />
          <TextField {...common('validFrom', 'First day', 'In India; blank to start now.')} type="date" />
          <TextField {...common('validUntil', 'Last day', 'In India, to midnight; blank for no end.')} type="date" />
          <fieldset className="sm:col-span-2">
            <legend className="block text-sm font-medium text-earth-900">Only on these categories (none ticked: the whole cart)</legend>
            <div className="mt-2 grid gap-1 sm:grid-cols-3">
              {CATEGORIES.map((category) => (
                <CheckboxField
                  key={category}
                  id={`coupon-${couponCategoryField(category)}`}
                  name={couponCategoryField(category)}
                  label={CATEGORY_LABELS[category]}
                  defaultChecked={value(couponCategoryField(category)) === 'on'}
                />
              ))}
            </div>
          </fieldset>
          <div className="sm:col-span-2">
            <TextField
              {...common(
                'products',
                'Only on these products',
                'Product ids (from the product’s address), separated by commas; blank for none.',
              )}
            />
          </div>
          <div className="grid gap-1 sm:col-span-2">
            <CheckboxField
              id="coupon-firstOrderOnly"
              name="firstOrderOnly"
              label="First orders only (a customer, by e-mail or phone, with no paid order yet)"
              defaultChecked={value('firstOrderOnly') === 'on'}
            />
            <CheckboxField
              id="coupon-prepaidOnly"
              name="prepaidOnly"
              label="Only for orders paid online"
              defaultChecked={value('prepaidOnly') === 'on'}
            />
          </div>
          <div className="sm:col-span-2">
            <button type="submit" disabled={busy} className={`${smallButton} border-leaf-700 bg-leaf-700 text-white hover:bg-leaf-800`}>
              Make the code
            </button>
          </div>
        </Form>
      </section>
    </AdminPage>
  )
}
