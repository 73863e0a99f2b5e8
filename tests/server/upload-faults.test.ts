import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { S3RVER_KEYS, startTestS3, type TestS3 } from '../support/s3-server'
import { formTokenFor, signUpThroughApi } from '../support/http-browser'
import { startTestServer, type TestServer } from '../support/test-server'

// Storage failing under an upload (the bucket's server stopped, the media folder gone): the admin is told plainly,
// nothing of the product changes, and no upload, refused or failed, leaves a temporary file behind.

const ADMIN = 'owner@example.com'
const STORAGE_UNAVAILABLE = 'The pictures could not be stored right now; nothing was saved. Please try again in a few minutes.'
const ADD_FAILED = 'An error occurred while adding the product.'
const UPDATE_FAILED = 'An error occurred while saving the product.'

type ApiProduct = { id: string; name: string; price?: number; stockCount: number; imageUrl?: string; backsideImageUrl?: string }

const png = (r: number) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r, g: 90, b: 40 } } })
    .png()
    .toBuffer()

/** The admin's form token on the shop of the describe that runs (each starts its own; decision 034). */
let adminFormToken = ''

function productForm(fields: Record<string, string>, images: Record<string, { bytes: Buffer | Uint8Array; name: string }>) {
  const form = new FormData()
  form.set('csrf_token', adminFormToken)
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  for (const [k, { bytes, name }] of Object.entries(images)) form.set(k, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name)
  return form
}

const pepperFields = (name: string) => ({
  name,
  description: 'Black pepper from Wayanad.',
  category: 'spices',
  price: '149.50',
  stockCount: '12',
})

