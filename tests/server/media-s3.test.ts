import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { S3RVER_KEYS, startTestS3, type TestS3 } from '../support/s3-server'
import { signUpThroughApi, formTokenFor } from '../support/http-browser'
import { startTestServer, type TestServer } from '../support/test-server'

// Media on an S3-compatible server (s3rver on loopback): uploads land in the bucket and are served from it.

const ADMIN = 'owner@example.com'
const WIDTHS = [320, 640, 960]

const s3Env = (s3: TestS3) => ({
  S3_BUCKET: s3.bucket,
  S3_ENDPOINT: s3.endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
  S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
  ADMIN_EMAILS: ADMIN,
})

const png = (background: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .png()
    .toBuffer()

type ApiProduct = { id: string; imageUrl: string; backsideImageUrl: string; url: string }

/** Adds a product with a front and a back picture through the admin's multipart upload; answers it as the API shows it. */
async function addProduct(server: TestServer, cookie: string, name: string) {
  const form = new FormData()
  for (const [k, v] of Object.entries({
    name,
    description: 'Black pepper from Wayanad.',
    category: 'spices',
    price: '149.50',
    stockCount: '12',
  })) {
    form.set(k, v)
  }
  form.set('frontImage', new Blob([new Uint8Array(await png({ r: 200, g: 30, b: 30 }))], { type: 'image/png' }), 'front.png')
  form.set('backImage', new Blob([new Uint8Array(await png({ r: 30, g: 30, b: 200 }))], { type: 'image/png' }), 'back.png')
  form.set('csrf_token', await formTokenFor(server.url, cookie))
  const response = await fetch(`${server.url}/api/admin/products`, { method: 'POST', headers: { cookie, Origin: server.url }, body: form })
  const body = (await response.json()) as { product: { id: string } }
  expect(response.status, JSON.stringify(body)).toBe(200)
  return (await (await fetch(`${server.url}/api/products/${body.product.id}`)).json()) as ApiProduct
}

const keyOf = (url: string) => url.match(/([a-f0-9]{32})-\d+\.webp$/)![1]!

/** The first <img> of a product page: its src and srcset. */
async function productImage(server: TestServer, product: ApiProduct) {
  const response = await fetch(`${server.url}${product.url}`)
  expect(response.status).toBe(200)
  const html = await response.text()
  const key = keyOf(product.imageUrl)
  const img = html.match(new RegExp(`<img[^>]*${key}[^>]*>`))?.[0]
  expect(img, 'the product page shows the front picture').toBeDefined()
  return { src: img!.match(/ src="([^"]+)"/)![1]!, srcset: img!.match(/ srcSet="([^"]+)"/i)![1]! }
}

function filesInShopMedia(server: TestServer) {
  const dir = path.join(server.dataDir, 'media')
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

describe('media in an S3 bucket, served by the shop through /media', () => {
  let s3: TestS3
  let server: TestServer
  let product: ApiProduct

  beforeAll(async () => {
    s3 = await startTestS3('shop-media')
    server = await startTestServer({ env: s3Env(s3) })
    product = await addProduct(server, await signUpThroughApi(server.url, ADMIN, 'Tester'), 'Bucket Pepper')
  })
  afterAll(async () => {
    await server?.stop()
    await s3?.stop()
  })

  it('says at start where media lives', () => {
    expect(server.output()).toContain(`Media: S3 bucket shop-media at ${s3.endpoint}`)
  })

  it('stores the uploaded pictures as objects in the bucket, at every width, and none on the shop’s disk', async () => {
    const keys = await s3.keys()
    for (const url of [product.imageUrl, product.backsideImageUrl]) {
      const key = keyOf(url)
      for (const width of WIDTHS) expect(keys).toContain(`${key}-${width}.webp`)
      expect(keys).toContain(`${key}-source`)
      expect(filesInShopMedia(server).filter((f) => f.startsWith(key))).toEqual([])
    }
  })

  it('links the product page’s pictures through /media', async () => {
    const key = keyOf(product.imageUrl)
    const { src, srcset } = await productImage(server, product)
    expect(src).toBe(`/media/${key}-640.webp`)
    expect(srcset).toBe(WIDTHS.map((w) => `/media/${key}-${w}.webp ${w}w`).join(', '))
  })

  it('serves GET /media/<file> from the bucket: the object’s bytes, WebP, cached for a year', async () => {
    for (const width of WIDTHS) {
      const file = `${keyOf(product.imageUrl)}-${width}.webp`
      const response = await fetch(`${server.url}/media/${file}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/webp')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(Buffer.from(await response.arrayBuffer())).toEqual((await s3.object(file)).bytes)
    }
    expect((await fetch(`${server.url}/media/${'0'.repeat(32)}-640.webp`)).status).toBe(404)
    expect((await fetch(`${server.url}/media/${keyOf(product.imageUrl)}-source`)).status).toBe(404)
  })

  it('keeps the demo pictures’ sources in the bucket and makes a width there on first request', async () => {
    const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as { products: ApiProduct[] }
    const demo = products.find((p) => p.imageUrl && p.id !== product.id)!
    const key = keyOf(demo.imageUrl)
    const file = `${key}-960.webp`
    const before = await s3.keys()
    expect(before).toContain(`${key}-source`)
    expect(before).not.toContain(file)
    const response = await fetch(`${server.url}/media/${file}`)
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer())).toEqual((await s3.object(file)).bytes)
    expect(filesInShopMedia(server)).toEqual([])
  })

  // Last: it stops the bucket's server.
  it('answers 503 for a picture while the bucket cannot be reached, and keeps running', async () => {
    await s3.stop()
    const response = await fetch(`${server.url}/media/${keyOf(product.backsideImageUrl)}-320.webp`)
    expect(response.status).toBe(503)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).toContain('unavailable')
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })
})

describe('media in an S3 bucket with PUBLIC_MEDIA_URL: pages link the bucket directly', () => {
  let s3: TestS3
  let server: TestServer
  let product: ApiProduct
  let publicBase = ''

  beforeAll(async () => {
    s3 = await startTestS3('cdn-media')
    // The bucket's own address (path style) stands in for a CDN in front of it.
    publicBase = `${s3.endpoint}/${s3.bucket}`
    // Without the demo catalogue: making its every width takes long (images.test.ts and s3-storage.test.ts cover that path).
    server = await startTestServer({ env: { ...s3Env(s3), PUBLIC_MEDIA_URL: publicBase, SEED_DEMO_CATALOGUE: 'never' } })
    product = await addProduct(server, await signUpThroughApi(server.url, ADMIN, 'Tester'), 'CDN Pepper')
  })
  afterAll(async () => {
    await server?.stop()
    await s3?.stop()
  })

  it('points the product page’s src and srcset at PUBLIC_MEDIA_URL, where every width exists', async () => {
    const key = keyOf(product.imageUrl)
    const { src, srcset } = await productImage(server, product)
    expect(src).toBe(`${publicBase}/${key}-640.webp`)
    expect(srcset).toBe(WIDTHS.map((w) => `${publicBase}/${key}-${w}.webp ${w}w`).join(', '))
    const keys = await s3.keys()
    for (const k of [key, keyOf(product.backsideImageUrl)]) {
      for (const width of WIDTHS) expect(keys).toContain(`${k}-${width}.webp`)
    }
    // What the browser would fetch: the picture, straight from the bucket.
    const response = await fetch(src)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(Buffer.from(await response.arrayBuffer())).toEqual((await s3.object(`${key}-640.webp`)).bytes)
  })

  it('gives the public base in the API too', () => {
    expect(product.imageUrl).toBe(`${publicBase}/${keyOf(product.imageUrl)}-960.webp`)
    expect(product.backsideImageUrl.startsWith(`${publicBase}/`)).toBe(true)
  })
})
