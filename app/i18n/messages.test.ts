import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The message files (project.inlang lists them): every English message has its Tamil one, with the same values to
 * fill in, and a Tamil text that is Tamil (decision 074). Paraglide would show the English where a Tamil message is
 * missing; this is where that is caught.
 */
const root = path.resolve(import.meta.dirname, '../..')
const settings = JSON.parse(fs.readFileSync(path.join(root, 'project.inlang/settings.json'), 'utf8')) as {
  locales: string[]
  'plugin.inlang.messageFormat': { pathPattern: string[] }
}
const files = settings['plugin.inlang.messageFormat'].pathPattern.map((pattern) => ({
  pattern,
  en: read(pattern.replace('{locale}', 'en')),
  ta: read(pattern.replace('{locale}', 'ta')),
}))

type Message = string | { match: Record<string, string> }[]

function read(file: string): Record<string, Message> {
  const { $schema: _, ...messages } = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'))
  return messages
}

/** Every text a message can show (each variant of a plural). */
function texts(message: Message): string[] {
  return typeof message === 'string' ? [message] : message.flatMap((variant) => Object.values(variant.match))
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const TAMIL = /[\u0B80-\u0BFF]/

/**
 * Messages that read the same in both languages: codes, names, and what is only a value. Each says why.
 */
const SAME_IN_BOTH = new Set<string>([
  // A title made of the page's own name and the shop's.
  'layout_title_unavailable',
  // The units of a price per weight: the same abbreviations in Tamil shops.
  'catalogue_per_g',
  'catalogue_per_kg',
  'catalogue_per_ml',
  // Codes and abbreviations the owner reads as they are on every GST form and label.
  'settings_tax_gstin',
  'admin_field_mrp_for',
  'shipping_cod_amount',
  'admin_label_mrp_for',
  'shipping_awb_suffix',
])

/** The shop's code, where messages are used as `m.key`. */
function sourcesOf(folder: string): string {
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .map((entry) => {
      const file = path.join(folder, entry.name)
      if (entry.isDirectory()) return entry.name === 'paraglide' ? '' : sourcesOf(file)
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? fs.readFileSync(file, 'utf8') : ''
    })
    .join('\n')
}
const code = `${sourcesOf(path.join(root, 'app'))}\n${fs.readFileSync(path.join(root, 'server/app.ts'), 'utf8')}`

/**
 * Messages whose English keeps a status's code word for word ("an order that is pending payment") where the Tamil
 * takes the status's Tamil name, passed as a value of its own (`label`).
 */
const OWN_VALUES_IN_TAMIL = new Set([
  ...['confirm', 'pack', 'ship', 'deliver', 'return', 'cancel'].map((step) => `orders_step_refused_${step}`),
  'shipping_not_bookable',
])

describe('the message files', () => {
  it('are listed for both languages', () => {
    expect(settings.locales).toEqual(['en', 'ta'])
    expect(files.length).toBeGreaterThan(10)
  })

  for (const { pattern, en, ta } of files) {
    describe(pattern, () => {
      it('have the same keys in both languages, each starting with its area', () => {
        expect(Object.keys(ta)).toEqual(Object.keys(en))
        const area = pattern.match(/\/(\w+)\/messages\//)?.[1]
        for (const key of Object.keys(en)) expect(key, key).toMatch(/^[a-z][a-z0-9_]*$/)
        if (area && area !== 'i18n') for (const key of Object.keys(en)) expect(key.startsWith(`${area}_`), `${key} in ${area}`).toBe(true)
      })

      it('hold only messages the shop uses', () => {
        const unused = Object.keys(en).filter((key) => !new RegExp(`\\bm\\.${key}\\b`).test(code))
        expect(unused).toEqual([])
      })

      it('fill in the same values in Tamil as in English', () => {
        for (const [key, message] of Object.entries(en)) {
          if (OWN_VALUES_IN_TAMIL.has(key)) continue
          const english = [...new Set(texts(message).flatMap(placeholders))].sort()
          const tamil = [...new Set(texts(ta[key]!).flatMap(placeholders))].sort()
          expect(tamil, key).toEqual(english)
        }
      })

      it('word every Tamil message in Tamil', () => {
        for (const [key, message] of Object.entries(ta)) {
          if (SAME_IN_BOTH.has(key)) continue
          // Only values and punctuation in English too (what follows a link, say): nothing to word.
          if (texts(en[key]!).every((text) => !/[A-Za-z]/.test(text.replace(/\{\w+\}/g, '')))) continue
          // A part whose words Tamil's order moved into another part of the sentence holds no letters at all.
          const worded = (text: string) => TAMIL.test(text) || !/\p{L}/u.test(text.replace(/\{\w+\}/g, ''))
          for (const text of texts(message)) expect(worded(text), `${key}: ${text}`).toBe(true)
        }
      })
    })
  }
})
