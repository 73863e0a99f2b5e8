import { data, useNavigation } from 'react-router'
import { AdminPage } from '~/components/admin/admin-page'
import { DeliverySettingsForm } from '~/components/checkout/delivery-settings-form'
import { BoxSettingsForm } from '~/components/shipping/box-settings-form'
import { PaymentSettingsForm } from '~/components/checkout/payment-settings-form'
import { ReservationLimitsSettingsForm } from '~/components/checkout/reservation-limits-settings-form'
import { FssaiSettingsForm } from '~/components/invoices/fssai-settings-form'
import { TaxSettingsForm } from '~/components/invoices/tax-settings-form'
import { NumberSettingsForm } from '~/components/orders/number-settings-form'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { taxSettings } from '~/features/invoices/tax-settings'
import type { AnySlice, SettingsFormResult } from '~/features/settings/settings-slice'
import { DEFAULT_SHOP_SETTINGS } from '~/features/settings/shop-settings'
import { getShopSettings, saveSettingsForm, settingsFormValues } from '~/features/settings/shop-settings.server'
import { SETTINGS_SLICES } from '~/features/settings/slices'
import { formTooLargeMessage, formTooLarge, readSmallForm } from '~/http/forms.server'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-settings'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.settings_page_title({ shop: shopSettingsOf(matches).shopName }) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const settings = await getShopSettings(context.shop.db)
  return {
    // This page is the owner's alone: the payment rules, which the storefront's pages never get, may be sent here.
    forms: await settingsFormValues(settings),
    isDemoGstin: settings.gstin === DEFAULT_SHOP_SETTINGS.gstin,
    isDemoFssai: settings.fssaiLicence === DEFAULT_SHOP_SETTINGS.fssaiLicence,
    phone: settings.phone,
  }
}

/** Saves the section whose form posted (its `intent`); a post without one is the tax details' form, the page's first. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context)
  const fields = await readSmallForm(request)
  if (!fields) {
    return formTooLarge<SettingsFormResult>({
      form: taxSettings.key,
      ok: false,
      error: formTooLargeMessage(),
      fieldErrors: {},
      values: { gstin: '', gstState: '' },
    })
  }
  const slice: AnySlice = SETTINGS_SLICES.find((candidate) => candidate.key === fields.intent) ?? taxSettings
  const result: SettingsFormResult = await saveSettingsForm(context.shop.db, slice, fields)
  return data(result, { status: result.ok ? 200 : 400 })
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  const { forms } = loaderData
  /** The last result, for the section that posted it. */
  const resultOf = (key: string) => (actionData?.form === key ? actionData : undefined)
  return (
    <AdminPage title={m.settings_page_heading()}>
      <TaxSettingsForm values={forms.tax} result={resultOf('tax')} busy={busy} isDemoGstin={loaderData.isDemoGstin} />
      <FssaiSettingsForm values={forms.fssai} result={resultOf('fssai')} busy={busy} isDemoFssai={loaderData.isDemoFssai} />
      <NumberSettingsForm values={forms.numbers} result={resultOf('numbers')} busy={busy} />
      <DeliverySettingsForm values={forms.delivery} result={resultOf('delivery')} busy={busy} />
      <BoxSettingsForm values={forms.boxes} result={resultOf('boxes')} busy={busy} />
      <PaymentSettingsForm values={forms.payments} result={resultOf('payments')} busy={busy} />
      <ReservationLimitsSettingsForm
        values={forms['reservation-limits']}
        result={resultOf('reservation-limits')}
        busy={busy}
        phone={loaderData.phone}
      />
    </AdminPage>
  )
}
