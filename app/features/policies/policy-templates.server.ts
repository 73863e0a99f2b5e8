import { formatRupees } from '../money/money'
import type { CodRules } from '../checkout/cash-on-delivery'
import type { PolicySlug } from './policies'

// The templates the demo shop ships (decision 036): kept out of the browser's script, which needs only the links.

/** The line every template starts with; the owner deletes it with the rest of what they change. */
export const TEMPLATE_NOTICE =
  '> **Template.** This page is a starting point written for a small organic food shop in India. Read it, change what does not fit your shop, and delete this note before you take real orders.'

type Shop = {
  shopName: string
  email: string
  phone: string
  deliveryChargePaise: number
  freeDeliveryFromPaise: number
  /** Absent reads as the flat rule (a caller with settings from before weight slabs). */
  deliveryMode?: 'flat' | 'slabs'
  payments: { cod: Pick<CodRules, 'enabled' | 'feePaise' | 'confirmWithinHours'> }
}
type Template = { title: string; body: (shop: Shop) => string }

/** Cash on delivery as the owner offers it (issue 39: the templates spoke of online payment only). */
function codTerms({ payments: { cod } }: Shop) {
  if (!cod.enabled) return ''
  const fee = cod.feePaise ? `, with a ${formatRupees(cod.feePaise)} cash-on-delivery fee shown at checkout` : ''
  return `
- You may pay the courier in cash on delivery where it is offered${fee}. We e-mail you a link to confirm such an order; one not confirmed within ${cod.confirmWithinHours} hours is cancelled. Its GST tax invoice is issued when it ships.`
}

/** The delivery rule as the shop sets it (/dash/settings), in words. */
function deliveryTerms({ deliveryChargePaise, freeDeliveryFromPaise, deliveryMode }: Shop) {
  if (freeDeliveryFromPaise === 0) return 'Delivery is free on every order.'
  if (deliveryMode === 'slabs') {
    return `Delivery is charged by the parcel's weight and where it goes (within our state, the rest of India, or the North-East, Jammu and Kashmir, Ladakh and the islands), and is free on orders from ${formatRupees(freeDeliveryFromPaise)}. The charge for your PIN code is shown in the cart and at checkout before you pay.`
  }
  if (deliveryChargePaise === 0) return 'Delivery is free on every order.'
  return `Delivery costs ${formatRupees(deliveryChargePaise)} on orders below ${formatRupees(freeDeliveryFromPaise)} and is free from ${formatRupees(freeDeliveryFromPaise)}. The charge is shown in the cart and at checkout before you pay.`
}

