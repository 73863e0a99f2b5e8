import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser } from '../support/http-browser'
import { startLoadBalancer } from '../support/load-balancer'
import { chennaiAddress } from '../support/test-address'
import { startTestServer, type TestServer } from '../support/test-server'

// The server saved the order, then its answer was lost (a proxy or the network failed), so the browser never got
// its buyer cookie. Its retry with the same checkout key finds that order instead of a 409, and it goes on to pay
// (docs/decisions/028-several-servers.md).

let server: TestServer
let balancer: Awaited<ReturnType<typeof startLoadBalancer>>
let dropped = 0
let dropNext = false
let productId = ''

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1', RATE_LIMIT: 'off' } })
  balancer = await startLoadBalancer([server.url], {
    dropAnswer: (req) => {
      if (!dropNext || req.method !== 'POST' || req.url !== '/api/payment/createOrder') return false
      dropNext = false
      dropped++
      return true
    },
  })
  const { products } = (await (await fetch(`${server.url}/api/products?limit=50`)).json()) as {
    products: Array<{ id: string; sizes?: unknown[] }>
  }
  productId = products.find((p) => !p.sizes || p.sizes.length === 0)?.id ?? products[0]!.id
}, 120_000)

afterAll(async () => {
  await balancer?.close()
  await server?.stop()
})

const stockOf = async () => ((await (await fetch(`${server.url}/api/products/${productId}`)).json()) as { stockCount: number }).stockCount

describe('a createOrder whose answer was lost', () => {
  it('is found again by a retry with the same checkout key, and the customer goes on to pay', async () => {
    const before = await stockOf()
    const browser = new Browser(balancer.url)
    const body = {
      items: [{ productId, quantity: 2 }],
      shippingAddress: chennaiAddress,
      email: 'lakshmi@example.in',
      checkoutKey: 'lost-answer-key-0000001',
    }
    dropNext = true
    await expect(browser.send('/api/payment/createOrder', { json: body })).rejects.toThrow()
    expect(dropped).toBe(1)
    // The order was made and holds its stock, though the browser heard nothing (and has no buyer cookie).
    expect(await stockOf()).toBe(before - 2)
    expect(browser.cookies.size).toBe(0)

    const retry = await browser.send('/api/payment/createOrder', { json: body })
    expect(retry.status, retry.text).toBe(201)
    const order = JSON.parse(retry.text) as { orderId: string; status: string }
    expect(order.status).toBe('pending_payment')
    // The same order: nothing more reserved.
    expect(await stockOf()).toBe(before - 2)
    // The browser now holds the order as its own: it reads it back and pays.
    const mine = await browser.send(`/api/orders/${order.orderId}`)
    expect(mine.status, mine.text).toBe(200)
    const paid = await browser.send('/api/payment/test/complete', { json: { orderId: order.orderId } })
    expect(JSON.parse(paid.text).status).toBe('paid')
    // A second retry is the same order too, now paid.
    const third = await browser.send('/api/payment/createOrder', { json: body })
    expect(JSON.parse(third.text)).toMatchObject({ orderId: order.orderId, status: 'paid' })
  })

  it('stays refused to another browser that has its own buyer cookie', async () => {
    const owner = new Browser(balancer.url)
    const body = {
      items: [{ productId, quantity: 1 }],
      shippingAddress: chennaiAddress,
      email: 'owner@example.in',
      checkoutKey: 'lost-answer-key-0000002',
    }
    const placed = await owner.send('/api/payment/createOrder', { json: body })
    expect(placed.status).toBe(201)
    const other = new Browser(balancer.url)
    const own = await other.send('/api/payment/createOrder', { json: { ...body, checkoutKey: 'other-browser-key-000001' } })
    expect(own.status).toBe(201)
    const taken = await other.send('/api/payment/createOrder', { json: body })
    expect(taken.status).toBe(409)
    expect(JSON.parse(taken.text).error).toMatch(/belongs to another browser/)
    // The order is still its first browser's.
    expect((await owner.send(`/api/orders/${JSON.parse(placed.text).orderId}`)).status).toBe(200)
  })
})
