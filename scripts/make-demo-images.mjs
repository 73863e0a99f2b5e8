// Draws the demo catalogue's pictures (front and back of every product), the four home-page
// showcase pictures and nothing else. We have no photographs, so each picture is an SVG drawing
// rendered to WebP with sharp. Deterministic: the same catalogue gives byte-identical files.
//
//   node scripts/make-demo-images.mjs             # every picture
//   node scripts/make-demo-images.mjs banana oil  # only products whose slug contains "banana" or "oil"
//   node scripts/make-demo-images.mjs --showcases # only the home-page showcases
//
// Text uses the system's DejaVu fonts; the output is committed, so fonts only matter when rerunning.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { runnerImport } from 'vite'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const importTs = async (file) => (await runnerImport(path.join(root, file), { configFile: false, logLevel: 'error' })).module

const { DEMO_PRODUCTS } = await importTs('app/features/catalogue/demo-catalogue.ts')
const { CATEGORY_LABELS, isSizedCategory } = await importTs('app/features/catalogue/categories.ts')

const PRODUCT_DIR = path.join(root, 'app/features/catalogue/demo-images')
const SHOWCASE_DIR = path.join(root, 'app/assets/showcase')
const SIZE = 800
const WEBP = { quality: 70, effort: 6, smartSubsample: true }

const SANS = "'DejaVu Sans', Verdana, sans-serif"
const SERIF = "'DejaVu Serif', Georgia, serif"

// ---------------------------------------------------------------------------------------------
// Colours

/** Per shelf: background, a lighter and darker background, the brand colour of the pack, ink. */
const PALETTES = {
  'freeze-dried-fruit': { bg: '#fdebd3', bg2: '#f8dcb8', pack: '#e0703a', pack2: '#c85a28', ink: '#6e2a10', paper: '#fff8ee' },
  'freeze-dried-vegetable': { bg: '#e3f0da', bg2: '#d0e5c2', pack: '#3f8f4a', pack2: '#2f763a', ink: '#1d4a26', paper: '#f7fbf2' },
  'dehydrated-fruit': { bg: '#f7e3c8', bg2: '#efd0a6', pack: '#c7782a', pack2: '#a65f1c', ink: '#5e3411', paper: '#fffaf1' },
  'dehydrated-vegetable': { bg: '#e9eed5', bg2: '#d9e2b8', pack: '#6f8a2e', pack2: '#566d1f', ink: '#34441a', paper: '#fbfbf0' },
  'ready-to-eat': { bg: '#fbe2d4', bg2: '#f5cdb6', pack: '#c2502e', pack2: '#a43f21', ink: '#5a2212', paper: '#fff7f1' },
  herbal: { bg: '#dbeee4', bg2: '#c4e2d2', pack: '#2f7d62', pack2: '#22644d', ink: '#143e30', paper: '#f6fbf7' },
  biscuits: { bg: '#f4e5cf', bg2: '#ead2ae', pack: '#a8672c', pack2: '#8b5220', ink: '#4f2f0e', paper: '#fffaf0' },
  thokku: { bg: '#f7dcd8', bg2: '#efc3bd', pack: '#b3262e', pack2: '#8f1b22', ink: '#581016', paper: '#fff6f2' },
  'capsules-tablets': { bg: '#dfeaf3', bg2: '#c9dbea', pack: '#3b6ea5', pack2: '#2d5685', ink: '#1a3557', paper: '#ffffff' },
  'essential-oils': { bg: '#ebe2f2', bg2: '#dacbe8', pack: '#7b5aa6', pack2: '#624588', ink: '#38235a', paper: '#fcf9ff' },
  spices: { bg: '#f6e6c4', bg2: '#eed39c', pack: '#c98a14', pack2: '#a6700c', ink: '#563805', paper: '#fffbf0' },
  'dry-fruits': { bg: '#efe2d3', bg2: '#e3cdb4', pack: '#8a5a3b', pack2: '#704630', ink: '#3f2617', paper: '#fffaf4' },
}
const paletteOf = (p) => PALETTES[p.subcategory === 'biscuits' ? 'biscuits' : p.category]

/**
 * What to draw for an ingredient, by the first keyword found in the product's name. Shapes:
 * round, slice, banana, pod, carrot, chilli, leaf, broadleaf, roundleaf, blades, bulb, mushroom,
 * corn, peas, seeds, root, powder, flower, nut, stick, grain.
 */
