import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sharedTestServer, type SharedTestServer } from '../support/test-server'

// The pictures of the server-rendered pages, as the page-speed budget asks: responsive WebP (srcset and
// sizes), explicit width and height (no layout shift), the page's first picture eager with high fetch priority
// when it is the largest paint, the rest lazy. On the demo catalogue, whose products all have pictures.

let server: SharedTestServer
beforeAll(async () => {
  server = await sharedTestServer()
})
afterAll(async () => {
  await server?.stop()
})

type Img = Record<string, string>

/** The <img> tags inside the page's <main>, attribute names in lower case (React writes srcSet, fetchPriority). */
async function picturesOf(path: string) {
  const response = await fetch(`${server.url}${path}`)
  expect(response.status, path).toBe(200)
  const html = await response.text()
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
  expect(main.length, `${path} has a <main>`).toBeGreaterThan(0)
  return [...main.matchAll(/<img\b([^>]*)>/g)].map(([, attributes]) => {
    const img: Img = {}
    for (const [, name, value] of attributes!.matchAll(/([\w-]+)="([^"]*)"/g)) img[name!.toLowerCase()] = value!.replaceAll('&amp;', '&')
    return img
  })
}

/** srcset's candidates as [url, width]. */
function candidates(img: Img) {
  return img.srcset!.split(',').map((c) => {
    const [url, descriptor] = c.trim().split(/\s+/)
    expect(descriptor, img.srcset).toMatch(/^\d+w$/)
    return [url!, Number.parseInt(descriptor!, 10)] as const
  })
}

function expectResponsive(img: Img, where: string) {
  expect(img.srcset, `${where}: srcset`).toBeTruthy()
  expect(img.sizes, `${where}: sizes`).toBeTruthy()
  expect(Number(img.width), `${where}: width`).toBeGreaterThan(0)
  expect(Number(img.height), `${where}: height`).toBeGreaterThan(0)
  expect(img.alt, `${where}: alt`).toBeTruthy()
  for (const [url] of candidates(img)) expect(url, where).toMatch(/\.webp$/)
}

const isFirstPriority = (img: Img) => img.loading === 'eager' && img.fetchpriority === 'high'

describe('pictures on the pages', () => {
  it('home: the hero first, eager with high priority (the largest paint on a phone); every other picture lazy; the showcases in every width, hashed and cached for good', async () => {
    const [hero, ...rest] = await picturesOf('/')
    expectResponsive(hero!, 'the hero')
    expect(hero!.loading).toBe('eager')
    expect(hero!.fetchpriority).toBe('high')
    for (const img of rest) {
      expect(img.loading, img.alt).toBe('lazy')
      expect(img.fetchpriority, img.alt).not.toBe('high')
    }
    // The featured products' cards, then the spec's four showcases (build assets).
    const pictures = rest.filter((img) => img.src!.startsWith('/assets/'))
    expect(pictures).toHaveLength(4)
    expect(rest.length).toBeGreaterThan(4)
    for (const img of pictures) {
      expectResponsive(img, img.alt!)
      expect(img.width).toBe('960')
      expect(img.height).toBe('640')
      expect(img.loading, img.alt).toBe('lazy')
      expect(img.fetchpriority, img.alt).not.toBe('high')
      const widths = candidates(img)
      expect(widths.map(([, w]) => w)).toEqual([320, 480, 640, 720, 960])
      expect(img.src).toBe(widths.at(-1)![0])
      for (const [url, width] of widths) {
        // A build asset with its content's hash in the name, served as immutable, exactly as wide as srcset says.
        expect(url).toMatch(/^\/assets\/[a-z-]+(-\d+)?-[\w-]{6,}\.webp$/)
        const response = await fetch(`${server.url}${url}`)
        expect(response.status, url).toBe(200)
        expect(response.headers.get('content-type')).toBe('image/webp')
        expect(response.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/)
        const { width: actual, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
        expect(actual, url).toBe(width)
        expect(height, url).toBe(Math.round((width * 2) / 3))
      }
    }
  })

  for (const shelf of ['/herb-ro', '/free-products']) {
    it(`${shelf}: the first product picture eager with high priority, every other lazy`, async () => {
      const pictures = await picturesOf(shelf)
      expect(pictures.length).toBeGreaterThan(5)
      pictures.forEach((img, i) => expectResponsive(img, `${shelf} picture ${i}`))
      expect(isFirstPriority(pictures[0]!), JSON.stringify(pictures[0])).toBe(true)
      for (const img of pictures.slice(1)) {
        expect(img.loading, img.alt).toBe('lazy')
        expect(img.fetchpriority, img.alt).not.toBe('high')
      }
    })
  }

  it('product pages of both shapes: the front eager with high priority, the back lazy', async () => {
    const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as {
      products: { url: string; backsideImageUrl: string }[]
    }
    const single = products.find((p) => /^\/product\/[^/]+$/.test(p.url) && p.backsideImageUrl)!
    const sized = products.find((p) => /^\/product\/[^/]+\/[^/]+$/.test(p.url) && p.backsideImageUrl)!
    for (const { url } of [single, sized]) {
      const [front, back, ...others] = await picturesOf(url)
      expect(others, url).toEqual([])
      expectResponsive(front!, `${url} front`)
      expectResponsive(back!, `${url} back`)
      expect(front!.alt).toMatch(/front of the pack$/)
      expect(isFirstPriority(front!), JSON.stringify(front)).toBe(true)
      expect(back!.alt).toMatch(/back of the pack$/)
      expect(back!.loading).toBe('lazy')
      expect(back!.fetchpriority).not.toBe('high')
    }
  })
})
