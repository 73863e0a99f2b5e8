import type { Category } from '../catalogue/categories'

/**
 * India's GST as the shop needs it: the rates, tariff codes, state codes and the seller's GSTIN. Shared by the
 * browser (the admin's product form) and the server; no Zod here, so the catalogue's pages stay light.
 */

/** The GST slabs; the database checks the same list (products_gst_rate_known). */
export const GST_RATES = [0, 3, 5, 12, 18, 28, 40] as const
export type GstRate = (typeof GST_RATES)[number]

export function isGstRate(value: number): value is GstRate {
  return (GST_RATES as readonly number[]).includes(value)
}

/** HSN codes are 4 to 8 digits (the database checks the same: products_hsn_code_digits). */
export const HSN_CODE_PATTERN = /^\d{4,8}$/

/**
 * Tariff code and rate each category usually takes: the Add Product form's default and the demo catalogue's.
 * Migration 0006 set the same on the products already there (a test keeps the two alike).
 */
export const TAX_DEFAULTS_BY_CATEGORY: Record<Category, { hsnCode: string; gstRatePercent: GstRate }> = {
  herbal: { hsnCode: '1211', gstRatePercent: 5 },
  'freeze-dried-fruit': { hsnCode: '0813', gstRatePercent: 5 },
  'freeze-dried-vegetable': { hsnCode: '0712', gstRatePercent: 5 },
  'dehydrated-fruit': { hsnCode: '0813', gstRatePercent: 5 },
  'dehydrated-vegetable': { hsnCode: '0712', gstRatePercent: 5 },
  'essential-oils': { hsnCode: '3301', gstRatePercent: 18 },
  spices: { hsnCode: '0910', gstRatePercent: 5 },
  'dry-fruits': { hsnCode: '0802', gstRatePercent: 5 },
  'capsules-tablets': { hsnCode: '2106', gstRatePercent: 18 },
  'ready-to-eat': { hsnCode: '2106', gstRatePercent: 5 },
  thokku: { hsnCode: '2001', gstRatePercent: 5 },
}

/** The delivery charge's line on an invoice: courier services (docs/decisions/021-tracking-and-invoices.md). */
export const DELIVERY_SAC = '996812'

/** GST state codes: the first two digits of a GSTIN and the code printed beside the place of supply. */
export const GST_STATE_CODES: Record<string, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
}

const squeeze = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '')
    .replace(/(india|state|ut)$/g, '')

/** Other ways customers write a state (the address form suggests the names but takes any text). */
const STATE_ALIASES: Record<string, string> = {
  tn: 'Tamil Nadu',
  pondicherry: 'Puducherry',
  pondy: 'Puducherry',
  orissa: 'Odisha',
  newdelhi: 'Delhi',
  nctofdelhi: 'Delhi',
  nctdelhi: 'Delhi',
  jk: 'Jammu and Kashmir',
  jandk: 'Jammu and Kashmir',
  andamanandnicobar: 'Andaman and Nicobar Islands',
  andamans: 'Andaman and Nicobar Islands',
  dadraandnagarhaveli: 'Dadra and Nagar Haveli and Daman and Diu',
  damananddiu: 'Dadra and Nagar Haveli and Daman and Diu',
  uttaranchal: 'Uttarakhand',
  up: 'Uttar Pradesh',
  mp: 'Madhya Pradesh',
  ap: 'Andhra Pradesh',
  wb: 'West Bengal',
  ka: 'Karnataka',
  kl: 'Kerala',
  mh: 'Maharashtra',
  ts: 'Telangana',
  tg: 'Telangana',
}

const STATE_BY_SQUEEZED = new Map<string, string>([
  ...Object.keys(GST_STATE_CODES).map((name) => [squeeze(name), name] as [string, string]),
  ...Object.entries(STATE_ALIASES),
])

/** The state a customer typed, as GST names it ("tamilnadu", "TN" → Tamil Nadu); null when it is none we know. */
export function gstStateOf(typed: string): string | null {
  return STATE_BY_SQUEEZED.get(squeeze(typed)) ?? null
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
/** State code, PAN (5 letters, 4 digits, a letter), entity number, Z, check character. */
const GSTIN_PATTERN = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

/** The GSTIN's last character: GSTN's mod-36 check over the first 14. */
export function gstinCheckCharacter(first14: string) {
  let sum = 0
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!
}

/** What is wrong with a GSTIN for a seller in `state`, or null when it is right. */
export function gstinProblem(gstin: string, state: string): string | null {
  const match = gstin.match(GSTIN_PATTERN)
  if (!match) return 'A GSTIN is 15 characters: 2-digit state code, PAN, entity number, Z and a check character (e.g. 33AAKFK4821M1Z5).'
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14])
    return 'This GSTIN’s last character does not match the rest: check it for a typing mistake.'
  const code = GST_STATE_CODES[state]
  if (code && match[1] !== code) return `A GSTIN registered in ${state} starts with ${code}.`
  return null
}
