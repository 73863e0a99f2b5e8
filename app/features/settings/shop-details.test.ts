import { describe, expect, it } from 'vitest'
import { grievanceOfficerSchema, homeTextsSchema, readAddresses, shopDetailsSchema } from './shop-details.server'
import { announcementText, DEFAULT_SHOP_SETTINGS } from './shop-settings'

describe('the shop details forms (issue 18)', () => {
  it('take the name and contacts, checked, and the WhatsApp number as digits however typed', () => {
    expect(
      shopDetailsSchema.parse({
        shopName: ' Kaadu ',
        tagline: 'Organic',
        phone: '+91 94430 21876',
        whatsappNumber: '+91 94430-21876',
        email: 'Care@Kaadu.in',
      }),
    ).toEqual({
      shopName: 'Kaadu',
      tagline: 'Organic',
      phone: '+91 94430 21876',
      whatsappNumber: '919443021876',
      email: 'care@kaadu.in',
    })
    for (const [field, value] of [
      ['phone', 'ring us'],
      ['whatsappNumber', '12345'],
      ['email', 'care'],
      ['shopName', 'A\u0000B'],
      ['tagline', 'x'.repeat(161)],
    ]) {
      const valid = {
        shopName: 'Kaadu',
        tagline: 'Organic',
        phone: '+91 94430 21876',
        whatsappNumber: '919443021876',
        email: 'care@kaadu.in',
      }
      expect(shopDetailsSchema.safeParse({ ...valid, [field!]: value }).success, `${field}=${value}`).toBe(false)
    }
  })

  it('read any number of addresses: blank rows skipped, removed ones dropped, each row’s faults named by its field', () => {
    const read = readAddresses({
      'address-0-label': 'Factory',
      'address-0-lines': ' No. 14, SIDCO \r\n\r\nKurichi, Coimbatore ',
      'address-1-label': 'Old shop',
      'address-1-lines': 'Somewhere',
      'address-1-remove': 'yes',
      'address-2-label': '',
      'address-2-lines': '',
      'address-3-label': 'Chennai shop',
      'address-3-lines': '12 Luz Church Road',
      'address-3-email': 'chennai@kaadu.in',
    })
    expect(read).toEqual({
      ok: true,
      addresses: [
        { label: 'Factory', lines: ['No. 14, SIDCO', 'Kurichi, Coimbatore'], phone: '', email: '', hours: '' },
        { label: 'Chennai shop', lines: ['12 Luz Church Road'], phone: '', email: 'chennai@kaadu.in', hours: '' },
      ],
    })
    const faulty = readAddresses({
      'address-0-label': 'Factory',
      'address-0-lines': '',
      'address-0-email': 'nope',
      'address-1-lines': 'No label',
    })
    expect(faulty.ok).toBe(false)
    if (!faulty.ok) {
      expect(faulty.errors).toEqual({
        'address-0-lines': 'Enter at least one line of the address.',
        'address-0-email': 'E-mail must be an e-mail address, like care@example.in.',
        'address-1-label': 'Label is required',
      })
    }
    expect(readAddresses({ 'address-0-label': 'Factory', 'address-0-lines': 'x', 'address-0-remove': 'yes' })).toMatchObject({
      ok: false,
      message: 'Keep at least one address: the first is printed on invoices.',
    })
    expect(
      readAddresses({ 'address-0-label': 'F', 'address-0-lines': Array.from({ length: 7 }, (_, i) => `line ${i}`).join('\n') }),
    ).toMatchObject({ ok: false, errors: { 'address-0-lines': 'At most 6 lines.' } })
  })

  it('take the grievance officer with every contact, and the home page’s texts and featured products', () => {
    expect(
      grievanceOfficerSchema.safeParse({ name: 'Meena', designation: 'Grievance Officer', phone: '+91 94430 21876', email: 'g@kaadu.in' })
        .success,
    ).toBe(true)
    expect(
      grievanceOfficerSchema.safeParse({ name: 'Meena', designation: '', phone: '+91 94430 21876', email: 'g@kaadu.in' }).success,
    ).toBe(false)
    const home = homeTextsSchema.parse({
      heading: 'Vanakkam',
      paragraph: 'From the hills.',
      announcement: '',
      heroAlt: '',
      featured: 'Freeze-Dried-Mango, tomato-thokku\ntomato-thokku',
    })
    expect(home.featured).toEqual(['freeze-dried-mango', 'tomato-thokku'])
    expect(
      homeTextsSchema.safeParse({ heading: 'V', paragraph: 'P', announcement: '', heroAlt: '', featured: '../etc/passwd' }).success,
    ).toBe(false)
    expect(
      homeTextsSchema.safeParse({
        heading: 'V',
        paragraph: 'P',
        announcement: '',
        heroAlt: '',
        featured: Array.from({ length: 13 }, (_, i) => `p-${i}`).join(' '),
      }).success,
    ).toBe(false)
  })

  it('says the free-delivery threshold of the moment in the announcement', () => {
    const rupees = (paise: number) => `₹${paise / 100}`
    expect(announcementText(DEFAULT_SHOP_SETTINGS, rupees)).toBe('Free delivery on orders of ₹350 or more')
    expect(announcementText({ ...DEFAULT_SHOP_SETTINGS, freeDeliveryFromPaise: 50_000 }, rupees)).toBe(
      'Free delivery on orders of ₹500 or more',
    )
    expect(announcementText({ ...DEFAULT_SHOP_SETTINGS, home: { ...DEFAULT_SHOP_SETTINGS.home, announcement: '' } }, rupees)).toBe('')
  })
})
