import { rupeesField, z } from '~/zod'
import { formatRupees, typedRupees } from '../money/money'
import type { SliceForm } from '../settings/settings-slice'
import type { DeliveryField, DeliveryRule } from './delivery-settings'

/** The delivery charge and the subtotal from which delivery is free, as the admin types them at /dash/settings. */
export const deliveryRuleFormSchema = z
  .object({
    deliveryCharge: rupeesField('the delivery charge', 1_000),
    freeDeliveryFrom: rupeesField('the free-delivery threshold', 1_00_000),
  })
  .transform(({ deliveryCharge, freeDeliveryFrom }) => ({ deliveryChargePaise: deliveryCharge, freeDeliveryFromPaise: freeDeliveryFrom }))

/** Saves the delivery charge and threshold: the cart, the checkout and new orders follow at once; placed orders keep theirs. */
export const deliverySettingsForm: SliceForm<DeliveryRule, DeliveryField> = {
  stored: z.object({
    deliveryChargePaise: z.number().int().min(0).max(100_000),
    freeDeliveryFromPaise: z.number().int().min(0).max(10_000_000),
  }),
  typed: (posted) => ({
    deliveryCharge: posted.deliveryCharge.trim().slice(0, 20),
    freeDeliveryFrom: posted.freeDeliveryFrom.trim().slice(0, 20),
  }),
  form: deliveryRuleFormSchema,
  shown: (rule) => ({ deliveryCharge: typedRupees(rule.deliveryChargePaise), freeDeliveryFrom: typedRupees(rule.freeDeliveryFromPaise) }),
  saved: ({ deliveryChargePaise, freeDeliveryFromPaise }) =>
    deliveryChargePaise === 0 || freeDeliveryFromPaise === 0
      ? 'Saved. Delivery is now free on every order; orders already placed keep their charge.'
      : `Saved. Delivery now costs ${formatRupees(deliveryChargePaise)} below ${formatRupees(freeDeliveryFromPaise)} and is free from there; orders already placed keep their charge.`,
}
