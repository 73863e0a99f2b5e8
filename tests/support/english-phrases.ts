import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * Every English message's fixed text that Tamil words otherwise (the parts between its values), long enough to be
 * telling: found in a Tamil page or mail, it is an English message left there (decision 074).
 */
export function englishOnlyPhrases(minLength = 12) {
  const settings = JSON.parse(fs.readFileSync(path.join(root, 'project.inlang/settings.json'), 'utf8'))
  const phrases = new Set<string>()
  for (const pattern of settings['plugin.inlang.messageFormat'].pathPattern as string[]) {
    const en = JSON.parse(fs.readFileSync(path.join(root, pattern.replace('{locale}', 'en')), 'utf8'))
    const ta = JSON.parse(fs.readFileSync(path.join(root, pattern.replace('{locale}', 'ta')), 'utf8'))
    for (const [key, message] of Object.entries(en)) {
      if (key === '$schema' || JSON.stringify(message) === JSON.stringify(ta[key])) continue
      const texts =
        typeof message === 'string' ? [message] : (message as { match: Record<string, string> }[]).flatMap((v) => Object.values(v.match))
      for (const text of texts) for (const part of text.split(/\{\w+\}/)) if (part.trim().length >= minLength) phrases.add(part.trim())
    }
  }
  return [...phrases]
}
