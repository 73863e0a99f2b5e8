import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { inLanguage } from '~/i18n/language.server'
import { CATEGORIES, PACK_SIZES, isSizedCategory } from './categories'
import { NET_OF_PACK } from './declarations'
import { DEMO_PACKER, DEMO_PRODUCTS, demoDeclarations, demoMrp, demoNet, demoShippedWeight } from './demo-catalogue'
import { DEMO_TAMIL } from './demo-catalogue-tamil'
import { DEMO_LABELS } from './demo-labels'
import { HOME_SHOWCASES } from './home-showcases'
import { SHOWCASE_LAYOUT } from './home-showcase-layout'
import { demoImagesFolder } from './seed.server'

const bySlug = new Map(DEMO_PRODUCTS.map((p) => [p.slug, p]))

describe('home showcases', () => {
  it('words the sections and their items in the page’s language', () => {
    const [fruits] = HOME_SHOWCASES
    expect([fruits!.title, fruits!.items[0]!.label]).toEqual(['Freeze Dried Fruits', 'Banana'])
    const tamil = inLanguage('ta', () => [fruits!.title, fruits!.line, fruits!.imageAlt, fruits!.items[0]!.label])
    expect(tamil).toEqual([
      'உறை-உலர் பழங்கள்',
      'தென்னிந்தியத் தோப்புகளின் பழுத்த பழங்கள், எதுவும் சேர்க்காமல் மொறுமொறுப்பாக உறை-உலர்வை.',
      'வாழைப்பழம், மாம்பழம், சப்போட்டா, ஆப்பிள் மற்றும் பிற பழங்களின் ஓவியம்',
      'வாழைப்பழம்',
    ])
  })

  it('lists the spec’s four sections with their item counts', () => {
    expect(HOME_SHOWCASES.map((s) => [s.title, s.items.length])).toEqual([
      ['Freeze Dried Fruits', 12],
      ['Freeze Dried Vegetables', 17],
      ['Dehydrated Herbs', 17],
      ['Ready to Eat', 23],
    ])
  })

  it('names every item of the spec’s lists in the spec’s order', () => {
    const labels = (id: string) =>
      HOME_SHOWCASES.find((s) => s.id === id)!
        .items.map((i) => i.label)
        .join(', ')
    expect(labels('freeze-dried-fruits')).toBe(
      'Banana, Mango, Sapota, Apple, Pomegranate, Kiwi, Strawberry, Orange, Papaya, Jackfruits, Olives, Custard Apple',
    )
    expect(labels('freeze-dried-vegetables')).toBe(
      'Okra, Green Peas, Sweet Corn, Onion, Garlic, Tomato, French Beans, Flat Beans, Spring Onion, Carrot, Bell Pepper, ' +
        'Bitter Gourd, White Button Mushroom, Brinjal, Cabbage, Zucchini, Drumstick',
    )
    expect(labels('dehydrated-herbs')).toBe(
      'Basil, Amla, Sapota, Celery, Chives, Coriander, Mint, Oregano, Wheat Grass, Parsley, Peppercorn, Ginger, Spanish, ' +
        'Green Chilli, Red Chilli, Lemongrass, Methi Leaves',
    )
  })

  it('points every item at a distinct demo product of the section’s category', () => {
    for (const showcase of HOME_SHOWCASES) {
      const slugs = showcase.items.map((i) => i.slug)
      expect(new Set(slugs).size, showcase.id).toBe(slugs.length)
      for (const item of showcase.items) {
        expect(bySlug.get(item.slug)?.category, `${showcase.id}: ${item.label}`).toBe(showcase.category)
      }
    }
  })

  it('gives every section a picture', () => {
    for (const showcase of HOME_SHOWCASES) {
      expect(showcase.image, showcase.id).toMatch(/\.webp($|\?)/)
      expect(showcase.imageAlt.length).toBeGreaterThan(10)
    }
  })

  it('offers every ready-to-eat kind the spec names', () => {
    const names = HOME_SHOWCASES.find((s) => s.id === 'ready-to-eat')!
      .items.map((i) => i.label)
      .join(' ')
    for (const kind of [/Rice|Bath|Puliyogare/, /Kuzhambu|Sambar|Kurma/, /Chutney/, /Kambu|Thinai|Samai|Ragi/, /Soup|Rasam/]) {
      expect(names).toMatch(kind)
    }
  })
})

