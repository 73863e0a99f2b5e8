import { data, Form, Link } from 'react-router'
import { FormError, FormNotice, useFormBusy } from '~/components/accounts/account-form'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { primaryButton } from '~/components/catalogue/styles'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { ordersForEmail } from '~/features/accounts/accounts.server'
import { OrderStatusPill } from '~/components/orders/order-status-pill'
import { callAuthEndpoint } from '~/features/accounts/auth.server'
import { refusalReason } from '~/features/accounts/form-actions.server'
import { requireSignedIn } from '~/features/accounts/guards.server'
import { hasInvoice, invoiceUrl } from '~/features/invoices/invoice-links'
import { formatRupees } from '~/features/money/money'
import { orderMoneyLines } from '~/features/orders/order-money'
import { MoneyLines } from '~/components/orders/money-lines'
import { privatePageMeta } from '~/features/findability/page-meta'
import type { Route } from './+types/my-orders'
import { formatIndiaDate } from '~/features/dates/india-time'
import { FormTokenField } from '~/components/forms/form-token-field'
import { m } from '~/i18n/paraglide/messages.js'

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(m.tracking_my_orders_meta_title({ shopName: shopSettingsOf(matches).shopName }), m.tracking_my_orders_meta_description())

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSignedIn(request, context)
  // Anyone can sign up with any address: orders (with their shipping addresses) show only once it is confirmed.
  if (!user.emailVerified) return { email: user.email, verified: false as const, orders: [] }
  return { email: user.email, verified: true as const, orders: await ordersForEmail(context.shop.db, user.email) }
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string }

/** Sends the link that confirms the account's e-mail address. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSignedIn(request, context)
  const answer = await callAuthEndpoint(context.shop.auth, request, context.clientAddress, '/send-verification-email', {
    email: user.email,
    callbackURL: '/my-orders',
  })
  if (answer.status === 200) return data<ActionResult>({ ok: true, message: m.tracking_my_orders_link_sent({ email: user.email }) })
  const reason = refusalReason(answer)
  if (!reason) context.log.error({ status: answer.status, answer: answer.body }, 'Sending the confirmation link failed')
  return data<ActionResult>({ ok: false, error: reason ?? m.tracking_my_orders_link_not_sent() }, { status: answer.status })
}

export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useFormBusy()
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="font-serif text-3xl font-semibold text-earth-900">{m.tracking_my_orders_heading()}</h1>
      <p className="mt-2 text-earth-700">{m.tracking_my_orders_placed_with({ email: loaderData.email })}</p>

      {!loaderData.verified ? (
        <section aria-labelledby="confirm-title" className="mt-8 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm sm:p-8">
          <h2 id="confirm-title" className="font-serif text-xl font-semibold text-leaf-800">
            {m.tracking_my_orders_confirm_email()}
          </h2>
          <p className="mt-2 text-earth-700">{m.tracking_my_orders_confirm_explain({ email: loaderData.email })}</p>
          <FormNotice message={actionData?.ok ? actionData.message : undefined} />
          <FormError message={actionData && !actionData.ok ? actionData.error : undefined} />
          <FocusFirstError failure={actionData && !actionData.ok ? actionData : undefined} />
          <Form method="post" className="mt-5">
            <FormTokenField />
            <button type="submit" disabled={busy} className={`${primaryButton} rounded-full`}>
              {busy ? m.tracking_my_orders_sending() : m.tracking_my_orders_send_link()}
            </button>
          </Form>
        </section>
      ) : loaderData.orders.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-leaf-100 bg-white p-6 text-earth-800">
          {m.tracking_my_orders_none()}{' '}
          <Link to="/" className="font-medium text-leaf-800 underline underline-offset-2">
            {m.tracking_my_orders_browse()}
          </Link>
        </p>
      ) : (
        <ol className="mt-8 grid gap-4" aria-label={m.tracking_my_orders_list_label()}>
          {loaderData.orders.map((order) => (
            <li key={order.id} className="rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold text-earth-900">
                  {m.tracking_order_heading({ label: order.label })}
                  <span className="ml-2 text-sm font-normal text-earth-600">{formatIndiaDate(order.createdAt)}</span>
                </h2>
                <p>
                  <span className="sr-only">{m.tracking_status_sr()}</span>
                  <OrderStatusPill status={order.status} look="customer" testId="order-status" />
                </p>
              </div>
              <ul className="mt-3 text-sm text-earth-800">
                {order.lines.map((line) => (
                  <li key={`${line.name}-${line.size}`} className="flex justify-between gap-4">
                    <span>
                      {line.quantity} × {line.name}
                      {line.size !== 'one' ? ` (${line.size})` : ''}
                    </span>
                    <span className="whitespace-nowrap">{formatRupees(line.unitPricePaise * line.quantity)}</span>
                  </li>
                ))}
              </ul>
              <MoneyLines
                lines={orderMoneyLines(order, 'customer', order)}
                className="mt-2 border-t border-stone-200 pt-2 text-sm text-earth-900"
              />
              {hasInvoice(order.status, order.invoiced, order.paymentMethod) && (
                <p className="mt-2">
                  <a href={invoiceUrl(order.id)} download className="font-medium text-leaf-800 underline underline-offset-2">
                    {m.tracking_my_orders_invoice({ label: order.label })}
                  </a>
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
