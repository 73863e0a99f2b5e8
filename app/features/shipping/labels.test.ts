import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createCanvas } from '@napi-rs/canvas'
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { describe, expect, it } from 'vitest'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import { pdfPages, pdfText } from '../../../tests/support/pdf-text'
import { LabelDoesNotFitError, type PackingSlip, packingSlipsPdf, type ShippingLabel, shippingLabelsPdf } from './labels.server'

// The decoder's WebAssembly from the package itself: by default it would be fetched from a CDN.
const require = createRequire(import.meta.url)
prepareZXingModule({
  overrides: { wasmBinary: new Uint8Array(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))).buffer },
})

const A6 = { width: 297.64, height: 419.53 }

const shop: ShippingLabel['returnTo'] = {
  name: 'Kaadu Organics',
  lines: ['No. 14, SIDCO Industrial Estate', 'Kurichi, Coimbatore', 'Tamil Nadu 641021, India'],
  phone: '+91 94430 21876',
}

function label(overrides: Partial<ShippingLabel> = {}): ShippingLabel {
  return {
    orderNumber: 'KO-1042',
    to: {
      name: 'Meena Sundaram',
      lines: ['12', 'Gandhi Road', 'Opposite the temple tank'],
      city: 'Madurai',
      state: 'Tamil Nadu',
      pinCode: '625001',
      phone: '98765 43210',
    },
    returnTo: shop,
    weightGrams: 1250,
    courier: 'India Post',
    trackingNumber: 'EK123456789IN',
    collect: { method: 'cod', amountPaise: 123_400 },
    ...overrides,
  }
}

function slip(overrides: Partial<PackingSlip> = {}): PackingSlip {
  return {
    orderNumber: 'KO-1042',
    orderedAt: new Date('2026-11-24T06:30:00Z'),
    customerName: 'Meena Sundaram',
    items: [
      { name: 'Freeze-dried Mango', packSize: '250g', quantity: 2 },
      { name: 'Turmeric Powder', packSize: '1kg', quantity: 1 },
      { name: 'Lemongrass Oil', packSize: null, quantity: 3 },
    ],
    weightGrams: 1840,
    collect: { method: 'prepaid' },
    ...overrides,
  }
}

/** Text with its runs of white space made one space: PDF text comes back in pieces. */
const squeeze = (text: string) => text.replace(/\s+/g, ' ')

async function openPdfDocument(pdf: Uint8Array) {
  return getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, disableFontFace: true, isEvalSupported: false }).promise
}

/** Each page's size in points. */
async function pageSizes(pdf: Uint8Array) {
  const document = await openPdfDocument(pdf)
  const sizes: Array<{ width: number; height: number }> = []
  for (let n = 1; n <= document.numPages; n++) {
    const { width, height } = (await document.getPage(n)).getViewport({ scale: 1 })
    sizes.push({ width, height })
  }
  await document.destroy()
  return sizes
}

/**
 * The barcodes a scanner would read on a page: the page is rendered by pdf.js onto a canvas at about 200 dpi and the
 * picture handed to ZXing, which knows nothing of how the label was made.
 */
async function barcodesOnPage(pdf: Uint8Array, pageNumber = 1) {
  const document = await openPdfDocument(pdf)
  const page = await document.getPage(pageNumber)
  const viewport = page.getViewport({ scale: 200 / 72 })
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height))
  const context = canvas.getContext('2d')
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  // pdf.js draws on any canvas with the browser's 2D API; @napi-rs/canvas is one.
  await page.render({ canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise
  const image = context.getImageData(0, 0, canvas.width, canvas.height)
  await document.destroy()
  const results = await readBarcodes(
    { data: new Uint8ClampedArray(image.data), width: image.width, height: image.height, colorSpace: 'srgb' } as ImageData,
    { formats: ['Code128'], tryHarder: true, maxNumberOfSymbols: 4 },
  )
  return results.filter((r) => r.isValid).map((r) => ({ format: r.format, text: r.text }))
}

/** Every piece of text on each page with its box, in points from the page's bottom left. */
async function textBoxes(pdf: Uint8Array) {
  const document = await openPdfDocument(pdf)
  const pages: Array<Array<{ str: string; left: number; right: number; bottom: number; top: number }>> = []
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent()
    pages.push(
      content.items.flatMap((item) =>
        'str' in item && item.str.trim()
          ? [
              {
                str: item.str,
                left: item.transform[4],
                right: item.transform[4] + item.width,
                bottom: item.transform[5],
                top: item.transform[5] + item.height,
              },
            ]
          : [],
      ),
    )
  }
  await document.destroy()
  return pages
}

/** Whether a page draws any picture: the barcode must be vector bars, not a bitmap. */
async function drawsImages(pdf: Uint8Array, pageNumber = 1) {
  const document = await openPdfDocument(pdf)
  const operators = await (await document.getPage(pageNumber)).getOperatorList()
  await document.destroy()
  const images = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject])
  return operators.fnArray.some((fn) => images.has(fn))
}

