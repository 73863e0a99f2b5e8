import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { orders, products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import type { Shop } from '~/shop.server'
import { localDiskStorage, type MediaStorage } from '../media/storage.server'
import { addProductAction, manageProductAction } from './form-actions.server'
import { addFailed, storageFull, storageUnavailable, updateFailed } from './form-results'
import type { ProductInput } from './product-form'
import { createProduct, getProductForAdmin, MediaStorageFailedError, updateProduct } from './products.server'

// Disk full or storage errors while a product's pictures are stored: a clear error, and the product as it was.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-storage-faults-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
let folders = 0

/**
 * The shop's real disk storage, on a disk that fills up after `room` more files: later writes fail the way
 * Node reports a full disk.
 */
function fillingDisk(room: number) {
  const dir = path.join(root, `media-${++folders}`)
  const disk = localDiskStorage(dir)
  let left = room
  const media: MediaStorage = {
    ...disk,
    async put(name, body) {
      if (left-- <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 })
      await disk.put(name, body)
    },
  }
  return { media, files: () => fs.readdirSync(dir).sort() }
}

/** Storage that cannot be reached at all, as an S3 endpoint whose server is down. */
const unreachable: MediaStorage = {
  has: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' })),
  put: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' })),
  read: async () => null,
  open: async () => null,
}

const picture = (background: string) =>
  sharp({ create: { width: 500, height: 400, channels: 3, background } })
    .png()
    .toBuffer()

const pepper: ProductInput = {
  name: 'Wayanad Pepper',
  description: 'Black pepper, sun dried.',
  category: 'spices',
  subcategory: null,
  offers: [{ size: 'one', pricePaise: 14950, stock: 12 }],
  hsnCode: '0904',
  gstRatePercent: 5,
}

describe(`storage failures while saving a product, on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  let front: Buffer
  let back: Buffer
  beforeAll(async () => {
    handle = await openTestDatabase()
    front = await picture('#8a2e1f')
    back = await picture('#1f4f8a')
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await handle.db.delete(orders)
    await handle.db.delete(products)
  })

  const rows = async () => ({ products: await handle.db.select().from(products), variants: await handle.db.select().from(variants) })

  for (const room of [0, 3]) {
    it(`a disk that fills up after ${room} files: createProduct fails as "full" and adds no product`, async () => {
      const { media, files } = fillingDisk(room)
      const attempt = createProduct(handle.db, media, pepper, { frontImage: front, backImage: back })
      await expect(attempt).rejects.toBeInstanceOf(MediaStorageFailedError)
      await attempt.catch((err: MediaStorageFailedError) => expect(err.full).toBe(true))
      expect(await rows()).toEqual({ products: [], variants: [] })
      // What got written before the disk filled is whole files only, never a part of one.
      expect(files()).toHaveLength(room)
      expect(files().filter((f) => f.endsWith('.tmp'))).toEqual([])
    })
  }

  it('a full disk while editing: updateProduct fails and the product keeps its name, offers and pictures', async () => {
    const { media } = fillingDisk(100)
    const created = await createProduct(handle.db, media, pepper, { frontImage: front })
    const before = await getProductForAdmin(handle.db, created.id)
    const full = fillingDisk(0).media
    const edit: ProductInput = { ...pepper, name: 'Renamed Pepper', offers: [{ size: 'one', pricePaise: 99900, stock: 1 }] }
    const attempt = updateProduct(handle.db, full, created.id, edit, { frontImage: back, backImage: back })
    await expect(attempt).rejects.toBeInstanceOf(MediaStorageFailedError)
    expect(await getProductForAdmin(handle.db, created.id)).toEqual(before)
  })

  it('unreachable storage fails as "not now" rather than "full"', async () => {
    const attempt = createProduct(handle.db, unreachable, pepper, { frontImage: front })
    await expect(attempt).rejects.toBeInstanceOf(MediaStorageFailedError)
    await attempt.catch((err: MediaStorageFailedError) => expect(err.full).toBe(false))
    expect((await rows()).products).toEqual([])
  })

  it('a product without pictures does not need the storage', async () => {
    const created = await createProduct(handle.db, unreachable, pepper)
    expect(created.name).toBe('Wayanad Pepper')
  })

  const form = (fields: Record<string, string>) => {
    const body = new FormData()
    for (const [k, v] of Object.entries(fields)) body.set(k, v)
    body.set('frontImage', new Blob([new Uint8Array(front)], { type: 'image/png' }), 'front.png')
    return new Request('http://shop.test/api/admin/products', { method: 'POST', body })
  }
  const fields = { name: 'Wayanad Pepper', description: 'Black pepper, sun dried.', category: 'spices', price: '149.50', stockCount: '12' }
  const shopWith = (media: MediaStorage) => ({ db: handle.db, media }) as unknown as Shop

  it('the Add Product form answers 507 with a clear message when the disk is full, keeping what was typed', async () => {
    const { status, result } = await addProductAction(form(fields), shopWith(fillingDisk(0).media))
    expect(status).toBe(507)
    expect(result).toMatchObject({
      ok: false,
      error: addFailed(),
      reason: storageFull(),
      values: { name: 'Wayanad Pepper', price: '149.50' },
    })
    expect((await rows()).products).toEqual([])
  })

  it('the Add Product form answers 503 with a clear message when the storage cannot be reached', async () => {
    const { status, result } = await addProductAction(form(fields), shopWith(unreachable))
    expect(status).toBe(503)
    expect(result).toMatchObject({ ok: false, error: addFailed(), reason: storageUnavailable() })
    expect((await rows()).products).toEqual([])
  })

  it('the Edit form answers 503 and changes nothing when the storage cannot be reached', async () => {
    const created = await createProduct(handle.db, fillingDisk(100).media, pepper)
    const before = await getProductForAdmin(handle.db, created.id)
    const { status, result } = await manageProductAction(
      form({ ...fields, intent: 'update', name: 'Renamed Pepper' }),
      shopWith(unreachable),
      created.id,
    )
    expect(status).toBe(503)
    expect(result).toMatchObject({ ok: false, error: updateFailed(), reason: storageUnavailable(), intent: 'update', id: created.id })
    expect(await getProductForAdmin(handle.db, created.id)).toEqual(before)
  })
})

describe('the local disk storage when a write fails', () => {
  it('leaves no temporary file behind and reports the failure', async () => {
    const dir = path.join(root, 'local-fail')
    const media = localDiskStorage(dir)
    // A directory where the file should go: the write succeeds, the rename onto it fails.
    fs.mkdirSync(path.join(dir, 'abc-320.webp'))
    await expect(media.put('abc-320.webp', Buffer.from('picture'))).rejects.toThrow()
    expect(fs.readdirSync(dir)).toEqual(['abc-320.webp'])
    await media.put('abc-640.webp', Buffer.from('picture'))
    expect(fs.readdirSync(dir).sort()).toEqual(['abc-320.webp', 'abc-640.webp'])
  })
})
