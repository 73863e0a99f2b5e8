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
  privatePageMeta(`Order placed · ${shopSettingsOf(matches).shopName}`, 'Your order is placed: its number and what happens next.')

export default function OrderSuccess() {
  const { order, phone } = useLoaderData<typeof loader>()
  useEffect(() => {
    // Paid: the cart has become this order.
    if (order) cartStore.clear()
  }, [order])
  if (!order) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 text-center">
        <h1 className="text-2xl font-semibold text-leaf-800">No order to show</h1>
        <p className="mt-3">We could not find a paid order from this browser at this address.</p>
        <p className="mt-3">
          Questions? Call us on{' '}
          <a href={telHref(phone)} className="text-leaf-700 underline">
            {phone}
          </a>
          .
        </p>
        <Link to="/" className="mt-6 inline-block text-leaf-700 underline">
          Back to the shop
        </Link>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 text-center">
      <h1 className="text-3xl font-semibold text-leaf-800">Order Placed Successfully!</h1>
      <p className="mt-4 text-lg">Thank you for shopping with us.</p>
      {order.cashOnDelivery ? (
        <>
          <p className="mt-2">
            Your order number is <strong>{order.number}</strong>. You pay <strong>{formatRupees(order.totalPaise)}</strong> in cash on
            delivery.
          </p>
          {order.awaitingConfirmation ? (
            <p className="mt-2 rounded-md bg-amber-50 p-3 text-amber-900" data-testid="confirm-from-mail">
              Please confirm the order from the link we mailed to {order.email}: we pack it once it is confirmed.
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-2">
          Your order number is <strong>{order.number}</strong> ({formatRupees(order.totalPaise)}). A confirmation is on its way to{' '}
          {order.email}.
        </p>
      )}
      <MoneyLines lines={order.money} className="mx-auto mt-4 max-w-sm text-left" />
      <p className="mt-2">
        {order.promisedBy
          ? `We expect to deliver your order by ${shortDayLabel(order.promisedBy)}.`
          : 'Your order will be delivered within about 7 days.'}
      </p>
      <p className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2">
        {order.invoiceUrl && (
          <a href={order.invoiceUrl} download className="font-medium text-leaf-700 underline">
            Download your tax invoice (PDF)
          </a>
        )}
        <Link to={`/track?order=${order.number}`} className="font-medium text-leaf-700 underline">
          Track your order
        </Link>
      </p>
      <p className="mt-2">
        Questions? Call our support on{' '}
        <a href={telHref(phone)} className="text-leaf-700 underline">
          {phone}
        </a>
        .
      </p>
      <Link to="/" className="mt-6 inline-block rounded-md bg-leaf-700 px-5 py-3 font-medium text-white hover:bg-leaf-800">
        Continue shopping
      </Link>
    </div>
  )
}
