import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpThroughApi, withTokenIn } from '../support/http-browser'
import { sharedShopAdmin, sharedTestServer, type SharedTestServer } from '../support/test-server'

const ADMIN = sharedShopAdmin(import.meta.url)
let server: SharedTestServer
let adminCookie = ''
let userCookie = ''

const png = (color: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: color } })
    .png()
    .toBuffer()

function productForm(fields: Record<string, string>, images: Record<string, { bytes: Buffer; name: string; type: string }> = {}) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  for (const [k, f] of Object.entries(images)) form.set(k, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name)
  return form
}

/** Posts as the page's form would, with this cookie's form token (decision 034). */
const post = async (path: string, cookie: string, body: FormData) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { cookie: await withTokenIn(server.url, cookie, body), Origin: server.url },
    body,
    redirect: 'manual',
  })

/**
 * Posts with node:http, resolving on the answer even when the server closes the connection before the whole
 * body was sent (it stops reading at the first limit crossed, as it should).
 */
async function postEarlyAnswer(path: string, cookie: string, form: FormData) {
  cookie = await withTokenIn(server.url, cookie, form)
  const request = new Request(`${server.url}${path}`, { method: 'POST', body: form })
  const bytes = Buffer.from(await request.arrayBuffer())
  const url = new URL(`${server.url}${path}`)
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': request.headers.get('content-type')!, 'content-length': bytes.length },
      },
      (res) => {
        let text = ''
        res.on('data', (d) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode!, body: text }))
        res.on('error', () => resolve({ status: res.statusCode!, body: text }))
      },
    )
    req.on('error', reject)
    req.end(bytes)
  })
}

async function productCount(cookie: string) {
  const html = await (await fetch(`${server.url}/Delete`, { headers: { cookie } })).text()
  const match = html.match(/(\d+) products?/)
  return Number(match?.[1])
}

/** The files in the shop's media directory: a refused upload must add none. */
const mediaFiles = () => fs.readdirSync(path.join(server.dataDir, 'media')).sort()

const spices = { name: 'Test Pepper', description: 'Black pepper from Wayanad.', category: 'spices', price: '149.50', stockCount: '12' }

beforeAll(async () => {
  server = await sharedTestServer()
  adminCookie = await signUpThroughApi(server.url, ADMIN, 'Tester')
  userCookie = await signUpThroughApi(server.url, 'customer@admin-products.example.com', 'Tester')
})
afterAll(async () => {
  await server?.stop()
})

describe('who may use /Admin and /Delete', () => {
  for (const path of ['/Admin', '/Delete']) {
    it(`GET ${path}: visitors and customers go to /, the admin gets the page`, async () => {
      for (const cookie of ['', userCookie]) {
        const response = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: 'manual' })
        expect(response.status).toBe(302)
        expect(new URL(response.headers.get('location')!, server.url).pathname).toBe('/')
      }
      const response = await fetch(`${server.url}${path}`, { headers: { cookie: adminCookie } })
      expect(response.status).toBe(200)
      expect(await response.text()).toContain(path === '/Admin' ? 'Add Product' : 'Product manager')
    })
  }

  it('POST by visitors and customers changes nothing', async () => {
    const before = await productCount(adminCookie)
    const { products: list } = (await (await fetch(`${server.url}/api/products`)).json()) as { products: Array<{ id: string }> }
    for (const cookie of ['', userCookie]) {
      const add = await post('/Admin', cookie, productForm(spices))
      expect(add.status).toBe(302)
      expect(new URL(add.headers.get('location')!, server.url).pathname).toBe('/')
      const del = await post('/Delete', cookie, productForm({ intent: 'delete', id: list[0]!.id }))
      expect(del.status).toBe(302)
      const edit = await post('/Delete', cookie, productForm({ intent: 'update', id: list[0]!.id, ...spices }))
      expect(edit.status).toBe(302)
      // The JSON twins the pages' upload script uses answer 403.
      expect((await post('/api/admin/products', cookie, productForm(spices))).status).toBe(403)
      expect((await post(`/api/admin/products/${list[0]!.id}`, cookie, productForm({ intent: 'delete' }))).status).toBe(403)
    }
    expect(await productCount(adminCookie)).toBe(before)
    expect((await fetch(`${server.url}/api/products/${list[0]!.id}`)).status).toBe(200)
  })
})

