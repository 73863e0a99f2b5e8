import { describe, expect, it } from 'vitest'
import { planRefund } from './refund-plan'
import { lineField, readRefundForm } from './refund-form'

const lines = [
  { productId: 'kokum', size: 'one', name: 'Kokum Syrup', quantity: 2, unitPricePaise: 18000 },
  { productId: 'pepper', size: '250g', name: 'Black Pepper', quantity: 1, unitPricePaise: 9900 },
]
const order = { totalPaise: 49900, deliveryPaise: 4000, lines }

describe('the refund form', () => {
  it('reads each kind of refund', () => {
    expect(readRefundForm({ kind: 'whole', reason: 'Cancelled by phone', speed: 'optimum', restock: 'yes' }, lines)).toEqual({
      ok: true,
      request: { kind: 'whole' },
      reason: 'Cancelled by phone',
      restock: true,
      speed: 'optimum',
    })
    expect(readRefundForm({ kind: 'lines', [lineField(lines[1]!)]: '1', delivery: 'yes', reason: 'Wrong item sent' }, lines)).toMatchObject(
      {
        ok: true,
        request: { kind: 'lines', lines: [{ productId: 'pepper', size: '250g', quantity: 1 }], delivery: true },
        restock: false,
        speed: 'normal',
      },
    )
    expect(readRefundForm({ kind: 'amount', amount: '₹1,20.50', reason: 'Late delivery' }, lines)).toMatchObject({
      ok: true,
      request: { kind: 'amount', amountPaise: 12050 },
    })
  })

  it('says what is wrong with each field', () => {
    expect(readRefundForm({}, lines)).toEqual({
      ok: false,
      fieldErrors: { kind: 'Choose what to refund.', reason: 'Give the reason: it goes to the customer and on the credit note.' },
    })
    expect(readRefundForm({ kind: 'whole', reason: 'ok' }, lines)).toEqual({
      ok: false,
      fieldErrors: { reason: 'Give the reason in a few words (at least 3 characters).' },
    })
    expect(readRefundForm({ kind: 'whole', reason: 'Late\u0085' }, lines)).toEqual({
      ok: false,
      fieldErrors: { reason: 'Reason must not contain control characters or line breaks' },
    })
    expect(readRefundForm({ kind: 'whole', reason: 'Late delivery', restock: 'on' }, lines)).toEqual({
      ok: false,
      fieldErrors: { restock: 'Tick or untick the restock box.' },
    })
    expect(readRefundForm({ kind: 'amount', amount: '12.345', reason: 'ok ok', speed: 'warp' }, lines)).toEqual({
      ok: false,
      fieldErrors: { amount: 'Give the amount in rupees, e.g. 120 or 120.50.', speed: 'Choose normal or instant.' },
    })
    expect(readRefundForm({ kind: 'lines', [lineField(lines[0]!)]: '-1', reason: 'ok ok' }, lines)).toMatchObject({
      ok: false,
      fieldErrors: { lines: 'Quantities are whole numbers, 0 or more.' },
    })
    expect(readRefundForm({ kind: 'lines', reason: 'ok ok' }, lines)).toMatchObject({
      ok: false,
      fieldErrors: { lines: expect.stringContaining('at least one item') },
    })
    expect(readRefundForm({ kind: 'whole', reason: 'two\nlines' }, lines)).toMatchObject({ ok: false })
  })
})

