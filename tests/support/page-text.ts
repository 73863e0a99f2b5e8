/**
 * What a person reads on a page: its visible text (scripts, styles and the head left out) and the words it gives
 * assistive technology and pointers (aria-label, title, alt, placeholder), entities decoded, spaces collapsed.
 */
export function readableText(html: string, { skipLanguage }: { skipLanguage?: string } = {}) {
  const whole = html.slice(html.indexOf('<body'))
  const body = skipLanguage ? withoutPartsIn(whole, skipLanguage) : whole
  const attributes = [...body.matchAll(/\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map((m) => m[1]!)
  const visible = body
    .replace(/<script\b[\s\S]*?<\/script>/g, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, ' ')
  return decodeEntities([visible, ...attributes].join(' \n '))
    .replace(/\s+/g, ' ')
    .trim()
}

export function decodeEntities(text: string) {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&nbsp;', '\u00a0')
    .replaceAll('&amp;', '&')
}

/**
 * The markup without the elements marked as another language (`lang="en-IN"` on a Tamil page: the owner's content
 * shown in English because it has no Tamil yet, the language switch's "English"), children included.
 */
export function withoutPartsIn(html: string, language: string) {
  const opening = new RegExp(`<([a-zA-Z][a-zA-Z0-9]*)\\b[^>]*\\slang="${language}"[^>]*>`, 'g')
  let out = html
  for (;;) {
    opening.lastIndex = 0
    const found = opening.exec(out)
    if (!found) return out
    const tag = found[1]!
    const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g')
    tags.lastIndex = found.index + found[0].length
    let depth = 1
    let end = out.length
    for (let m = tags.exec(out); m; m = tags.exec(out)) {
      depth += m[1] ? -1 : m[0].endsWith('/>') ? 0 : 1
      if (depth === 0) {
        end = m.index + m[0].length
        break
      }
    }
    out = out.slice(0, found.index) + out.slice(end)
  }
}
