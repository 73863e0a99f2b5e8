/**
 * An order line as invoices, credit notes and refunds name it: "Kaara Thokku", "Moringa Powder (250g)". A credit
 * note finds the invoice's line by this name, so both are made here.
 */
export function lineDescription(line: { name: string; size: string }) {
  return `${line.name}${line.size !== 'one' ? ` (${line.size})` : ''}`
}
