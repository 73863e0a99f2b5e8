import type { ReactNode } from 'react'
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
import { formTooLargeMessage, formTooLarge, parseForm, readSmallForm } from '~/http/forms.server'
import type { FieldErrors } from '~/http/form-result'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-coupons'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.offers_page_title({ shop: shopSettingsOf(matches).shopName }) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  return { coupons: await listCouponsForAdmin(context.shop.db) }
}

/** What switching a code did, in its state afterwards. */
const SWITCHED = {
  on: m.offers_switched_on,
  off: m.offers_switched_off,
  ended: m.offers_switched_ended,
  scheduled: m.offers_switched_scheduled,
} as const

/** Each code's state beside its name; the colour only helps scanning. */
const STATE_PILLS = {
  on: [m.offers_state_on, 'bg-leaf-100 text-leaf-900'],
  off: [m.offers_state_off, 'bg-stone-200 text-stone-800'],
  ended: [m.offers_state_ended, 'bg-red-100 text-red-900'],
  scheduled: [m.offers_state_scheduled, 'bg-sky-100 text-sky-900'],
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
  if (!fields) return formTooLarge<ActionResult>({ ok: false, error: formTooLargeMessage() })
  if (fields.intent === 'switch') {
    const parsed = couponSwitchSchema.safeParse(fields)
    if (!parsed.success) return data<ActionResult>({ ok: false, error: parsed.error.issues[0]!.message }, { status: 400 })
    const coupon = await setCouponActive(context.shop.db, parsed.data.code, parsed.data.active)
    if (!coupon) return data<ActionResult>({ ok: false, error: m.offers_no_such_code() }, { status: 404 })
    return data<ActionResult>({ ok: true, message: SWITCHED[coupon.state]({ code: parsed.data.code }) })
  }
  if (fields.intent !== 'create') return data<ActionResult>({ ok: false, error: m.offers_make_or_switch() }, { status: 400 })
  const values = Object.fromEntries(
    Object.entries(fields)
      .filter(([k]) => k !== 'csrf_token')
      .map(([k, v]) => [k, v.slice(0, 2_000)]),
  )
  const parsed = parseForm<typeof couponFormSchema, Field>(fields, couponFormSchema)
  if (!parsed.ok) {
    return data<ActionResult>({ ok: false, error: m.offers_not_made(), fieldErrors: parsed.fieldErrors, values }, { status: 400 })
  }
  try {
    const code = await createCoupon(context.shop.db, parsed.values)
    const startsLater = couponState({ active: true, ...parsed.values }, new Date()) === 'scheduled'
    return data<ActionResult>({
      ok: true,
      message: startsLater ? m.offers_made_scheduled({ code }) : m.offers_made({ code }),
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
  if (c.kind === 'fixed') return m.offers_fixed_off({ amount: formatRupees(c.value) })
  return c.maxDiscountPaise !== null
    ? m.offers_percent_off_capped({ percent: c.value / 100, max: formatRupees(c.maxDiscountPaise) })
    : m.offers_percent_off({ percent: c.value / 100 })
}

function conditionsText(c: Awaited<ReturnType<typeof listCouponsForAdmin>>[number]) {
  const parts = [
    c.minOrderPaise > 0 ? m.offers_cond_from({ min: formatRupees(c.minOrderPaise) }) : '',
    c.categories.length
      ? m.offers_cond_categories({
          categories: c.categories.map((k) => CATEGORY_LABELS[k as keyof typeof CATEGORY_LABELS] ?? k).join(', '),
        })
      : '',
    c.productIds.length ? m.offers_cond_products({ count: c.productIds.length }) : '',
    c.firstOrderOnly ? m.offers_cond_first_orders() : '',
    c.prepaidOnly ? m.offers_cond_prepaid() : '',
    c.usesPerCustomer !== null ? m.offers_cond_per_customer({ count: c.usesPerCustomer }) : '',
  ].filter(Boolean)
  return parts.length ? parts.join(' · ') : m.offers_cond_any()
}

/** Words around an element (a date): before it in one language, after it in another. */
function Around({ before, after, children }: { before: string; after: string; children: ReactNode }) {
  return (
    <>
      {before ? `${before} ` : ''}
      {children}
      {after ? ` ${after}` : ''}
    </>
  )
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
    <AdminPage title={m.offers_page_heading()}>
      <p className="mt-2 text-earth-700">{m.offers_intro()}</p>
      <ActionOutcome message={actionData?.ok ? actionData.message : undefined} error={failed?.error} />
      <FocusFirstError failure={failed} />

      {loaderData.coupons.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-leaf-100 bg-white p-6 text-earth-900">{m.offers_none_yet()}</p>
      ) : (
        <ul className="mt-6 grid gap-3" aria-label={m.offers_list_label()}>
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
                    {STATE_PILLS[c.state][0]()}
                  </span>
                </h2>
                <p className="font-semibold text-earth-900">{discountText(c)}</p>
              </div>
              <p className="mt-1 text-sm text-earth-800">{conditionsText(c)}</p>
              <p className="mt-1 text-sm text-earth-700">
                {c.totalUses !== null
                  ? m.offers_used_of({ count: c.usesTaken, total: c.totalUses })
                  : m.offers_used({ count: c.usesTaken })}{' '}
                ·{' '}
                {c.validFrom ? (
                  <>
                    <Around before={m.offers_valid_from()} after={m.offers_valid_from_after()}>
                      <Time value={c.validFrom} dateOnly />
                    </Around>{' '}
                  </>
                ) : null}
                {c.validUntil ? (
                  <Around before={m.offers_valid_until()} after={m.offers_valid_until_after()}>
                    <Time value={c.validUntil} dateOnly />
                  </Around>
                ) : (
                  m.offers_no_end()
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
                  {c.active ? m.offers_switch_off() : m.offers_switch_on()}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="new-coupon" className="mt-10 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm">
        <h2 id="new-coupon" className="text-xl font-semibold text-earth-900">
          {m.offers_make_title()}
        </h2>
        <Form method="post" noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
          <FormTokenField />
          <input type="hidden" name="intent" value="create" />
          <TextField {...common('code', m.offers_field_code(), m.offers_field_code_hint())} />
          <RadioGroupField
            id="coupon-kind"
            name="kind"
            legend={m.offers_field_kind()}
            options={[
              { value: 'percent', label: m.offers_kind_percent() },
              { value: 'fixed', label: m.offers_kind_fixed() },
            ]}
            defaultValue={value('kind', 'percent')}
            error={errors.kind}
            className="sm:col-span-1"
          />
          <TextField {...common('value', m.offers_field_value(), m.offers_field_value_hint())} inputMode="decimal" />
          <MoneyField {...common('maxDiscount', m.offers_field_max_discount(), m.offers_field_max_discount_hint())} />
          <MoneyField {...common('minOrder', m.offers_field_min_order(), m.offers_field_min_order_hint())} />
          <TextField {...common('totalUses', m.offers_uses_in_all(), m.offers_field_total_uses_hint())} inputMode="numeric" />
          <TextField {...common('usesPerCustomer', m.offers_uses_per_customer(), m.offers_field_per_customer_hint())} inputMode="numeric" />
          <TextField {...common('validFrom', m.offers_field_first_day(), m.offers_field_first_day_hint())} type="date" />
          <TextField {...common('validUntil', m.offers_field_last_day(), m.offers_field_last_day_hint())} type="date" />
          <fieldset className="sm:col-span-2">
            <legend className="block text-sm font-medium text-earth-900">{m.offers_field_categories()}</legend>
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
            <TextField {...common('products', m.offers_field_products(), m.offers_field_products_hint())} />
          </div>
          <div className="grid gap-1 sm:col-span-2">
            <CheckboxField
              id="coupon-firstOrderOnly"
              name="firstOrderOnly"
              label={m.offers_field_first_order()}
              defaultChecked={value('firstOrderOnly') === 'on'}
            />
            <CheckboxField
              id="coupon-prepaidOnly"
              name="prepaidOnly"
              label={m.offers_field_prepaid()}
              defaultChecked={value('prepaidOnly') === 'on'}
            />
          </div>
          <div className="sm:col-span-2">
            <button type="submit" disabled={busy} className={`${smallButton} border-leaf-700 bg-leaf-700 text-white hover:bg-leaf-800`}>
              {m.offers_make_button()}
            </button>
          </div>
        </Form>
      </section>
    </AdminPage>
  )
}