describe('planRefund', () => {
  it('refunds the rest as lines and delivery, or as money once an amount was refunded', () => {
    const first = planRefund(order, [], { kind: 'lines', lines: [{ productId: 'kokum', size: 'one', quantity: 1 }], delivery: false })
    expect(first).toMatchObject({ ok: true, amountPaise: 18000 })
    const prior = [first as never]
    expect(planRefund(order, prior, { kind: 'whole' })).toMatchObject({
      ok: true,
      amountPaise: 31900,
      items: {
        lines: [
          { productId: 'kokum', quantity: 1 },
          { productId: 'pepper', quantity: 1 },
        ],
        deliveryPaise: 4000,
        amountPaise: 0,
      },
    })
    const amount = planRefund(order, [], { kind: 'amount', amountPaise: 5000 })
    expect(planRefund(order, [amount as never], { kind: 'whole' })).toMatchObject({
      ok: true,
      amountPaise: 44900,
      items: { lines: [], deliveryPaise: 0, amountPaise: 44900 },
    })
  })

  it('refuses more than is left, less than ₹1, and lines not in the order', () => {
    expect(planRefund(order, [], { kind: 'amount', amountPaise: 49901 })).toEqual({
      ok: false,
      error: 'That is ₹499.01, more than the ₹499.00 left to refund on this order.',
    })
    expect(planRefund(order, [], { kind: 'amount', amountPaise: 99 })).toEqual({ ok: false, error: 'A refund is at least ₹1.00.' })
    expect(planRefund(order, [], { kind: 'lines', lines: [{ productId: 'ghee', size: 'one', quantity: 1 }], delivery: false })).toEqual({
      ok: false,
      error: 'One of the items is not in this order.',
    })
    expect(planRefund(order, [], { kind: 'lines', lines: [{ productId: 'kokum', size: 'one', quantity: 3 }], delivery: false })).toEqual({
      ok: false,
      error: 'Only 2 × Kokum Syrup can still be refunded.',
    })
    const delivered = planRefund(order, [], { kind: 'lines', lines: [], delivery: true })
    expect(planRefund(order, [delivered as never], { kind: 'lines', lines: [], delivery: true })).toEqual({
      ok: false,
      error: 'The delivery charge has been refunded already, or there was none.',
    })
  })
})

describe('planRefund for a cash-on-delivery order (issue 39, decision 069)', () => {
  /** 2 × ₹99 of mango, ₹40 delivery and the ₹30 cash-on-delivery fee: ₹268. */
  const cod = {
    totalPaise: 26_800,
    deliveryPaise: 4_000,
    codFeePaise: 3_000,
    lines: [{ productId: 'mango', size: 'one', name: 'Dried Mango', quantity: 2, unitPricePaise: 9_900 }],
  }
  const oneMango = { productId: 'mango', size: 'one', quantity: 1 }

  it('"everything left" gives the fee back too, so a whole refund is the whole total', () => {
    expect(planRefund(cod, [], { kind: 'whole' })).toEqual({
      ok: true,
      amountPaise: 26_800,
      items: {
        lines: [{ ...oneMango, name: 'Dried Mango', quantity: 2, unitPricePaise: 9_900 }],
        deliveryPaise: 4_000,
        amountPaise: 0,
        codFeePaise: 3_000,
      },
    })
    // What is left after one pack: the other pack, delivery and the fee.
    const first = planRefund(cod, [], { kind: 'lines', lines: [oneMango], delivery: false })
    expect(planRefund(cod, [first as never], { kind: 'whole' })).toMatchObject({
      ok: true,
      amountPaise: 16_900,
      items: { codFeePaise: 3_000 },
    })
  })

  it('the fee is ticked beside the lines, and once only', () => {
    const withFee = planRefund(cod, [], { kind: 'lines', lines: [oneMango], delivery: false, codFee: true })
    expect(withFee).toMatchObject({ ok: true, amountPaise: 12_900, items: { deliveryPaise: 0, codFeePaise: 3_000 } })
    expect(planRefund(cod, [withFee as never], { kind: 'lines', lines: [], delivery: false, codFee: true })).toEqual({
      ok: false,
      error: 'The cash-on-delivery fee has been refunded already, or there was none.',
    })
    // An online order has no fee to tick, and its "everything left" carries none.
    expect(planRefund(order, [], { kind: 'lines', lines: [], delivery: false, codFee: true })).toMatchObject({ ok: false })
    expect((planRefund(order, [], { kind: 'whole' }) as { items: object }).items).not.toHaveProperty('codFeePaise')
  })

  it('the form reads the fee’s box; anything but "yes" did not come from the form', () => {
    expect(readRefundForm({ kind: 'lines', [lineField(lines[0]!)]: '1', codFee: 'yes', reason: 'Damaged' }, lines)).toMatchObject({
      ok: true,
      request: { kind: 'lines', lines: [{ productId: 'kokum', quantity: 1 }], delivery: false, codFee: true },
    })
    expect(readRefundForm({ kind: 'lines', codFee: 'yes', reason: 'Damaged' }, lines)).toMatchObject({ ok: true })
    expect(readRefundForm({ kind: 'lines', codFee: 'on', reason: 'Damaged' }, lines)).toMatchObject({
      ok: false,
      fieldErrors: { lines: 'Tick or untick the cash-on-delivery fee box.' },
    })
  })
})
