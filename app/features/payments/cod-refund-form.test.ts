import { describe, expect, it } from 'vitest'
import { readCodRefundForm } from './cod-refund-form'
import { lineField } from './refund-plan'

// The owner's form for a refund paid outside the provider (issue 39, decision 069): what is given back as for any
// refund, and how it was paid, its reference and its date, each checked with a message beside its field.

const lines = [{ productId: 'mango', size: 'one' }]
const TODAY = '2026-11-29'
const valid = {
  kind: 'lines',
  [lineField(lines[0]!)]: '2',
  reason: 'Two packs arrived crushed',
  method: 'upi',
  reference: '412345678901',
  paidOn: '2026-11-28',
}

describe('the cash-on-delivery refund form', () => {
  it('reads what is given back, the method, the reference as the bank prints it, and the day', () => {
    expect(readCodRefundForm(valid, lines, TODAY)).toEqual({
      ok: true,
      request: { kind: 'lines', lines: [{ productId: 'mango', size: 'one', quantity: 2 }], delivery: false },
      reason: 'Two packs arrived crushed',
      restock: false,
      method: 'upi',
      reference: '412345678901',
      paidOn: '2026-11-28',
    })
    expect(readCodRefundForm({ ...valid, reference: ' 4123 4567 8901 ', paidOn: TODAY, restock: 'yes' }, lines, TODAY)).toMatchObject({
      ok: true,
      reference: '412345678901',
      paidOn: TODAY,
      restock: true,
    })
    // NEFT (16), RTGS (22) and IMPS (12) references; letters upper-cased, spaces and hyphens forgiven.
    for (const [typed, kept] of [
      ['sbinn52331200001', 'SBINN52331200001'],
      ['HDFCR52026112900012345', 'HDFCR52026112900012345'],
      ['4123-4567-8901', '412345678901'],
    ])
      expect(readCodRefundForm({ ...valid, method: 'bank_transfer', reference: typed! }, lines, TODAY)).toMatchObject({
        ok: true,
        reference: kept,
      })
  })

  it('says what is wrong with each field', () => {
    expect(readCodRefundForm({ kind: 'whole', reason: 'Damaged' }, lines, TODAY)).toEqual({
      ok: false,
      fieldErrors: {
        method: 'Choose how you paid it back: UPI or bank transfer.',
        reference: 'Enter the reference of the transfer (the UPI reference or the UTR).',
        paidOn: 'Enter the day you paid it.',
      },
    })
    const refused = (fields: Record<string, string>) => readCodRefundForm({ ...valid, ...fields }, lines, TODAY)
    expect(refused({ method: 'cash' })).toMatchObject({
      ok: false,
      fieldErrors: { method: 'Choose how you paid it back: UPI or bank transfer.' },
    })
    const upi = 'A UPI reference (UTR) is the 12 digits your UPI app shows for the payment.'
    expect(refused({ reference: '41234567890' })).toMatchObject({ ok: false, fieldErrors: { reference: upi } })
    expect(refused({ reference: 'T2311281234567890' })).toMatchObject({ ok: false, fieldErrors: { reference: upi } })
    const utr = 'A bank transfer’s reference (UTR) is 12 to 22 letters and digits, as your bank shows it.'
    for (const reference of ['SBIN1234', 'SBIN<script>12345', 'A'.repeat(23), 'SBINNABCDEFGHIJK', '4123456789Ω1'])
      expect(refused({ method: 'bank_transfer', reference })).toMatchObject({ ok: false, fieldErrors: { reference: utr } })
    expect(refused({ reference: 'x'.repeat(200) })).toMatchObject({ ok: false, fieldErrors: { reference: upi } })
    expect(refused({ paidOn: '28/11/2026' })).toMatchObject({
      ok: false,
      fieldErrors: { paidOn: 'Enter the day as a date, like 2026-11-28.' },
    })
    expect(refused({ paidOn: '2026-02-30' })).toMatchObject({ ok: false, fieldErrors: { paidOn: 'That day is not in the calendar.' } })
    expect(refused({ paidOn: '2026-11-30' })).toMatchObject({
      ok: false,
      fieldErrors: { paidOn: 'The refund cannot have been paid after today.' },
    })
    // Each field says what is wrong with it at once, not one after another.
    expect(refused({ reference: '4123', paidOn: '2026-11-30' })).toEqual({
      ok: false,
      fieldErrors: { reference: upi, paidOn: 'The refund cannot have been paid after today.' },
    })
    // The shared fields are checked as for any refund.
    expect(refused({ reason: '', [lineField(lines[0]!)]: '-1' })).toMatchObject({
      ok: false,
      fieldErrors: {
        reason: 'Give the reason: it goes to the customer and on the credit note.',
        lines: 'Quantities are whole numbers, 0 or more.',
      },
    })
  })
})
