import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { DEFAULT_COD_RULES, MAX_REFUSED_PINS_TEXT } from './cash-on-delivery'
import { formErrorsOf } from '~/http/form-result'
import { DEFAULT_SHOP_SETTINGS } from '../settings/shop-settings'
import { getShopSettings, saveSettings, saveShopSettings } from '../settings/shop-settings.server'
import { deliverySettings } from './delivery-settings'
import { paymentSettings, type PaymentSettings } from './payment-settings'
import { paymentSettingsFormSchema } from './payment-settings-form'
import { DEFAULT_PAYMENT_FORM } from './test-payment-form'

/** Saves the payment rules through the slice's own path, as the page's form does. */
const savePaymentSettings = (db: DatabaseHandle['db'], payments: PaymentSettings) => saveSettings(db, paymentSettings, { payments })

// The payments section of /dash/settings (decision 043): the form as the owner types it, and what is saved.

const parse = (changes: Partial<Record<keyof typeof DEFAULT_PAYMENT_FORM, string>>) =>
  paymentSettingsFormSchema.safeParse({ ...DEFAULT_PAYMENT_FORM, ...changes })
/** The refusal of each field, as the page shows it beside the field. */
const refusals = (changes: Partial<Record<keyof typeof DEFAULT_PAYMENT_FORM, string>>) => {
  const parsed = parse(changes)
  expect(parsed.success, JSON.stringify(changes)).toBe(false)
  return formErrorsOf(parsed.error!).fieldErrors
}

