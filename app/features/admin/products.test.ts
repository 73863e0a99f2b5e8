import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { orderLines, orders, products, variants } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { getProduct, listProducts } from '../catalogue/catalogue.server'
import { netOf } from '../catalogue/declarations'
import { localDiskStorage, type MediaStorage } from '../media/storage.server'
import { productFormSchema, type ProductInput, productFormValues } from './product-form'
import {
  countUntranslatedProducts,
  createProduct,
  deleteProduct,
  getProductForAdmin,
  listProductsForAdmin,
  listProductsForAdminPage,
  ProductImageRejectedError,
  ProductNotFoundError,
  slugify,
  updateProduct,
} from './products.server'
import { readProductFormUpload, UploadRejectedError } from './uploads.server'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-admin-test-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

let folders = 0
function freshMedia() {
  const dir = path.join(root, `media-${++folders}`)
  return { dir, media: localDiskStorage(dir), files: () => fs.readdirSync(dir).sort() }
}

const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer()

const single = (name = 'Amla Powder'): ProductInput => ({
  name,
  description: 'Dried gooseberry, stone ground.',
  category: 'herbal',
  subcategory: null,
  offers: [{ size: 'one', pricePaise: 12000, stock: 10 }],
  hsnCode: '1211',
  gstRatePercent: 5,
})

const sized = (name = 'Freeze Dried Mango'): ProductInput => ({
  name,
  description: 'Alphonso slices.',
  category: 'freeze-dried-fruit',
  subcategory: null,
  offers: [
    { size: '250g', pricePaise: 30000, stock: 5 },
    { size: '500g', pricePaise: 56000, stock: 3 },
    { size: '1kg', pricePaise: 100000, stock: 0 },
  ],
  hsnCode: '0813',
  gstRatePercent: 5,
})

/** Offers as the shop reads them back: the MRP (the price, when none was given) and the net quantity (a sized pack's size). */
const asStored = (offers: ProductInput['offers']) =>
  offers.map((o) => ({ ...o, mrpPaise: o.mrpPaise ?? o.pricePaise, net: o.net ?? netOf(o) }))