const MOTIFS = [
  ['cashew', 'nut', '#e9c98f'],
  ['custard apple', 'round', '#9dbb7d'],
  ['pineapple', 'slice', '#f2c232'],
  ['apple', 'round', '#d8383c'],
  ['banana', 'banana', '#f3cf45'],
  ['mango', 'round', '#f4a125'],
  ['sapota', 'round', '#a0703f'],
  ['pomegranate', 'round', '#c0263a'],
  ['kiwi', 'slice', '#8fb83a'],
  ['strawberr', 'round', '#e0353f'],
  ['orange', 'slice', '#f39024'],
  ['papaya', 'round', '#f28a3b'],
  ['jackfruit', 'round', '#d6b73a'],
  ['olive', 'round', '#7d8a2e'],
  ['guava', 'slice', '#f08a8a'],
  ['okra', 'pod', '#5f9c3a'],
  ['green peas', 'peas', '#6cae3f'],
  ['sweet corn', 'corn', '#f2c530'],
  ['spring onion', 'blades', '#6db24a'],
  ['onion', 'bulb', '#b4537a'],
  ['garlic', 'bulb', '#eadfc8'],
  ['tomato', 'round', '#e2412f'],
  ['french beans', 'pod', '#6aa84f'],
  ['flat beans', 'pod', '#8bbf5a'],
  ['carrot', 'carrot', '#ec7c26'],
  ['bell pepper', 'round', '#d93b2b'],
  ['bitter gourd', 'pod', '#4f8a2f'],
  ['mushroom', 'mushroom', '#efe3d0'],
  ['brinjal', 'pod', '#6b3a7a'],
  ['vangi', 'pod', '#6b3a7a'],
  ['cabbage', 'round', '#9ccc6b'],
  ['zucchini', 'pod', '#3f7d34'],
  ['drumstick', 'pod', '#6f9440'],
  ['basil', 'broadleaf', '#3f8f3a'],
  ['tulsi', 'leaf', '#4a7f3a'],
  ['amla', 'round', '#b5cf5a'],
  ['nellikai', 'round', '#b5cf5a'],
  ['celery', 'roundleaf', '#8dbb55'],
  ['chives', 'blades', '#4f9a3b'],
  ['coriander powder', 'powder', '#b59a5a'],
  ['coriander', 'roundleaf', '#4c9a3e'],
  ['pudina', 'leaf', '#3aa06a'],
  ['mint', 'leaf', '#3aa06a'],
  ['oregano', 'leaf', '#6c8f3a'],
  ['wheat grass', 'blades', '#5fb244'],
  ['parsley', 'roundleaf', '#3f8d35'],
  ['green peppercorn', 'seeds', '#5b7a2a'],
  ['ginger', 'root', '#d8b46a'],
  ['karpooravalli', 'broadleaf', '#5aa55a'],
  ['green chilli', 'chilli', '#3f9a35'],
  ['chilli', 'chilli', '#c9221e'],
  ['lemongrass', 'blades', '#9cc24a'],
  ['citronella', 'blades', '#b6c94a'],
  ['methi', 'roundleaf', '#5a9a3a'],
  ['beetroot', 'powder', '#9b1f4a'],
  ['spinach', 'broadleaf', '#2f7a3a'],
  ['curry lea', 'leaf', '#2f6f2a'],
  ['moringa', 'leaf', '#4e8a2e'],
  ['lemon', 'slice', '#f1d73a'],
  ['kokum', 'round', '#7a1f3a'],
  ['nilavembu', 'leaf', '#4d7a35'],
  ['kudineer', 'leaf', '#4d7a35'],
  ['ashwagandha', 'root', '#c9a574'],
  ['shatavari', 'root', '#e0c99a'],
  ['seenthil', 'broadleaf', '#6f9a3f'],
  ['triphala', 'seeds', '#7c6a2a'],
  ['avarampoo', 'flower', '#f2c21b'],
  ['hibiscus', 'flower', '#c8203a'],
  ['karisalankanni', 'roundleaf', '#3c7a3a'],
  ['hair oil', 'flower', '#d6394a'],
  ['sathu maavu', 'grain', '#b88a4a'],
  ['nalangu', 'flower', '#e6a23c'],
  ['thoothuvalai', 'leaf', '#4b8a44'],
  ['neem', 'leaf', '#3d7a2f'],
  ['turmeric', 'powder', '#e5a81a'],
  ['gongura', 'broadleaf', '#8a3a3a'],
  ['pirandai', 'pod', '#6f9a3f'],
  ['vetiver', 'blades', '#a88a52'],
  ['eucalyptus', 'broadleaf', '#6f9fa0'],
  ['peppermint', 'leaf', '#3aa06a'],
  ['clove', 'seeds', '#6e3b22'],
  ['cinnamon', 'stick', '#a0552a'],
  ['sandalwood', 'stick', '#c9925a'],
  ['black pepper', 'seeds', '#3a2f2a'],
  ['pepper', 'seeds', '#3a2f2a'],
  ['cardamom', 'seeds', '#8fae5a'],
  ['sambar', 'powder', '#c9622a'],
  ['rasam', 'powder', '#b0502a'],
  ['nutmeg', 'round', '#8a5a32'],
  ['raisin', 'seeds', '#4a2a3a'],
  ['golden', 'seeds', '#d9a33a'],
  ['fig', 'round', '#7a4a5a'],
  ['almond', 'nut', '#b07a4a'],
  ['walnut', 'nut', '#b48a5a'],
  ['dates', 'seeds', '#6a3a1f'],
  ['trail mix', 'nut', '#c9a06a'],
  ['ragi', 'grain', '#8a4a3a'],
  ['kambu', 'grain', '#a89a6a'],
  ['thinai', 'grain', '#e2c05a'],
  ['samai', 'grain', '#d8c08a'],
  ['kollu', 'seeds', '#7a5232'],
  ['millet', 'grain', '#c9a45a'],
  ['oats', 'grain', '#d9bf8a'],
  ['karupatti', 'grain', '#6a3a1a'],
  ['coconut', 'round', '#f4efe2'],
  ['peanut', 'nut', '#d8a866'],
  ['lemon rice', 'slice', '#f1d73a'],
  ['puliyogare', 'seeds', '#7a3a1a'],
  ['vathal', 'seeds', '#4a2a1a'],
  ['mor ', 'round', '#f4edc8'],
  ['kootu', 'peas', '#d0b04a'],
  ['avial', 'pod', '#e8d9a0'],
  ['kurma', 'peas', '#e2c27a'],
  ['bisi bele', 'grain', '#c9702a'],
  ['mudakathan', 'broadleaf', '#4f8a3a'],
]

/** Ready-to-eat food colour in the bowl, by keyword. */
const DISH_COLOURS = [
  ['bisi bele', '#b8561f'],
  ['puliyogare', '#8a4a1f'],
  ['lemon rice', '#f0cf3a'],
  ['tomato rice', '#d9502a'],
  ['coconut rice', '#f6f0dc'],
  ['vangi', '#9a5a3a'],
  ['vathal', '#5a2a14'],
  ['mor kuzhambu', '#f2dc8a'],
  ['sambar', '#c8742a'],
  ['kootu', '#d9bf5a'],
  ['avial', '#efe2b0'],
  ['kurma', '#e8c47a'],
  ['coconut chutney', '#f4f0e0'],
  ['peanut', '#b8763a'],
  ['tomato chutney', '#c83a22'],
  ['pudina', '#5aa55a'],
  ['kambu', '#c8bb94'],
  ['thinai', '#f0d890'],
  ['samai', '#e8d7a0'],
  ['ragi', '#7a4636'],
  ['rasam', '#c2501f'],
  ['moringa', '#6f9a3a'],
  ['mudakathan', '#5f8a3a'],
]

// ---------------------------------------------------------------------------------------------
// Small helpers

function hash(text) {
  let h = 2166136261
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0), 16777619)
  return h >>> 0
}
function random(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const r1 = (n) => Math.round(n * 10) / 10
const esc = (s) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u2019/g, '\u2019')

