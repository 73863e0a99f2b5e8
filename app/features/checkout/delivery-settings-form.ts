import { rupeesField, z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'
import { formatRupees, typedRupees } from '../money/money'
import type { SliceForm } from '../settings/settings-slice'
import { DELIVERY_ZONES, type DeliveryZone } from '../shipping/zones'
import { DELIVERY_MODES } from './delivery-modes'
import type { DeliveryField, DeliveryRule, WeightSlabs, ZoneDays } from './delivery-settings'

/** The most days a zone's promise may be: a delivery date further out would be no promise at all. */
export const MAX_DELIVERY_DAYS = 30

const ZONE_NAMES: Record<DeliveryZone, () => string> = {
  local: m.settings_zone_local,
  national: m.settings_zone_national,
  special: m.settings_zone_special,
}

const perZone = <T>(make: (zone: DeliveryZone) => T) =>
  Object.fromEntries(DELIVERY_ZONES.map((zone) => [zone, make(zone)])) as Record<DeliveryZone, T>

const paise = (max: number) => z.number().int().min(0).max(max)

const storedSlabs = z
  .object({ upTo500gPaise: paise(1_000_000), upTo1kgPaise: paise(1_000_000), eachFurther500gPaise: paise(1_000_000) })
  .refine((s) => s.upTo1kgPaise >= s.upTo500gPaise) satisfies z.ZodType<WeightSlabs>

const storedDays = z
  .object({ from: z.number().int().min(0).max(MAX_DELIVERY_DAYS), to: z.number().int().min(1).max(MAX_DELIVERY_DAYS) })
  .refine((d) => d.from <= d.to) satisfies z.ZodType<ZoneDays>

/** A whole number of days as typed; `Label` starts a sentence, `label` is the same inside one. */
const daysField = (Label: () => string, label: () => string, min: number) =>
  z
    .string({ error: () => m.settings_days_enter({ label: label() }) })
    .trim()
    .refine((typed) => typed !== '', { error: () => m.settings_days_enter({ label: label() }), abort: true })
    .refine((typed) => /^\d{1,3}$/.test(typed) && Number(typed) >= min && Number(typed) <= MAX_DELIVERY_DAYS, {
      error: () => m.settings_days_range({ label: Label(), min, max: MAX_DELIVERY_DAYS }),
    })
    .transform(Number)

const zoneFormFields = (zone: DeliveryZone) => {
  const name = ZONE_NAMES[zone]
  return {
    [`${zone}UpTo500g`]: rupeesField(() => m.settings_charge_up_to_500g({ zone: name() }), 10_000),
    [`${zone}UpTo1kg`]: rupeesField(() => m.settings_charge_up_to_1kg({ zone: name() }), 10_000),
    [`${zone}EachFurther500g`]: rupeesField(() => m.settings_charge_each_500g({ zone: name() }), 10_000),
    [`${zone}DaysFrom`]: daysField(
      () => m.settings_fewest_days_zone({ zone: name() }),
      () => m.settings_fewest_days_zone_lower({ zone: name() }),
      0,
    ),
    [`${zone}DaysTo`]: daysField(
      () => m.settings_most_days_zone({ zone: name() }),
      () => m.settings_most_days_zone_lower({ zone: name() }),
      1,
    ),
  }
}

type TypedZone = Record<string, number>

/**
 * The delivery rule as the admin types it at /dash/settings: the mode, the flat charge and the free-delivery
 * threshold (kept for both modes), and per zone the weight slabs and the days a delivery takes.
 */
export const deliveryRuleFormSchema = z
  .object({
    deliveryMode: z.enum(DELIVERY_MODES, { error: () => m.settings_delivery_mode_invalid() }),
    deliveryCharge: rupeesField(m.settings_the_delivery_charge, 1_000),
    freeDeliveryFrom: rupeesField(m.settings_the_free_threshold, 1_00_000),
    ...zoneFormFields('local'),
    ...zoneFormFields('national'),
    ...zoneFormFields('special'),
  })
  .superRefine((typed, ctx) => {
    const value = typed as unknown as TypedZone
    for (const zone of DELIVERY_ZONES) {
      const name = ZONE_NAMES[zone]
      if (value[`${zone}UpTo1kg`]! < value[`${zone}UpTo500g`]!) {
        ctx.addIssue({
          code: 'custom',
          path: [`${zone}UpTo1kg`],
          message: m.settings_1kg_below_500g({ zone: name() }),
        })
      }
      if (value[`${zone}DaysTo`]! < value[`${zone}DaysFrom`]!) {
        ctx.addIssue({ code: 'custom', path: [`${zone}DaysTo`], message: m.settings_most_below_fewest({ zone: name() }) })
      }
    }
  })
  .transform((typed): DeliveryRule => {
    const value = typed as unknown as TypedZone
    return {
      deliveryMode: typed.deliveryMode,
      deliveryChargePaise: typed.deliveryCharge,
      freeDeliveryFromPaise: typed.freeDeliveryFrom,
      deliverySlabs: perZone((zone) => ({
        upTo500gPaise: value[`${zone}UpTo500g`]!,
        upTo1kgPaise: value[`${zone}UpTo1kg`]!,
        eachFurther500gPaise: value[`${zone}EachFurther500g`]!,
      })),
      deliveryDays: perZone((zone) => ({ from: value[`${zone}DaysFrom`]!, to: value[`${zone}DaysTo`]! })),
    }
  })

const trimmed = (text: string | undefined) => (text ?? '').trim().slice(0, 20)

/** Saves the delivery rule: the cart, the checkout and new orders follow at once; placed orders keep theirs. */
export const deliverySettingsForm: SliceForm<DeliveryRule, DeliveryField> = {
  // Settings saved before the slabs existed hold only the flat charge and threshold: the defaults fill in the rest
  // (getShopSettings reads the saved value over them), so such a shop keeps its flat rule unchanged.
  stored: z.object({
    deliveryChargePaise: paise(100_000),
    freeDeliveryFromPaise: paise(10_000_000),
    deliveryMode: z.enum(DELIVERY_MODES),
    deliverySlabs: z.object(perZone(() => storedSlabs)),
    deliveryDays: z.object(perZone(() => storedDays)),
  }),
  typed: (posted) =>
    Object.fromEntries(Object.entries(posted).map(([field, text]) => [field, trimmed(text)])) as Record<DeliveryField, string>,
  form: deliveryRuleFormSchema,
  shown: (rule) =>
    ({
      deliveryMode: rule.deliveryMode,
      deliveryCharge: typedRupees(rule.deliveryChargePaise),
      freeDeliveryFrom: typedRupees(rule.freeDeliveryFromPaise),
      ...Object.assign(
        {},
        ...DELIVERY_ZONES.map((zone) => ({
          [`${zone}UpTo500g`]: typedRupees(rule.deliverySlabs[zone].upTo500gPaise),
          [`${zone}UpTo1kg`]: typedRupees(rule.deliverySlabs[zone].upTo1kgPaise),
          [`${zone}EachFurther500g`]: typedRupees(rule.deliverySlabs[zone].eachFurther500gPaise),
          [`${zone}DaysFrom`]: String(rule.deliveryDays[zone].from),
          [`${zone}DaysTo`]: String(rule.deliveryDays[zone].to),
        })),
      ),
    }) as Record<DeliveryField, string>,
  saved: (rule) => {
    const free = rule.freeDeliveryFromPaise === 0
    if (rule.deliveryMode === 'slabs') {
      return free ? m.settings_delivery_saved_free() : m.settings_delivery_saved_slabs({ free: formatRupees(rule.freeDeliveryFromPaise) })
    }
    return rule.deliveryChargePaise === 0 || free
      ? m.settings_delivery_saved_free()
      : m.settings_delivery_saved_flat({ charge: formatRupees(rule.deliveryChargePaise), free: formatRupees(rule.freeDeliveryFromPaise) })
  },
}
