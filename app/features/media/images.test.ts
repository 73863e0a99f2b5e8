import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { ensureImageVariant, ImageRejectedError, storeImage, storeImageSource } from './images.server'
import { localDiskStorage } from './storage.server'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-media-test-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3f7a2e' } })
    .png()
    .toBuffer()

describe('image pipeline', () => {
  it('stores an upload as WebP at each width, by content hash, once', async () => {
    const storage = localDiskStorage(path.join(dir, 'a'))
    const upload = await png(1200, 900)
    const key = await storeImage(storage, upload)
    expect(key).toMatch(/^[a-f0-9]{32}$/)
    for (const width of [320, 640, 960]) {
      const meta = await sharp((await storage.read(`${key}-${width}.webp`))!).metadata()
      expect(meta.format).toBe('webp')
      expect(meta.width).toBe(width)
    }
    expect(await storeImage(storage, upload)).toBe(key)
  })

  it('refuses a file that is not an image, whatever its name, and stores nothing', async () => {
    const storage = localDiskStorage(path.join(dir, 'b'))
    await expect(storeImage(storage, Buffer.from('<?php echo "hi"; ?>'))).rejects.toBeInstanceOf(ImageRejectedError)
    const truncated = (await png(400, 400)).subarray(0, 60)
    await expect(storeImage(storage, truncated)).rejects.toBeInstanceOf(ImageRejectedError)
    expect(fs.readdirSync(path.join(dir, 'b'))).toEqual([])
  })

  it('refuses pictures with absurd pixel counts before decoding them', async () => {
    const storage = localDiskStorage(path.join(dir, 'c'))
    // A valid PNG header that claims 100000 × 100000 pixels.
    const header = Buffer.from((await png(1, 1)).subarray(0, 33))
    header.writeUInt32BE(100_000, 16)
    header.writeUInt32BE(100_000, 20)
    await expect(storeImage(storage, header)).rejects.toThrow(/too large|not an image/)
    expect(fs.readdirSync(path.join(dir, 'c'))).toEqual([])
  })

  it('makes a width on first request from a stored source', async () => {
    const storage = localDiskStorage(path.join(dir, 'd'))
    const key = await storeImageSource(storage, await png(800, 800))
    expect(await storage.has(`${key}-640.webp`)).toBe(false)
    expect(await ensureImageVariant(storage, `${key}-640.webp`)).toBe(true)
    expect((await sharp((await storage.read(`${key}-640.webp`))!).metadata()).width).toBe(640)
    expect(await ensureImageVariant(storage, `${'0'.repeat(32)}-640.webp`)).toBe(false)
    expect(await ensureImageVariant(storage, `../${key}-640.webp`)).toBe(false)
    expect(await ensureImageVariant(storage, `${key}-source`)).toBe(false)
  })
})
