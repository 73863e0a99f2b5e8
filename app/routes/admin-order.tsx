import { type ShouldRevalidateFunctionArgs, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage, Time } from '~/components/admin/admin-page'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { OrderStatusPill } from '~/components/orders/order-status-pill'
import { CustomerPanel, HistoryPanel, ItemsPanel, PaymentPanel, ShippingPanel } from '~/components/admin/order-panels'
import { RefundsPanel } from '~/components/admin/order-refunds'
import { NextStepsPanel, PaymentAttention } from '~/components/admin/order-steps'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import type { StepResult } from '~/features/orders/admin-order-steps'
import { getOrderForAdmin } from '~/features/orders/admin-orders.server'
import { m } from '~/i18n/paraglide/messages.js'
import { formTooLargeMessage, formTooLarge, readSmallForm } from '~/http/forms.server'
import type { Route } from './+types/admin-order'
import {
  cancelStep,
  codRefundStep,
  fulfilmentStep,
  notFound,
  ORDER_ID,
  refundStep,
  resolveAttentionStep,
  retryRefundStep,
  restockStep,
} from './admin-order.server'

export const meta: Route.MetaFunction = ({ data, matches }) => [
  {
    title: `${data?.order ? m.orders_order_label({ label: data.order.label }) : m.orders_page_title()} · ${shopSettingsOf(matches).shopName}`,
  },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const order = ORDER_ID.test(params.orderId) ? await getOrderForAdmin(context.shop.db, params.orderId) : null
  if (!order) throw notFound()
  return { order }
}

/** One step of the order's page, posted by the plain forms there: each intent is one domain call (admin-order.server.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  if (!ORDER_ID.test(params.orderId)) throw notFound()
  const fields = await readSmallForm(request)
  if (!fields) {
    return formTooLarge<StepResult>({ ok: false, error: formTooLargeMessage() })
  }
  const intent = { context, orderId: params.orderId, fields, actor: admin.email }
  if (fields.step === 'resolve-attention') return resolveAttentionStep(intent)
  if (fields.step === 'refund') return refundStep(intent)
  if (fields.step === 'cod-refund') return codRefundStep(intent)
  if (fields.step === 'retry-refund') return retryRefundStep(intent)
  if (fields.step === 'cancel') return cancelStep(intent)
  if (fields.step === 'restock') return restockStep(intent)
  return fulfilmentStep(intent)
}

/** A refused step (409) means the order moved on elsewhere: reload it so the page shows what is possible now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData
  const navigation = useNavigation()
  const busyStep = navigation.state === 'submitting' ? navigation.formData?.get('step') : null
  const failed = actionData && !actionData.ok ? actionData : undefined
  const busy = typeof busyStep === 'string' ? busyStep : null

  return (
    <AdminPage
      title={
        <span className="flex flex-wrap items-center gap-3">
          {m.orders_order_label({ label: order.label })} <OrderStatusPill status={order.status} />
        </span>
      }
      back={{ to: '/dash/orders', label: m.orders_orders() }}
    >
      <p className="mt-2 text-earth-700">
        {m.orders_placed()} <Time value={order.createdAt} />
        {order.paidAt && (
          <>
            {m.orders_placed_paid()} <Time value={order.paidAt} />
          </>
        )}
        .
      </p>
      <ActionOutcome message={actionData?.ok ? actionData.message : undefined} error={failed?.error} />
      <FocusFirstError failure={failed} />
      {order.paymentAttention && (
        <PaymentAttention
          reason={order.paymentAttention}
          error={failed?.step === 'resolve-attention' ? failed.fieldErrors?.attentionNote : undefined}
          value={failed?.step === 'resolve-attention' ? failed.values?.attentionNote : undefined}
          busy={busyStep === 'resolve-attention'}
        />
      )}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid grid-cols-1 content-start gap-6">
          <ItemsPanel order={order} />
          <HistoryPanel order={order} />
        </div>

        <div className="grid grid-cols-1 content-start gap-6">
          <NextStepsPanel order={order} failed={failed} busyStep={busy} />
          <CustomerPanel order={order} />
          <PaymentPanel order={order} />
          {(order.refunds.length > 0 || order.refundable) && <RefundsPanel order={order} failed={failed} busyStep={busy} />}
          {(order.courier || order.shipments.length > 0) && <ShippingPanel order={order} />}
        </div>
      </div>
    </AdminPage>
  )
}