describe('demo catalogue', () => {
  it('names every product in Tamil, in Tamil script, each name its own', () => {
    const untranslated = DEMO_PRODUCTS.filter((p) => !/[\u0B80-\u0BFF]/.test(p.nameTa)).map((p) => p.slug)
    expect(untranslated).toEqual([])
    expect(new Set(DEMO_PRODUCTS.map((p) => p.nameTa)).size).toBe(DEMO_PRODUCTS.length)
    // Every Tamil text is for a product of the catalogue (a renamed slug would leave one behind).
    expect(Object.keys(DEMO_TAMIL).filter((slug) => !bySlug.has(slug))).toEqual([])
  })

  it('describes in Tamil every product the home page’s showcases name', () => {
    const slugs = HOME_SHOWCASES.flatMap((s) => s.items.map((i) => i.slug))
    const missing = slugs.filter((slug) => !/[\u0B80-\u0BFF]/.test(bySlug.get(slug)?.descriptionTa ?? ''))
    expect(missing).toEqual([])
  })

  it('has unique kebab-case slugs and unique names', () => {
    const slugs = DEMO_PRODUCTS.map((p) => p.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(new Set(DEMO_PRODUCTS.map((p) => p.name)).size).toBe(DEMO_PRODUCTS.length)
  })

  it('stocks every category, and the biscuits shelf', () => {
    for (const category of CATEGORIES) {
      expect(DEMO_PRODUCTS.filter((p) => p.category === category).length, category).toBeGreaterThanOrEqual(6)
    }
    const biscuits = DEMO_PRODUCTS.filter((p) => p.subcategory === 'biscuits')
    expect(biscuits.length).toBeGreaterThanOrEqual(6)
    expect(biscuits.every((p) => p.category === 'herbal')).toBe(true)
  })

  it('prices sized products per pack, bigger packs dearer but cheaper per gram', () => {
    const grams = { '250g': 250, '500g': 500, '1kg': 1000 } as const
    for (const p of DEMO_PRODUCTS) {
      if (!isSizedCategory(p.category)) {
        expect(p.prices, p.slug).toBeUndefined()
        expect(Number.isInteger(p.price) && p.price! > 0, p.slug).toBe(true)
        expect(typeof p.stock, p.slug).toBe('number')
        continue
      }
      expect(p.price, p.slug).toBeUndefined()
      const prices = PACK_SIZES.map((s) => p.prices![s])
      expect(
        prices.every((n) => Number.isInteger(n) && n > 0),
        p.slug,
      ).toBe(true)
      expect(prices[0]! < prices[1]! && prices[1]! < prices[2]!, p.slug).toBe(true)
      const perGram = PACK_SIZES.map((s) => p.prices![s] / grams[s])
      expect(perGram[0]! > perGram[1]! && perGram[1]! > perGram[2]!, p.slug).toBe(true)
    }
  })

  it('has some products out of stock, whole or in one pack size', () => {
    const stockOf = (p: (typeof DEMO_PRODUCTS)[number]) => PACK_SIZES.map((s) => (typeof p.stock === 'number' ? p.stock : p.stock[s]))
    expect(DEMO_PRODUCTS.filter((p) => p.price !== undefined && p.stock === 0).length).toBeGreaterThanOrEqual(3)
    const sized = DEMO_PRODUCTS.filter((p) => p.prices)
    expect(sized.some((p) => stockOf(p).every((n) => n === 0))).toBe(true)
    expect(sized.some((p) => stockOf(p).filter((n) => n === 0).length === 1)).toBe(true)
    // Most of the shop can be bought.
    expect(DEMO_PRODUCTS.filter((p) => stockOf(p).some((n) => n > 0)).length).toBeGreaterThan(DEMO_PRODUCTS.length * 0.9)
  })

  it('describes every product in a sentence or three', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.description.length, p.slug).toBeGreaterThan(30)
      expect(p.description.length, p.slug).toBeLessThan(320)
    }
  })

  it('has a distinct front and back picture file for every product', () => {
    const folder = demoImagesFolder()
    for (const p of DEMO_PRODUCTS) {
      const front = fs.readFileSync(path.join(folder, `${p.slug}-front.webp`))
      const back = fs.readFileSync(path.join(folder, `${p.slug}-back.webp`))
      expect(front.subarray(8, 12).toString(), p.slug).toBe('WEBP')
      expect(back.subarray(8, 12).toString(), p.slug).toBe('WEBP')
      expect(front.equals(back), p.slug).toBe(false)
    }
    // No leftover pictures of products that are gone.
    const expected = new Set(DEMO_PRODUCTS.flatMap((p) => [`${p.slug}-front.webp`, `${p.slug}-back.webp`]))
    expect(fs.readdirSync(folder).filter((f) => !expected.has(f))).toEqual([])
  })
})