function shade(hex, amount) {
  const n = parseInt(hex.slice(1), 16)
  const mix = (c) => Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount)
  const [r, g, b] = [mix(n >> 16), mix((n >> 8) & 255), mix(n & 255)]
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`
}

/** Splits text into lines of at most `max` characters, breaking at spaces. */
function wrap(text, max) {
  const lines = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

/** Lettering that fits a box: the largest size (up to `max`) whose wrapped lines fit the width. */
function fitText(text, width, maxSize, maxLines, charWidth = 0.62) {
  for (let size = maxSize; size > 14; size -= 2) {
    const lines = wrap(text, Math.floor(width / (size * charWidth)))
    if (lines.length <= maxLines && lines.every((l) => l.length * size * charWidth <= width)) return { size, lines }
  }
  return { size: 14, lines: wrap(text, Math.floor(width / (14 * charWidth))) }
}

function textLines({ lines, size }, x, y, attrs, lineHeight = 1.18) {
  return lines.map((l, i) => `<text x="${x}" y="${r1(y + i * size * lineHeight)}" font-size="${size}" ${attrs}>${esc(l)}</text>`).join('')
}

function motifOf(product) {
  const name = product.name.toLowerCase()
  const found = MOTIFS.find(([kw]) => name.includes(kw))
  if (found) return { shape: found[1], colour: found[2] }
  const hue = hash(product.slug) % 360
  return { shape: 'round', colour: `hsl(${hue}, 55%, 50%)` }
}

function dishColour(product) {
  const name = product.name.toLowerCase()
  return DISH_COLOURS.find(([kw]) => name.includes(kw))?.[1] ?? '#d08a3a'
}

/** Splits "Freeze Dried Banana" into a small kicker line and the big name. */
function lettering(product) {
  for (const prefix of ['Freeze Dried ', 'Dehydrated ']) {
    if (product.name.startsWith(prefix)) {
      return { kicker: prefix.trim().toUpperCase(), name: product.name.slice(prefix.length) }
    }
  }
  if (product.name.endsWith(' Essential Oil')) return { kicker: 'ESSENTIAL OIL', name: product.name.slice(0, -14) }
  if (product.name.endsWith(' Thokku')) return { kicker: 'THOKKU', name: product.name.slice(0, -7) }
  const kicker = product.subcategory === 'biscuits' ? 'MILLET BISCUITS' : CATEGORY_LABELS[product.category].toUpperCase()
  return { kicker, name: product.name }
}

// ---------------------------------------------------------------------------------------------
// Ingredient drawings, centred on (0, 0), about 100 units across.

const LEAF_GREEN = '#4f8f3a'
const leafPath = (len, wid) =>
  `M0 0 C ${wid} ${-len * 0.3} ${wid} ${-len * 0.75} 0 ${-len} C ${-wid} ${-len * 0.75} ${-wid} ${-len * 0.3} 0 0 Z`

const DRAW = {
  round: (c, rnd) => {
    const dots = Array.from({ length: 7 }, () => {
      const a = rnd() * Math.PI * 2
      const d = rnd() * 30
      return `<circle cx="${r1(Math.cos(a) * d)}" cy="${r1(Math.sin(a) * d + 6)}" r="2.2" fill="${shade(c, -0.35)}" opacity=".45"/>`
    }).join('')
    return `<circle cx="0" cy="6" r="44" fill="${c}"/>${dots}
      <ellipse cx="-16" cy="-10" rx="12" ry="8" fill="#fff" opacity=".35" transform="rotate(-35 -16 -10)"/>
      <path d="M0 -36 q 2 -10 -2 -18" stroke="#6b4a2a" stroke-width="4" fill="none" stroke-linecap="round"/>
      <path d="${leafPath(34, 11)}" fill="${LEAF_GREEN}" transform="translate(1 -44) rotate(60)"/>`
  },
  slice: (c) => {
    const seg = Array.from({ length: 10 }, (_, i) => {
      const a = (i / 10) * Math.PI * 2
      return `<line x1="0" y1="0" x2="${r1(Math.cos(a) * 36)}" y2="${r1(Math.sin(a) * 36)}" stroke="${shade(c, 0.55)}" stroke-width="3"/>`
    }).join('')
    return `<circle r="48" fill="${shade(c, -0.15)}"/><circle r="41" fill="${c}"/>${seg}<circle r="8" fill="${shade(c, 0.6)}"/>`
  },
  banana: (c) =>
    `<path d="M-46 -20 C -40 30 20 50 50 20 C 54 16 50 10 44 14 C 14 34 -20 18 -34 -22 Z" fill="${c}" stroke="${shade(c, -0.3)}" stroke-width="3"/>
     <path d="M-46 -20 l -4 -10 l 10 2 z" fill="#6b4a2a"/>
     <path d="M-50 -40 C -44 10 16 34 46 4 C 50 0 46 -6 40 -2 C 10 18 -24 2 -38 -42 Z" fill="${shade(c, 0.15)}" stroke="${shade(c, -0.3)}" stroke-width="3"/>`,
  pod: (c) =>
    `<g transform="rotate(-35)"><path d="M-8 -52 C 12 -30 14 20 4 52 C 0 58 -6 58 -8 52 C -18 20 -20 -30 -8 -52 Z" fill="${c}" stroke="${shade(c, -0.3)}" stroke-width="3"/>
     <path d="M-6 -40 C 0 -10 2 20 -2 46" stroke="${shade(c, 0.35)}" stroke-width="3" fill="none"/>
     <path d="M-8 -52 l -4 -14 l 8 0 z" fill="${shade(LEAF_GREEN, -0.2)}"/></g>
     <g transform="translate(26 8) rotate(-10) scale(.8)"><path d="M-8 -52 C 12 -30 14 20 4 52 C 0 58 -6 58 -8 52 C -18 20 -20 -30 -8 -52 Z" fill="${shade(c, 0.12)}" stroke="${shade(c, -0.3)}" stroke-width="3"/></g>`,
  carrot: (c) =>
    `<g transform="rotate(-30)"><path d="M-16 -30 C -14 0 -4 40 2 56 C 8 40 18 0 18 -30 Z" fill="${c}"/>
     <path d="M-10 -8 h 10 M-4 12 h 10 M-8 28 h 8" stroke="${shade(c, -0.3)}" stroke-width="3" stroke-linecap="round"/>
     <path d="${leafPath(34, 8)}" fill="${LEAF_GREEN}" transform="translate(0 -28) rotate(-20)"/>
     <path d="${leafPath(38, 8)}" fill="${shade(LEAF_GREEN, 0.15)}" transform="translate(2 -28) rotate(15)"/></g>`,
  chilli: (c) =>
    `<path d="M-44 -30 C -10 -30 20 -10 34 30 C 38 44 30 50 22 38 C 4 10 -20 -10 -44 -14 Z" fill="${c}" stroke="${shade(c, -0.3)}" stroke-width="3"/>
     <path d="M-44 -30 q -12 -2 -14 -16 M-46 -30 q 2 8 0 16" stroke="#3d7a2a" stroke-width="7" fill="none" stroke-linecap="round"/>
     <path d="M-30 -22 C -6 -20 12 -4 24 22" stroke="#fff" stroke-width="4" opacity=".35" fill="none" stroke-linecap="round"/>`,
  leaf: (c) =>
    `<path d="M0 50 C 2 10 -2 -20 4 -52" stroke="${shade(c, -0.35)}" stroke-width="4" fill="none"/>
     ${[
       [-40, 30, 0.9],
       [40, 20, 0.9],
       [-48, 0, 0.8],
       [44, -12, 0.8],
       [-30, -28, 0.65],
       [26, -36, 0.6],
       [2, -50, 0.5],
     ]
       .map(
         ([rot, y, s], i) =>
           `<path d="${leafPath(52 * s, 16 * s)}" fill="${i % 2 ? c : shade(c, 0.12)}" transform="translate(${r1(1 + y / 30)} ${y}) rotate(${rot})"/>`,
       )
       .join('')}`,
  broadleaf: (c) =>
    `<path d="M0 52 V 0" stroke="${shade(c, -0.35)}" stroke-width="4"/>
     ${[
       [-38, 0.95, 0],
       [38, 0.95, 0.1],
       [0, 1.1, 0.2],
     ]
       .map(
         ([rot, s, l]) =>
           `<g transform="translate(0 6) rotate(${rot})"><path d="${leafPath(60 * s, 26 * s)}" fill="${shade(c, l)}"/><path d="M0 0 V ${r1(-56 * s)}" stroke="${shade(c, -0.25)}" stroke-width="2"/></g>`,
       )
       .join('')}`,
  blades: (c) =>
    `${Array.from({ length: 9 }, (_, i) => {
      const x = -32 + i * 8
      const tip = -52 + Math.abs(4 - i) * 6
      return `<path d="M${x} 50 C ${x} 10 ${x + (i - 4) * 4} -20 ${x + (i - 4) * 6} ${tip}" stroke="${shade(c, (i % 3) * 0.1 - 0.05)}" stroke-width="6" fill="none" stroke-linecap="round"/>`
    }).join('')}<rect x="-38" y="30" width="76" height="10" rx="4" fill="${shade(c, -0.35)}"/>`,
  roundleaf: (c) =>
    `<path d="M0 54 C 0 20 -4 0 0 -20 M0 10 C -14 0 -26 -6 -34 -20 M0 0 C 14 -8 24 -16 30 -30" stroke="${shade(c, -0.35)}" stroke-width="3.5" fill="none"/>
     ${[
       [-34, -28],
       [-44, -10],
       [-22, -34],
       [30, -38],
       [42, -22],
       [18, -40],
       [0, -32],
       [-8, -44],
       [8, -46],
     ]
       .map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="${i % 3 ? 12 : 14}" fill="${shade(c, (i % 3) * 0.08)}"/>`)
       .join('')}`,
  bulb: (c) =>
    `<path d="M0 -54 C 6 -30 48 -14 44 20 C 40 48 -40 48 -44 20 C -48 -14 -6 -30 0 -54 Z" fill="${c}" stroke="${shade(c, -0.35)}" stroke-width="3"/>
     <path d="M0 -40 C -14 -10 -22 20 -14 42 M0 -40 C 14 -10 22 20 14 42 M0 -44 V 44" stroke="${shade(c, -0.25)}" stroke-width="2.5" fill="none"/>
     <path d="M-10 44 l -4 10 M0 45 v 11 M10 44 l 4 10" stroke="#b8a27a" stroke-width="3" stroke-linecap="round"/>`,
  mushroom: (c) =>
    `<path d="M-14 0 C -16 26 -18 40 -12 48 H 12 C 18 40 16 26 14 0 Z" fill="${shade(c, 0.3)}" stroke="#b49a7a" stroke-width="3"/>
     <path d="M-52 4 C -52 -40 52 -40 52 4 C 30 12 -30 12 -52 4 Z" fill="${c}" stroke="#b49a7a" stroke-width="3"/>
     <ellipse cx="-18" cy="-16" rx="10" ry="6" fill="#fff" opacity=".6"/>`,
  corn: (c) => {
    const k = []
    for (let y = -36; y <= 36; y += 12)
      for (let x = -12; x <= 12; x += 12) k.push(`<circle cx="${x}" cy="${y}" r="5.5" fill="${shade(c, 0.25)}"/>`)
    return `<g transform="rotate(-20)"><ellipse rx="24" ry="50" fill="${c}"/>${k.join('')}
      <path d="M0 56 C -40 40 -40 -10 -30 -30 C -26 0 -16 30 0 56 Z" fill="${LEAF_GREEN}"/>
      <path d="M0 56 C 40 40 40 -10 30 -30 C 26 0 16 30 0 56 Z" fill="${shade(LEAF_GREEN, 0.15)}"/></g>`
  },
  peas: (c) =>
    `<g transform="rotate(-25)"><path d="M-56 0 C -40 -34 40 -34 56 0 C 40 26 -40 26 -56 0 Z" fill="${shade(c, -0.15)}"/>
     ${[-30, -10, 10, 30].map((x) => `<circle cx="${x}" cy="-2" r="11" fill="${c}" stroke="${shade(c, -0.3)}" stroke-width="2"/>`).join('')}
     <path d="M56 0 q 10 -6 12 -18" stroke="${LEAF_GREEN}" stroke-width="4" fill="none"/></g>`,
  seeds: (c, rnd) =>
    Array.from({ length: 16 }, () => {
      const a = rnd() * Math.PI * 2
      const d = Math.sqrt(rnd()) * 40
      const r = 8 + rnd() * 5
      const x = r1(Math.cos(a) * d)
      const y = r1(Math.sin(a) * d)
      return `<circle cx="${x}" cy="${y}" r="${r1(r)}" fill="${shade(c, (rnd() - 0.5) * 0.3)}" stroke="${shade(c, -0.35)}" stroke-width="1.5"/><circle cx="${r1(x - r / 3)}" cy="${r1(y - r / 3)}" r="${r1(r / 4)}" fill="#fff" opacity=".35"/>`
    }).join(''),
  root: (c) =>
    `<path d="M-50 10 C -54 -10 -30 -20 -16 -10 C -14 -30 8 -34 14 -16 C 24 -34 50 -26 46 -4 C 58 4 52 26 34 24 C 24 40 0 36 -4 24 C -20 36 -46 30 -50 10 Z" fill="${c}" stroke="${shade(c, -0.35)}" stroke-width="3"/>
     <path d="M-34 6 q 6 -4 12 0 M4 2 q 6 -4 12 0 M26 10 q 6 -4 10 0" stroke="${shade(c, -0.3)}" stroke-width="2.5" fill="none"/>`,
  powder: (c) =>
    `<path d="M-56 34 C -40 -30 40 -30 56 34 Z" fill="${c}"/>
     <path d="M-30 8 C -16 -14 12 -14 26 4" stroke="${shade(c, 0.3)}" stroke-width="5" fill="none" stroke-linecap="round" opacity=".7"/>
     <ellipse cx="0" cy="36" rx="62" ry="10" fill="${shade(c, -0.3)}" opacity=".5"/>
     <path d="M30 -44 L 60 -8" stroke="#8a6a4a" stroke-width="8" stroke-linecap="round"/><ellipse cx="22" cy="-52" rx="16" ry="10" fill="#a07a52" transform="rotate(50 22 -52)"/>`,
  flower: (c) =>
    `${Array.from({ length: 5 }, (_, i) => `<ellipse cx="0" cy="-26" rx="18" ry="28" fill="${i % 2 ? c : shade(c, 0.12)}" transform="rotate(${i * 72})"/>`).join('')}
     <circle r="12" fill="${shade(c, -0.35)}"/><circle r="5" fill="#f6e27a"/>`,
  nut: (c) =>
    `${[
      [-18, -10, -20],
      [20, 14, 30],
      [-6, 26, 80],
    ]
      .map(
        ([x, y, rot]) =>
          `<path d="M-30 -6 C -30 -34 18 -38 28 -16 C 34 -2 22 6 12 0 C 2 -6 -6 4 -6 14 C -6 26 -30 22 -30 -6 Z" fill="${c}" stroke="${shade(c, -0.3)}" stroke-width="2.5" transform="translate(${x} ${y}) rotate(${rot}) scale(.85)"/>`,
      )
      .join('')}`,
  stick: (c) =>
    [-22, 0, 22]
      .map(
        (x, i) =>
          `<g transform="translate(${x} 0) rotate(${-20 + i * 8})"><rect x="-9" y="-54" width="18" height="108" rx="8" fill="${shade(c, i * 0.08)}" stroke="${shade(c, -0.35)}" stroke-width="2.5"/><path d="M-3 -48 V 48" stroke="${shade(c, -0.3)}" stroke-width="2"/></g>`,
      )
      .join(''),
  grain: (c) =>
    [-24, 0, 24]
      .map(
        (
          x,
          i,
        ) => `<g transform="translate(${x} 10) rotate(${-18 + i * 18})"><path d="M0 50 V -40" stroke="${shade(c, -0.3)}" stroke-width="3"/>
      ${[-36, -22, -8, 6].map((y) => `<ellipse cx="-6" cy="${y}" rx="5" ry="9" fill="${c}" transform="rotate(-25 -6 ${y})"/><ellipse cx="6" cy="${y}" rx="5" ry="9" fill="${shade(c, 0.1)}" transform="rotate(25 6 ${y})"/>`).join('')}</g>`,
      )
      .join(''),
  drop: (c) =>
    `<path d="M0 -52 C 18 -22 40 0 40 20 C 40 44 22 56 0 56 C -22 56 -40 44 -40 20 C -40 0 -18 -22 0 -52 Z" fill="${c}"/>
     <path d="M-22 16 C -22 30 -14 40 -4 42" stroke="#fff" stroke-width="6" opacity=".5" fill="none" stroke-linecap="round"/>`,
  capsule: (c) =>
    `<g transform="rotate(-35)"><rect x="-20" y="-50" width="40" height="100" rx="20" fill="${c}"/>
     <path d="M-20 0 H 20 V 30 A 20 20 0 0 1 -20 30 Z" fill="#fdfbf4"/><rect x="-20" y="-50" width="40" height="100" rx="20" fill="none" stroke="${shade(c, -0.35)}" stroke-width="3"/>
     <rect x="-12" y="-40" width="6" height="30" rx="3" fill="#fff" opacity=".45"/></g>
     <g transform="translate(40 30)"><circle r="20" fill="#f7f3ea" stroke="#c9c0ac" stroke-width="3"/><path d="M-14 0 H 14" stroke="#c9c0ac" stroke-width="3"/></g>`,
  biscuit: (c) =>
    `<circle r="48" fill="${c}" stroke="${shade(c, -0.3)}" stroke-width="4"/>
     <circle r="40" fill="none" stroke="${shade(c, -0.15)}" stroke-width="2" stroke-dasharray="4 6"/>
     ${[
       [-16, -14],
       [12, -18],
       [-4, 4],
       [20, 10],
       [-20, 18],
       [4, 24],
     ]
       .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="${shade(c, -0.35)}"/>`)
       .join('')}`,
}

function ingredient(product, cx, cy, scale) {
  let { shape, colour } = motifOf(product)
  if (product.category === 'capsules-tablets') shape = 'capsule'
  if (product.category === 'essential-oils') shape = 'drop'
  if (product.subcategory === 'biscuits') {
    shape = 'biscuit'
    colour = shade(colour, 0.05)
  }
  const rnd = random(hash(product.slug))
  return `<g transform="translate(${cx} ${cy}) scale(${scale})">${DRAW[shape](colour, rnd)}</g>`
}

// ---------------------------------------------------------------------------------------------
// Backgrounds and packs

function background(pal, seed, width = SIZE, height = SIZE) {
  const rnd = random(seed)
  const spots = Array.from({ length: 9 }, () => {
    const x = r1(rnd() * width)
    const y = r1(rnd() * height)
    const r = r1(40 + rnd() * 90)
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${pal.bg2}" opacity=".55"/>`
  }).join('')
  const leaves = Array.from({ length: 6 }, () => {
    const x = r1(rnd() * width)
    const y = r1(rnd() * height)
    return `<path d="${leafPath(60, 20)}" fill="${pal.bg2}" transform="translate(${x} ${y}) rotate(${Math.round(rnd() * 360)})"/>`
  }).join('')
  return `<rect width="${width}" height="${height}" fill="${pal.bg}"/>${spots}${leaves}`
}

