import { describe, expect, it } from 'vitest'
import { type RenderedPage, PageCache, etagOf, hasShopCookie, isCataloguePath, isPrivateAnswer, matchesEtag } from './page-cache.server'

const page = (text: string, over: Partial<RenderedPage> = {}): RenderedPage => {
  const body = Buffer.from(text)
  return {
    status: 200,
    headers: [['content-type', 'text/html']],
    body,
    etag: etagOf(body),
    contentSecurityPolicy: undefined,
    shareable: true,
    ...over,
  }
}

function clock() {
  let now = 1_000
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

describe('the page cache', () => {
  it('reuses a page while it is fresh, then renders it again', async () => {
    const time = clock()
    const cache = new PageCache({ freshForMs: 1_000, maxPages: 10, now: time.now })
    let renders = 0
    const render = async () => page(`render ${++renders}`)
    expect((await cache.getOrRender('GET /herb-ro', render))?.body.toString()).toBe('render 1')
    time.advance(999)
    expect((await cache.getOrRender('GET /herb-ro', render))?.body.toString()).toBe('render 1')
    time.advance(1)
    expect((await cache.getOrRender('GET /herb-ro', render))?.body.toString()).toBe('render 2')
  })

  it('renders once for visitors arriving together', async () => {
    const cache = new PageCache({ freshForMs: 1_000, maxPages: 10 })
    let renders = 0
    let finish!: () => void
    const render = () => new Promise<RenderedPage>((resolve) => (finish = () => resolve(page(`render ${++renders}`))))
    const visitors = Array.from({ length: 50 }, () => cache.getOrRender('GET /', render))
    finish()
    const pages = await Promise.all(visitors)
    expect(renders).toBe(1)
    expect(new Set(pages.map((p) => p?.body.toString()))).toEqual(new Set(['render 1']))
  })

  it('keeps no page rendered before a change, and later visitors do not wait for it', async () => {
    const cache = new PageCache({ freshForMs: 60_000, maxPages: 10 })
    let finishOld!: () => void
    const old = cache.getOrRender(
      'GET /',
      () => new Promise<RenderedPage>((resolve) => (finishOld = () => resolve(page('before the change')))),
    )
    cache.clear()
    const after = await cache.getOrRender('GET /', async () => page('after the change'))
    finishOld()
    expect((await old)?.body.toString()).toBe('before the change')
    expect(after?.body.toString()).toBe('after the change')
    expect((await cache.getOrRender('GET /', async () => page('third')))?.body.toString()).toBe('after the change')
  })

  it('keeps only shareable 200s; an answer for one visitor is not given to the others', async () => {
    const cache = new PageCache({ freshForMs: 60_000, maxPages: 10 })
    expect((await cache.getOrRender('GET /product/x', async () => page('not found', { status: 404 })))?.status).toBe(404)
    expect(cache.size).toBe(0)
    let finish!: () => void
    const first = cache.getOrRender(
      'GET /',
      () => new Promise<RenderedPage>((resolve) => (finish = () => resolve(page('with a cookie', { shareable: false })))),
    )
    const second = cache.getOrRender('GET /', async () => page('unused'))
    finish()
    expect((await first)?.body.toString()).toBe('with a cookie')
    expect(await second).toBeNull()
    expect(cache.size).toBe(0)
  })

  it('holds a bounded number of pages, dropping the oldest', async () => {
    const cache = new PageCache({ freshForMs: 60_000, maxPages: 3 })
    for (const n of [1, 2, 3, 4]) await cache.getOrRender(`GET /product?q=${n}`, async () => page(String(n)))
    expect(cache.size).toBe(3)
    expect(cache.fresh('GET /product?q=1')).toBeUndefined()
    expect(cache.fresh('GET /product?q=4')?.body.toString()).toBe('4')
  })

  it('is off at 0 seconds', () => {
    expect(new PageCache({ freshForMs: 0, maxPages: 10 }).enabled).toBe(false)
  })
})

describe('what the page cache serves', () => {
  const shelves = new Set(['/herb-ro', '/herb-ro/tokku'])
  it('the catalogue: home, shelves and product pages, their data for client navigation, and the products API', () => {
    for (const path of [
      '/',
      '/_root.data',
      '/herb-ro',
      '/herb-ro/tokku.data',
      '/product',
      '/product/abc',
      '/product/Amla%20Powder/abc',
      '/product/abc.data',
      '/api/products',
      '/api/products/abc',
      '/ta',
      '/ta/_root.data',
      '/ta/herb-ro',
      '/ta/product/abc.data',
    ]) {
      expect(isCataloguePath(path, shelves), path).toBe(true)
    }
    for (const path of [
      '/Cart-page',
      '/checkout',
      '/my-orders',
      '/dash',
      '/api/cart/quote',
      '/api/admin/products',
      '/api/products/a/b',
      '/product/a/b/c',
      '/herb-ro/other',
      '/ta/Cart-page',
      '/ta/dash',
      '/tamil',
    ]) {
      expect(isCataloguePath(path, shelves), path).toBe(false)
    }
  })
  it('only to visitors without the shop’s cookies', () => {
    expect(hasShopCookie(undefined)).toBe(false)
    expect(hasShopCookie('theme=dark; _ga=1')).toBe(false)
    expect(hasShopCookie('shop.session_token=abc')).toBe(true)
    expect(hasShopCookie('theme=dark; __Secure-shop.session_token=abc')).toBe(true)
    expect(hasShopCookie('myshop.x=1')).toBe(false)
  })
  it('answers If-None-Match with the same ETag, weak or strong, or *', () => {
    const etag = etagOf(Buffer.from('page'))
    expect(matchesEtag(etag, etag)).toBe(true)
    expect(matchesEtag(`"other", W/${etag}`, etag)).toBe(true)
    expect(matchesEtag('*', etag)).toBe(true)
    expect(matchesEtag('"other"', etag)).toBe(false)
    expect(matchesEtag(undefined, etag)).toBe(false)
    expect(etagOf(Buffer.from('page 2'))).not.toBe(etag)
  })
})

describe('isPrivateAnswer', () => {
  it('marks answers of the signed-in, of a guest’s order, of account paths and that set cookies as private', () => {
    expect(isPrivateAnswer({ path: '/', cookieHeader: 'shop.session_token=abc' }, false)).toBe(true)
    expect(isPrivateAnswer({ path: '/track', cookieHeader: 'theme=dark; tracked=xyz' }, false)).toBe(true)
    expect(isPrivateAnswer({ path: '/order-success', cookieHeader: 'buyer=xyz' }, false)).toBe(true)
    for (const path of [
      '/dash',
      '/dash.data',
      '/ta/dash',
      '/ta/dash/orders/1.data',
      '/ta/my-orders',
      '/dash/orders/1',
      '/Admin',
      '/Delete',
      '/my-orders',
      '/my-orders.data',
      '/api/admin/products',
    ]) {
      expect(isPrivateAnswer({ path, cookieHeader: undefined }, false), path).toBe(true)
    }
    expect(isPrivateAnswer({ path: '/Signin', cookieHeader: undefined }, true)).toBe(true)
  })

  it('leaves a visitor’s catalogue and contact pages alone', () => {
    for (const path of ['/', '/herb-ro', '/herb-ro.data', '/contact', '/dashboard-tips', '/api/products']) {
      expect(isPrivateAnswer({ path, cookieHeader: 'theme=dark' }, false), path).toBe(false)
    }
  })
})
