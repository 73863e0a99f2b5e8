/** An ILIKE pattern matching `text` anywhere, with the pattern's own characters (`%`, `_`, `\`) taken literally. */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
