import { describe, expect, it } from 'vitest'
import { type MoneyLine, type OrderMoney, orderMoneyLines, refundedMoney } from './order-money'

// The lines above each `sum` line add up to it: what a person checks with a calculator.
function expectLinesAddUp(lines: MoneyLine[]) {
  let running = 0
  for (const line of lines) {
    if (line.sum) {
      expect(line.amountPaise, `${line.label} is the sum of the lines above it`).toBe(running)
      running = line.amountPaise
    } else running += line.amountPaise
  }
}

// The COD order: ₹649 of goods, a 10% coupon, free delivery, a ₹40 COD fee.
const codWithCoupon: OrderMoney = {
  subtotalPaise: 64_900,
  couponCode: 'WELCOME10',
  couponDiscountPaise: 6_490,
  prepaidDiscountPaise: 0,
  deliveryPaise: 0,
  codFeePaise: 4_000,
  totalPaise: 62_410,
  paymentMethod: 'cod',
}

describe('orderMoneyLines', () => {
  it('shows the coupon and the COD fee that make a COD order total', () => {
    const lines = orderMoneyLines(codWithCoupon, 'owner')
    expect(lines.map((l) => [l.label, l.shown])).toEqual([
      ['Subtotal', '₹649'],
      ['Coupon WELCOME10', '−₹64.90'],
      ['Delivery', 'Free'],
      ['Cash on delivery fee', '₹40'],
      ['Total, cash on delivery', '₹624.10'],
    ])
    expectLinesAddUp(lines)
  })

  it('shows the coupon and the online discount of an online order, and the refunds after its total', () => {
    const order: OrderMoney = {
      ...codWithCoupon,
      paymentMethod: 'online',
      codFeePaise: 0,
      prepaidDiscountPaise: 2_921,
      deliveryPaise: 4_900,
      totalPaise: 64_900 - 6_490 - 2_921 + 4_900,
    }
    const lines = orderMoneyLines(
      order,
      'customer',
      refundedMoney([
        { amountPaise: 10_000, status: 'processed' },
        { amountPaise: 5_000, status: 'pending' },
        { amountPaise: 7_000, status: 'failed' },
      ]),
    )
    expect(lines.map((l) => l.kind)).toEqual(['subtotal', 'coupon', 'prepaid', 'delivery', 'total', 'refunded', 'refunding', 'net'])
    expect(lines.at(-1)).toMatchObject({ label: 'Paid, after refunds', amountPaise: order.totalPaise - 15_000 })
    expectLinesAddUp(lines)
  })

  it('adds up for any mix of discounts and fees', () => {
    for (let i = 0; i < 500; i++) {
      const subtotalPaise = 100 + ((i * 7_919) % 500_000)
      const couponDiscountPaise = (i * 31) % Math.floor(subtotalPaise / 2)
      const cod = i % 2 === 0
      const prepaidDiscountPaise = cod ? 0 : (i * 13) % Math.floor(subtotalPaise / 3)
      const deliveryPaise = i % 3 === 0 ? 0 : 4_900
      const codFeePaise = cod ? 4_000 : 0
      const order: OrderMoney = {
        subtotalPaise,
        couponCode: couponDiscountPaise ? 'X' : null,
        couponDiscountPaise,
        prepaidDiscountPaise,
        deliveryPaise,
        codFeePaise,
        totalPaise: subtotalPaise - couponDiscountPaise - prepaidDiscountPaise + deliveryPaise + codFeePaise,
        paymentMethod: cod ? 'cod' : 'online',
      }
      for (const reader of ['quote', 'customer', 'owner'] as const)
        expectLinesAddUp(orderMoneyLines(order, reader, { refundedPaise: i % 5 === 0 ? 1_000 : 0, refundingPaise: 0 }))
    }
  })
})
