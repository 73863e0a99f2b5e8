import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { testAddress } from '../../../tests/support/test-address'
import { buildCreditNoteDocument, type CreditNoteDocument, type RefundItems } from '../invoices/credit-note-document'
import { GST_RATES } from '../invoices/gst'
import { buildInvoiceDocument } from '../invoices/invoice-document'
import { DEFAULT_SHOP_SETTINGS } from '../settings/shop-settings'
import { MIN_REFUND_PAISE, type OrderForRefund, planRefund, refundableOf, type RefundRequest } from './refund-plan'

// Refunds of discounted orders (decisions 033 and 042): a line gives back what was paid for it, its price less its
// discount, the discount going back with the units in proportion and the last units taking the remainder. Refunded
// in any number of goes, a discounted order gives back exactly its total and never more, and the credit notes add up
// to its invoice to the paisa.

type Prior = Array<{ amountPaise: number; items: RefundItems }>

/** 3 × ₹100 less ₹1 of discount, and 1 × ₹250 less ₹25.50; ₹40 delivery: ₹299 + ₹224.50 + ₹40 = ₹563.50. */
const order: OrderForRefund = {
  totalPaise: 56_350,
  deliveryPaise: 4_000,
  lines: [
    { productId: 'jaggery', size: 'one', name: 'Palm Jaggery', quantity: 3, unitPricePaise: 10_000, discountPaise: 100 },
    { productId: 'ghee', size: '500ml', name: 'A2 Ghee', quantity: 1, unitPricePaise: 25_000, discountPaise: 2_550 },
  ],
}
const jaggery = (quantity: number): RefundRequest => ({
  kind: 'lines',
  lines: [{ productId: 'jaggery', size: 'one', quantity }],
  delivery: false,
})

function refundAll(steps: RefundRequest[]) {
  const prior: Prior = []
  for (const step of steps) {
    const plan = planRefund(order, prior, step)
    if (!plan.ok) throw new Error(plan.error)
    prior.push(plan)
  }
  return prior
}

describe('refunding a discounted order', () => {
  it('gives back a line’s discount with its units, in proportion, the last unit taking the remainder', () => {
    const [a, b, c] = refundAll([jaggery(1), jaggery(1), jaggery(1)])
    // ⌊100 × 1/3⌋ = 33, ⌊100 × 2/3⌋ − 33 = 33, and the last unit the 34 left.
    expect([a, b, c].map((r) => r!.items.lines[0]!.discountPaise)).toEqual([33, 33, 34])
    expect([a, b, c].map((r) => r!.amountPaise)).toEqual([9_967, 9_967, 9_966])
    expect(a!.amountPaise + b!.amountPaise + c!.amountPaise).toBe(29_900)
    // Two then one: the same line, the same ₹299.
    const [two, one] = refundAll([jaggery(2), jaggery(1)])
    expect([two!.items.lines[0]!.discountPaise, one!.items.lines[0]!.discountPaise]).toEqual([66, 34])
    expect(two!.amountPaise + one!.amountPaise).toBe(29_900)
  })

  it('refunds the whole order at its total, each line with all of its discount', () => {
    expect(planRefund(order, [], { kind: 'whole' })).toEqual({
      ok: true,
      amountPaise: 56_350,
      items: {
        lines: [
          { productId: 'jaggery', size: 'one', name: 'Palm Jaggery', quantity: 3, unitPricePaise: 10_000, discountPaise: 100 },
          { productId: 'ghee', size: '500ml', name: 'A2 Ghee', quantity: 1, unitPricePaise: 25_000, discountPaise: 2_550 },
        ],
        deliveryPaise: 4_000,
        amountPaise: 0,
      },
    })
    // After one unit, the rest: exactly what is left of the total.
    const prior = refundAll([jaggery(1)])
    const rest = planRefund(order, prior, { kind: 'whole' })
    expect(rest).toMatchObject({
      ok: true,
      amountPaise: 56_350 - 9_967,
      items: {
        lines: [
          { productId: 'jaggery', quantity: 2, discountPaise: 67 },
          { productId: 'ghee', discountPaise: 2_550 },
        ],
      },
    })
  })

  it('shows what is left of each line as paid, and says so when lines are more than the money left', () => {
    const prior = refundAll([jaggery(1)])
    const left = refundableOf(order, prior)
    expect(left.lines.map((l) => [l.productId, l.quantity, l.discountPaise, l.paidPaise])).toEqual([
      ['jaggery', 2, 67, 19_933],
      ['ghee', 1, 2_550, 22_450],
    ])
    const amount = planRefund(order, [], { kind: 'amount', amountPaise: 50_000 })
    expect(
      planRefund(order, [amount as never], { kind: 'lines', lines: [{ productId: 'ghee', size: '500ml', quantity: 1 }], delivery: false }),
    ).toEqual({
      ok: false,
      error: 'That is ₹224.50 (the goods as paid, after their discounts), more than the ₹63.50 left to refund on this order.',
    })
    expect(planRefund(order, [], { kind: 'lines', lines: [{ productId: 'ghee', size: '500ml', quantity: 2 }], delivery: false })).toEqual({
      ok: false,
      error: 'Only 1 × A2 Ghee (500ml) can still be refunded.',
    })
    // The same line twice in one request would count its units left twice.
    expect(
      planRefund(order, [], {
        kind: 'lines',
        lines: [
          { productId: 'jaggery', size: 'one', quantity: 2 },
          { productId: 'jaggery', size: 'one', quantity: 2 },
        ],
        delivery: false,
      }),
    ).toEqual({
      ok: false,
      error: 'Palm Jaggery is asked for twice.',
    })
  })

  it('reads refunds stored before discounts (no discountPaise) as undiscounted', () => {
    const plain: OrderForRefund = {
      totalPaise: 30_000,
      deliveryPaise: 0,
      lines: [{ productId: 'jaggery', size: 'one', name: 'Palm Jaggery', quantity: 3, unitPricePaise: 10_000 }],
    }
    const stored = [
      {
        amountPaise: 10_000,
        items: {
          lines: [{ productId: 'jaggery', size: 'one', name: 'Palm Jaggery', quantity: 1, unitPricePaise: 10_000 }],
          deliveryPaise: 0,
          amountPaise: 0,
        },
      },
    ]
    expect(planRefund(plain, stored, { kind: 'whole' })).toEqual({
      ok: true,
      amountPaise: 20_000,
      items: {
        lines: [{ productId: 'jaggery', size: 'one', name: 'Palm Jaggery', quantity: 2, unitPricePaise: 10_000 }],
        deliveryPaise: 0,
        amountPaise: 0,
      },
    })
  })
})

