/**
 * What a person reads on a page: its visible text (scripts, styles and the head left out) and the words it gives
 * assistive technology and pointers (aria-label, title, alt, placeholder), entities decoded, spaces collapsed.
 */
export function readableText(html: string) {
  const body = html.slice(html.indexOf('<body'))
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
