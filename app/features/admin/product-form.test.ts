import { describe, expect, it } from 'vitest'
import { NO_DECLARATIONS, type Product } from '../catalogue/product'
import { formErrorsOf } from '~/http/form-result'
import { type ProductFormField, productFormEntries, productFormSchema, productFormValues } from './product-form'

const single = {
  name: 'Amla Powder',
  description: 'Dried gooseberry, stone ground.',
  category: 'herbal',
  price: '120.50',
  stockCount: '12',
}
const sized = {
  name: 'Freeze Dried Mango',
  description: 'Alphonso slices.',
  category: 'freeze-dried-fruit',
  price250g: '300',
  stock250g: '5',
  price500g: '560',
  stock500g: '0',
  price1kg: '1000.00',
  stock1kg: '2',
}

const errorsOf = (input: Record<string, unknown>) => {
  const result = productFormSchema.safeParse(input)
  expect(result.success).toBe(false)
  return formErrorsOf<ProductFormField>(result.error!).fieldErrors
}

describe('the Add/Edit product form', () => {
  it('turns a single-price product into one offer in paise, with trimmed text', () => {
    const parsed = productFormSchema.parse({ ...single, name: '  Amla Powder ', subcategory: '' })
    expect(parsed).toEqual({
      name: 'Amla Powder',
      description: 'Dried gooseberry, stone ground.',
      category: 'herbal',
      subcategory: null,
      // Left blank: sold at its MRP, no net quantity declared, and nothing on the label declared.
      offers: [{ size: 'one', pricePaise: 12050, mrpPaise: 12050, net: null, stock: 12 }],
      declarations: NO_DECLARATIONS,
      // Left blank: the category's usual tariff code and rate.
      hsnCode: '1211',
      gstRatePercent: 5,
    })
  })

  it('takes an HSN code of 4 to 8 digits and a GST rate among the slabs, else the category’s usual ones', () => {
    expect(productFormSchema.parse({ ...single, hsnCode: ' 12119099 ', gstRatePercent: '12' })).toMatchObject({
      hsnCode: '12119099',
      gstRatePercent: 12,
    })
    expect(productFormSchema.parse({ ...single, category: 'essential-oils', hsnCode: '', gstRatePercent: '' })).toMatchObject({
      hsnCode: '3301',
      gstRatePercent: 18,
    })
    expect(productFormSchema.parse({ ...single, gstRatePercent: 0 }).gstRatePercent).toBe(0)
    for (const hsnCode of ['121', '123456789', '12a4', '-1211']) {
      expect(errorsOf({ ...single, hsnCode }).hsnCode, hsnCode).toBe('HSN code must be 4 to 8 digits')
    }
    for (const gstRatePercent of ['7', '-5', '5.5', 'five', '100']) {
      expect(errorsOf({ ...single, gstRatePercent }).gstRatePercent, gstRatePercent).toBe(
        'GST rate must be one of 0, 3, 5, 12, 18, 28, 40 per cent',
      )
    }
  })

  it('turns a sized product into three offers and ignores a stray single price', () => {
    const parsed = productFormSchema.parse({ ...sized, price: '99', stockCount: '7' })
    expect(parsed.offers).toEqual([
      { size: '250g', pricePaise: 30000, mrpPaise: 30000, net: { amount: 250, unit: 'g' }, stock: 5 },
      { size: '500g', pricePaise: 56000, mrpPaise: 56000, net: { amount: 500, unit: 'g' }, stock: 0 },
      { size: '1kg', pricePaise: 100000, mrpPaise: 100000, net: { amount: 1000, unit: 'g' }, stock: 2 },
    ])
  })

  it('reads its fields from FormData, as the browser sends them', () => {
    const form = new FormData()
    for (const [k, v] of Object.entries(single)) form.append(k, v)
    form.append('frontImage', new Blob(['x']), 'a.jpg')
    form.append('unknown', 'x')
    expect(productFormEntries(form)).toEqual(single)
    expect(productFormSchema.parse(productFormEntries(form)).offers[0]!.pricePaise).toBe(12050)
  })

  it('names every missing required field at once', () => {
    expect(errorsOf({ category: 'spices' })).toEqual({
      name: 'Name is required',
      description: 'Description is required',
      price: 'Price is required',
      stockCount: 'Stock count is required',
    })
    expect(errorsOf({ name: ' ', description: 'd', category: '' })).toEqual({
      name: 'Name is required',
      category: 'Choose a category',
    })
  })

  it('requires the three prices and stocks for sized categories, not the single price', () => {
    const errors = errorsOf({
      name: 'Beetroot',
      description: 'd',
      category: 'dehydrated-vegetable',
      price: '10',
      stockCount: '1',
      price250g: '80',
    })
    expect(errors).toEqual({
      stock250g: 'Stock for 250g is required',
      price500g: 'Price for 500g is required',
      stock500g: 'Stock for 500g is required',
      price1kg: 'Price for 1kg is required',
      stock1kg: 'Stock for 1kg is required',
    })
  })

  it('refuses prices that are not positive rupee amounts', () => {
    for (const price of ['0', '-5', 'abc', '1e3', '12.5.0', '0.00', '₹120']) {
      expect(errorsOf({ ...single, price }).price, price).toBe('Price must be a positive amount in rupees')
    }
    expect(errorsOf({ ...single, price: '12.345' }).price).toBe('Price can have at most 2 decimal places (paise)')
    expect(errorsOf({ ...single, price: '100000.01' }).price).toBe('Price must be at most ₹1,00,000')
    expect(productFormSchema.parse({ ...single, price: '100000' }).offers[0]!.pricePaise).toBe(10_000_000)
    expect(productFormSchema.parse({ ...single, price: '0.01' }).offers[0]!.pricePaise).toBe(1)
    expect(errorsOf({ ...sized, price500g: '0' }).price500g).toBe('Price for 500g must be a positive amount in rupees')
  })

  it('refuses stock that is not a whole number from 0', () => {
    for (const stockCount of ['-1', '1.5', 'many', '1e2']) {
      expect(errorsOf({ ...single, stockCount }).stockCount, stockCount).toBe('Stock count must be a whole number, 0 or more')
    }
    expect(errorsOf({ ...single, stockCount: '100001' }).stockCount).toBe('Stock count must be at most 1,00,000')
    expect(productFormSchema.parse({ ...single, stockCount: '0' }).offers[0]!.stock).toBe(0)
    expect(errorsOf({ ...sized, stock1kg: '2.5' }).stock1kg).toBe('Stock for 1kg must be a whole number, 0 or more')
  })

  it('accepts numbers as well as strings (the same shape as JSON)', () => {
    expect(productFormSchema.parse({ ...single, price: 45.5, stockCount: 3 }).offers).toEqual([
      { size: 'one', pricePaise: 4550, mrpPaise: 4550, net: null, stock: 3 },
    ])
    expect(
      productFormSchema.parse({ ...single, price: 45.5, mrp: 50, netQuantity: 100, netUnit: 'g', shelfLifeMonths: 6, stockCount: 3 }),
    ).toMatchObject({
      offers: [{ pricePaise: 4550, mrpPaise: 5000, net: { amount: 100, unit: 'g' } }],
      declarations: { shelfLifeMonths: 6 },
    })
  })

  it('limits the length of the text', () => {
    expect(errorsOf({ ...single, name: 'x'.repeat(121) }).name).toBe('Name is too long (at most 120 characters)')
    expect(errorsOf({ ...single, description: 'x'.repeat(5001) }).description).toBe('Description is too long (at most 5000 characters)')
  })

  it('knows the eleven categories and the one subcategory, biscuits for herbal only', () => {
    expect(errorsOf({ ...single, category: 'candles' }).category).toBe('Choose a category')
    expect(productFormSchema.parse({ ...single, subcategory: 'biscuits' }).subcategory).toBe('biscuits')
    expect(errorsOf({ ...single, subcategory: 'cookies' }).subcategory).toBe('Subcategory must be empty or biscuits')
    expect(errorsOf({ ...single, category: 'spices', subcategory: 'biscuits' }).subcategory).toBe('Only herbal products can be biscuits')
  })

  it('fills the Edit dialog from a product, and that reads back to the same offers', () => {
    const product: Product = {
      id: 'p1',
      slug: 'mango',
      name: 'Mango',
      description: 'd',
      category: 'freeze-dried-fruit',
      subcategory: null,
      frontImage: null,
      backImage: null,
      offers: [
        { size: '250g', pricePaise: 30050, stock: 5 },
        { size: '500g', pricePaise: 56000, stock: 0 },
        { size: '1kg', pricePaise: 100000, stock: 2 },
      ],
    }
    const values = productFormValues({ ...product, hsnCode: '08134090', gstRatePercent: 12 })
    expect(values).toMatchObject({
      price250g: '300.5',
      stock500g: '0',
      price1kg: '1000',
      price: '',
      subcategory: '',
      hsnCode: '08134090',
      gstRatePercent: '12',
    })
    expect(productFormSchema.parse(values)).toMatchObject({ offers: product.offers, hsnCode: '08134090', gstRatePercent: 12 })
  })

  it('takes each pack’s MRP (its price when blank) and refuses one below the price, naming both (decision 039)', () => {
    expect(productFormSchema.parse({ ...single, mrp: '135' }).offers[0]).toMatchObject({ pricePaise: 12050, mrpPaise: 13500 })
    expect(productFormSchema.parse({ ...single, mrp: '120.50' }).offers[0]).toMatchObject({ pricePaise: 12050, mrpPaise: 12050 })
    expect(errorsOf({ ...single, mrp: '120.49' }).mrp).toBe('MRP must be at least the price (₹120.5): the price may not exceed the MRP')
    expect(errorsOf({ ...single, mrp: '-1' }).mrp).toBe('MRP must be a positive amount in rupees')
    const packs = productFormSchema.parse({ ...sized, mrp250g: '320', mrp1kg: '1100' }).offers
    expect(packs.map((o) => o.mrpPaise)).toEqual([32000, 56000, 110000])
    expect(errorsOf({ ...sized, mrp500g: '500' }).mrp500g).toBe(
      'MRP for 500g must be at least the price (₹560): the price may not exceed the MRP',
    )
  })

  it('takes a single-price pack’s net quantity with its unit, both or neither', () => {
    expect(productFormSchema.parse({ ...single, netQuantity: '100', netUnit: 'g' }).offers[0]!.net).toEqual({ amount: 100, unit: 'g' })
    expect(productFormSchema.parse({ ...single, netQuantity: '60', netUnit: 'unit' }).offers[0]!.net).toEqual({ amount: 60, unit: 'unit' })
    expect(errorsOf({ ...single, netQuantity: '100' }).netUnit).toBe('Choose g, ml or units for the net quantity')
    expect(errorsOf({ ...single, netUnit: 'ml' }).netQuantity).toBe('Enter the net quantity, or leave both blank')
    expect(errorsOf({ ...single, netQuantity: '100', netUnit: 'kg' }).netUnit).toBe('Net quantity is in g, ml or units')
    for (const netQuantity of ['0', '-5', '2.5', '1000001', 'lots']) {
      expect(errorsOf({ ...single, netQuantity, netUnit: 'g' }).netQuantity, netQuantity).toBe(
        'Net quantity must be a whole number from 1 to 10,00,000',
      )
    }
  })

  it('takes what the label declares, trimmed, and refuses what no label holds', () => {
    const declared = productFormSchema.parse({
      ...single,
      ingredients: ' Amla (100%) ',
      allergens: 'No allergens.',
      dietMark: 'veg',
      shelfLifeMonths: '12',
      storage: 'Store in a cool, dry place.',
      manufacturer: 'Kaadu Organics, Erode 638011',
      countryOfOrigin: 'India',
    }).declarations
    expect(declared).toEqual({
      ingredients: 'Amla (100%)',
      allergens: 'No allergens.',
      dietMark: 'veg',
      shelfLifeMonths: 12,
      storage: 'Store in a cool, dry place.',
      manufacturer: 'Kaadu Organics, Erode 638011',
      countryOfOrigin: 'India',
    })
    expect(productFormSchema.parse({ ...single, dietMark: 'none', countryOfOrigin: '' }).declarations).toMatchObject({
      dietMark: 'none',
      countryOfOrigin: 'India',
    })
    expect(errorsOf({ ...single, dietMark: 'vegan' }).dietMark).toBe('Choose the vegetarian, non-vegetarian or no mark')
    expect(errorsOf({ ...single, shelfLifeMonths: '0' }).shelfLifeMonths).toBe('Best before (months) must be a whole number from 1 to 120')
    expect(errorsOf({ ...single, ingredients: 'x'.repeat(1001) }).ingredients).toBe('Ingredients is too long (at most 1000 characters)')
    expect(errorsOf({ ...single, allergens: 'nuts\u0000' }).allergens).toMatch(/^Allergens /)
    expect(errorsOf({ ...single, countryOfOrigin: 'India\nNepal' }).countryOfOrigin).toMatch(/^Country of origin /)
  })

  it('fills the Edit dialog with the MRP, net quantity and declarations it has', () => {
    const product: Product = {
      id: 'p1',
      slug: 'amla',
      name: 'Amla Powder',
      description: 'Dried gooseberry.',
      category: 'herbal',
      subcategory: null,
      frontImage: null,
      backImage: null,
      offers: [{ size: 'one', pricePaise: 12050, mrpPaise: 13500, net: { amount: 100, unit: 'g' }, stock: 3 }],
      declarations: { ...NO_DECLARATIONS, ingredients: 'Amla (100%)', shelfLifeMonths: 9 },
    }
    const values = productFormValues(product)
    expect(values).toMatchObject({
      price: '120.5',
      mrp: '135',
      netQuantity: '100',
      netUnit: 'g',
      ingredients: 'Amla (100%)',
      shelfLifeMonths: '9',
      dietMark: 'veg',
    })
    // What the dialog shows goes back through the form unchanged.
    expect(productFormSchema.parse(values).offers[0]).toMatchObject({ pricePaise: 12050, mrpPaise: 13500, net: { amount: 100, unit: 'g' } })
    // A pack sold at its MRP shows a blank MRP, so raising its price keeps it at its MRP instead of being refused.
    const atMrp = productFormValues({ ...product, offers: [{ ...product.offers[0]!, mrpPaise: 12050 }] })
    expect(atMrp.mrp).toBe('')
    expect(productFormSchema.parse({ ...atMrp, price: '150' }).offers[0]).toMatchObject({ pricePaise: 15000, mrpPaise: 15000 })
  })

  it('takes each pack’s shipped weight in whole grams; blank is “not weighed yet”, and not sent keeps the saved one', () => {
    expect(productFormSchema.parse({ ...single, netQuantity: '100', netUnit: 'g', shippedWeight: ' 130 ' }).offers[0]).toMatchObject({
      net: { amount: 100, unit: 'g' },
      shippedWeightGrams: 130,
    })
    expect(productFormSchema.parse({ ...single, shippedWeight: 480 }).offers[0]!.shippedWeightGrams).toBe(480)
    expect(productFormSchema.parse({ ...single, shippedWeight: '' }).offers[0]!.shippedWeightGrams).toBeNull()
    expect(productFormSchema.parse(single).offers[0]).not.toHaveProperty('shippedWeightGrams')
    const packs = productFormSchema.parse({ ...sized, shippedWeight250g: '290', shippedWeight500g: '', shippedWeight1kg: '1080' }).offers
    expect(packs.map((o) => [o.size, o.shippedWeightGrams])).toEqual([
      ['250g', 290],
      ['500g', null],
      ['1kg', 1080],
    ])
    // A stray single-price weight on a sized product is ignored, as a stray price is.
    expect(productFormSchema.parse({ ...sized, shippedWeight: '99' }).offers.every((o) => !('shippedWeightGrams' in o))).toBe(true)
  })

  it('refuses a shipped weight that is not whole grams from 1 to 50,000, naming the pack', () => {
    for (const shippedWeight of ['0', '-5', '12.5', '50001', 'heavy', '1e3']) {
      expect(errorsOf({ ...single, shippedWeight }).shippedWeight, shippedWeight).toBe(
        'Shipped weight must be a whole number of grams from 1 to 50,000, or empty',
      )
    }
    expect(productFormSchema.parse({ ...single, shippedWeight: '50000' }).offers[0]!.shippedWeightGrams).toBe(50_000)
    expect(errorsOf({ ...sized, shippedWeight1kg: '60000' }).shippedWeight1kg).toBe(
      'Shipped weight for 1kg must be a whole number of grams from 1 to 50,000, or empty',
    )
  })

  it('refuses a shipped weight below the grams the pack holds, and every message shows at once', () => {
    expect(errorsOf({ ...single, netQuantity: '250', netUnit: 'g', shippedWeight: '240' }).shippedWeight).toBe(
      'The shipped weight is the pack with its jar or pouch and padding, so at least its 250 g',
    )
    expect(errorsOf({ ...sized, shippedWeight1kg: '999', price250g: '' })).toEqual({
      price250g: 'Price for 250g is required',
      shippedWeight1kg: 'The shipped weight is the 1kg pack with its jar or pouch and padding, so at least its 1,000 g',
    })
    // Millilitres and capsules weigh what they weigh: only grams are compared.
    expect(
      productFormSchema.parse({ ...single, netQuantity: '30', netUnit: 'ml', shippedWeight: '25' }).offers[0]!.shippedWeightGrams,
    ).toBe(25)
    expect(
      productFormSchema.parse({ ...single, netQuantity: '60', netUnit: 'unit', shippedWeight: '45' }).offers[0]!.shippedWeightGrams,
    ).toBe(45)
  })

  it('fills the Edit dialog with each pack’s shipped weight, blank when not weighed, and reads back the same', () => {
    const product = {
      id: 'p1',
      slug: 'mango',
      name: 'Mango',
      description: 'd',
      category: 'freeze-dried-fruit' as const,
      subcategory: null,
      frontImage: null,
      backImage: null,
      offers: [
        { size: '250g' as const, pricePaise: 30000, stock: 5, shippedWeightGrams: 290 },
        { size: '500g' as const, pricePaise: 56000, stock: 0, shippedWeightGrams: null },
        { size: '1kg' as const, pricePaise: 100000, stock: 2, shippedWeightGrams: 1080 },
      ],
    }
    const values = productFormValues(product)
    expect(values).toMatchObject({ shippedWeight250g: '290', shippedWeight500g: '', shippedWeight1kg: '1080', shippedWeight: '' })
    expect(productFormSchema.parse(values).offers.map((o) => o.shippedWeightGrams)).toEqual([290, null, 1080])
    // A product read without its weights (the shop's own reads) opens with them blank.
    expect(productFormValues({ ...product, offers: product.offers.map(({ shippedWeightGrams: _, ...o }) => o) }).shippedWeight250g).toBe('')
  })
})
