import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Database, Transaction } from '~/db/client.server'
import { issueCreditNote } from './credit-notes.server'
import { issueInvoice, nextInvoiceNumber } from './invoices.server'
import { financialYearOf, invoiceFileName, invoiceNumberLabel } from './series'

describe('the invoice series: one per Indian financial year, in India’s time', () => {
  it('turns at midnight between 31 March and 1 April in India, which is 18:30 UTC', () => {
    expect(financialYearOf(new Date('2026-03-31T18:29:59.999Z'))).toBe('2025-26')
    expect(financialYearOf(new Date('2026-03-31T18:30:00.000Z'))).toBe('2026-27')
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27')
    // Still 31 March by UTC, already 1 April in India.
    expect(financialYearOf(new Date('2026-03-31T20:00:00Z'))).toBe('2026-27')
    // The last moment of the year in India is already 1 April in Tokyo, not yet in London.
    expect(financialYearOf(new Date('2027-03-31T23:59:59+05:30'))).toBe('2026-27')
  })

  it('keeps the calendar year’s turn inside one financial year', () => {
    expect(financialYearOf(new Date('2026-12-31T18:30:00Z'))).toBe('2026-27')
    expect(financialYearOf(new Date('2027-01-15T06:00:00Z'))).toBe('2026-27')
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00')
  })

  it('prints numbers like KO/2026-27/0001 (at most 16 characters) and files like invoice-KO-2026-27-0001.pdf', () => {
    expect(invoiceNumberLabel('2026-27', 1)).toBe('KO/2026-27/0001')
    expect(invoiceNumberLabel('2026-27', 12_345)).toBe('KO/2026-27/12345')
    expect(invoiceNumberLabel('2026-27', 99_999).length).toBeLessThanOrEqual(16)
    expect(invoiceFileName('2026-27', 7)).toBe('invoice-KO-2026-27-0007.pdf')
  })
})

describe('the series take their numbers only inside a transaction', () => {
  // The type checker is this test (npm run typecheck): each call outside a transaction must be refused, or the
  // unused @ts-expect-error fails the check. The functions are never called.
  it('refuses a plain Database where the invoice or credit-note series needs a transaction', () => {
    expectTypeOf<Database>().not.toExtend<Transaction>()
    expectTypeOf<Transaction>().toExtend<Database>()
    const outside = (db: Database) => [
      // @ts-expect-error a Database is not a Transaction: a number taken outside one could leave a gap
      nextInvoiceNumber(db, '2026-27'),
      // @ts-expect-error the invoice is issued in the transaction that holds the order's row locked
      issueInvoice(db, null!, null!, new Date()),
      // @ts-expect-error the credit note is issued in the refund's (or the return's) transaction
      issueCreditNote(db, null!),
    ]
    const inside = (db: Database) => db.transaction((tx) => nextInvoiceNumber(tx, '2026-27'))
    expect([typeof outside, typeof inside]).toEqual(['function', 'function'])
  })
})
