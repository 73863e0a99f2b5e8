import { describe, expect, it } from 'vitest'
import { readSmallForm } from './forms.server'

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://shop.test/dash/orders/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)

describe('readSmallForm', () => {
  it('reads url-encoded and multipart text fields', async () => {
    expect(await readSmallForm(post(new URLSearchParams({ step: 'ship', courier: 'DTDC' })))).toEqual({ step: 'ship', courier: 'DTDC' })
    const form = new FormData()
    form.set('role', 'admin')
    expect(await readSmallForm(post(form))).toEqual({ role: 'admin' })
  })

  it('reads a body that is not a form as no fields', async () => {
    expect(await readSmallForm(post('{"step":"ship"}', { 'content-type': 'application/json' }))).toEqual({})
  })

  it('refuses a large body, declared or streamed without a length', async () => {
    const big = `note=${'x'.repeat(20_000)}`
    expect(await readSmallForm(post(big, { 'content-type': 'application/x-www-form-urlencoded' }))).toBeNull()
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode('x'.repeat(4096)))
        c.close()
      },
    })
    expect(await readSmallForm(post(stream, { 'content-type': 'application/x-www-form-urlencoded' }))).toBeNull()
  })
})