describe('the payments form as the owner types it', () => {
  it('reads the defaults as the default settings', () => {
    expect(parse({}).data).toEqual({ cod: DEFAULT_COD_RULES, prepaidOffer: null } satisfies PaymentSettings)
  })

  it('reads rupees, hours, parcels and the PIN list into cash on delivery’s rules', () => {
    const parsed = parse({
      codEnabled: '',
      codFee: '₹ 45.50',
      codMinOrder: '1,000',
      codMaxOrder: '',
      codRefusedPins: '682001, 6824\n682456 110001;110001  799',
      codMaxReturns: ' 3 ',
      codConfirmHours: '720',
    })
    expect(parsed.data?.cod).toEqual({
      enabled: false,
      feePaise: 4_550,
      minOrderPaise: 1_00_000,
      maxOrderPaise: null,
      // Sorted, without duplicates, and 682456 goes: 6824 covers it.
      refusedPins: ['110001', '682001', '6824', '799'],
      maxReturnedParcels: 3,
      confirmWithinHours: 720,
    })
    // A missing checkbox is a clear one, as a browser sends it.
    const { codEnabled: _unticked, ...withoutBox } = DEFAULT_PAYMENT_FORM
    expect(paymentSettingsFormSchema.parse(withoutBox).cod.enabled).toBe(false)
    expect(parse({ codFee: '0', codMinOrder: '500', codMaxOrder: '500' }).data?.cod).toMatchObject({
      feePaise: 0,
      minOrderPaise: 50_000,
      maxOrderPaise: 50_000,
    })
  })

  it('reads the offer for paying online: a percentage in basis points with or without a cap, a fixed amount in paise, or none', () => {
    expect(parse({ prepaidKind: 'percent', prepaidPercent: '5' }).data?.prepaidOffer).toEqual({
      kind: 'percent',
      value: 500,
      maxDiscountPaise: null,
    })
    expect(parse({ prepaidKind: 'percent', prepaidPercent: '2.5%', prepaidMaxDiscount: '100' }).data?.prepaidOffer).toEqual({
      kind: 'percent',
      value: 250,
      maxDiscountPaise: 10_000,
    })
    expect(parse({ prepaidKind: 'percent', prepaidPercent: '0.01' }).data?.prepaidOffer).toMatchObject({ value: 1 })
    expect(parse({ prepaidKind: 'percent', prepaidPercent: '0.29' }).data?.prepaidOffer).toMatchObject({ value: 29 })
    expect(parse({ prepaidKind: 'percent', prepaidPercent: '100' }).data?.prepaidOffer).toMatchObject({ value: 10_000 })
    // The cap belongs to a percentage: a fixed amount has none, whatever the box holds.
    expect(parse({ prepaidKind: 'fixed', prepaidFixed: '49.50', prepaidMaxDiscount: '100' }).data?.prepaidOffer).toEqual({
      kind: 'fixed',
      value: 4_950,
      maxDiscountPaise: null,
    })
    // The fields of a choice not made may keep what was typed in them.
    expect(parse({ prepaidKind: 'none', prepaidPercent: '5', prepaidFixed: '50' }).data?.prepaidOffer).toBeNull()
  })

  it('refuses each bad value with its own message, beside its field', () => {
    const cases: Array<[Partial<Record<keyof typeof DEFAULT_PAYMENT_FORM, string>>, keyof typeof DEFAULT_PAYMENT_FORM, string]> = [
      [{ codEnabled: 'yes' }, 'codEnabled', 'Tick the box to offer cash on delivery, or leave it clear.'],
      [{ codFee: '' }, 'codFee', 'Enter the COD fee.'],
      [{ codFee: '-5' }, 'codFee', 'The COD fee must be in rupees, like 40 or 40.50.'],
      [{ codFee: '30.005' }, 'codFee', 'The COD fee must be in rupees, like 40 or 40.50.'],
      [{ codFee: '1000.01' }, 'codFee', 'The COD fee must be at most ₹1,000.'],
      [{ codMinOrder: '' }, 'codMinOrder', 'Enter the minimum order value.'],
      [{ codMinOrder: 'none' }, 'codMinOrder', 'The minimum order value must be in rupees, like 40 or 40.50.'],
      [{ codMinOrder: '100001', codMaxOrder: '' }, 'codMinOrder', 'The minimum order value must be at most ₹1,00,000.'],
      [{ codMaxOrder: '0' }, 'codMaxOrder', 'The maximum order value must be more than ₹0; leave it blank for no maximum.'],
      [{ codMaxOrder: '5e3' }, 'codMaxOrder', 'The maximum order value must be in rupees, like 40 or 40.50.'],
      [{ codMaxOrder: '1000000.01' }, 'codMaxOrder', 'The maximum order value must be at most ₹10,00,000.'],
      [
        { codMinOrder: '500', codMaxOrder: '499.99' },
        'codMaxOrder',
        'The maximum order value must be at least the minimum (₹500), or blank for no maximum.',
      ],
      [
        { codRefusedPins: '682001, 68200A, 012345, 1234567' },
        'codRefusedPins',
        'Not a PIN code or the start of one: 68200A, 012345, 1234567.',
      ],
      [
        { codRefusedPins: '1'.repeat(MAX_REFUSED_PINS_TEXT + 1) },
        'codRefusedPins',
        'The list of PIN codes is too long (at most 12,000 characters)',
      ],
      [{ codMaxReturns: '' }, 'codMaxReturns', 'Enter the number of returned parcels.'],
      [{ codMaxReturns: '0' }, 'codMaxReturns', 'Returned parcels must be a whole number from 1 to 100.'],
      [{ codMaxReturns: '2.5' }, 'codMaxReturns', 'Returned parcels must be a whole number from 1 to 100.'],
      [{ codMaxReturns: '101' }, 'codMaxReturns', 'Returned parcels must be a whole number from 1 to 100.'],
      [{ codConfirmHours: '' }, 'codConfirmHours', 'Enter the hours to confirm.'],
      [{ codConfirmHours: '0' }, 'codConfirmHours', 'Hours to confirm must be a whole number from 1 to 720.'],
      [{ codConfirmHours: '721' }, 'codConfirmHours', 'Hours to confirm must be a whole number from 1 to 720.'],
      [{ codConfirmHours: '-1' }, 'codConfirmHours', 'Hours to confirm must be a whole number from 1 to 720.'],
      [{ prepaidKind: '' }, 'prepaidKind', 'Choose no offer, a percentage off or a fixed amount off.'],
      [{ prepaidKind: 'free' }, 'prepaidKind', 'Choose no offer, a percentage off or a fixed amount off.'],
      [{ prepaidKind: 'percent' }, 'prepaidPercent', 'Enter the percentage off, like 5 or 2.5.'],
      [{ prepaidKind: 'percent', prepaidPercent: '0' }, 'prepaidPercent', 'The percentage off must be from 0.01 to 100, like 5 or 2.5.'],
      [
        { prepaidKind: 'percent', prepaidPercent: '100.01' },
        'prepaidPercent',
        'The percentage off must be from 0.01 to 100, like 5 or 2.5.',
      ],
      [
        { prepaidKind: 'percent', prepaidPercent: '2.555' },
        'prepaidPercent',
        'The percentage off must be from 0.01 to 100, like 5 or 2.5.',
      ],
      [{ prepaidKind: 'percent', prepaidPercent: '500' }, 'prepaidPercent', 'The percentage off must be from 0.01 to 100, like 5 or 2.5.'],
      [
        { prepaidKind: 'percent', prepaidPercent: '5', prepaidMaxDiscount: '0' },
        'prepaidMaxDiscount',
        'The largest discount must be more than ₹0; leave it blank for no cap.',
      ],
      [
        { prepaidKind: 'percent', prepaidPercent: '5', prepaidMaxDiscount: 'ten' },
        'prepaidMaxDiscount',
        'The largest discount must be in rupees, like 40 or 40.50.',
      ],
      [{ prepaidKind: 'fixed' }, 'prepaidFixed', 'Enter the amount off in rupees, like 50.'],
      [{ prepaidKind: 'fixed', prepaidFixed: '0' }, 'prepaidFixed', 'The amount off must be more than ₹0; choose no offer instead.'],
      [{ prepaidKind: 'fixed', prepaidFixed: '100000.01' }, 'prepaidFixed', 'The amount off must be at most ₹1,00,000.'],
      // Filled, a field of a choice not made is still checked.
      [{ prepaidKind: 'none', prepaidPercent: 'lots' }, 'prepaidPercent', 'The percentage off must be from 0.01 to 100, like 5 or 2.5.'],
      [{ codFee: '30\u0000' }, 'codFee', 'The COD fee must be in rupees, like 40 or 40.50.'],
    ]
    for (const [changes, field, message] of cases) {
      const errors = refusals(changes)
      expect(errors[field], JSON.stringify(changes)).toContain(message)
    }
  })

  it('names at most five wrong PIN entries, cut short and without control characters', () => {
    const errors = refusals({ codRefusedPins: `a1 b2 c3 d4 e5 f6 g7 ${'x'.repeat(40)} 68\u0000001` })
    expect(errors.codRefusedPins).toContain('Not a PIN code or the start of one: a1, b2, c3, d4, e5 and 4 more.')
    const long = refusals({ codRefusedPins: `${'9'.repeat(40)} 68\u0007001` }).codRefusedPins!
    expect(long).toContain(`${'9'.repeat(12)}…, 68\uFFFD001.`)
    expect(long).not.toMatch(/\p{Cc}/u)
  })

  it('shows every field’s own refusal at once, and checks the minimum against the maximum only when both are amounts', () => {
    const errors = refusals({ codFee: 'x', codMaxReturns: '0', prepaidKind: 'percent', codMinOrder: '600', codMaxOrder: 'y' })
    expect(Object.keys(errors).sort()).toEqual(['codFee', 'codMaxOrder', 'codMaxReturns', 'prepaidPercent'])
    expect(errors.codMaxOrder).toBe('The maximum order value must be in rupees, like 40 or 40.50.')
  })
})

