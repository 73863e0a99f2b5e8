import { describe, expect, it } from 'vitest'
import { INDIAN_STATES } from './indian-states'
import { PIN_RANGES, pinCodeProblem, statesOfPinCode } from './pin-codes'
import { addressFormSchema, cartQuoteRequestSchema, shippingAddressSchema } from './checkout-schemas'
import { streetLines } from './address-lines'

/** A real PIN code in each state and territory: its capital's (or its largest town's) head post office. */
const PIN_OF: Record<string, string> = {
  'Andaman and Nicobar Islands': '744101', // Port Blair
  'Andhra Pradesh': '520001', // Vijayawada
  'Arunachal Pradesh': '791111', // Itanagar
  Assam: '781001', // Guwahati
  Bihar: '800001', // Patna
  Chandigarh: '160017',
  Chhattisgarh: '492001', // Raipur
  'Dadra and Nagar Haveli and Daman and Diu': '396210', // Daman
  Delhi: '110001',
  Goa: '403001', // Panaji
  Gujarat: '382010', // Gandhinagar
  Haryana: '122001', // Gurugram
  'Himachal Pradesh': '171001', // Shimla
  'Jammu and Kashmir': '190001', // Srinagar
  Jharkhand: '834001', // Ranchi
  Karnataka: '560001', // Bengaluru
  Kerala: '695001', // Thiruvananthapuram
  Ladakh: '194101', // Leh
  Lakshadweep: '682555', // Kavaratti
  'Madhya Pradesh': '462001', // Bhopal
  Maharashtra: '400001', // Mumbai
  Manipur: '795001', // Imphal
  Meghalaya: '793001', // Shillong
  Mizoram: '796001', // Aizawl
  Nagaland: '797001', // Kohima
  Odisha: '751001', // Bhubaneswar
  Puducherry: '605001',
  Punjab: '141001', // Ludhiana
  Rajasthan: '302001', // Jaipur
  Sikkim: '737101', // Gangtok
  'Tamil Nadu': '600004', // Chennai, Mylapore
  Telangana: '500001', // Hyderabad
  Tripura: '799001', // Agartala
  'Uttar Pradesh': '226001', // Lucknow
  Uttarakhand: '248001', // Dehradun
  'West Bengal': '700001', // Kolkata
}

const address = (overrides: Record<string, string>) => ({
  fullName: 'Meena Sundaram',
  buildingNumber: '12',
  streetName: 'Gandhi Road',
  city: 'Chennai',
  postalCode: '600004',
  state: 'Tamil Nadu',
  phoneNumber: '9876543210',
  ...overrides,
})

describe('PIN codes and states', () => {
  it.each(INDIAN_STATES)('%s: its PIN code is taken with it and refused with another state, naming both', (state) => {
    const pin = PIN_OF[state]!
    expect(pinCodeProblem(pin, state)).toBeNull()
    expect(shippingAddressSchema.safeParse(address({ postalCode: pin, state })).success).toBe(true)
    const other = INDIAN_STATES.find((s) => !statesOfPinCode(pin).includes(s))!
    const problem = pinCodeProblem(pin, other)
    expect(problem).toContain(pin)
    expect(problem).toContain(`not ${other}`)
    const refused = shippingAddressSchema.safeParse(address({ postalCode: pin, state: other }))
    expect(refused.success).toBe(false)
    expect(refused.error!.issues).toEqual([expect.objectContaining({ path: ['postalCode'], message: problem })])
  })

  it('covers every state and territory, names no other, and no prefix twice', () => {
    const named = new Set(PIN_RANGES.flatMap(([, , states]) => states))
    expect([...named].sort()).toEqual([...INDIAN_STATES].sort())
    const sorted = [...PIN_RANGES].sort((a, b) => a[0] - b[0])
    for (let i = 0; i < sorted.length; i++) {
      expect(sorted[i]![0]).toBeLessThanOrEqual(sorted[i]![1])
      if (i > 0) expect(sorted[i]![0], `${sorted[i]![0]} overlaps`).toBeGreaterThan(sorted[i - 1]![1])
    }
  })

  it('knows the places two states or territories share, and refuses PINs nobody delivers to', () => {
    expect(statesOfPinCode('160062')).toContain('Punjab') // Mohali
    expect(statesOfPinCode('673310')).toEqual(['Kerala', 'Puducherry']) // Mahe
    expect(statesOfPinCode('533464')).toContain('Puducherry') // Yanam
    expect(statesOfPinCode('609602')).toContain('Puducherry') // Karaikal
    expect(statesOfPinCode('362520')).toContain('Dadra and Nagar Haveli and Daman and Diu') // Diu
    expect(statesOfPinCode('826001')).toEqual(['Bihar', 'Jharkhand']) // Dhanbad
    for (const pin of ['999999', '560', '056001', '12345a', '']) expect(statesOfPinCode(pin), pin).toEqual([])
    expect(pinCodeProblem('999999', 'Kerala')).toBe('PIN code 999999 is not one India Post delivers to: check it.')
  })
})

