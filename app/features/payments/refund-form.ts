import { text } from '~/zod'
import { rupeesToPaise } from '../money/money'
import type { RefundSpeed } from './provider'
import { lineField, type RefundRequest } from './refund-plan'

// The admin's refund form (a plain form that works without JavaScript), read into a refund request. The amounts it
// may ask are checked again by planRefund against the order; this only reads what was typed.

export type RefundFormField = 'kind' | 'amount' | 'lines' | 'reason' | 'speed' | 'restock'
export type RefundFormResult =
  | { ok: true; request: RefundRequest; reason: string; restock: boolean; speed: RefundSpeed }
  | { ok: false; fieldErrors: Partial<Record<RefundFormField, string>> }

export { lineField }

const RUPEES = /^\d{1,7}(?:\.\d{1,2})?$/
const REASON = text({
  label: 'Reason',
  max: 300,
  oneLine: true,
  missing: 'Give the reason: it goes to the customer and on the credit note.',
}).refine((v) => v.length >= 3, 'Give the reason in a few words (at least 3 characters).')

export function readRefundForm(
  fields: Record<string, string | undefined>,
  lines: Array<{ productId: string; size: string }>,
): RefundFormResult {
  const fieldErrors: Partial<Record<RefundFormField, string>> = {}
  const kind = fields.kind
  const reasonField = REASON.safeParse(fields.reason ?? '')
  const reason = reasonField.success ? reasonField.data : ''
  if (!reasonField.success) fieldErrors.reason = reasonField.error.issues[0]!.message
  const speed = fields.speed === 'optimum' ? 'optimum' : fields.speed === 'normal' || fields.speed === undefined ? 'normal' : null
  if (!speed) fieldErrors.speed = 'Choose normal or instant.'
  // Checkboxes send "yes" when ticked and nothing when not; anything else did not come from the form.
  const boxes = { restock: 'restock', delivery: 'delivery charge', codFee: 'cash-on-delivery fee' } as const
  for (const box of ['restock', 'delivery', 'codFee'] as const) {
    if (fields[box] !== undefined && fields[box] !== 'yes')
      fieldErrors[box === 'restock' ? 'restock' : 'lines'] = `Tick or untick the ${boxes[box]} box.`
  }
  let request: RefundRequest | null = null
  if (kind === 'whole') {
    request = { kind: 'whole' }
  } else if (kind === 'lines') {
    const asked: Array<{ productId: string; size: string; quantity: number }> = []
    for (const line of lines) {
      const text = (fields[lineField(line)] ?? '').trim()
      if (text === '' || text === '0') continue
      if (!/^\d{1,4}$/.test(text)) {
        fieldErrors.lines = 'Quantities are whole numbers, 0 or more.'
        break
      }
      asked.push({ ...line, quantity: Number(text) })
    }
    const delivery = fields.delivery === 'yes'
    // Only a cash-on-delivery order's form has the fee's box (decision 069).
    const codFee = fields.codFee === 'yes'
    if (!fieldErrors.lines && asked.length === 0 && !delivery && !codFee)
      fieldErrors.lines = 'Give a quantity for at least one item, or tick the delivery charge.'
    request = { kind: 'lines', lines: asked, delivery, ...(codFee ? { codFee } : {}) }
  } else if (kind === 'amount') {
    const text = (fields.amount ?? '').trim().replace(/^₹\s*/, '').replaceAll(',', '')
    if (!RUPEES.test(text) || Number(text) <= 0) fieldErrors.amount = 'Give the amount in rupees, e.g. 120 or 120.50.'
    else request = { kind: 'amount', amountPaise: rupeesToPaise(Number(text)) }
  } else {
    fieldErrors.kind = 'Choose what to refund.'
  }
  if (Object.keys(fieldErrors).length || !request || !speed) return { ok: false, fieldErrors }
  return { ok: true, request, reason, restock: fields.restock === 'yes', speed }
}