describe(`saving the payment settings on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => {
    await handle?.close()
  })
  beforeEach(async () => {
    await saveShopSettings(handle.db, DEFAULT_SHOP_SETTINGS)
  })

  it('saves what the form gives, keeps every other setting, and reads it back', async () => {
    await saveSettings(handle.db, deliverySettings, {
      ...deliverySettings.defaults,
      deliveryChargePaise: 6_050,
      freeDeliveryFromPaise: 1_00_000,
    })
    const before = await getShopSettings(handle.db)
    const payments = paymentSettingsFormSchema.parse({
      ...DEFAULT_PAYMENT_FORM,
      codFee: '45.50',
      codMaxOrder: '',
      codRefusedPins: '682001 6824',
      codMaxReturns: '3',
      codConfirmHours: '24',
      prepaidKind: 'percent',
      prepaidPercent: '5',
      prepaidMaxDiscount: '100',
    })
    await savePaymentSettings(handle.db, payments)
    const after = await getShopSettings(handle.db)
    expect(after.payments).toEqual({
      cod: {
        enabled: true,
        feePaise: 4_550,
        minOrderPaise: 0,
        maxOrderPaise: null,
        refusedPins: ['682001', '6824'],
        maxReturnedParcels: 3,
        confirmWithinHours: 24,
      },
      prepaidOffer: { kind: 'percent', value: 500, maxDiscountPaise: 10_000 },
    })
    expect({ ...after, payments: before.payments }).toEqual(before)

    // And back: cash on delivery off, a fixed amount off.
    await savePaymentSettings(
      handle.db,
      paymentSettingsFormSchema.parse({ ...DEFAULT_PAYMENT_FORM, codEnabled: '', prepaidKind: 'fixed', prepaidFixed: '25' }),
    )
    expect((await getShopSettings(handle.db)).payments).toEqual({
      cod: { ...DEFAULT_COD_RULES, enabled: false },
      prepaidOffer: { kind: 'fixed', value: 2_500, maxDiscountPaise: null },
    })
    expect((await getShopSettings(handle.db)).deliveryChargePaise).toBe(6_050)
  })

  it('refuses payment settings no form could give, and changes nothing', async () => {
    const good = paymentSettingsFormSchema.parse({ ...DEFAULT_PAYMENT_FORM, prepaidKind: 'fixed', prepaidFixed: '20' })
    await savePaymentSettings(handle.db, good)
    const before = await getShopSettings(handle.db)
    const bad: PaymentSettings[] = [
      { ...good, cod: { ...good.cod, feePaise: -1 } },
      { ...good, cod: { ...good.cod, feePaise: 12.5 } },
      { ...good, cod: { ...good.cod, refusedPins: ['012345'] } },
      { ...good, cod: { ...good.cod, maxReturnedParcels: 0 } },
      { ...good, cod: { ...good.cod, confirmWithinHours: 721 } },
      { ...good, cod: { ...good.cod, maxOrderPaise: 0 } },
      { ...good, prepaidOffer: { kind: 'percent', value: 10_001, maxDiscountPaise: null } },
    ]
    for (const payments of bad) {
      await expect(savePaymentSettings(handle.db, payments), JSON.stringify(payments)).rejects.toThrow()
    }
    expect(await getShopSettings(handle.db)).toEqual(before)
  })
})