/** The label on the front of a pack: brand, ingredient drawing, kicker and name. */
function frontLabel(product, pal, x, y, w, h, opts = {}) {
  const { kicker, name } = lettering(product)
  const cx = x + w / 2
  // The largest drawing and lettering that fit the label together.
  let art = Math.min(h * 0.36, 150)
  let title = fitText(name, w - 36, opts.maxName ?? 50, 3, 0.64)
  const need = () => 62 + art + 50 + title.lines.length * title.size * 1.12 + 6
  while (need() > h && art > 84) art -= 6
  for (let size = title.size - 2; need() > h && size >= 20; size -= 2) title = fitText(name, w - 36, size, 3, 0.64)
  const titleHeight = title.lines.length * title.size * 1.15
  const top = y + 44
  const artY = top + 18 + art / 2
  const kickerY = artY + art / 2 + 34
  const nameY = kickerY + 16 + title.size
  const used = nameY + titleHeight - y
  const shift = Math.max(0, (h - used - 16) / 2)
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22" fill="${pal.paper}"/>
    <rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" rx="16" fill="none" stroke="${pal.pack}" stroke-width="2" opacity=".5"/>
    <text x="${cx}" y="${y + 38}" font-family="${SANS}" font-size="16" font-weight="bold" letter-spacing="3" fill="${pal.pack2}" text-anchor="middle">KAADU ORGANICS</text>
    <g transform="translate(0 ${r1(shift)})">
    <circle cx="${cx}" cy="${r1(artY)}" r="${r1(art / 2)}" fill="${pal.bg}"/>
    ${ingredient(product, cx, r1(artY), r1(art / 140))}
    <text x="${cx}" y="${r1(kickerY)}" font-family="${SANS}" font-size="17" font-weight="bold" letter-spacing="2" fill="${pal.pack}" text-anchor="middle">${esc(kicker)}</text>
    ${textLines(title, cx, nameY, `font-family="${SERIF}" font-weight="bold" fill="${pal.ink}" text-anchor="middle"`, 1.12)}
    </g>`
}

function pouch(product, pal, kraft) {
  const body = kraft ? '#c9a678' : pal.pack
  const edge = kraft ? '#a88658' : pal.pack2
  // Kraft pouches carry the shelf's colour as a printed band at the top and bottom.
  const bands = kraft
    ? `<path d="M196 112 H 604 L 605 184 H 195 Z" fill="${pal.pack}"/>
       <path d="M190 640 H 610 L 612 660 C 612 700 560 712 400 712 C 240 712 188 700 188 660 Z" fill="${pal.pack}"/>
       <path d="M230 190 V 630 M250 190 V 636 M560 190 V 630" stroke="#b8955f" stroke-width="1.5" opacity=".6"/>`
    : ''
  return `<ellipse cx="400" cy="716" rx="230" ry="22" fill="#000" opacity=".10"/>
    <path d="M196 112 H 604 L 612 660 C 612 700 560 712 400 712 C 240 712 188 700 188 660 Z" fill="${body}"/>
    ${bands}
    <path d="M196 112 H 604 V 128 H 196 Z" fill="${kraft ? pal.pack2 : edge}"/>
    <path d="M200 168 H 600" stroke="${kraft ? pal.pack2 : edge}" stroke-width="5"/>
    <path d="M196 150 l 12 -6 l -12 -6 Z M604 150 l -12 -6 l 12 -6 Z" fill="${pal.bg}"/>
    <path d="M560 140 C 590 300 590 520 575 690" stroke="#fff" stroke-width="14" opacity=".12" fill="none" stroke-linecap="round"/>
    ${frontLabel(product, pal, 232, 204, 336, 426)}`
}

function jar(product, pal) {
  return `<ellipse cx="400" cy="716" rx="210" ry="20" fill="#000" opacity=".10"/>
    <rect x="222" y="196" width="356" height="516" rx="46" fill="${shade(pal.pack, -0.25)}"/>
    <rect x="236" y="210" width="328" height="490" rx="38" fill="${pal.pack}" opacity=".85"/>
    <path d="M540 240 C 556 360 556 560 540 680" stroke="#fff" stroke-width="12" opacity=".22" fill="none" stroke-linecap="round"/>
    <rect x="250" y="150" width="300" height="60" rx="12" fill="#d9c7a6"/>
    <path d="M214 150 C 260 120 540 120 586 150 L 600 210 C 560 236 240 236 200 210 Z" fill="${pal.paper}"/>
    ${Array.from({ length: 8 }, (_, i) => `<circle cx="${214 + i * 53}" cy="${i % 2 ? 222 : 218}" r="10" fill="${pal.paper}"/>`).join('')}
    <path d="M206 186 C 300 206 500 206 594 186" stroke="${pal.pack2}" stroke-width="6" fill="none"/>
    ${Array.from({ length: 6 }, (_, i) => `<circle cx="${250 + i * 60}" cy="160" r="6" fill="${pal.pack}" opacity=".5"/>`).join('')}
    ${frontLabel(product, pal, 256, 268, 288, 410, { maxName: 44 })}`
}

function dropperBottle(product, pal) {
  return `<ellipse cx="400" cy="716" rx="190" ry="20" fill="#000" opacity=".10"/>
    <rect x="372" y="70" width="56" height="80" rx="26" fill="#2d2a2a"/>
    <rect x="344" y="140" width="112" height="76" rx="10" fill="#3a3636"/>
    <path d="M358 150 v 56 M378 150 v 56 M398 150 v 56 M418 150 v 56 M438 150 v 56" stroke="#4d4848" stroke-width="4"/>
    <rect x="356" y="212" width="88" height="36" fill="#6a3a14"/>
    <path d="M356 248 C 356 280 226 280 226 330 V 676 C 226 700 246 712 270 712 H 530 C 554 712 574 700 574 676 V 330 C 574 280 444 280 444 248 Z" fill="#8a4a16"/>
    <path d="M540 340 C 550 450 550 580 540 680" stroke="#fff" stroke-width="12" opacity=".18" fill="none" stroke-linecap="round"/>
    ${frontLabel(product, pal, 248, 330, 304, 362, { maxName: 40 })}`
}

function pillBottle(product, pal) {
  return `<ellipse cx="400" cy="716" rx="200" ry="20" fill="#000" opacity=".10"/>
    <rect x="258" y="120" width="284" height="104" rx="14" fill="${pal.pack}"/>
    ${Array.from({ length: 13 }, (_, i) => `<path d="M${276 + i * 20} 132 V 212" stroke="${pal.pack2}" stroke-width="6"/>`).join('')}
    <rect x="276" y="222" width="248" height="24" fill="#e9e6df"/>
    <path d="M240 246 H 560 C 580 246 590 262 590 282 V 680 C 590 700 574 712 554 712 H 246 C 226 712 210 700 210 680 V 282 C 210 262 220 246 240 246 Z" fill="#fbfaf6"/>
    <path d="M556 270 V 690" stroke="#d9d5cb" stroke-width="10" stroke-linecap="round"/>
    ${frontLabel(product, pal, 238, 290, 324, 396, { maxName: 44 })}`
}

function tin(product, pal) {
  return `<ellipse cx="400" cy="716" rx="210" ry="22" fill="#000" opacity=".10"/>
    <path d="M222 180 V 680 A 178 32 0 0 0 578 680 V 180 Z" fill="${pal.pack}"/>
    <path d="M222 180 V 240 A 178 32 0 0 0 578 240 V 180 Z" fill="#bfb8a8"/>
    <ellipse cx="400" cy="180" rx="178" ry="32" fill="#dcd6c8"/>
    <ellipse cx="400" cy="180" rx="150" ry="22" fill="#cfc8b6"/>
    <path d="M540 270 V 680" stroke="#fff" stroke-width="14" opacity=".16" stroke-linecap="round"/>
    ${frontLabel(product, pal, 248, 276, 304, 400, { maxName: 44 })}`
}

function box(product, pal) {
  const rnd = random(hash(product.slug) + 7)
  return `<ellipse cx="400" cy="716" rx="240" ry="20" fill="#000" opacity=".10"/>
    <path d="M190 200 L 250 140 H 640 L 580 200 Z" fill="${shade(pal.pack, 0.2)}"/>
    <path d="M580 200 L 640 140 V 640 L 580 700 Z" fill="${pal.pack2}"/>
    <rect x="190" y="200" width="390" height="500" fill="${pal.pack}"/>
    ${Array.from({ length: 10 }, () => `<circle cx="${r1(200 + rnd() * 370)}" cy="${r1(210 + rnd() * 480)}" r="${r1(3 + rnd() * 4)}" fill="${pal.pack2}" opacity=".5"/>`).join('')}
    ${frontLabel(product, pal, 218, 228, 334, 444)}`
}

function readyMeal(product, pal) {
  const food = dishColour(product)
  const rnd = random(hash(product.slug))
  const bits = Array.from({ length: 14 }, () => {
    const x = r1(260 + rnd() * 280)
    const y = r1(276 + rnd() * 34)
    return `<circle cx="${x}" cy="${y}" r="${r1(4 + rnd() * 5)}" fill="${shade(food, rnd() > 0.5 ? -0.3 : 0.35)}"/>`
  }).join('')
  const leaves = `<path d="M120 360 C 220 250 600 250 690 330 C 600 420 220 440 120 360 Z" fill="#4f8f3a"/>
    <path d="M130 360 C 300 330 520 320 680 332" stroke="#3b7a2c" stroke-width="4" fill="none"/>`
  const { name } = lettering(product)
  const title = fitText(name, 520, 60, 2, 0.64)
  const titleTop = title.lines.length === 1 ? 610 : 540 + title.size * 0.9
  const bowl = ['#c2502e', '#b8862a', '#7a4a32', '#3f6f8a'][hash(product.slug) % 4]
  return `${leaves}
    <ellipse cx="400" cy="410" rx="230" ry="24" fill="#000" opacity=".12"/>
    <path d="M190 290 C 190 380 270 420 400 420 C 530 420 610 380 610 290 Z" fill="${bowl}"/>
    <path d="M206 300 C 212 370 280 402 400 404" stroke="#fff" stroke-width="6" opacity=".25" fill="none" stroke-linecap="round"/>
    <ellipse cx="400" cy="290" rx="210" ry="40" fill="${shade(bowl, -0.2)}"/>
    <ellipse cx="400" cy="292" rx="192" ry="32" fill="${food}"/>${bits}
    ${[330, 400, 470].map((x, i) => `<path d="M${x} 240 C ${x - 24} 210 ${x + 24} 180 ${x} 150 C ${x - 20} 130 ${x + 10} 110 ${x} ${96 + i * 6}" stroke="${pal.pack2}" stroke-width="8" fill="none" stroke-linecap="round" opacity=".35"/>`).join('')}
    <rect x="120" y="470" width="560" height="262" rx="26" fill="${pal.paper}"/>
    <text x="400" y="514" font-family="${SANS}" font-size="17" font-weight="bold" letter-spacing="3" fill="${pal.pack}" text-anchor="middle">KAADU ORGANICS · READY TO EAT</text>
    ${textLines(title, 400, titleTop, `font-family="${SERIF}" font-weight="bold" fill="${pal.ink}" text-anchor="middle"`, 1.1)}
    <text x="400" y="708" font-family="${SANS}" font-size="20" fill="${pal.ink}" text-anchor="middle" opacity=".8">Just add hot water · ready in 5 minutes</text>`
}

function front(product) {
  const pal = paletteOf(product)
  const seed = hash(product.slug)
  let pack
  if (product.subcategory === 'biscuits') pack = box(product, pal)
  else if (product.category === 'ready-to-eat') pack = readyMeal(product, pal)
  else if (product.category === 'thokku') pack = jar(product, pal)
  else if (product.category === 'essential-oils') pack = dropperBottle(product, pal)
  else if (product.category === 'capsules-tablets') pack = pillBottle(product, pal)
  else if (product.category === 'spices') pack = tin(product, pal)
  else {
    const kraft = ['dehydrated-fruit', 'dehydrated-vegetable', 'herbal', 'dry-fruits'].includes(product.category)
    pack = pouch(product, pal, kraft)
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">${background(pal, seed)}${pack}</svg>`
}