describe('a self-shipped parcel’s label', () => {
  it('holds both addresses, the weight, the courier and AWB, and a boxed COD amount to collect', async () => {
    const pdf = await shippingLabelsPdf([label()])
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-')
    const text = squeeze(await pdfText(pdf))
    for (const expected of [
      'To',
      'Meena Sundaram',
      '12',
      'Gandhi Road',
      'Opposite the temple tank',
      'Madurai, Tamil Nadu',
      'PIN 625001',
      'Phone 98765 43210',
      'From / return to',
      'Kaadu Organics',
      'No. 14, SIDCO Industrial Estate',
      'Kurichi, Coimbatore',
      'Tamil Nadu 641021, India',
      'Phone +91 94430 21876',
      'Weight 1.25 kg',
      'Courier: India Post',
      'Tracking number (AWB): EK123456789IN',
      'COD: collect ₹1,234.00',
    ]) {
      expect(text).toContain(expected)
    }
    expect(await pageSizes(pdf)).toEqual([A6])
  })

  it('for a prepaid parcel says to collect nothing, with no amount anywhere', async () => {
    const text = squeeze(await pdfText(await shippingLabelsPdf([label({ collect: { method: 'prepaid' } })])))
    expect(text).toContain('Prepaid: collect nothing')
    expect(text).not.toContain('COD')
    expect(text).not.toContain('₹')
  })

  it('leaves out the courier and tracking number until they are known, and names the parcel of a split order', async () => {
    const text = squeeze(
      await pdfText(await shippingLabelsPdf([label({ courier: null, trackingNumber: null, parcel: { number: 2, of: 3 } })])),
    )
    expect(text).not.toContain('Courier')
    expect(text).not.toContain('Tracking number')
    expect(text).toContain('Parcel 2 of 3')
  })

  it('carries the order number as a Code 128 barcode, drawn as bars, that a scanner reads back', async () => {
    const pdf = await shippingLabelsPdf([label()])
    expect(await barcodesOnPage(pdf)).toEqual([{ format: 'Code128', text: 'KO-1042' }])
    expect(await drawsImages(pdf)).toBe(false)
    // The number is printed under the bars too, for when the scanner fails.
    expect(squeeze(await pdfText(pdf)).match(/KO-1042/g)).toHaveLength(1)
  })

  it('reads back a long order number with an owner’s own prefix too', async () => {
    const pdf = await shippingLabelsPdf([label({ orderNumber: 'KAADU-987654321' })])
    expect(await barcodesOnPage(pdf)).toEqual([{ format: 'Code128', text: 'KAADU-987654321' }])
  })

  it('refuses an order number a Code 128 barcode cannot carry, saying which', async () => {
    await expect(shippingLabelsPdf([label({ orderNumber: 'KO-४२' })])).rejects.toThrow(
      'The order number "KO-४२" cannot be printed as a Code 128 barcode.',
    )
  })

  it('refuses to make an empty PDF when no parcel is chosen', async () => {
    await expect(shippingLabelsPdf([])).rejects.toThrow('There are no labels to print: choose at least one parcel.')
    await expect(packingSlipsPdf([])).rejects.toThrow('There are no packing slips to print: choose at least one parcel.')
  })

  it('wraps a long address in smaller type, every word of it inside the page, and still scans', async () => {
    const street =
      'Flat 4B, Second Floor, Sri Lakshmi Narasimha Residency, Door No. 27/3, Venkatachalapathy Nagar Extension Main Road, Behind the Old Panchayat Union Office'
    const landmark = 'Opposite the big banyan tree and the Ayyanar temple, next to the ration shop with the blue gate'
    const name = 'Thiruvenkatasamy Ramalingam Subramaniam Chidambaranathan'
    const pdf = await shippingLabelsPdf([
      label({
        to: {
          name,
          lines: ['No. 27/3', street, landmark],
          city: 'Tiruchirappalli',
          state: 'Tamil Nadu',
          pinCode: '620017',
          phone: '98400 12345',
        },
      }),
    ])
    const [page, ...more] = await textBoxes(pdf)
    expect(more).toEqual([])
    const text = squeeze(page!.map((box) => box.str).join(' '))
    for (const word of [...street.split(' '), ...landmark.split(' '), ...name.split(' ')]) expect(text).toContain(word)
    expect(text).toContain('COD: collect ₹1,234.00')
    for (const box of page!) {
      expect(box.left).toBeGreaterThanOrEqual(0)
      expect(box.right).toBeLessThanOrEqual(A6.width)
      expect(box.bottom).toBeGreaterThanOrEqual(0)
      expect(box.top).toBeLessThanOrEqual(A6.height)
    }
    // Wrapped, not run off the edge: the street alone takes more than one line.
    const streetLines = page!.filter((box) => street.includes(box.str.trim()) && box.str.trim().length > 3)
    expect(new Set(streetLines.map((box) => Math.round(box.bottom))).size).toBeGreaterThan(1)
    expect(await barcodesOnPage(pdf)).toEqual([{ format: 'Code128', text: 'KO-1042' }])
  })

  it('refuses, naming the order, an address too long for any type size rather than print it cut off', async () => {
    const endless = Array.from({ length: 60 }, (_, i) => `Cross street number ${i + 1}, beside the well`).join(', ')
    await expect(shippingLabelsPdf([label({ orderNumber: 'KO-77', to: { ...label().to, lines: [endless] } })])).rejects.toThrow(
      LabelDoesNotFitError,
    )
    await expect(shippingLabelsPdf([label({ orderNumber: 'KO-77', to: { ...label().to, lines: [endless] } })])).rejects.toThrow(
      /order KO-77/,
    )
  })

  it('prints 20 parcels as one PDF of 20 A6 pages, each with its own order, in well under a second', async () => {
    const labels = Array.from({ length: 20 }, (_, i) =>
      label({ orderNumber: `KO-${2001 + i}`, collect: i % 2 ? { method: 'prepaid' } : { method: 'cod', amountPaise: 50_000 + i * 100 } }),
    )
    await shippingLabelsPdf(labels.slice(0, 1)) // the fonts and the encoder load once, on the first label
    const started = performance.now()
    const pdf = await shippingLabelsPdf(labels)
    const took = performance.now() - started
    expect(await pageSizes(pdf)).toEqual(Array.from({ length: 20 }, () => A6))
    const pages = (await pdfPages(pdf)).map(squeeze)
    pages.forEach((page, i) => {
      expect(page).toContain(`KO-${2001 + i}`)
      expect(page).toContain(i % 2 ? 'Prepaid: collect nothing' : `COD: collect ₹${500 + i}.00`)
    })
    expect(await barcodesOnPage(pdf, 20)).toEqual([{ format: 'Code128', text: 'KO-2020' }])
    // Well under a second on a developer's machine; the bound leaves room for a busy CI runner.
    expect(took).toBeLessThan(1500)
  })
})