const TEMPLATES: Record<PolicySlug, Template> = {
  privacy: {
    title: 'Privacy policy',
    body: (shop) => `${TEMPLATE_NOTICE}

${shop.shopName} ("we") sells food products online. This policy says what we collect about you, why, and what you can ask of us, as the Digital Personal Data Protection Act, 2023 and the Information Technology Rules expect.

## What we collect
- **When you order:** your name, delivery address, phone number and e-mail address, and what you bought.
- **When you pay:** an online payment is made on Razorpay's pages. We receive its result and a payment reference, never your card or UPI details.${shop.payments.cod.enabled ? ' Paying in cash on delivery, you pay the courier; to refund such an order we ask you for a UPI ID or a bank account, used only to send that refund.' : ''}
- **When you write to us:** your name, e-mail, phone and message.
- **With an account:** your e-mail, name, phone, and a password we keep only as a one-way hash.
- **Cookies:** one to keep you signed in, one to keep your cart and order in this browser, one that protects our forms. We use no advertising or tracking cookies.

## Why
To deliver your order, send its invoice and updates, answer you, keep the accounts that tax law asks us to keep (GST records are kept for at least 72 months), and protect the shop from misuse.

## Who else sees it
Only those who help us serve you: Razorpay for payments, our courier for delivery (name, address, phone), and our mail provider. We do not sell or rent your data.

## Your rights
You may ask to see, correct or delete your data (except what the law makes us keep) by writing to ${shop.email}. We answer within 30 days.

## Contact
Questions about this policy: ${shop.email}, or our grievance officer (see the [grievance officer](/policies/grievance) page).`,
  },
  terms: {
    title: 'Terms of service',
    body: (shop) => `${TEMPLATE_NOTICE}

These terms apply to every order placed on this website with ${shop.shopName}.

## Products and prices
- Prices are in Indian rupees and include GST. The price you pay is the one shown at checkout; it never exceeds the MRP printed on the pack.
- Pictures show the product; natural products vary a little in colour and size from batch to batch.
- We may limit the quantity of one product per order. For bulk orders, call ${shop.phone}.

## Orders and payment
- An order paid online is confirmed when its payment succeeds; you receive an e-mail with its number and a GST tax invoice.
- Online payments are processed by Razorpay. If a payment fails, no money is taken; if money was taken for an order we could not confirm, it is refunded in full.${codTerms(shop)}

## Delivery, returns and refunds
See our [shipping and delivery policy](/policies/shipping) and our [returns, refunds and cancellation policy](/policies/returns).

## Food safety
Read the label before use: it lists the ingredients, allergens, best-before date and storage. Our products are not medicines; herbal products and capsules do not replace medical advice.

## Complaints
Write to ${shop.email} or to our [grievance officer](/policies/grievance). These terms are governed by the laws of India; the courts of our registered place of business have jurisdiction.`,
  },
  shipping: {
    title: 'Shipping and delivery',
    body: (shop) => `${TEMPLATE_NOTICE}

## Where we deliver
Anywhere in India that our couriers serve. At checkout the PIN code must belong to the state you choose.

## Charges
${deliveryTerms(shop)}

## When
- Orders paid before 2 PM are packed the same working day; later ones the next working day.
- Delivery usually takes 2–4 working days in South India and 4–7 working days elsewhere.
- You receive an e-mail with the courier and tracking number when your order ships, and you can follow it at [Track your order](/track).

## If something goes wrong
If your parcel is late, damaged or opened, write to ${shop.email} with your order number (and a photo of the parcel for damage) within 48 hours of delivery.`,
  },
  returns: {
    title: 'Returns, refunds and cancellation',
    body: ({ email, payments }) => `${TEMPLATE_NOTICE}

Food cannot be taken back once it has left us, for everyone's safety. We make it right when we got it wrong.

## Cancellation
- You may cancel an order until it is packed: write to ${email} with the order number. The whole amount is refunded.
- We cancel and refund an order we cannot fulfil (for example a product out of stock).

## Damaged, wrong or expired products
Write to ${email} within 48 hours of delivery with the order number and a photo. We send a replacement or refund the product's price (and the delivery charge, if the whole order is affected).

## Refunds
- Orders paid online are refunded to the way you paid, through Razorpay, within 5–7 working days of our decision (instant refunds reach you within minutes where your bank allows).${payments.cod.enabled ? "\n- Orders paid in cash on delivery are refunded by UPI or bank transfer to the account you give us, within 5–7 working days of our decision; the e-mail says the transfer's reference." : ''}
- You receive an e-mail when the refund is made, and a GST credit note for it.

## What we cannot take back
Opened or used products, and products whose damage was not reported within 48 hours of delivery.`,
  },
  grievance: {
    title: 'Grievance officer',
    body: ({ shopName, email, phone }) => `${TEMPLATE_NOTICE}

As the Consumer Protection (E-Commerce) Rules, 2020 require, ${shopName} has a grievance officer for complaints about orders, products, payments and this website.

The officer's name, designation and contacts are at the top of this page; you may also write to ${email} or call ${phone} (Monday to Saturday, 10 AM to 6 PM). Our addresses are on the [contact page](/contact).

## How your complaint is handled
- We acknowledge it within 48 hours, with a reference number.
- We resolve it within one month of receiving it, and tell you what was done.

Please give your order number, if the complaint is about an order.`,
  },
}

export function policyTemplate(slug: PolicySlug, shop: Shop) {
  const template = TEMPLATES[slug]
  return { title: template.title, body: template.body(shop) }
}
