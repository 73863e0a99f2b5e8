import { describe, expect, it } from 'vitest'
import { DEFAULT_SHOP_SETTINGS } from '../settings/shop-settings'
import { deliverySettings } from './delivery-settings'

const loadForm = async () => (await import('./delivery-settings-form')).deliverySettingsForm

/** The section's fields as /dash/settings shows a new shop's settings, with these typed over them. */
const typed = async (over: Record<string, string>) => ({ ...(await loadForm()).shown(DEFAULT_SHOP_SETTINGS), ...over })

describe('the delivery rule as the admin types it', () => {
  it('takes rupees with or without paise, commas and the rupee sign, and keeps whole paise', async () => {
    const { deliveryRuleFormSchema } = await import('./delivery-settings-form')
    const parse = async (deliveryCharge: string, freeDeliveryFrom: string) =>
      deliveryRuleFormSchema.safeParse(await typed({ deliveryCharge, freeDeliveryFrom }))
    expect((await parse('40', '350')).data).toMatchObject({ deliveryChargePaise: 4_000, freeDeliveryFromPaise: 35_000 })
    expect((await parse('₹ 60.5', '1,000')).data).toMatchObject({ deliveryChargePaise: 6_050, freeDeliveryFromPaise: 1_00_000 })
    expect((await parse('0', '0')).data).toMatchObject({ deliveryChargePaise: 0, freeDeliveryFromPaise: 0 })
    for (const [deliveryCharge, freeDeliveryFrom] of [
      ['-1', '350'],
      ['4e1', '350'],
      ['40.001', '350'],
      ['1000.01', '350'],
      ['40', '100000.01'],
      ['', '350'],
    ]) {
      expect((await parse(deliveryCharge!, freeDeliveryFrom!)).success, `${deliveryCharge} / ${freeDeliveryFrom}`).toBe(false)
    }
  })

  it('reads the slabs and days of each zone, and shows them again as saved', async () => {
    const form = await loadForm()
    const parsed = form.form.parse(
      await typed({
        deliveryMode: 'slabs',
        specialUpTo500g: '95',
        specialUpTo1kg: '150.50',
        specialEachFurther500g: '65',
        specialDaysTo: '12',
      }),
    )
    expect(parsed.deliveryMode).toBe('slabs')
    expect(parsed.deliverySlabs.special).toEqual({ upTo500gPaise: 9_500, upTo1kgPaise: 15_050, eachFurther500gPaise: 6_500 })
    expect(parsed.deliveryDays.special).toEqual({ from: 7, to: 12 })
    expect(parsed.deliverySlabs.local).toEqual(DEFAULT_SHOP_SETTINGS.deliverySlabs.local)
    expect(form.stored.parse(parsed)).toEqual(parsed)
    expect(form.shown(parsed)).toMatchObject({ deliveryMode: 'slabs', specialUpTo1kg: '150.50', specialDaysTo: '12' })
    expect(form.saved(parsed)).toMatch(/by the parcel’s weight and where it goes, and is free from ₹350/)
  })

  it('refuses a mode it does not know, a kilo cheaper than half of one, and fewer most days than fewest, naming the field', async () => {
    const form = await loadForm()
    const refusals = async (over: Record<string, string>) => {
      const result = form.form.safeParse(await typed(over))
      return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])
    }
    expect(await refusals({ deliveryMode: 'free' })).toEqual([
      ['deliveryMode', 'Choose how delivery is charged: one charge, or by weight and zone.'],
    ])
    expect(await refusals({ nationalUpTo500g: '90', nationalUpTo1kg: '60' })).toEqual([
      ['nationalUpTo1kg', 'The charge up to 1 kg (rest of India) must be at least the charge up to 500 g.'],
    ])
    expect(await refusals({ localDaysFrom: '5', localDaysTo: '3' })).toEqual([
      ['localDaysTo', 'The most days (within your state) must be at least the fewest days.'],
    ])
    expect(await refusals({ specialDaysTo: '31' })).toEqual([
      ['specialDaysTo', 'The most days (special zones) must be a whole number of days from 1 to 30.'],
    ])
    expect((await refusals({ localEachFurther500g: 'twenty' }))[0]![0]).toBe('localEachFurther500g')
  })

  it('keeps the flat rule of settings saved before the slabs existed', async () => {
    const form = await loadForm()
    const old = { deliveryChargePaise: 6_050, freeDeliveryFromPaise: 50_000 }
    const read = form.stored.parse({ ...deliverySettings.defaults, ...old })
    expect(read).toMatchObject({ ...old, deliveryMode: 'flat' })
  })
})