describe('the demo catalogue’s labels (decision 039)', () => {
  it('declares for every product what its listing must show, believably', () => {
    expect(Object.keys(DEMO_LABELS).sort()).toEqual(DEMO_PRODUCTS.map((p) => p.slug).sort())
    for (const p of DEMO_PRODUCTS) {
      const d = demoDeclarations(p)
      expect(d.ingredients.length, p.slug).toBeGreaterThan(3)
      expect(d.allergens.length, p.slug).toBeGreaterThan(3)
      expect(d.shelfLifeMonths, p.slug).toBeGreaterThanOrEqual(1)
      expect(d.storage.length, p.slug).toBeGreaterThan(10)
      expect(d.manufacturer).toBe(DEMO_PACKER)
      expect(d.countryOfOrigin).toBe('India')
      expect(d.dietMark, p.slug).toBe(
        p.category === 'essential-oils' || ['herbal-hair-oil', 'nalangu-maavu-bath-powder'].includes(p.slug) ? 'none' : 'veg',
      )
      if (p.price !== undefined) {
        expect(demoNet(p), p.slug).not.toBeNull()
        expect(demoMrp(p, 'one'), p.slug).toBeGreaterThanOrEqual(p.price)
      } else {
        for (const size of PACK_SIZES) expect(demoMrp(p, size), `${p.slug} ${size}`).toBeGreaterThanOrEqual(p.prices![size])
      }
    }
  })

  it('gives every pack a shipped weight above what it holds, in whole grams a courier takes', () => {
    for (const p of DEMO_PRODUCTS) {
      const packs = p.price !== undefined ? [['one', demoNet(p)!] as const] : PACK_SIZES.map((size) => [size, NET_OF_PACK[size]] as const)
      for (const [size, net] of packs) {
        const grams = demoShippedWeight(p, size)
        const pack = `${p.slug} ${size}`
        expect(Number.isInteger(grams), pack).toBe(true)
        expect(grams, pack).toBeLessThanOrEqual(50_000)
        // Grams and millilitres (oils are lighter than water, but their bottle is not); a capsule or tablet weighs at least 0.3 g.
        expect(grams, pack).toBeGreaterThan(net.unit === 'unit' ? net.amount * 0.3 : net.amount)
        // The packing is not heavier than what it packs, but for small bottles and jars.
        if (net.unit === 'g' && p.category !== 'thokku') expect(grams, pack).toBeLessThan(net.amount * 2)
      }
    }
  })

  it('weighs the demo packs as such packs weigh', () => {
    const weight = (slug: string, size: 'one' | '250g' | '500g' | '1kg' = 'one') => demoShippedWeight(bySlug.get(slug)!, size)
    // A 100 g pouch of spice, a 250 g glass jar of thokku, 60 capsules, 1 kg of fruit in a pouch.
    expect(weight('idukki-green-cardamom')).toBe(130)
    expect(weight('tomato-thokku')).toBe(480)
    expect(weight('moringa-capsules')).toBe(90)
    expect(weight('freeze-dried-mango', '1kg')).toBe(1_080)
    expect(weight('freeze-dried-mango', '250g')).toBe(290)
    // 15 ml of essential oil in its dropper bottle and carton; 200 ml of hair oil in its bottle.
    expect(weight('lemongrass-essential-oil')).toBe(100)
    expect(weight('herbal-hair-oil')).toBe(270)
  })

  it('sells about a third below the MRP, of both kinds, so the saving shows', () => {
    const below = DEMO_PRODUCTS.filter((p) =>
      p.price !== undefined ? demoMrp(p, 'one') > p.price : demoMrp(p, '250g') > p.prices!['250g'],
    )
    expect(below.length).toBeGreaterThan(DEMO_PRODUCTS.length / 5)
    expect(below.length).toBeLessThan(DEMO_PRODUCTS.length / 2)
    expect(below.some((p) => p.price !== undefined) && below.some((p) => p.prices !== undefined)).toBe(true)
  })

  it('declares tree nuts on the cashews and gluten where asafoetida or wheat goes in', () => {
    expect(demoDeclarations(bySlug.get('panruti-cashews-w320')!).allergens).toMatch(/tree nuts/i)
    for (const p of DEMO_PRODUCTS) {
      const d = demoDeclarations(p)
      if (/wheat|asafoetida/i.test(d.ingredients) && !/gluten-free/i.test(d.ingredients)) expect(d.allergens, p.slug).toMatch(/gluten/i)
    }
  })
})

it('holds the same showcases in the page’s layout as in their words', () => {
  expect(SHOWCASE_LAYOUT.map((s) => [s.id, s.image, s.category, [...s.slugs]])).toEqual(
    HOME_SHOWCASES.map((s) => [s.id, s.image, s.category, s.items.map((i) => i.slug)]),
  )
})
