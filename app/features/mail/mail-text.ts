import { m } from '~/i18n/paraglide/messages.js'

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

/**
 * A message's values, each kept on one line as `line` keeps a template's: `m.mail_hello_name(oneLineValues({ name }))`.
 * The mails are worded by message functions, in the language in effect when the mail is made.
 */
export function oneLineValues<T extends Record<string, unknown>>(values: T): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, oneLine(value)])) as { [K in keyof T]: string }
}

/** The line the shop's mails to customers end with: how to reach the shop. */
export function questionsLine(settings: { phone: string; email: string }) {
  return m.mail_questions(oneLineValues({ phone: settings.phone, email: settings.email }))
}
