/**
 * Text for mails. A mail is lines: a value with a line break in it (a name typed with CR/LF, or U+2028) could
 * add lines of its sender's choosing to a mail that the reader trusts, such as "Reply to: …" in the owner's.
 */

/** Line breaks of every kind, and the other control characters, none of which belongs inside one line. */
const BREAKS_AND_CONTROLS = /[\p{Cc}\u2028\u2029]+/gu

/** One value on one line: every break or control becomes a single space. */
export function oneLine(value: unknown): string {
  return String(value ?? '').replace(BREAKS_AND_CONTROLS, ' ')
}

/** A template literal whose interpolated values are each kept on one line: line`Hello ${name},`. */
export function line(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((out, piece, i) => out + piece + (i < values.length ? oneLine(values[i]) : ''), '')
}

/** Text someone wrote over several lines, kept as their lines but each indented, so none passes as a line of ours. */
export function quoted(text: string, indent = '  '): string {
  return text
    .split(/\r\n|[\r\n\u2028\u2029\u0085]/)
    .map((l) => indent + oneLine(l))
    .join('\n')
}
