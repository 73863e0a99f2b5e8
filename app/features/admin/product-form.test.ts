import { describe, expect, it } from 'vitest'
import type { Product } from '../catalogue/product'
import { productFieldErrors, productFormEntries, productFormSchema, productFormValues } from './product-form'

const single = { name: 'Amla Powder', description: 'Dried gooseberry, stone ground.', category: 'herbal', price: '120.50', stockCount: '12' }
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
  return productFieldErrors(result.error!)
}

describe('the Add/Edit product form', () => {
  it('turns a single-price product into one offer in paise, with trimmed text', () => {
    const parsed = productFormSchema.parse({ ...single, name: '  Amla Powder ', subcategory: '' })
    expect(parsed).toEqual({
      name: 'Amla Powder',
      description: 'Dried gooseberry, stone ground.',
      category: 'herbal',
      subcategory: null,
      offers: [{ size: 'one', pricePaise: 12050, stock: 12 }],
      // Left blank: the category's usual tariff code and rate.
      hsnCode: '1211',
      gstRatePercent: 5,
    })
  })

  it('takes an HSN code of 4 to 8 digits and a GST rate among the slabs, else the category’s usual ones', () => {
    expect(productFormSchema.parse({ ...single, hsnCode: ' 12119099 ', gstRatePercent: '12' })).toMatchObject({ hsnCode: '12119099', gstRatePercent: 12 })
    expect(productFormSchema.parse({ ...single, category: 'essential-oils', hsnCode: '', gstRatePercent: '' })).toMatchObject({ hsnCode: '3301', gstRatePercent: 18 })
    expect(productFormSchema.parse({ ...single, gstRatePercent: 0 }).gstRatePercent).toBe(0)
    for (const hsnCode of ['121', '123456789', '12a4', '-1211']) {
      expect(errorsOf({ ...single, hsnCode }).hsnCode, hsnCode).toBe('HSN code must be 4 to 8 digits')
    }
    for (const gstRatePercent of ['7', '-5', '5.5', 'five', '100']) {
      expect(errorsOf({ ...single, gstRatePercent }).gstRatePercent, gstRatePercent).toBe('GST rate must be one of 0, 3, 5, 12, 18, 28, 40 per cent')
    }
  })

  it('turns a sized product into three offers and ignores a stray single price', () => {
    const parsed = productFormSchema.parse({ ...sized, price: '99', stockCount: '7' })
    expect(parsed.offers).toEqual([
      { size: '250g', pricePaise: 30000, stock: 5 },
      { size: '500g', pricePaise: 56000, stock: 0 },
      { size: '1kg', pricePaise: 100000, stock: 2 },
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
    const errors = errorsOf({ name: 'Beetroot', description: 'd', category: 'dehydrated-vegetable', price: '10', stockCount: '1', price250g: '80' })
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
    expect(productFormSchema.parse({ ...single, price: 45.5, stockCount: 3 }).offers).toEqual([{ size: 'one', pricePaise: 4550, stock: 3 }])
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
    expect(values).toMatchObject({ price250g: '300.5', stock500g: '0', price1kg: '1000', price: '', subcategory: '', hsnCode: '08134090', gstRatePercent: '12' })
    expect(productFormSchema.parse(values)).toMatchObject({ offers: product.offers, hsnCode: '08134090', gstRatePercent: 12 })
  })
})