describe(`the admin's products on ${describeDatabase()}`, () => {
  let handle: DatabaseHandle
  let front: Buffer
  let back: Buffer
  beforeAll(async () => {
    handle = await openTestDatabase()
    front = await picture(1200, 900, '#3f7a2e')
    back = await picture(800, 800, '#c27a1a')
  })
  afterAll(async () => handle?.close())
  beforeEach(async () => {
    await handle.db.delete(orders)
    await handle.db.delete(products)
  })

  it('adds a single-price product with both pictures; the shop lists it at once', async () => {
    const { media, files } = freshMedia()
    const created = await createProduct(handle.db, media, single(), { frontImage: front, backImage: back })
    expect(created.slug).toBe('amla-powder')
    expect(created.frontImage).toMatch(/^[a-f0-9]{32}$/)
    expect(created.backImage).toMatch(/^[a-f0-9]{32}$/)
    expect(created.backImage).not.toBe(created.frontImage)
    expect(files()).toEqual(
      [created.frontImage!, created.backImage!].flatMap((k) => [`${k}-320.webp`, `${k}-640.webp`, `${k}-960.webp`, `${k}-source`]).sort(),
    )

    const read = await getProduct(handle.db, created.id)
    expect(read).toMatchObject({
      name: 'Amla Powder',
      category: 'herbal',
      subcategory: null,
      offers: [{ size: 'one', pricePaise: 12000, stock: 10 }],
    })
    const herbal = await listProducts(handle.db, { categories: ['herbal'] })
    expect(herbal.map((p) => p.id)).toEqual([created.id])
  })

  it('adds a sized product with its three offers and no pictures', async () => {
    const { media, files } = freshMedia()
    const created = await createProduct(handle.db, media, sized())
    expect(created.frontImage).toBeNull()
    expect(files()).toEqual([])
    const [listed] = await listProducts(handle.db, { categories: ['freeze-dried-fruit'] })
    expect(listed!.offers).toEqual(asStored(sized().offers))
  })

  it('saves the Tamil name and description from the form, shows them back, and counts the untranslated', async () => {
    const { media } = freshMedia()
    const parsed = productFormSchema.safeParse({
      ...productFormValues({ ...single(), id: '', slug: '', frontImage: null, backImage: null }),
      nameTa: 'நெல்லிக்காய் பொடி',
      descriptionTa: 'கல்லில் அரைத்த உலர் நெல்லிக்காய்.',
    })
    expect(parsed.success).toBe(true)
    const created = await createProduct(handle.db, media, parsed.data!)
    const other = await createProduct(handle.db, media, single('Brahmi Powder'))
    const saved = (await getProductForAdmin(handle.db, created.id))!
    expect([saved.name, saved.nameTa, saved.descriptionTa]).toEqual(['Amla Powder', 'நெல்லிக்காய் பொடி', 'கல்லில் அரைத்த உலர் நெல்லிக்காய்.'])
    expect(productFormValues(saved)).toMatchObject({ nameTa: 'நெல்லிக்காய் பொடி', descriptionTa: 'கல்லில் அரைத்த உலர் நெல்லிக்காய்.' })
    expect(await countUntranslatedProducts(handle.db)).toBe(1)
    const untranslated = await listProductsForAdminPage(handle.db, { untranslated: true }, { page: 1, pageSize: 10 })
    expect(untranslated.items.map((p) => p.id)).toEqual([other.id])

    // An edit without the fields (an older form) keeps them; a blank one clears them.
    await updateProduct(handle.db, media, created.id, single())
    expect((await getProductForAdmin(handle.db, created.id))?.nameTa).toBe('நெல்லிக்காய் பொடி')
    await updateProduct(handle.db, media, created.id, { ...single(), nameTa: ' ', descriptionTa: '' })
    const cleared = (await getProductForAdmin(handle.db, created.id))!
    expect([cleared.nameTa, cleared.descriptionTa]).toEqual([null, null])

    // The same limit as the English name.
    const tooLong = productFormSchema.safeParse({ ...productFormValues(saved), nameTa: 'அ'.repeat(121) })
    expect(tooLong.success).toBe(false)
  })

  it('makes unique slugs from names: -2, -3, also when added at the same moment', async () => {
    const { media } = freshMedia()
    const first = await createProduct(handle.db, media, single('Amla Powder'))
    const second = await createProduct(handle.db, media, single('amla  POWDER!'))
    const third = await createProduct(handle.db, media, single('Amla Powder'))
    expect([first.slug, second.slug, third.slug]).toEqual(['amla-powder', 'amla-powder-2', 'amla-powder-3'])
    const together = await Promise.all([1, 2, 3].map(() => createProduct(handle.db, media, single('Ragi Biscuit'))))
    expect(together.map((p) => p.slug).sort()).toEqual(['ragi-biscuit', 'ragi-biscuit-2', 'ragi-biscuit-3'])
    expect(slugify('Jāmun (Naval) Seed — 100%')).toBe('jamun-naval-seed-100')
    expect(slugify('நெல்லி')).toBe('product')
  })

  it('edits text and offers, keeps the pictures unless new ones are given, and keeps the slug', async () => {
    const { media } = freshMedia()
    const created = await createProduct(handle.db, media, single(), { frontImage: front, backImage: back })
    const edited = await updateProduct(handle.db, media, created.id, {
      ...single('Amla Powder Premium'),
      // The count changes from the 10 the form was shown (decision 027).
      offers: [{ size: 'one', pricePaise: 15050, stock: 4, shownStock: 10 }],
    })
    expect(edited).toMatchObject({
      name: 'Amla Powder Premium',
      slug: 'amla-powder',
      frontImage: created.frontImage,
      backImage: created.backImage,
    })
    expect(edited.offers).toEqual([{ size: 'one', pricePaise: 15050, mrpPaise: 15050, net: null, stock: 4, shippedWeightGrams: null }])

    const newBack = await picture(640, 480, '#224466')
    const replaced = await updateProduct(
      handle.db,
      media,
      created.id,
      { ...single(), offers: [{ size: 'one', pricePaise: 12000, stock: 4 }] },
      { backImage: newBack },
    )
    expect(replaced.frontImage).toBe(created.frontImage)
    expect(replaced.backImage).not.toBe(created.backImage)
    expect(await media.has(`${replaced.backImage}-640.webp`)).toBe(true)
  })

  it('replaces the offers when a product moves between sized and single-price categories', async () => {
    const { media } = freshMedia()
    const created = await createProduct(handle.db, media, sized())
    const single = await updateProduct(handle.db, media, created.id, {
      ...sized(),
      category: 'dry-fruits',
      offers: [{ size: 'one', pricePaise: 45000, stock: 9 }],
    })
    expect(single.category).toBe('dry-fruits')
    expect(single.offers).toEqual([{ size: 'one', pricePaise: 45000, mrpPaise: 45000, net: null, stock: 9, shippedWeightGrams: null }])
    const rows = await handle.db.select().from(variants).where(eq(variants.productId, created.id))
    expect(rows.map((r) => r.size)).toEqual(['one'])

    const back = await updateProduct(handle.db, media, created.id, { ...sized(), category: 'dehydrated-fruit' })
    expect(back.offers).toEqual(asStored(sized().offers).map((o) => ({ ...o, shippedWeightGrams: null })))
    expect(await listProducts(handle.db, { categories: ['dry-fruits'] })).toEqual([])
  })

  it('says so when the product to edit or delete is gone', async () => {
    const { media, files } = freshMedia()
    await expect(updateProduct(handle.db, media, 'no-such-id', single(), { frontImage: front })).rejects.toBeInstanceOf(
      ProductNotFoundError,
    )
    expect(files()).toEqual([])
    await expect(deleteProduct(handle.db, 'no-such-id')).rejects.toBeInstanceOf(ProductNotFoundError)
  })

  it('erases a product no order names, with its offers', async () => {
    const { media } = freshMedia()
    const created = await createProduct(handle.db, media, sized())
    expect(await deleteProduct(handle.db, created.id)).toEqual({ outcome: 'deleted' })
    expect(await getProductForAdmin(handle.db, created.id)).toBeNull()
    expect(await handle.db.select().from(variants).where(eq(variants.productId, created.id))).toEqual([])
  })

  it('archives a product that past orders name: gone from the shop, still in the admin and the order', async () => {
    const { media } = freshMedia()
    const ordered = await createProduct(handle.db, media, single())
    const other = await createProduct(handle.db, media, single('Brahmi Powder'))
    await handle.db.insert(orders).values({
      id: 'order-1',
      email: 'meena@example.in',
      shippingAddress: { fullName: 'Meena' },
      subtotalPaise: 12000,
      deliveryPaise: 4000,
      totalPaise: 16000,
      provider: 'test',
      buyerTokenHash: 'hash',
      checkoutKey: 'checkout-key-1',
      expiresAt: new Date(Date.now() + 60_000),
    })
    await handle.db
      .insert(orderLines)
      .values({ orderId: 'order-1', productId: ordered.id, size: 'one', name: 'Amla Powder', unitPricePaise: 12000, quantity: 1 })

    expect(await deleteProduct(handle.db, ordered.id)).toEqual({ outcome: 'archived' })
    expect(await getProduct(handle.db, ordered.id)).toBeNull()
    expect((await listProducts(handle.db)).map((p) => p.id)).toEqual([other.id])
    const admin = await listProductsForAdmin(handle.db)
    expect(admin.map((p) => [p.name, p.archivedAt instanceof Date])).toEqual([
      ['Amla Powder', true],
      ['Brahmi Powder', false],
    ])
    expect(await handle.db.select().from(orderLines)).toHaveLength(1)
    // Deleting it again changes nothing.
    expect(await deleteProduct(handle.db, ordered.id)).toEqual({ outcome: 'archived' })
    expect((await getProductForAdmin(handle.db, ordered.id))?.offers).toHaveLength(1)
  })

  it('lists for the admin by category and by part of the name, taking % and _ literally', async () => {
    const { media } = freshMedia()
    await createProduct(handle.db, media, single('Amla Powder'))
    await createProduct(handle.db, media, sized('Freeze Dried Amla'))
    const spice = await createProduct(handle.db, media, { ...single('Pepper 100% Pure'), category: 'spices' })
    const names = async (filter: Parameters<typeof listProductsForAdmin>[1]) =>
      (await listProductsForAdmin(handle.db, filter)).map((p) => p.name)
    expect(await names({ search: 'amla' })).toEqual(['Amla Powder', 'Freeze Dried Amla'])
    expect(await names({ search: ' AMLA ', category: 'freeze-dried-fruit' })).toEqual(['Freeze Dried Amla'])
    expect(await names({ category: 'spices' })).toEqual(['Pepper 100% Pure'])
    expect(await names({ search: '%' })).toEqual(['Pepper 100% Pure'])
    expect(await names({ search: '_' })).toEqual([])
    expect(await names({ search: spice.id })).toEqual(['Pepper 100% Pure'])
    expect(await names({})).toHaveLength(3)
  })

  it('keeps each pack’s MRP and net quantity and the label’s declarations, and they read back as saved (decision 039)', async () => {
    const { media } = freshMedia()
    const declarations = {
      ingredients: 'Amla (100%)',
      allergens: 'No allergens.',
      dietMark: 'veg' as const,
      shelfLifeMonths: 12,
      storage: 'Store in a cool, dry place.',
      manufacturer: 'Kaadu Organics, Erode 638011, Tamil Nadu',
      countryOfOrigin: 'India',
    }
    const created = await createProduct(handle.db, media, {
      ...single('Declared Amla'),
      offers: [{ size: 'one', pricePaise: 12000, mrpPaise: 13500, net: { amount: 100, unit: 'g' }, stock: 4 }],
      declarations,
    })
    const read = (await getProduct(handle.db, created.id))!
    expect(read.offers).toEqual([{ size: 'one', pricePaise: 12000, mrpPaise: 13500, net: { amount: 100, unit: 'g' }, stock: 4 }])
    expect(read.declarations).toEqual(declarations)
    // Sized packs are their size; an edit changes the MRP and keeps the rest.
    const mango = await createProduct(handle.db, media, sized('Declared Mango'))
    expect((await getProduct(handle.db, mango.id))!.offers.map((o) => [o.size, o.mrpPaise, o.net])).toEqual([
      ['250g', 30000, { amount: 250, unit: 'g' }],
      ['500g', 56000, { amount: 500, unit: 'g' }],
      ['1kg', 100000, { amount: 1000, unit: 'g' }],
    ])
    const edited = sized('Declared Mango')
    edited.offers[0] = { ...edited.offers[0]!, mrpPaise: 34000 }
    await updateProduct(handle.db, media, mango.id, {
      ...edited,
      declarations: { ...declarations, dietMark: 'veg', ingredients: 'Mango (100%)' },
    })
    const after = (await getProduct(handle.db, mango.id))!
    expect(after.offers[0]).toMatchObject({ pricePaise: 30000, mrpPaise: 34000 })
    expect(after.declarations!.ingredients).toBe('Mango (100%)')
  })

  it('saves each pack’s shipped weight from the form and shows it back; blank forgets it, a form without it keeps it', async () => {
    const { media } = freshMedia()
    const form = {
      name: 'Weighed Mango',
      description: 'Alphonso slices.',
      category: 'freeze-dried-fruit',
      price250g: '300',
      stock250g: '5',
      shippedWeight250g: '290',
      price500g: '560',
      stock500g: '3',
      shippedWeight500g: '',
      price1kg: '1000',
      stock1kg: '1',
      shippedWeight1kg: '1080',
    }
    const created = await createProduct(handle.db, media, productFormSchema.parse(form))
    const weights = (p: { offers: Array<{ size: string; shippedWeightGrams: number | null }> }) =>
      p.offers.map((o) => [o.size, o.shippedWeightGrams])
    expect(weights(created)).toEqual([
      ['250g', 290],
      ['500g', null],
      ['1kg', 1080],
    ])
    // As stored, and as the product manager's list and Edit dialog show it.
    const stored = await handle.db
      .select({ size: variants.size, grams: variants.shippedWeightGrams })
      .from(variants)
      .where(eq(variants.productId, created.id))
    expect(Object.fromEntries(stored.map((r) => [r.size, r.grams]))).toEqual({ '250g': 290, '500g': null, '1kg': 1080 })
    const [listed] = await listProductsForAdmin(handle.db, { search: 'Weighed Mango' })
    expect(weights(listed!)).toEqual(weights(created))
    const page = await listProductsForAdminPage(handle.db, { search: 'Weighed Mango' }, { page: 1, pageSize: 10 })
    expect(weights(page.items[0]!)).toEqual(weights(created))
    const opened = productFormValues((await getProductForAdmin(handle.db, created.id))!)
    expect(opened).toMatchObject({ shippedWeight250g: '290', shippedWeight500g: '', shippedWeight1kg: '1080' })

    // The Edit dialog saved as opened, with the 500g pack weighed and the 1kg one cleared.
    await updateProduct(
      handle.db,
      media,
      created.id,
      productFormSchema.parse({ ...opened, shippedWeight500g: '560', shippedWeight1kg: '' }),
    )
    expect(weights((await getProductForAdmin(handle.db, created.id))!)).toEqual([
      ['250g', 290],
      ['500g', 560],
      ['1kg', null],
    ])
    // A form that does not send the weights (an older page) leaves them as they are.
    const { shippedWeight250g: _a, shippedWeight500g: _b, shippedWeight1kg: _c, ...withoutWeights } = opened
    await updateProduct(handle.db, media, created.id, productFormSchema.parse({ ...withoutWeights, price250g: '310' }))
    const after = (await getProductForAdmin(handle.db, created.id))!
    expect(after.offers[0]).toMatchObject({ pricePaise: 31000, shippedWeightGrams: 290 })
    expect(weights(after)).toEqual([
      ['250g', 290],
      ['500g', 560],
      ['1kg', null],
    ])
    // The shop's own reads do not carry it: only the admin and the shipping desk need it.
    expect((await getProduct(handle.db, created.id))!.offers[0]).not.toHaveProperty('shippedWeightGrams')
  })

  it('refuses in the database a shipped weight outside 1 g to 50 kg, whatever writes it', async () => {
    const { media } = freshMedia()
    const created = await createProduct(handle.db, media, single('Weighed Amla'))
    for (const grams of [0, 50_001]) {
      await expect(
        handle.db.update(variants).set({ shippedWeightGrams: grams }).where(eq(variants.productId, created.id)),
      ).rejects.toThrow()
    }
    await expect(
      createProduct(handle.db, media, {
        ...single('Heavy Amla'),
        offers: [{ size: 'one', pricePaise: 100, stock: 1, shippedWeightGrams: 60_000 }],
      }),
    ).rejects.toThrow()
    expect((await getProductForAdmin(handle.db, created.id))!.offers[0]!.shippedWeightGrams).toBeNull()
  })

  it('refuses in the database a price above the MRP, whatever writes it, and changes nothing', async () => {
    const { media } = freshMedia()
    const created = await createProduct(handle.db, media, single('Checked Amla'))
    await handle.db.update(variants).set({ mrpPaise: 15000 }).where(eq(variants.productId, created.id))
    await expect(handle.db.update(variants).set({ pricePaise: 15001 }).where(eq(variants.productId, created.id))).rejects.toThrow()
    await expect(
      createProduct(handle.db, media, { ...single('Dear Amla'), offers: [{ size: 'one', pricePaise: 20000, mrpPaise: 19000, stock: 1 }] }),
    ).rejects.toThrow()
    expect((await getProduct(handle.db, created.id))!.offers[0]).toMatchObject({ pricePaise: 12000, mrpPaise: 15000 })
    expect((await listProductsForAdmin(handle.db, { search: 'Dear Amla' })).length).toBe(0)
  })

  describe('uploads from the Add Product form, as the route will read them', () => {
    /** What the /Admin action does: read the upload, validate the fields, add the product. */
    async function addFromForm(media: MediaStorage, entries: Record<string, string | File>) {
      const formData = new FormData()
      for (const [k, v] of Object.entries(entries)) formData.append(k, v)
      const upload = await readProductFormUpload(new Request('http://shop.test/Admin', { method: 'POST', body: formData }))
      const input = productFormSchema.parse(upload.fields)
      return createProduct(handle.db, media, input, upload.images)
    }
    const fields = { name: 'Moringa Powder', description: 'Leaf powder.', category: 'herbal', price: '150', stockCount: '8' }
    const file = (bytes: Buffer, name: string, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type })

    const expectRefused = async (attempt: Promise<unknown>, message: RegExp, files: () => string[]) => {
      const err = await attempt.then(
        () => null,
        (e: unknown) => e,
      )
      expect(err instanceof ProductImageRejectedError || err instanceof UploadRejectedError, String(err)).toBe(true)
      expect((err as Error).message).toMatch(message)
      expect(files()).toEqual([])
      expect(await handle.db.select().from(products)).toEqual([])
      expect(await handle.db.select().from(variants)).toEqual([])
    }

    it('adds a product with both images from a real multipart request', async () => {
      const { media, files } = freshMedia()
      const created = await addFromForm(media, { ...fields, frontImage: file(front, 'front.jpg'), backImage: file(back, 'back.jpg') })
      expect(created.offers).toEqual([{ size: 'one', pricePaise: 15000, mrpPaise: 15000, net: null, stock: 8, shippedWeightGrams: null }])
      expect(files()).toHaveLength(8)
    })

    it('refuses a non-image renamed .jpg and stores nothing', async () => {
      const { media, files } = freshMedia()
      await expectRefused(
        addFromForm(media, { ...fields, frontImage: file(Buffer.from('<?php system($_GET["c"]); ?>'), 'photo.jpg') }),
        /^Front image: The file is not an image we can read\.$/,
        files,
      )
    })

    it('refuses a truncated JPEG and stores nothing', async () => {
      const { media, files } = freshMedia()
      const noisy = await sharp(Buffer.from(Array.from({ length: 600 * 400 * 3 }, (_, i) => (i * 7919) % 251)), {
        raw: { width: 600, height: 400, channels: 3 },
      })
        .jpeg({ quality: 90 })
        .toBuffer()
      const truncated = noisy.subarray(0, Math.floor(noisy.length / 2))
      await expectRefused(
        addFromForm(media, { ...fields, frontImage: file(front, 'front.jpg'), backImage: file(truncated, 'back.jpg') }),
        /^Backside image: .*(damaged|not an image)/,
        files,
      )
    })

    it('refuses a 50-megapixel image and stores nothing', async () => {
      const { media, files } = freshMedia()
      const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#ffffff' } })
        .png({ compressionLevel: 9 })
        .toBuffer()
      expect(huge.length).toBeLessThan(10 * 1024 * 1024)
      await expectRefused(
        addFromForm(media, { ...fields, frontImage: file(huge, 'huge.png', 'image/png') }),
        /^Front image: The image is too large: at most 40 megapixels\.$/,
        files,
      )
    })

    it('refuses an 11 MB file and stores nothing', async () => {
      const { media, files } = freshMedia()
      const big = Buffer.concat([front, Buffer.alloc(11 * 1024 * 1024 - front.length, 0)])
      await expectRefused(
        addFromForm(media, { ...fields, backImage: file(back, 'back.jpg'), frontImage: file(big, 'big.jpg') }),
        /^The front image is larger than 10 MB\.$/,
        files,
      )
    })
  })
})
