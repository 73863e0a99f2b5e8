import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { requestLimits } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { hit, limitRequest, pruneRequestLimits, RATE_LIMITS } from './rate-limit.server'

describe(`rate limits in the database (${describeDatabase()})`, () => {
  let handle: DatabaseHandle
  const db = () => handle.db
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await db().delete(requestLimits)
  })

  const t0 = new Date('2026-03-01T10:00:00Z')
  const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000)
  const limit = { bucket: 'contact', client: '203.0.113.5', max: 3, windowSeconds: 600 }

  it('allows max requests in a window and refuses the next, saying how long to wait', async () => {
    const verdicts = []
    for (let i = 0; i < 3; i++) verdicts.push(await hit(db(), { ...limit, now: later(i * 10) }))
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true])
    expect(verdicts.map((v) => v.hits)).toEqual([1, 2, 3])

    const refused = await hit(db(), { ...limit, now: later(100) })
    expect(refused).toEqual({ allowed: false, hits: 4, retryAfterSeconds: 500 })
    // Refusals do not stretch the window.
    expect((await hit(db(), { ...limit, now: later(599) })).retryAfterSeconds).toBe(1)
  })

  it('starts a fresh window once the old one has ended', async () => {
    for (let i = 0; i < 4; i++) await hit(db(), { ...limit, now: later(i) })
    expect((await hit(db(), { ...limit, now: later(599) })).allowed).toBe(false)
    const fresh = await hit(db(), { ...limit, now: later(600) })
    expect(fresh).toEqual({ allowed: true, hits: 1, retryAfterSeconds: 600 })
    const [row] = await db().select().from(requestLimits)
    expect(row).toEqual({ key: 'contact:203.0.113.5', hits: 1, windowStartedAt: later(600) })
  })

  it('counts each client and each bucket on its own', async () => {
    for (let i = 0; i < 4; i++) await hit(db(), { ...limit, now: t0 })
    expect((await hit(db(), { ...limit, now: t0 })).allowed).toBe(false)
    expect(await hit(db(), { ...limit, client: '203.0.113.6', now: t0 })).toMatchObject({ allowed: true, hits: 1 })
    expect(await hit(db(), { ...limit, bucket: 'createOrder', now: t0 })).toMatchObject({ allowed: true, hits: 1 })
    expect(await hit(db(), { ...limit, client: '2001:db8::1', now: t0 })).toMatchObject({ allowed: true, hits: 1 })
  })

  it('uses the database clock when no time is given', async () => {
    const first = await hit(db(), { ...limit, windowSeconds: 120 })
    expect(first.allowed).toBe(true)
    expect(first.retryAfterSeconds).toBeGreaterThanOrEqual(118)
    expect(first.retryAfterSeconds).toBeLessThanOrEqual(120)
  })

  it('counts concurrent requests exactly: 30 at once with a limit of 10 lets 10 through', async () => {
    const verdicts = await Promise.all(Array.from({ length: 30 }, () => hit(db(), { ...limit, max: 10 })))
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10)
    // Every request got its own count: none was lost or counted twice.
    expect(verdicts.map((v) => v.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
  })

  it('prunes counts whose window started more than a day ago', async () => {
    await hit(db(), { ...limit, client: 'old', now: later(-25 * 60 * 60) })
    await hit(db(), { ...limit, client: 'recent', now: later(-23 * 60 * 60) })
    await pruneRequestLimits(db(), t0)
    expect((await db().select().from(requestLimits)).map((r) => r.key)).toEqual(['contact:recent'])
  })

  it('refuses nonsense limits rather than letting everything through', async () => {
    await expect(hit(db(), { ...limit, max: 0 })).rejects.toThrow(RangeError)
    await expect(hit(db(), { ...limit, windowSeconds: 0.5 })).rejects.toThrow(RangeError)
  })

  describe('limitRequest, as the routes use it', () => {
    const log = pino({ level: 'silent' })
    const context = (RATE_LIMIT: 'on' | 'off', clientAddress = '198.51.100.9') => ({
      shop: { db: db(), config: { RATE_LIMIT } },
      clientAddress,
      log,
    })

    it('refuses the sixth contact message with a message naming the wait in minutes', async () => {
      for (let i = 0; i < RATE_LIMITS.contact.max; i++) expect(await limitRequest(context('on'), 'contact')).toBeNull()
      const refusal = await limitRequest(context('on'), 'contact')
      expect(refusal?.retryAfterSeconds).toBeGreaterThan(9 * 60)
      expect(refusal?.message).toBe('Too many messages from your connection. Please try again in 10 minutes.')
      expect(await limitRequest(context('on', '198.51.100.10'), 'contact')).toBeNull()
    })

    it('refuses the 61st PIN check from one connection (each may be a call to the courier)', async () => {
      for (let i = 0; i < RATE_LIMITS.deliveryEstimate.max; i++)
        expect(await limitRequest(context('on', '198.51.100.20'), 'deliveryEstimate')).toBeNull()
      const refusal = await limitRequest(context('on', '198.51.100.20'), 'deliveryEstimate')
      expect(refusal?.message).toBe('Too many PIN codes checked from your connection. Please try again in 10 minutes.')
    })

    it('says "1 minute" near the end of a window', () => {
      expect(RATE_LIMITS.createOrder.message(42)).toBe(
        'Too many checkout attempts from your connection. Please wait 1 minute and try again.',
      )
      expect(RATE_LIMITS.createOrder.message(61)).toBe(
        'Too many checkout attempts from your connection. Please wait 2 minutes and try again.',
      )
    })

    it('counts nothing with RATE_LIMIT=off', async () => {
      for (let i = 0; i < 30; i++) expect(await limitRequest(context('off'), 'createOrder')).toBeNull()
      expect(await db().select().from(requestLimits)).toEqual([])
    })
  })
})