// ---------------------------------------------------------------------------------------------
// The back: a printed label with the details a customer turns the pack over for.

function netWeight(product) {
  if (isSizedCategory(product.category)) return 'Packs of 250 g · 500 g · 1 kg'
  const m = product.description.match(/(\d+ (?:vegetarian )?(?:capsules|tablets))|(\d+ ?(?:g|ml|kg))\b/i)
  if (m) return `Net content: ${m[0].replace(/ vegetarian/, '')}`
  if (product.category === 'ready-to-eat') return 'Net weight: 80 g · one hearty serving'
  return 'Net weight: see pack'
}

function howToUse(product) {
  switch (product.category) {
    case 'ready-to-eat':
      return 'Add 200 ml of hot water, stir, close for 5 minutes.'
    case 'essential-oils':
      return 'For external use. Dilute before applying to skin.'
    case 'capsules-tablets':
      return 'Traditional use; ask your doctor if pregnant or on medicine.'
    case 'thokku':
      return 'Use a dry spoon. Keeps 6 months; refrigerate after opening.'
    default:
      return isSizedCategory(product.category)
        ? 'Reseal after opening; keep away from moisture.'
        : 'Store in a cool, dry place. Reseal after opening.'
  }
}

function barcode(seed, x, y) {
  const rnd = random(seed)
  let bars = ''
  let cx = x
  while (cx < x + 190) {
    const w = 2 + Math.floor(rnd() * 4)
    if (rnd() > 0.42) bars += `<rect x="${cx}" y="${y}" width="${w}" height="70" fill="#222"/>`
    cx += w + 1
  }
  const digits = Array.from({ length: 12 }, () => Math.floor(rnd() * 10)).join('')
  return `${bars}<text x="${x + 95}" y="${y + 92}" font-family="${SANS}" font-size="16" letter-spacing="3" fill="#222" text-anchor="middle">890${digits.slice(3)}</text>`
}

