import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// A clone has only this repository: every relative link in the README and the docs must lead to a file in it.

const root = path.resolve(import.meta.dirname, '..')
const documents = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f)),
]

/** Markdown links and images `[text](target)`, and `<img src="…">`, without code spans and code blocks. */
function relativeLinks(markdown: string) {
  const text = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '')
  const targets = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g), ...text.matchAll(/<img[^>]+src="([^"]+)"/g)].map(
    (m) => m[1]!,
  )
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'))
}

/** Paths written as code that climb out of their folder (`../shared/DESIGN.md`): a reader follows those too. */
function climbingPaths(markdown: string) {
  return [...markdown.matchAll(/`(\.\.\/[^`\s]+)`/g)].map((m) => m[1]!)
}

describe('links in the README and docs/', () => {
  it('finds the documents and their links', () => {
    expect(documents).toContain('README.md')
    expect(documents).toContain(path.join('docs', 'design.md'))
    expect(relativeLinks(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).length).toBeGreaterThan(5)
  })

  it.each(documents)('every relative link in %s resolves to a file in the repository', (document) => {
    const markdown = fs.readFileSync(path.join(root, document), 'utf8')
    const links = [...relativeLinks(markdown), ...climbingPaths(markdown)]
    const broken = links.filter((link) => {
      const file = decodeURIComponent(link.split('#')[0]!.split('?')[0]!)
      const resolved = path.resolve(root, path.dirname(document), file)
      return !resolved.startsWith(root + path.sep) || !fs.existsSync(resolved)
    })
    expect(broken).toEqual([])
  })
})
