import { m } from '~/i18n/paraglide/messages.js'
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

const typedPrefix = (missing: () => string) =>
  z
    .string({ error: () => missing() })
    .trim()
    .toUpperCase()
    .min(1, { error: () => missing() })

export const numberSettingsFormSchema = z.object({
  orderPrefix: typedPrefix(m.orders_enter_order_prefix).regex(ORDER_PREFIX, { error: () => m.orders_order_prefix_format() }),
  invoicePrefix: typedPrefix(m.orders_enter_invoice_prefix)
    .regex(INVOICE_PREFIX, { error: () => m.orders_invoice_prefix_format() })
    .refine((prefix) => prefix !== CREDIT_NOTE_PREFIX, { error: () => m.orders_invoice_prefix_taken({ prefix: CREDIT_NOTE_PREFIX }) }),
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
    m.orders_number_prefixes_saved({
      order: `${orderPrefix}-1234`,
      invoice: invoiceNumberLabel(invoiceSeries(invoicePrefix, financialYearOf(new Date())), 1),
    }),
}