describe('the shipping address', () => {
  it('refuses the new customer’s Chennai PIN with Kerala and no street, saying why for each', () => {
    const parsed = addressFormSchema.safeParse({
      ...address({ buildingNumber: '', streetName: '', state: 'Kerala' }),
      email: 'meena@example.in',
    })
    expect(parsed.success).toBe(false)
    const byField = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join('.'), i.message]))
    expect(byField).toEqual({
      streetName: 'Building Number or Street Name is required: the courier needs one of them',
      postalCode: 'PIN code 600004 is in Tamil Nadu, not Kerala: check the PIN code and the state.',
    })
  })

  it('says the missing street and a wrong pair beside a bad phone, not one after the other', () => {
    const parsed = shippingAddressSchema.safeParse(
      address({ phoneNumber: '123', buildingNumber: '', streetName: '', postalCode: '600004', state: 'Kerala' }),
    )
    const fields = parsed.error!.issues.map((i) => i.path.join('.')).sort()
    expect(fields).toEqual(['phoneNumber', 'postalCode', 'streetName'])
    // A PIN or a state that did not parse is said once, by its own field.
    const bad = shippingAddressSchema.safeParse(address({ postalCode: '6000', state: 'Atlantis' }))
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['postalCode', 'state'])
  })

  it('keeps a landmark or locality, one line of at most 120 characters, and needs none (issue 39)', () => {
    expect(shippingAddressSchema.parse(address({ landmark: ' Opposite the temple tank ' })).landmark).toBe('Opposite the temple tank')
    expect(shippingAddressSchema.parse(address({})).landmark ?? '').toBe('')
    const long = shippingAddressSchema.safeParse(address({ landmark: 'x'.repeat(121) }))
    expect(long.error?.issues.map((i) => i.path.join('.'))).toEqual(['landmark'])
    expect(streetLines({ buildingNumber: '12', streetName: 'West Masi Street', landmark: 'Near the tank' })).toEqual([
      '12, West Masi Street',
      'Near the tank',
    ])
  })

  it('takes a PIN code written with a space or a hyphen, as a phone number is (issue 39)', () => {
    for (const typed of ['600 017', '600-017', ' 600017 ']) {
      expect(shippingAddressSchema.parse(address({ postalCode: typed })).postalCode, typed).toBe('600017')
    }
    expect(cartQuoteRequestSchema.shape.postalCode.parse('600 017')).toBe('600017')
    expect(shippingAddressSchema.safeParse(address({ postalCode: '600 01' })).success).toBe(false)
  })

  it('takes a building number or a street name alone', () => {
    expect(shippingAddressSchema.safeParse(address({ streetName: '' })).success).toBe(true)
    expect(shippingAddressSchema.safeParse(address({ buildingNumber: '' })).success).toBe(true)
  })

  it('names the state as GST does, whatever way it was typed, and refuses what is no state', () => {
    for (const typed of ['tamil nadu', 'TN', 'Tamilnadu', ' Tamil Nadu ']) {
      expect(shippingAddressSchema.parse(address({ state: typed })).state, typed).toBe('Tamil Nadu')
    }
    const refused = shippingAddressSchema.safeParse(address({ state: 'Singapore' }))
    expect(refused.error!.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'state',
      'State must be one of India’s states or union territories',
    ])
  })
})
