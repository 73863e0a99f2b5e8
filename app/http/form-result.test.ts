import { describe, expect, it } from 'vitest'
import { rupeesField, z } from '~/zod'
import { formErrorsOf, parseForm } from './form-result'
import { readForm } from './forms.server'

const schema = z.object({
  name: z.string({ error: 'Enter a name' }).trim().min(1, 'Enter a name'),
  price: rupeesField('the price', 1000),
  count: z.coerce.number({ error: 'Enter a count' }).int('A whole number, please'),
})

describe('parseForm', () => {
  it('answers the typed values of a valid form', () => {
    const form = new FormData()
    form.set('name', ' Mango ')
    form.set('price', '₹40.50')
    form.set('count', '3')
    expect(parseForm(form, schema)).toEqual({ ok: true, values: { name: 'Mango', price: 4050, count: 3 } })
  })

  it('answers the first message per field, and what was typed without the form token', () => {
    const result = parseForm(new URLSearchParams({ name: '', price: '40.555', count: '1.5', csrf_token: 'secret' }), schema)
    expect(result).toEqual({
      ok: false,
      fieldErrors: { name: 'Enter a name', price: 'The price must be in rupees, like 40 or 40.50.', count: 'A whole number, please' },
      input: { name: '', price: '40.555', count: '1.5' },
    })
  })

  it('reads a missing field as missing', () => {
    const result = parseForm({ name: 'Mango', count: '2' }, schema)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.fieldErrors).toEqual({ price: 'Enter the price.' })
  })

  it('keeps the last value of a repeated field, as the browser’s FormData reads it', () => {
    const form = new URLSearchParams([
      ['name', 'First'],
      ['name', 'Last'],
      ['price', '1'],
      ['count', '1'],
    ])
    expect(parseForm(form, schema)).toEqual({ ok: true, values: { name: 'Last', price: 100, count: 1 } })
  })

  it('reads a file, or any value that is not text, as missing', () => {
    const form = new FormData()
    form.set('name', new File(['Mango'], 'name.txt'))
    form.set('price', '1')
    form.set('count', '1')
    const result = parseForm(form, schema)
    expect(result).toEqual({ ok: false, fieldErrors: { name: 'Enter a name' }, input: { price: '1', count: '1' } })
    const fromObject = parseForm({ name: 42, price: '1', count: '1' }, schema)
    expect(fromObject.ok).toBe(false)
    if (!fromObject.ok) expect(fromObject.fieldErrors.name).toBe('Enter a name')
  })

  it('gives a message about the whole form as formError', () => {
    const matching = z
      .object({ password: z.string(), again: z.string() })
      .refine((v) => v.password === v.again, 'Not the same')
      .refine((v) => v.password.length > 3, { path: ['password'], error: 'Too short' })
    const result = parseForm({ password: 'abc', again: 'abd' }, matching)
    expect(result).toEqual({
      ok: false,
      fieldErrors: { password: 'Too short' },
      formError: 'Not the same',
      input: { password: 'abc', again: 'abd' },
    })
  })
})

describe('formErrorsOf', () => {
  it('keys nested issues by their field', () => {
    const nested = z.object({ address: z.object({ city: z.string().min(1, 'Enter a city') }) })
    const parsed = nested.safeParse({ address: { city: '' } })
    expect(parsed.success).toBe(false)
    if (!parsed.success) expect(formErrorsOf(parsed.error)).toEqual({ fieldErrors: { address: 'Enter a city' } })
  })
})

describe('readForm', () => {
  const post = (body: string) =>
    new Request('http://shop.test/contact', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })

  it('reads and parses a small form post', async () => {
    expect(await readForm(post('name=Mango&price=40&count=2'), schema)).toEqual({
      ok: true,
      values: { name: 'Mango', price: 4000, count: 2 },
    })
  })

  it('answers null for a post too large to be one of our forms', async () => {
    expect(await readForm(post(`name=${'x'.repeat(20_000)}`), schema)).toBeNull()
  })
})