describe('a parcel’s packing slip', () => {
  it('lists every item with its pack and quantity and a box to tick, the order, date, weight and payment', async () => {
    const pdf = await packingSlipsPdf([slip()])
    expect(await pageSizes(pdf)).toEqual([A6])
    const text = squeeze(await pdfText(pdf))
    for (const expected of [
      'Packing slip',
      'Order KO-1042, placed on 24 Nov 2026',
      'For Meena Sundaram',
      'Freeze-dried Mango',
      '250g',
      '× 2',
      'Turmeric Powder',
      '1kg',
      '× 1',
      'Lemongrass Oil',
      '× 3',
      'Parcel weight: 1.84 kg',
      'Prepaid: collect nothing',
      'Packed by (initials)',
    ]) {
      expect(text).toContain(expected)
    }
    expect(await barcodesOnPage(pdf)).toEqual([{ format: 'Code128', text: 'KO-1042' }])
  })

  it('says what to collect on a COD parcel', async () => {
    const text = squeeze(await pdfText(await packingSlipsPdf([slip({ collect: { method: 'cod', amountPaise: 45_050 } })])))
    expect(text).toContain('COD: collect ₹450.50')
  })

  it('a parcel of very many items goes on to another page with every item, rather than dropping any', async () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ name: `Herbal powder number ${i + 1}`, packSize: '500g', quantity: i + 1 }))
    const pdf = await packingSlipsPdf([slip({ items })])
    const pages = (await pdfPages(pdf)).map(squeeze)
    expect(pages.length).toBeGreaterThan(1)
    expect(await pageSizes(pdf)).toEqual(pages.map(() => A6))
    const text = pages.join(' ')
    for (const item of items) expect(text).toMatch(new RegExp(`${item.name} 500g × ${item.quantity}(?!\\d)`))
    expect(pages[0]).toContain('Continued on the next page')
    expect(pages.at(-1)).toContain('Packed by (initials)')
    for (const page of await textBoxes(pdf))
      for (const box of page) {
        expect(box.bottom).toBeGreaterThanOrEqual(0)
        expect(box.top).toBeLessThanOrEqual(A6.height)
      }
  })

  it('several parcels make one PDF, a slip each', async () => {
    const pdf = await packingSlipsPdf([slip(), slip({ orderNumber: 'KO-1043', customerName: 'Lakshmi Narayanan' })])
    const pages = (await pdfPages(pdf)).map(squeeze)
    expect(pages).toHaveLength(2)
    expect(pages[1]).toContain('For Lakshmi Narayanan')
    expect(await barcodesOnPage(pdf, 2)).toEqual([{ format: 'Code128', text: 'KO-1043' }])
  })
})
