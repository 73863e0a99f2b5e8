import { z } from '~/zod'
import { CREDIT_NOTE_PREFIX, financialYearOf, invoiceNumberLabel, invoiceSeries } from '../invoices/series'
import type { SliceForm } from '../settings/settings-slice'
import type { NumberField, NumberPrefixes } from './number-settings'

/** An order prefix: a capital letter, then 1 to 4 capital letters or digits (KO, MP, MP2). */
const ORDER_PREFIX = /^[A-Z][A-Z0-9]{1,4}$/
/**
 * An invoice prefix: 2 or 3 of them, so that KOP/2026-27/0001 stays within the 16 characters GST allows an invoice
 * number (CGST Rules, rule 46(b)); never CN, the credit notes' series.
 */
const INVOICE_PREFIX = /^[A-Z][A-Z0-9]{1,2}$/

const typedPrefix = (label: string) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .toUpperCase()
    .min(1, `Enter the ${label}.`)

export const numberSettingsFormSchema = z.object({
  orderPrefix: typedPrefix('order number prefix').regex(
    ORDER_PREFIX,
    'The order number prefix: 2 to 5 capital letters or digits, starting with a letter, like KO or MP.',
  ),
  invoicePrefix: typedPrefix('invoice prefix')
    .regex(INVOICE_PREFIX, 'The invoice prefix: 2 or 3 capital letters or digits, starting with a letter, like KO or MP.')
    .refine((prefix) => prefix !== CREDIT_NOTE_PREFIX, `${CREDIT_NOTE_PREFIX} numbers the credit notes: choose another invoice prefix.`),
})

/** Saves the prefixes: new orders and new invoices take them at once; those already issued keep their numbers. */
export const numberSettingsForm: SliceForm<NumberPrefixes, NumberField> = {
  stored: z.object({
    orderPrefix: z.string().regex(ORDER_PREFIX),
    invoicePrefix: z
      .string()
      .regex(INVOICE_PREFIX)
      .refine((prefix) => prefix !== CREDIT_NOTE_PREFIX),
  }),
  typed: (posted) => ({ orderPrefix: posted.orderPrefix.slice(0, 20), invoicePrefix: posted.invoicePrefix.slice(0, 20) }),
  form: numberSettingsFormSchema,
  shown: ({ orderPrefix, invoicePrefix }) => ({ orderPrefix, invoicePrefix }),
  saved: ({ orderPrefix, invoicePrefix }) =>
    `Saved. New orders are numbered like ${orderPrefix}-1234 and new invoices like ${invoiceNumberLabel(invoiceSeries(invoicePrefix, financialYearOf(new Date())), 1)} (a prefix not used yet this financial year starts its own series at 0001). Orders and invoices already issued keep their numbers.`,
}