// Generated orders: each line discounted by its own share (0 to all of its value), as the coupon and the prepaid
// offer may leave it; refunded in random partial goes (some units of some lines, the delivery or not, now and then
// "everything left"), each checked against the planner's own bookkeeping and against a credit note of the invoice.
const generatedLine = fc.record({
  quantity: fc.integer({ min: 1, max: 12 }),
  unitPricePaise: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 100, max: 900_000 })),
  discountBasisPoints: fc.oneof(fc.constant(0), fc.constant(10_000), fc.integer({ min: 0, max: 10_000 })),
  ratePercent: fc.constantFrom(...GST_RATES),
  size: fc.constantFrom('one', '250g', '1kg'),
})

describe('refunding generated discounted orders in random goes', () => {
  it('gives back exactly the total, line by line what was paid, never more; the credit notes add up to the invoice', () => {
    fc.assert(
      fc.property(
        fc.array(generatedLine, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0, 4_000, 4_999),
        fc.constantFrom('Tamil Nadu', 'Kerala'),
        fc.array(fc.nat({ max: 1_000 }), { minLength: 64, maxLength: 64 }),
        (generated, deliveryPaise, state, tape) => {
          const lines = generated.map((l, i) => ({
            productId: `p${i}`,
            size: l.size,
            name: `Product ${i}`,
            quantity: l.quantity,
            unitPricePaise: l.unitPricePaise,
            discountPaise: Math.floor((l.unitPricePaise * l.quantity * l.discountBasisPoints) / 10_000),
          }))
          const paidFor = (l: (typeof lines)[number]) => l.unitPricePaise * l.quantity - l.discountPaise
          const totalPaise = lines.reduce((sum, l) => sum + paidFor(l), 0) + deliveryPaise
          fc.pre(totalPaise >= MIN_REFUND_PAISE)
          const order: OrderForRefund = { totalPaise, deliveryPaise, lines }
          const invoice = buildInvoiceDocument({
            order: {
              number: 7,
              email: 'meena@example.in',
              shippingAddress: { ...testAddress, state },
              deliveryPaise,
              totalPaise,
              paidAt: new Date(),
              paymentId: 'pay_7',
              lines,
            },
            settings: DEFAULT_SHOP_SETTINGS,
            taxOf: (id) => ({ hsnCode: '0910', gstRatePercent: generated[Number(id.slice(1))]!.ratePercent }),
            series: '2026-27',
            sequence: 1,
            issuedAt: new Date(),
          })
          expect(invoice.totals.totalPaise).toBe(totalPaise)

          const prior: Prior = []
          const notes: CreditNoteDocument[] = []
          const kinds: string[] = []
          let t = 0
          const next = () => tape[t++ % tape.length]!
          for (let go = 0; ; go++) {
            const left = refundableOf(order, prior)
            if (left.moneyPaise === 0) break
            expect(go).toBeLessThan(200)
            // A few units of some lines, the delivery now and then; or, one time in eight, everything left.
            let request: RefundRequest = {
              kind: 'lines',
              lines: left.lines
                .filter((l) => l.quantity > 0)
                .map((l) => ({ productId: l.productId, size: l.size, quantity: next() % (l.quantity + 1) })),
              delivery: left.deliveryPaise > 0 && next() % 3 === 0,
            }
            if (next() % 8 === 0 || (request.lines.every((l) => l.quantity === 0) && !request.delivery)) request = { kind: 'whole' }
            let plan = planRefund(order, prior, request)
            // Razorpay refunds at least ₹1: a go worth less, or one that would leave less than ₹1, becomes the rest.
            if (!plan.ok || (left.moneyPaise - plan.amountPaise > 0 && left.moneyPaise - plan.amountPaise < MIN_REFUND_PAISE)) {
              if (!plan.ok) expect(plan.error).toBe('A refund is at least ₹1.00.')
              request = { kind: 'whole' }
              plan = planRefund(order, prior, request)
            }
            if (!plan.ok) throw new Error(plan.error)

            // Never more than is left; "everything left" is exactly that.
            expect(plan.amountPaise).toBeLessThanOrEqual(left.moneyPaise)
            if (request.kind === 'whole') expect(plan.amountPaise).toBe(left.moneyPaise)
            let linesPaise = 0
            for (const refunded of plan.items.lines) {
              const before = left.lines.find((l) => l.productId === refunded.productId)!
              const discount = refunded.discountPaise ?? 0
              expect(refunded.quantity).toBeLessThanOrEqual(before.quantity)
              expect(discount).toBeGreaterThanOrEqual(0)
              expect(discount).toBeLessThanOrEqual(Math.min(before.discountPaise, refunded.unitPricePaise * refunded.quantity))
              // The units left after this go keep at least their proportional part of the discount (rounded down).
              const line = lines.find((l) => l.productId === refunded.productId)!
              const unitsLeft = before.quantity - refunded.quantity
              expect(before.discountPaise - discount).toBeGreaterThanOrEqual(Math.floor((line.discountPaise * unitsLeft) / line.quantity))
              linesPaise += refunded.unitPricePaise * refunded.quantity - discount
            }
            expect(plan.amountPaise).toBe(linesPaise + plan.items.deliveryPaise + plan.items.amountPaise)
            prior.push(plan)
            kinds.push(request.kind)

            const note = buildCreditNoteDocument({
              invoice,
              items: plan.items,
              reason: 'Returned',
              refundId: `r${go}`,
              number: `CN/2026-27/${go}`,
              fileName: 'cn.pdf',
              issuedAt: new Date(),
            })
            expect(note.totals.totalPaise).toBe(plan.amountPaise)
            for (const taxed of note.lines)
              expect(taxed.taxablePaise + taxed.cgstPaise + taxed.sgstPaise + taxed.igstPaise).toBe(taxed.totalPaise)
            notes.push(note)

            // After every go, no line has given back more than was paid for it.
            for (const l of refundableOf(order, prior).lines) {
              const original = lines.find((o) => o.productId === l.productId)!
              expect(l.quantity).toBeGreaterThanOrEqual(0)
              expect(l.paidPaise).toBeGreaterThanOrEqual(0)
              expect(l.paidPaise).toBeLessThanOrEqual(paidFor(original))
            }
          }

          // All of it back: exactly the total, each line exactly what was paid for it, nothing paid left on any line
          // (units whose discount took all of their price may stay: there is no money to give back for them).
          expect(prior.reduce((sum, r) => sum + r.amountPaise, 0)).toBe(totalPaise)
          const end = refundableOf(order, prior)
          for (const l of end.lines) {
            expect(l.paidPaise).toBe(0)
            expect(l.discountPaise).toBe(l.unitPricePaise * l.quantity)
          }
          expect(end.deliveryPaise).toBe(0)
          // Each invoice line's total, taken back line by line over the credit notes.
          for (const invoiced of invoice.lines) {
            const credited = notes.flatMap((n) => n.lines).filter((c) => c.description === invoiced.description)
            expect(credited.reduce((sum, c) => sum + c.totalPaise, 0)).toBe(invoiced.totalPaise)
          }
          expect(notes.reduce((sum, n) => sum + n.totals.totalPaise, 0)).toBe(invoice.totals.totalPaise)
          // In one go, the credit note is the invoice's own lines, tax for tax.
          if (kinds.join() === 'whole')
            expect(notes[0]!.lines.map(({ discountPaise, ...l }) => ({ ...l, d: discountPaise ?? 0 }))).toEqual(
              invoice.lines.map(({ discountPaise, ...l }) => ({ ...l, d: discountPaise ?? 0 })),
            )
        },
      ),
      { numRuns: 500 },
    )
  })
})
