import type { PaymentSettingsForm } from './payment-settings-form'

/**
 * For tests: the payments section of /dash/settings as the page shows the default settings (decision 043), every
 * field as the owner's browser sends it; a test changes what it needs.
 */
export const DEFAULT_PAYMENT_FORM = {
  codEnabled: 'on',
  codFee: '30',
  codMinOrder: '0',
  codMaxOrder: '5000',
  codRefusedPins: '',
  codMaxReturns: '2',
  codConfirmHours: '48',
  prepaidKind: 'none',
  prepaidPercent: '',
  prepaidMaxDiscount: '',
  prepaidFixed: '',
} satisfies PaymentSettingsForm
