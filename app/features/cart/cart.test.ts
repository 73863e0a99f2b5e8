import { describe, expect, it } from 'vitest'
import { type CartLine, addLine, cartCount, cartSubtotalPaise, parseStoredCart, setLineQuantity } from './cart'

const line = (over: Partial<CartLine> = {}): CartLine => ({
  id: 'p1',
  name: 'Moringa Leaf Powder',
  imageUrl: '/media/x-320.webp',
  url: '/product/p1',
  pricePaise: 18000,
  stockCount: 5,
  quantity: 1,
  ...over,
})

describe('cart', () => {
  it('raises the quantity of a line already in the cart instead of adding another', () => {
    const cart = addLine(addLine([], line()), line({ quantity: 2 }))
    expect(cart).toHaveLength(1)
    expect(cart[0]!.quantity).toBe(3)
  })
  it('never goes above the stock', () => {
    const cart = addLine(addLine([], line({ quantity: 4 })), line({ quantity: 4 }))
    expect(cart[0]!.quantity).toBe(5)
  })
  it('keeps different pack sizes of one product apart', () => {
    const cart = addLine(addLine([], line({ size: '250g' })), line({ size: '1kg' }))
    expect(cart).toHaveLength(2)
  })
  it('removes a line set to zero or less', () => {
    expect(setLineQuantity([line()], { id: 'p1' }, 0)).toEqual([])
    expect(setLineQuantity([line()], { id: 'p1' }, -3)).toEqual([])
  })
  it('derives the count and subtotal from the lines', () => {
    const cart = [line({ quantity: 2 }), line({ id: 'p2', pricePaise: 5000, quantity: 3 })]
    expect(cartCount(cart)).toBe(5)
    expect(cartSubtotalPaise(cart)).toBe(2 * 18000 + 3 * 5000)
  })
  it('drops malformed stored lines rather than failing', () => {
    const raw = JSON.stringify([line(), { id: 'x', quantity: 'lots' }, null])
    expect(parseStoredCart(raw)).toHaveLength(1)
    expect(parseStoredCart('not json')).toEqual([])
    expect(parseStoredCart('{"a":1}')).toEqual([])
  })
  it('keeps only well-formed lines, and only their own fields', () => {
    const sized = line({ id: 'p2', size: '500g' })
    const stored = [
      { ...line(), extra: '<script>', __proto__: { polluted: true } },
      sized,
      line({ id: 'p3', size: '2kg' as CartLine['size'] }),
      line({ id: 'p4', pricePaise: 10.5 }),
      line({ id: 'p5', quantity: 0 }),
      line({ id: 'p6', stockCount: -1 }),
      line({ id: '' }),
      line({ id: 'x'.repeat(65) }),
      line({ id: 'p7', name: 'n'.repeat(201) }),
      [line({ id: 'p8' })],
    ]
    expect(parseStoredCart(JSON.stringify(stored))).toEqual([line(), sized])
  })
})
