import { data, Form, Link, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage, inputClass, smallButton, tableScroll, Time } from '~/components/admin/admin-page'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { getProductForAdmin } from '~/features/admin/products.server'
import { PRODUCT_ID_PATTERN } from '~/features/catalogue/product'
import { ADJUSTMENT_REASON_LABELS, ADJUSTMENT_REASONS, STOCK_REASON_LABELS } from '~/features/stock/adjustment-reasons'
import { unitsFormSchema } from '~/features/stock/adjustments'
import { AdjustmentOutOfRangeError, adjustStock, PackNotFoundError } from '~/features/stock/adjustments.server'
import { LEDGER_PAGE_SIZE, productLedger } from '~/features/stock/ledger.server'
import { formTooLargeMessage, formTooLarge, parseForm, readSmallForm } from '~/http/forms.server'
import { firstError } from '~/http/form-result'
import { NumberField, SelectField } from '~/components/forms/fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { m } from '~/i18n/paraglide/messages.js'
import { z } from '~/zod'
import type { Route } from './+types/admin-stock'
import { FormTokenField } from '~/components/forms/form-token-field'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${m.stock_title()} · ${shopSettingsOf(matches).shopName}` },
  { name: 'robots', content: 'noindex' },
]

const pageQuery = z.object({
  before: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1)
    .optional()
    .catch(undefined),
})

async function productOr404(db: Route.LoaderArgs['context']['shop']['db'], productId: string | undefined) {
  const product = productId && PRODUCT_ID_PATTERN.test(productId) ? await getProductForAdmin(db, productId) : null
  if (!product) throw data(m.stock_no_such_product(), { status: 404 })
  return product
}

/** A product's packs with their stock, and its stock ledger, latest first, 50 rows a page (decision 027). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const product = await productOr404(context.shop.db, params.productId)
  const { before } = pageQuery.parse({ before: new URL(request.url).searchParams.get('before') ?? undefined })
  const rows = await productLedger(context.shop.db, product.id, before)
  return {
    product: { id: product.id, name: product.name, offers: product.offers },
    rows,
    before: before ?? null,
    more: rows.length === LEDGER_PAGE_SIZE,
  }
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string }

/** The "add/remove units" form: an adjustment with its reason, written to the ledger with the admin. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  const product = await productOr404(context.shop.db, params.productId)
  const fields = await readSmallForm(request)
  if (!fields) return formTooLarge<ActionResult>({ ok: false, error: formTooLargeMessage() })
  const parsed = parseForm(fields, unitsFormSchema)
  if (!parsed.ok) return data<ActionResult>({ ok: false, error: firstError(parsed) }, { status: 400 })
  try {
    const after = await adjustStock(context.shop.db, product.id, parsed.values, admin.email)
    const change = parsed.values.kind === 'add' ? parsed.values.change : 0
    const pack = parsed.values.size === 'one' ? m.stock_this_product() : parsed.values.size
    return data<ActionResult>({
      ok: true,
      message: change > 0 ? m.stock_added_now({ count: change, pack, after }) : m.stock_removed_now({ count: -change, pack, after }),
    })
  } catch (err) {
    if (err instanceof AdjustmentOutOfRangeError) return data<ActionResult>({ ok: false, error: err.message }, { status: 409 })
    if (err instanceof PackNotFoundError) return data<ActionResult>({ ok: false, error: err.message }, { status: 404 })
    throw err
  }
}

const packLabel = (size: string) => (size === 'one' ? m.stock_title() : size)

export default function AdminStock({ loaderData, actionData }: Route.ComponentProps) {
  const { product, rows, before, more } = loaderData
  const busy = useNavigation().state === 'submitting'
  const sized = product.offers.some((o) => o.size !== 'one')
  const last = rows.at(-1)
  return (
    <AdminPage title={m.stock_of_product({ name: product.name })} back={{ to: '/Delete', label: m.stock_product_manager() }}>
      <ul className="mt-4 flex flex-wrap gap-3" aria-label={m.stock_now()}>
        {product.offers.map((o) => (
          <li key={o.size} className="rounded-lg border border-stone-300 bg-white px-4 py-2 text-earth-900">
            {packLabel(o.size)}: <strong>{o.stock}</strong>
          </li>
        ))}
      </ul>

      <ActionOutcome
        message={actionData?.ok ? actionData.message : undefined}
        error={actionData && !actionData.ok ? actionData.error : undefined}
      />
      <FocusFirstError failure={actionData && !actionData.ok ? actionData : undefined} />

      <Form
        method="post"
        preventScrollReset
        className="mt-6 flex flex-wrap items-end gap-3 rounded-2xl border border-leaf-100 bg-white p-5"
      >
        <FormTokenField />
        <h2 className="w-full text-lg font-semibold text-earth-900">{m.stock_add_remove_title()}</h2>
        {sized ? (
          <SelectField id="units-size" name="size" label={m.stock_pack()} inputClassName={inputClass}>
            {product.offers.map((o) => (
              <option key={o.size} value={o.size}>
                {o.size}
              </option>
            ))}
          </SelectField>
        ) : (
          <input type="hidden" name="size" value="one" />
        )}
        <SelectField id="units-direction" name="direction" label={m.stock_add_or_remove()} inputClassName={inputClass}>
          <option value="add">{m.stock_add()}</option>
          <option value="remove">{m.stock_remove()}</option>
        </SelectField>
        <NumberField
          id="units-count"
          name="units"
          label={m.stock_units()}
          min="1"
          step="1"
          required
          inputClassName={`${inputClass} w-28`}
        />
        <SelectField id="units-reason" name="reason" label={m.stock_reason()} inputClassName={inputClass}>
          {ADJUSTMENT_REASONS.map((r) => (
            <option key={r} value={r}>
              {ADJUSTMENT_REASON_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <button type="submit" disabled={busy} className={`${smallButton} border-leaf-700 bg-leaf-700 text-white hover:bg-leaf-800`}>
          {busy ? m.stock_saving() : m.stock_save()}
        </button>
      </Form>

      <h2 className="mt-8 text-xl font-semibold text-earth-900">{m.stock_history()}</h2>
      <p className="mt-1 text-sm text-earth-700">{m.stock_history_explained()}</p>
      {rows.length === 0 ? (
        <p className="mt-4 text-earth-700">{before ? m.stock_history_empty_before() : m.stock_history_empty()}</p>
      ) : (
        <div className={`${tableScroll} mt-3`}>
          <table className="w-full min-w-[40rem] border-collapse text-left">
            <caption className="sr-only">{m.stock_history_caption()}</caption>
            <thead>
              <tr className="border-b border-stone-300 text-sm text-earth-700">
                <th scope="col" className="p-2">
                  {m.stock_col_when()}
                </th>
                {sized && (
                  <th scope="col" className="p-2">
                    {m.stock_pack()}
                  </th>
                )}
                <th scope="col" className="p-2 text-right">
                  {m.stock_col_change()}
                </th>
                <th scope="col" className="p-2 text-right">
                  {m.stock_col_after()}
                </th>
                <th scope="col" className="p-2">
                  {m.stock_col_why()}
                </th>
                <th scope="col" className="p-2">
                  {m.stock_col_by()}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-stone-200">
                  <td className="p-2">
                    <Time value={r.createdAt} />
                  </td>
                  {sized && <td className="p-2">{r.size}</td>}
                  <td className="p-2 text-right tabular-nums">{r.change > 0 ? `+${r.change}` : r.change}</td>
                  <td className="p-2 text-right tabular-nums">{r.stockAfter}</td>
                  <td className="p-2">{STOCK_REASON_LABELS[r.reason] ?? r.reason}</td>
                  <td className="p-2">
                    {r.orderId ? (
                      <Link to={`/dash/orders/${encodeURIComponent(r.orderId)}`} className="text-leaf-800 underline underline-offset-2">
                        {m.stock_by_order()}
                        {r.admin ? ` (${r.admin})` : ''}
                      </Link>
                    ) : (
                      (r.admin ?? m.stock_by_shop())
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more && last && (
        <p className="mt-4">
          <Link to={`?before=${last.id}`} className="font-medium text-leaf-800 underline underline-offset-2">
            {m.stock_older_changes()}
          </Link>
        </p>
      )}
    </AdminPage>
  )
}
