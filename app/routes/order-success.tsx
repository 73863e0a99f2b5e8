import { useEffect } from 'react'
import { Link, useLoaderData } from 'react-router'
import { cartStore } from '~/features/cart/cart-store'
import { readBuyerToken } from '~/features/checkout/buyer-cookie.server'
import { orderNumberLabel } from '~/features/orders/order-number'
import { getOrderForBuyer } from '~/features/orders/order-lookup.server'
import { hasInvoice, invoiceUrl } from '~/features/invoices/invoice-links'
import { formatRupees } from '~/features/money/money'
import { orderMoneyLines } from '~/features/orders/order-money'
import { MoneyLines } from '~/components/orders/money-lines'
import { getShopSettings } from '~/features/settings/shop-settings.server'
import { telHref } from '~/features/settings/shop-settings'
import { privatePageMeta } from '~/features/findability/page-meta'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { shortDayLabel } from '~/features/shipping/day-label'
import type { Route } from './+types/order-success'
import { m } from '~/i18n/paraglide/messages.js'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.shop
  const orderId = new URL(request.url).searchParams.get('order') ?? ''
  const order = /^[A-Za-z0-9_-]{10,64}$/.test(orderId) ? await getOrderForBuyer(db, orderId, await readBuyerToken(request)) : null
  const settings = await getShopSettings(db)
  return {
    phone: settings.phone,
    order:
      order && order.status !== 'pending_payment' && order.status !== 'expired'
        ? {
            number: orderNumberLabel(order),
            totalPaise: order.totalPaise,
            money: orderMoneyLines(order, order.paymentMethod === 'cod' ? 'quote' : 'customer'),
            email: order.email,
            cashOnDelivery: order.paymentMethod === 'cod',
            promisedBy: order.promisedBy,
            awaitingConfirmation: order.status === 'awaiting_confirmation',
            invoiceUrl: hasInvoice(order.status, false, order.paymentMethod) ? invoiceUrl(order.id) : null,
          }
        : null,
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(m.checkout_success_meta_title({ shopName: shopSettingsOf(matches).shopName }), m.checkout_success_meta_description())

export default function OrderSuccess() {
  const { order, phone } = useLoaderData<typeof loader>()
  useEffect(() => {
    // Paid: the cart has become this order.
    if (order) cartStore.clear()
  }, [order])
  if (!order) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 text-center">
        <h1 className="text-2xl font-semibold text-leaf-800">{m.checkout_success_no_order()}</h1>
        <p className="mt-3">{m.checkout_success_not_found()}</p>
        <p className="mt-3">
          {m.checkout_success_questions_call_us()}
          <a href={telHref(phone)} className="text-leaf-700 underline">
            {phone}
          </a>
          {m.checkout_success_questions_after()}
        </p>
        <Link to="/" className="mt-6 inline-block text-leaf-700 underline">
          {m.checkout_success_back_to_shop()}
        </Link>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 text-center">
      <h1 className="text-3xl font-semibold text-leaf-800">{m.checkout_success_heading()}</h1>
      <p className="mt-4 text-lg">{m.checkout_success_thank_you()}</p>
      {order.cashOnDelivery ? (
        <>
          <p className="mt-2">
            {m.checkout_success_order_number_is()}
            <strong>{order.number}</strong>
            {m.checkout_success_cod_you_pay()}
            <strong>{formatRupees(order.totalPaise)}</strong>
            {m.checkout_success_cod_in_cash()}
          </p>
          {order.awaitingConfirmation ? (
            <p className="mt-2 rounded-md bg-amber-50 p-3 text-amber-900" data-testid="confirm-from-mail">
              {m.checkout_success_confirm_from_mail({ email: order.email })}
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-2">
          {m.checkout_success_order_number_is()}
          <strong>{order.number}</strong>
          {m.checkout_success_online_after_number({ total: formatRupees(order.totalPaise), email: order.email })}
        </p>
      )}
      <MoneyLines lines={order.money} className="mx-auto mt-4 max-w-sm text-left" />
      <p className="mt-2">
        {order.promisedBy ? m.checkout_success_deliver_by({ day: shortDayLabel(order.promisedBy) }) : m.checkout_success_deliver_within()}
      </p>
      <p className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2">
        {order.invoiceUrl && (
          <a href={order.invoiceUrl} download className="font-medium text-leaf-700 underline">
            {m.checkout_success_download_invoice()}
          </a>
        )}
        <Link to={`/track?order=${order.number}`} className="font-medium text-leaf-700 underline">
          {m.checkout_success_track_order()}
        </Link>
      </p>
      <p className="mt-2">
        {m.checkout_success_questions_support()}
        <a href={telHref(phone)} className="text-leaf-700 underline">
          {phone}
        </a>
        {m.checkout_success_questions_after()}
      </p>
      <Link to="/" className="mt-6 inline-block rounded-md bg-leaf-700 px-5 py-3 font-medium text-white hover:bg-leaf-800">
        {m.checkout_success_continue_shopping()}
      </Link>
    </div>
  )
}
