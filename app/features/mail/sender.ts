/** Who a mail is from: a name and an address apart, so the mailer quotes and encodes the name itself. */
export type MailSender = { name: string; address: string }

/** MAIL_FROM as an operator writes it: `Name <address>`, `<address>` or the address alone. */
export function parseMailFrom(mailFrom: string): { name: string; address: string } {
  const match = mailFrom.trim().match(/^(.*?)\s*<([^<>\s]+)>$/)
  if (!match) return { name: '', address: mailFrom.trim() }
  return { name: match[1]!.trim().replace(/^"(.*)"$/, '$1'), address: match[2]! }
}

/**
 * The From of the shop's mails (issue 39): the address from MAIL_FROM; the name the owner set at /dash/shop, else the
 * shop's name — so a renamed shop's mails carry its new name. A name written in MAIL_FROM is not used: the one in
 * `.env.example` was the demo's, and the owner, not the server's settings, names the shop.
 */
export function mailSender(config: { MAIL_FROM: string }, settings: { shopName: string; mailSenderName: string }): MailSender {
  return { name: settings.mailSenderName.trim() || settings.shopName, address: parseMailFrom(config.MAIL_FROM).address }
}
