import { describe, expect, it } from 'vitest'
import { readConfig } from './config.server'

const secret = 'x'.repeat(32)
const razorpay = { RAZORPAY_KEY_ID: 'rzp_live_a', RAZORPAY_KEY_SECRET: 'b', RAZORPAY_WEBHOOK_SECRET: 'c' }

describe('readConfig', () => {
  it('needs nothing to try the shop', () => {
    expect(readConfig({}).PORT).toBe(3000)
    expect(readConfig({ NODE_ENV: 'production', SHOP_TRIAL: '1' }).SESSION_SECRET).toBeUndefined()
  })

  it('stops a production start that lacks a secret, naming each one missing', () => {
    let message = ''
    try {
      readConfig({ NODE_ENV: 'production' })
    } catch (err) {
      message = (err as Error).message
    }
    expect(message).toMatch(/^Missing production settings/)
    expect(message).toMatch(/SESSION_SECRET: required in production/)
    expect(message).toMatch(/PUBLIC_URL: required in production/)
    expect(message).toMatch(/RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: required in production/)
    expect(() => readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', ...razorpay })).toThrow(/SESSION_SECRET/)
    const full = readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', SESSION_SECRET: secret, ...razorpay })
    expect(full.PUBLIC_URL).toBe('https://shop.example')
    // A staging shop may take test payments when it says so.
    expect(
      readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://staging.example', SESSION_SECRET: secret, PAYMENT_MODE: 'test' })
        .PAYMENT_MODE,
    ).toBe('test')
  })

  it('waits 10 s for Razorpay unless told otherwise, 1 to 60 whole seconds', () => {
    expect(readConfig({}).RAZORPAY_TIMEOUT_SECONDS).toBe(10)
    expect(readConfig({ RAZORPAY_TIMEOUT_SECONDS: '3' }).RAZORPAY_TIMEOUT_SECONDS).toBe(3)
    for (const bad of ['0', '61', '2.5', 'soon'])
      expect(() => readConfig({ RAZORPAY_TIMEOUT_SECONDS: bad })).toThrow(/RAZORPAY_TIMEOUT_SECONDS/)
  })

  it('takes Shiprocket’s four settings together or not at all, with its documented address and a 15 s wait', () => {
    const shiprocket = {
      SHIPROCKET_EMAIL: 'api-user@shop.example',
      SHIPROCKET_PASSWORD: ' pass word ',
      SHIPROCKET_PICKUP_LOCATION: 'Warehouse',
      SHIPROCKET_WEBHOOK_TOKEN: 'token-from-the-panel',
    }
    const none = readConfig({})
    expect(none.SHIPROCKET_EMAIL).toBeUndefined()
    expect(none.SHIPROCKET_API_BASE).toBe('https://apiv2.shiprocket.in')
    expect(none.SHIPROCKET_TIMEOUT_SECONDS).toBe(15)
    const all = readConfig({ ...shiprocket, SHIPROCKET_API_BASE: 'http://127.0.0.1:4010', SHIPROCKET_TIMEOUT_SECONDS: '5' })
    expect(all).toMatchObject({ ...shiprocket, SHIPROCKET_API_BASE: 'http://127.0.0.1:4010', SHIPROCKET_TIMEOUT_SECONDS: 5 })
    for (const missing of Object.keys(shiprocket)) {
      const partial: Record<string, string> = { ...shiprocket }
      delete partial[missing]
      expect(() => readConfig(partial)).toThrow(
        /SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_PICKUP_LOCATION and SHIPROCKET_WEBHOOK_TOKEN: set all four/,
      )
    }
    expect(() => readConfig({ SHIPROCKET_API_BASE: 'not a url' })).toThrow(/SHIPROCKET_API_BASE/)
    for (const bad of ['0', '61', '2.5', 'soon'])
      expect(() => readConfig({ SHIPROCKET_TIMEOUT_SECONDS: bad })).toThrow(/SHIPROCKET_TIMEOUT_SECONDS/)
  })

  it('checks the S3 settings belong together', () => {
    expect(readConfig({ S3_BUCKET: 'media' }).S3_REGION).toBe('us-east-1')
    expect(() => readConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'a' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both/)
    expect(() => readConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: required/)
    expect(() => readConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/)
    expect(() => readConfig({ PUBLIC_MEDIA_URL: 'not a url' })).toThrow(/PUBLIC_MEDIA_URL/)
  })
})
