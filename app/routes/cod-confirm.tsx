import { data, Form, Link } from 'react-router'
import { FormError, useFormBusy } from '~/components/accounts/account-form'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { primaryButton } from '~/components/catalogue/styles'
import { FormTokenField } from '~/components/forms/form-token-field'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { codOrderForLink, confirmCodOrder } from '~/features/checkout/cod-orders.server'
import { orderNumberLabel } from '~/features/orders/order-number'
import { formatRupees } from '~/features/money/money'
import { orderMoneyLines } from '~/features/orders/order-money'
import { MoneyLines } from '~/components/orders/money-lines'
import { formTokenOf } from '~/http/form-token.server'
import { formTooLargeMessage, formTooLarge, readSmallForm } from '~/http/forms.server'
import { orderStatusWords } from '~/features/tracking/order-status-words'
import type { OrderStatus } from '~/features/orders/statuses'
import type { Route } from './+types/cod-confirm'
import { m } from '~/i18n/paraglide/messages.js'

// GET /order/confirm/:orderId?t=…: the page the COD order mail links to (decision 043). Opening it confirms nothing
// (mail scanners open links); its button does, once, for an order still waiting for it.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.checkout_cod_confirm_meta_title({ shopName: shopSettingsOf(matches).shopName }) },
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' })

const ORDER_ID = /^[A-Za-z0-9_-]{10,64}$/
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/
const notValid = () => m.checkout_cod_link_not_valid()

async function orderOfLink(context: Route.LoaderArgs['context'], orderId: string, token: string) {
  return ORDER_ID.test(orderId) && TOKEN.test(token) ? codOrderForLink(context.shop.db, orderId, token) : null
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('t') ?? ''
  const order = await orderOfLink(context, params.orderId, token)
  if (!order) return data({ order: null, token: '', formToken: '' }, { status: 404 })
  return {
    order: {
      label: orderNumberLabel(order),
      status: order.status,
      totalPaise: order.totalPaise,
      // Worked out here: the page needs the lines, not the code that makes them.
      money: orderMoneyLines(order, 'quote'),
      expiresAt: order.expiresAt.toISOString(),
    },
    token,
    formToken: await formTokenOf(context),
  }
}

type ActionResult = { confirmed: true; label: string } | { error: string }

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readSmallForm(request)
  if (!form) return formTooLarge<ActionResult>({ error: formTooLargeMessage() })
  const token = form.t ?? ''
  if (!ORDER_ID.test(params.orderId) || !TOKEN.test(token)) return data<ActionResult>({ error: notValid() }, { status: 404 })
  const done = await confirmCodOrder(context.shop.db, params.orderId, { token })
  if (done.outcome === 'not-found') return data<ActionResult>({ error: notValid() }, { status: 404 })
  if (done.outcome === 'already' && done.status !== 'confirmed') {
    return data<ActionResult>(
      {
        error: m.checkout_cod_cannot_confirm({ status: orderStatusWords(done.status as OrderStatus).toLowerCase() }),
      },
      { status: 409 },
    )
  }
  // The number as it was issued, with its prefix (decision 070).
  const order = await orderOfLink(context, params.orderId, token)
  return { confirmed: true as const, label: orderNumberLabel(order ?? { number: done.orderNumber }) }
}

export default function ConfirmCodOrder({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useFormBusy()
  const { order, token } = loaderData
  if (actionData && 'confirmed' in actionData) {
    return (
      <Page title={m.checkout_cod_confirmed_heading()}>
        <p>
          {m.checkout_cod_packing_before()}
          <strong>{actionData.label}</strong>
          {m.checkout_cod_packing_after()}
        </p>
        <p>
          <Link to={`/track?order=${actionData.label}`} className="font-medium text-leaf-800 underline underline-offset-2">
            {m.checkout_cod_follow_order()}
          </Link>
        </p>
      </Page>
    )
  }
  if (!order) {
    return (
      <Page title={m.checkout_cod_link_not_valid_heading()}>
        <FormError message={actionData && 'error' in actionData ? actionData.error : notValid()} />
        <FocusFirstError failure={actionData} />
      </Page>
    )
  }
  if (order.status !== 'awaiting_confirmation') {
    return (
      <Page title={m.checkout_cod_order_heading({ label: order.label })}>
        <p>
          {order.status === 'confirmed'
            ? m.checkout_cod_already_confirmed()
            : m.checkout_cod_order_is({ status: orderStatusWords(order.status).toLowerCase() })}
        </p>
        <p>
          <Link to={`/track?order=${order.label}`} className="font-medium text-leaf-800 underline underline-offset-2">
            {m.checkout_cod_follow_order()}
          </Link>
        </p>
      </Page>
    )
  }
  return (
    <Page title={m.checkout_cod_confirm_heading({ label: order.label })}>
      <p>
        {m.checkout_cod_you_chose_before()}
        <strong>{formatRupees(order.totalPaise)}</strong>
        {m.checkout_cod_you_chose_after()}
      </p>
      <MoneyLines lines={order.money} className="rounded-lg border border-leaf-100 p-3 text-earth-900" />
      <FormError message={actionData && 'error' in actionData ? actionData.error : undefined} />
      <FocusFirstError failure={actionData} />
      <Form method="post">
        <FormTokenField />
        <input type="hidden" name="t" value={token} />
        <button type="submit" className={primaryButton} disabled={busy}>
          {m.checkout_cod_confirm_button()}
        </button>
      </Form>
    </Page>
  )
}

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-12">
      <h1 className="font-serif text-3xl font-semibold text-earth-900">{title}</h1>
      {children}
    </div>
  )
}