function back(product) {
  const pal = paletteOf(product)
  const seed = hash(product.slug) + 1
  const category = product.subcategory === 'biscuits' ? 'Millet Biscuits' : CATEGORY_LABELS[product.category]
  const title = fitText(product.name, 560, 44, 2, 0.64)
  const titleY = 196 + title.size
  const lineY = titleY + (title.lines.length - 1) * title.size * 1.1 + 44
  const descY = lineY + 52
  // The description takes the room left above the rule at y=540.
  let desc = fitText(product.description, 600, 26, 1, 0.56)
  for (let size = 26; size >= 16; size -= 1) {
    desc = fitText(product.description, 600, size, 20, 0.56)
    if (desc.size === size && (desc.lines.length - 1) * size * 1.35 + descY <= 516) break
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
    <rect width="${SIZE}" height="${SIZE}" fill="${pal.pack2}"/>
    ${background({ ...pal, bg: pal.pack2, bg2: pal.pack }, seed)}
    <rect x="60" y="60" width="680" height="680" rx="28" fill="${pal.paper}"/>
    <path d="M60 88 A 28 28 0 0 1 88 60 H 712 A 28 28 0 0 1 740 88 V 150 H 60 Z" fill="${pal.pack}"/>
    <path d="${leafPath(44, 14)}" fill="${pal.paper}" transform="translate(112 128) rotate(-25)"/>
    <text x="150" y="118" font-family="${SERIF}" font-size="34" font-weight="bold" fill="${pal.paper}">Kaadu Organics</text>
    <text x="708" y="116" font-family="${SANS}" font-size="18" fill="${pal.paper}" text-anchor="end" opacity=".9">${esc(category)}</text>
    ${textLines(title, 100, titleY, `font-family="${SERIF}" font-weight="bold" fill="${pal.ink}"`, 1.1)}
    <text x="100" y="${r1(lineY)}" font-family="${SANS}" font-size="21" font-weight="bold" fill="${pal.pack2}">100% organic · non-GMO · from small farmers</text>
    ${textLines(desc, 100, descY, `font-family="${SANS}" fill="#333"`, 1.35)}
    <line x1="100" y1="540" x2="700" y2="540" stroke="${pal.pack}" stroke-width="2" opacity=".5"/>
    <text x="100" y="580" font-family="${SANS}" font-size="21" font-weight="bold" fill="${pal.ink}">${esc(netWeight(product))}</text>
    ${textLines(fitText(howToUse(product), 380, 18, 2, 0.56), 100, 614, `font-family="${SANS}" fill="#444"`, 1.3)}
    <text x="100" y="676" font-family="${SANS}" font-size="18" fill="#444">Packed in Tamil Nadu</text>
    <text x="100" y="704" font-family="${SANS}" font-size="18" fill="#444">Best before 12 months from packing</text>
    <rect x="500" y="592" width="200" height="108" fill="#fff"/>
    ${barcode(seed, 505, 598)}
  </svg>`
}

// ---------------------------------------------------------------------------------------------
// Home-page showcases: a still life of the section's products, no text (the page has the titles).

/**
 * Each showcase is drawn 960 px wide (`<name>.webp`) and also kept at these widths (`<name>-<width>.webp`) for the
 * page's srcset (app/routes/home.tsx): a column 328 CSS px wide on a 360 px phone, 380 on Lighthouse's 412 px one
 * (665 device pixels at its 1.75 ratio), half of the 1280 px layout (604 px) on a desktop.
 */
const SHOWCASE_WIDTHS = [320, 480, 640, 720]

const SHOWCASES = [
  { file: 'freeze-dried-fruits.webp', palette: 'freeze-dried-fruit', category: 'freeze-dried-fruit', prefix: 'freeze-dried-', count: 12 },
  { file: 'freeze-dried-vegetables.webp', palette: 'freeze-dried-vegetable', category: 'freeze-dried-vegetable', count: 17 },
  { file: 'dehydrated-herbs.webp', palette: 'dehydrated-vegetable', category: 'dehydrated-vegetable', count: 17 },
  { file: 'ready-to-eat.webp', palette: 'ready-to-eat', category: 'ready-to-eat', count: 6 },
]

function showcase(def) {
  const W = 960
  const H = 640
  const pal = PALETTES[def.palette]
  const items = DEMO_PRODUCTS.filter((p) => p.category === def.category).slice(0, def.count)
  const seed = hash(def.file)
  let art
  if (def.category === 'ready-to-eat') {
    // Six dishes served on two banana leaves.
    const leaf = (
      y,
    ) => `<path d="M20 ${y} C 200 ${y - 120} 760 ${y - 120} 940 ${y} C 760 ${y + 110} 200 ${y + 110} 20 ${y} Z" fill="#4f8f3a"/>
      <path d="M30 ${y} H 930" stroke="#3b7a2c" stroke-width="5"/>
      ${Array.from({ length: 14 }, (_, i) => `<path d="M${90 + i * 60} ${y} l 30 -70 M${90 + i * 60} ${y} l 30 70" stroke="#5c9c46" stroke-width="2"/>`).join('')}`
    art =
      leaf(250) +
      leaf(500) +
      items
        .map((p, i) => {
          const x = 180 + (i % 3) * 300
          const y = 210 + Math.floor(i / 3) * 250
          const food = dishColour(p)
          const bowl = ['#c2502e', '#b8862a', '#7a4a32', '#3f6f8a'][(i + Math.floor(i / 3)) % 4]
          const rnd = random(hash(p.slug))
          const bits = Array.from(
            { length: 8 },
            () =>
              `<circle cx="${r1(-80 + rnd() * 160)}" cy="${r1(-8 + rnd() * 16)}" r="${r1(3 + rnd() * 4)}" fill="${shade(food, rnd() > 0.5 ? -0.3 : 0.35)}"/>`,
          ).join('')
          return `<g transform="translate(${x} ${y})">
          <ellipse cx="0" cy="84" rx="120" ry="14" fill="#000" opacity=".15"/>
          <path d="M-116 0 C -116 60 -70 84 0 84 C 70 84 116 60 116 0 Z" fill="${bowl}"/>
          <ellipse cx="0" cy="0" rx="116" ry="24" fill="${shade(bowl, -0.2)}"/>
          <ellipse cx="0" cy="2" rx="104" ry="18" fill="${food}"/>${bits}
          <path d="M-30 -24 C -50 -54 -10 -74 -30 -104 M30 -24 C 10 -54 50 -74 30 -104" stroke="${pal.pack2}" stroke-width="7" fill="none" opacity=".3" stroke-linecap="round"/></g>`
        })
        .join('')
  } else {
    const cols = def.count === 12 ? 4 : 6
    const rows = Math.ceil(items.length / cols)
    art = items
      .map((p, i) => {
        const row = Math.floor(i / cols)
        const inRow = row === rows - 1 ? items.length - row * cols : cols
        const col = i - row * cols
        const gap = W / (cols + 0.4)
        const x = W / 2 + (col - (inRow - 1) / 2) * gap
        const y = H / 2 + (row - (rows - 1) / 2) * (H / (rows + 0.5))
        const r = Math.min(gap, H / (rows + 0.5)) * 0.42
        return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${pal.paper}" opacity=".9"/>${ingredient(p, r1(x), r1(y), r1((r * 1.45) / 110))}`
      })
      .join('')
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${background(pal, seed, W, H)}${art}</svg>`
}

// ---------------------------------------------------------------------------------------------

/** Renders the SVG to WebP, scaled down to `width` when given. */
async function write(file, svg, width) {
  const image = sharp(Buffer.from(svg))
  if (width) image.resize({ width })
  const webp = await image.webp(WEBP).toBuffer()
  await fs.promises.writeFile(file, webp)
  return webp.length
}

const showcasesOnly = process.argv.includes('--showcases')
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'))
fs.mkdirSync(PRODUCT_DIR, { recursive: true })
fs.mkdirSync(SHOWCASE_DIR, { recursive: true })

const products = showcasesOnly ? [] : DEMO_PRODUCTS.filter((p) => !only.length || only.some((o) => p.slug.includes(o)))
let total = 0
let largest = { size: 0, file: '' }
for (const product of products) {
  for (const [side, svg] of [
    ['front', front(product)],
    ['back', back(product)],
  ]) {
    const file = `${product.slug}-${side}.webp`
    const size = await write(path.join(PRODUCT_DIR, file), svg)
    total += size
    if (size > largest.size) largest = { size, file }
  }
}
if (!only.length && !showcasesOnly) {
  // Pictures of products that left the catalogue would otherwise linger in the repository.
  const wanted = new Set(DEMO_PRODUCTS.flatMap((p) => [`${p.slug}-front.webp`, `${p.slug}-back.webp`]))
  for (const file of fs.readdirSync(PRODUCT_DIR)) {
    if (file.endsWith('.webp') && !wanted.has(file)) fs.rmSync(path.join(PRODUCT_DIR, file))
  }
}
if (!only.length) {
  const sizes = []
  for (const def of SHOWCASES) {
    const svg = showcase(def)
    sizes.push(`${def.file} ${((await write(path.join(SHOWCASE_DIR, def.file), svg)) / 1024).toFixed(1)} KB`)
    for (const width of SHOWCASE_WIDTHS) {
      const file = def.file.replace(/\.webp$/, `-${width}.webp`)
      sizes.push(`${file} ${((await write(path.join(SHOWCASE_DIR, file), svg, width)) / 1024).toFixed(1)} KB`)
    }
  }
  console.log(`Showcases: ${sizes.join(', ')}`)
}
if (!showcasesOnly) {
  console.log(
    `${products.length * 2} product pictures, ${(total / 1024).toFixed(0)} KB in all, largest ${largest.file} ${(largest.size / 1024).toFixed(1)} KB`,
  )
}
