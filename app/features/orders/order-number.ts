/** An order's number as the customer and the owner read it, in mails, on pages and on its invoice. */
export function orderNumberLabel(number: number) {
  return `KO-${number}`
}