/** Every file under `dir`, with its path relative to it. */
/** The files under `dir`, but the servers' marks (media/servers/<id>: each server's proof it shares the folder, decision 028). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith(`servers${path.sep}`))
}

async function startShop(env: Record<string, string>) {
  // The shop's own temporary folder, so that anything it leaves there is seen (and nothing else is).
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-upload-tmp-'))
  // Without the demo catalogue: its pictures are not what this is about.
  const server = await startTestServer({ env: { TMPDIR: tmp, ADMIN_EMAILS: ADMIN, SEED_DEMO_CATALOGUE: 'never', ...env } })
  const cookie = await signUpThroughApi(server.url, ADMIN)
  adminFormToken = await formTokenFor(server.url, cookie)
  return { server, tmp, cookie }
}

async function catalogue(server: TestServer) {
  return ((await (await fetch(`${server.url}/api/products`)).json()) as { products: ApiProduct[] }).products
}

describe('S3 storage down while the admin uploads', () => {
  let s3: TestS3
  let server: TestServer
  let tmp: string
  let cookie: string
  let existing: ApiProduct

  beforeAll(async () => {
    s3 = await startTestS3('fault-media')
    ;({ server, tmp, cookie } = await startShop({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    }))
    const added = await fetch(`${server.url}/api/admin/products`, {
      method: 'POST',
      headers: { cookie, Origin: server.url },
      body: productForm(pepperFields('Bucket Pepper'), { frontImage: { bytes: await png(200), name: 'front.png' } }),
    })
    expect(added.status, await added.clone().text()).toBe(200)
    const { product } = (await added.json()) as { product: { id: string } }
    existing = (await (await fetch(`${server.url}/api/products/${product.id}`)).json()) as ApiProduct
    expect(existing.imageUrl).toBeTruthy()
    await s3.stop()
  })
  afterAll(async () => {
    await server?.stop()
    await s3?.stop()
    fs.rmSync(tmp, { recursive: true, force: true })
  })

  it('Add Product (the upload script’s JSON) answers 503 with a clear message and adds nothing', { timeout: 60_000 }, async () => {
    const before = await catalogue(server)
    const response = await fetch(`${server.url}/api/admin/products`, {
      method: 'POST',
      headers: { cookie, Origin: server.url },
      body: productForm(pepperFields('Stranded Pepper'), {
        frontImage: { bytes: await png(10), name: 'front.png' },
        backImage: { bytes: await png(60), name: 'back.png' },
      }),
    })
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({
      ok: false,
      error: ADD_FAILED,
      reason: STORAGE_UNAVAILABLE,
      values: { name: 'Stranded Pepper' },
    })
    expect(await catalogue(server)).toEqual(before)
  })

  it('the Edit form answers 503 and leaves the product exactly as it was', { timeout: 60_000 }, async () => {
    const response = await fetch(`${server.url}/api/admin/products/${existing.id}`, {
      method: 'POST',
      headers: { cookie, Origin: server.url },
      body: productForm(
        { ...pepperFields('Renamed Pepper'), price: '999', intent: 'update' },
        { frontImage: { bytes: await png(120), name: 'new.png' } },
      ),
    })
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ ok: false, error: UPDATE_FAILED, reason: STORAGE_UNAVAILABLE, id: existing.id })
    expect(await (await fetch(`${server.url}/api/products/${existing.id}`)).json()).toEqual(existing)
  })

  it('the /Admin page without JavaScript shows the message and keeps what was typed', { timeout: 60_000 }, async () => {
    const response = await fetch(`${server.url}/Admin`, {
      method: 'POST',
      headers: { cookie, Origin: server.url },
      body: productForm(pepperFields('Typed Pepper'), { frontImage: { bytes: await png(30), name: 'front.png' } }),
    })
    expect(response.status).toBe(503)
    const html = await response.text()
    expect(html).toContain(ADD_FAILED)
    expect(html).toContain(STORAGE_UNAVAILABLE)
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Typed Pepper"|<input[^>]*value="Typed Pepper"[^>]*name="name"/)
    expect((await catalogue(server)).map((p) => p.name)).not.toContain('Typed Pepper')
  })

  it('leaves no temporary file on the shop’s machine', () => {
    expect(filesUnder(tmp)).toEqual([])
    expect(filesUnder(path.join(server.dataDir, 'media'))).toEqual([])
  })
})

describe('local disk storage: refused and failed uploads', () => {
  let server: TestServer
  let tmp: string
  let cookie: string
  let mediaDir: string

  beforeAll(async () => {
    ;({ server, tmp, cookie } = await startShop({}))
    mediaDir = path.join(server.dataDir, 'media')
  })
  afterAll(async () => {
    await server?.stop()
    fs.rmSync(tmp, { recursive: true, force: true })
  })

  const upload = (name: string, images: Parameters<typeof productForm>[1]) =>
    fetch(`${server.url}/api/admin/products`, {
      method: 'POST',
      headers: { cookie, Origin: server.url },
      body: productForm(pepperFields(name), images),
    })

  it('refuses a wrong type behind an image name, a truncated picture and an oversized one, storing nothing', {
    timeout: 60_000,
  }, async () => {
    const good = await png(90)
    const refusals = [
      await upload('Text Pepper', { frontImage: { bytes: Buffer.from('<?php echo "not a picture"; ?>'), name: 'front.png' } }),
      await upload('Half Pepper', { frontImage: { bytes: good.subarray(0, Math.floor(good.length / 2)), name: 'front.png' } }),
      await upload('Huge Pepper', { frontImage: { bytes: Buffer.alloc(11 * 1024 * 1024, 1), name: 'front.png' } }),
    ]
    expect(refusals.map((r) => r.status)).toEqual([422, 422, 413])
    expect(await catalogue(server)).toEqual([])
    expect(filesUnder(mediaDir)).toEqual([])
    expect(filesUnder(tmp)).toEqual([])
  })

  it('answers 503 when the media folder cannot be written, leaves no part of a file, and works again once it can', {
    timeout: 60_000,
  }, async () => {
    // The media folder replaced by a plain file: every write into it fails, as on a broken or vanished disk.
    fs.rmSync(mediaDir, { recursive: true, force: true })
    fs.writeFileSync(mediaDir, 'not a folder')
    const failed = await upload('Diskless Pepper', { frontImage: { bytes: await png(150), name: 'front.png' } })
    expect(failed.status).toBe(503)
    expect(await failed.json()).toMatchObject({ ok: false, reason: STORAGE_UNAVAILABLE })
    expect(await catalogue(server)).toEqual([])

    fs.rmSync(mediaDir)
    fs.mkdirSync(mediaDir)
    const again = await upload('Diskless Pepper', { frontImage: { bytes: await png(150), name: 'front.png' } })
    expect(again.status).toBe(200)
    expect((await catalogue(server)).map((p) => p.name)).toEqual(['Diskless Pepper'])
    const stored = filesUnder(mediaDir)
    expect(stored).toHaveLength(4)
    expect(stored.filter((f) => f.endsWith('.tmp'))).toEqual([])
    expect(filesUnder(tmp)).toEqual([])
  })
})