describe('adding, editing and deleting as the admin', () => {
  let id = ''

  it('adds a product with two images through a multipart post', async () => {
    const response = await post(
      '/api/admin/products',
      adminCookie,
      productForm(spices, {
        frontImage: { bytes: await png({ r: 200, g: 30, b: 30 }), name: 'front.png', type: 'image/png' },
        backImage: { bytes: await png({ r: 30, g: 30, b: 200 }), name: 'back.png', type: 'image/png' },
      }),
    )
    const body = (await response.json()) as { ok: boolean; message: string; product: { id: string } }
    expect(response.status).toBe(200)
    expect(body.message).toBe('Product added successfully!')
    id = body.product.id
    const product = (await (await fetch(`${server.url}/api/products/${id}`)).json()) as Record<string, unknown>
    expect(product).toMatchObject({ name: 'Test Pepper', category: 'spices', price: 149.5, stockCount: 12 })
    expect(product.imageUrl).toMatch(/^\/media\/[a-f0-9]{32}-960\.webp$/)
    expect(product.backsideImageUrl).toMatch(/^\/media\/[a-f0-9]{32}-960\.webp$/)
    expect(product.imageUrl).not.toBe(product.backsideImageUrl)
    const image = await fetch(`${server.url}${product.imageUrl}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toContain('image/webp')
  })

  it('answers the plain form post with the page and its message', async () => {
    const response = await post('/Admin', adminCookie, productForm({ ...spices, name: 'Plain Form Pepper' }))
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Product added successfully!')
  })

  it('keeps what was typed and says why when a field is wrong', async () => {
    const response = await post('/Admin', adminCookie, productForm({ ...spices, name: 'Kept Name', price: '-3' }))
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('An error occurred while adding the product.')
    expect(html).toContain('Price must be a positive amount in rupees')
    expect(html).toContain('value="Kept Name"')
  })

  it('refuses a non-image renamed .jpg and stores nothing', async () => {
    const before = await productCount(adminCookie)
    const response = await post(
      '/api/admin/products',
      adminCookie,
      productForm(
        { ...spices, name: 'Fake Image' },
        { frontImage: { bytes: Buffer.from('%PDF-1.4 not a picture at all'.repeat(20)), name: 'photo.jpg', type: 'image/jpeg' } },
      ),
    )
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    const body = (await response.json()) as { ok: boolean; error: string; reason: string; imageErrors: Record<string, string> }
    expect(body.error).toBe('An error occurred while adding the product.')
    expect(body.imageErrors.frontImage).toMatch(/^Front image: /)
    expect(await productCount(adminCookie)).toBe(before)
  })

  // Each beside a good picture of its own, which must not be kept either: one refused picture stores nothing.
  it('refuses a truncated JPEG, names it, and stores nothing', async () => {
    const before = await productCount(adminCookie)
    const filesBefore = mediaFiles()
    const demo = path.resolve(import.meta.dirname, '../../app/features/catalogue/demo-images/erode-turmeric-powder-back.webp')
    const jpeg = await sharp(demo).jpeg({ quality: 90 }).toBuffer()
    const response = await post(
      '/api/admin/products',
      adminCookie,
      productForm(
        { ...spices, name: 'Cut Image' },
        {
          frontImage: { bytes: await png({ r: 11, g: 120, b: 7 }), name: 'front.png', type: 'image/png' },
          backImage: { bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), name: 'back.jpg', type: 'image/jpeg' },
        },
      ),
    )
    expect(response.status).toBe(422)
    const body = (await response.json()) as { ok: boolean; error: string; imageErrors: Record<string, string> }
    expect(body.ok).toBe(false)
    expect(body.imageErrors).toEqual({ backImage: 'Backside image: The image could not be processed; it may be damaged.' })
    expect(await productCount(adminCookie)).toBe(before)
    expect(mediaFiles()).toEqual(filesBefore)
  })

  it('refuses a 50-megapixel picture, however small the file, and stores nothing', async () => {
    const before = await productCount(adminCookie)
    const filesBefore = mediaFiles()
    const huge = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: { r: 90, g: 140, b: 60 } } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(huge.length).toBeLessThan(1024 * 1024)
    const response = await post(
      '/api/admin/products',
      adminCookie,
      productForm(
        { ...spices, name: 'Giant Image' },
        {
          frontImage: { bytes: huge, name: 'giant.png', type: 'image/png' },
          backImage: { bytes: await png({ r: 12, g: 121, b: 8 }), name: 'back.png', type: 'image/png' },
        },
      ),
    )
    expect(response.status).toBe(422)
    const body = (await response.json()) as { ok: boolean; error: string; imageErrors: Record<string, string> }
    expect(body.ok).toBe(false)
    expect(body.imageErrors).toEqual({ frontImage: 'Front image: The image is too large: at most 40 megapixels.' })
    expect(await productCount(adminCookie)).toBe(before)
    expect(mediaFiles()).toEqual(filesBefore)
  })

  it('refuses an 11 MB file with a clear message and stores nothing', async () => {
    const before = await productCount(adminCookie)
    const big = Buffer.concat([await png({ r: 1, g: 2, b: 3 }), Buffer.alloc(11 * 1024 * 1024, 7)])
    const response = await postEarlyAnswer(
      '/api/admin/products',
      adminCookie,
      productForm({ ...spices, name: 'Huge Image' }, { frontImage: { bytes: big, name: 'big.png', type: 'image/png' } }),
    )
    expect(response.status).toBe(413)
    const body = JSON.parse(response.body) as { reason: string }
    expect(body.reason).toBe('The front image is larger than 10 MB.')
    expect(await productCount(adminCookie)).toBe(before)
  })

  it('edits the product, keeping its pictures when none are chosen', async () => {
    const old = (await (await fetch(`${server.url}/api/products/${id}`)).json()) as Record<string, unknown>
    const response = await post(
      `/api/admin/products/${id}`,
      adminCookie,
      productForm({ intent: 'update', ...spices, name: 'Test Pepper Renamed', price: '199', stockCount: '3', shownStockCount: '12' }),
    )
    expect(response.status).toBe(200)
    expect(((await response.json()) as { message: string }).message).toBe('Test Pepper Renamed was saved.')
    const product = (await (await fetch(`${server.url}/api/products/${id}`)).json()) as Record<string, unknown>
    expect(product).toMatchObject({ name: 'Test Pepper Renamed', price: 199, stockCount: 3, imageUrl: old.imageUrl })
  })

  it('deletes a product no order names', async () => {
    const response = await post('/Delete', adminCookie, productForm({ intent: 'delete', id }))
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Test Pepper Renamed was deleted.')
    expect((await fetch(`${server.url}/api/products/${id}`)).status).toBe(404)
    const again = await post(`/api/admin/products/${id}`, adminCookie, productForm({ intent: 'delete' }))
    expect(again.status).toBe(404)
  })
})

describe('the product manager in pages (decision 038)', () => {
  const PER_PAGE = 25
  const listPage = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie: adminCookie } })
    const html = await response.text()
    expect(html, path).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.server\.ts/)
    // Each row names its product in a row header, and its Edit link carries its id.
    const ids = [...html.matchAll(/href="[^"]*[?&](?:amp;)?edit=([A-Za-z0-9_-]+)"/g)].map((m) => m[1]!)
    return { status: response.status, html, ids, total: Number(html.match(/(\d+) products?/)?.[1]) }
  }
  const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))

  it('lists 25 products a page with the total count, the next pages holding the rest', async () => {
    const first = await listPage('/Delete')
    expect(first.status).toBe(200)
    const pageCount = Math.ceil(first.total / PER_PAGE)
    expect(pageCount, 'the demo catalogue fills more than one page').toBeGreaterThan(1)
    expect(first.ids).toHaveLength(PER_PAGE)
    expect(first.html).toContain(`Page 1 of ${pageCount}`)
    const seen = new Set(first.ids)
    for (let n = 2; n <= pageCount; n++) {
      const next = await listPage(`/Delete?page=${n}`)
      expect(next.status).toBe(200)
      expect(next.total, 'the count is of every product, not of the page').toBe(first.total)
      expect(next.html).toContain(`Page ${n} of ${pageCount}`)
      expect(next.ids).toHaveLength(n < pageCount ? PER_PAGE : first.total - PER_PAGE * (pageCount - 1))
      for (const id of next.ids) {
        expect(seen.has(id), `${id} on two pages`).toBe(false)
        seen.add(id)
      }
    }
    expect(seen.size).toBe(first.total)
  })

  it('keeps the search in the pager and in the dialogs, and opens the edit dialog of a product on page 2', async () => {
    // Most names hold an "a": more than one page of them.
    const first = await listPage('/Delete?q=a')
    const pageCount = Math.ceil(first.total / PER_PAGE)
    expect(first.total).toBeGreaterThan(PER_PAGE)
    expect(first.total).toBeLessThan((await listPage('/Delete')).total)
    expect(first.html).toMatch(new RegExp(`${first.total} products(<!-- -->)? found`))
    expect(hrefs(first.html)).toContain('/Delete?q=a&page=2')
    const second = await listPage('/Delete?q=a&page=2')
    expect(second.status).toBe(200)
    expect(second.total).toBe(first.total)
    expect(second.ids).toHaveLength(Math.min(PER_PAGE, first.total - PER_PAGE))
    expect(second.ids.some((id) => first.ids.includes(id))).toBe(false)
    expect(second.html).not.toContain('Edit Product')
    expect(hrefs(second.html)).toContain('/Delete?q=a')
    if (pageCount > 2) expect(hrefs(second.html)).toContain('/Delete?q=a&page=3')
    // Edit and Delete keep the page, and the dialog opens there, with the way back to page 2.
    const id = second.ids[0]!
    expect(hrefs(second.html)).toContain(`/Delete?q=a&page=2&edit=${id}`)
    expect(hrefs(second.html)).toContain(`/Delete?q=a&page=2&delete=${id}`)
    const editing = await listPage(`/Delete?q=a&page=2&edit=${id}`)
    expect(editing.html).toContain('Edit Product')
    expect(editing.html).toMatch(new RegExp(`<input[^>]*name="id"[^>]*value="${id}"`))
    expect(editing.html).toMatch(/<form[^>]*action="\/Delete\?q=a&amp;page=2"/)
    // An address naming a product that is not on its page still opens its dialog (read by id).
    const elsewhere = await listPage(`/Delete?edit=${id}`)
    expect(elsewhere.html).toContain('Edit Product')
    expect(elsewhere.html).toMatch(new RegExp(`<input[^>]*name="id"[^>]*value="${id}"`))
    const deleting = await listPage(`/Delete?delete=${id}`)
    expect(deleting.html).toContain('Delete Product')
  })

  it('answers 400 with the first or the last page, never a 500, for a page it does not have', async () => {
    const all = await listPage('/Delete')
    const pageCount = Math.ceil(all.total / PER_PAGE)
    const last = await listPage(`/Delete?page=${pageCount}`)
    for (const bad of ['0', 'abc', '%00', '-3', '2.5', '9'.repeat(30)]) {
      const answer = await listPage(`/Delete?page=${bad}`)
      expect(answer.status, bad).toBe(400)
      expect(answer.html, bad).toContain('Pages are numbered 1, 2, 3 and so on')
      expect(answer.ids, bad).toEqual(all.ids)
      expect(answer.total, bad).toBe(all.total)
    }
    const past = await listPage('/Delete?page=99999')
    expect(past.status).toBe(400)
    expect(past.html).toContain(`There is no page 99999: here is page ${pageCount}, the last.`)
    expect(past.ids).toEqual(last.ids)
    expect(past.total).toBe(all.total)
    // A search with one page: page 2 of it is its first.
    const one = await listPage('/Delete?q=Turmeric&page=2')
    expect(one.status).toBe(400)
    expect(one.ids.length).toBeGreaterThan(0)
  })
})
