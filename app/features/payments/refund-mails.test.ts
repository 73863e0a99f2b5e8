import { describe, expect, it } from 'vitest'
import { DEFAULT_SHOP_SETTINGS as settings } from '../settings/shop-settings'
import { refundMail } from './refund-mails'

// The customer's refund mail says how the money went back: through the provider the way they paid, or, for a
// cash-on-delivery order (issue 39, decision 069), by the UPI or bank transfer the owner made, with its reference.

const SHOP = 'http://localhost:3000'
const order = { number: 12, email: 'meena@example.in' }

describe('the refund mail', () => {
  it('for a refund through the provider: the way they paid, and how long the bank takes', () => {
    const mail = refundMail(order, { amountPaise: 19_800, reason: 'Arrived open', speed: 'normal' }, SHOP, settings)
    expect(mail.text).toContain('The money goes back the way you paid (card, UPI, net banking or wallet).')
    expect(mail.text).toContain('5–7 working days')
  })

  it('for a UPI refund the owner made: by UPI, the day, and its reference; not "the way you paid"', () => {
    const mail = refundMail(
      order,
      {
        amountPaise: 19_800,
        reason: 'Two packs arrived crushed',
        paidBy: { method: 'upi', reference: '412345678901', paidOn: '2026-11-28' },
      },
      SHOP,
      settings,
    )
    expect(mail.subject).toBe('Refund of ₹198.00 for your order KO-12')
    expect(mail.text).toContain('We have refunded ₹198.00 for your order KO-12 from Kaadu Organics.')
    expect(mail.text).toContain('Reason: Two packs arrived crushed')
    expect(mail.text).toContain(
      'We sent it to you by UPI on 28 Nov 2026. Its UPI reference is 412345678901: your bank or UPI app shows the money with it.',
    )
    expect(mail.text).toContain(`Your order's page, with its invoice and credit note: ${SHOP}/track?order=KO-12`)
    expect(mail.text).not.toMatch(/the way you paid|Razorpay|card|working days/)
  })

  it('for a bank transfer: to their bank account, with the UTR', () => {
    const mail = refundMail(
      order,
      {
        amountPaise: 5_000,
        reason: 'Short weight',
        paidBy: { method: 'bank_transfer', reference: 'SBINN52331200001', paidOn: '2026-12-01' },
      },
      SHOP,
      settings,
    )
    expect(mail.text).toContain(
      'We sent it to your bank account by bank transfer on 1 Dec 2026. Its reference (UTR) is SBINN52331200001: your bank statement shows the money with it.',
    )
    expect(mail.text).not.toMatch(/the way you paid|Razorpay|working days/)
  })
})
