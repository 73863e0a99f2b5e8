import type { ShopSettings } from '../settings/shop-settings'

type Recipient = { email: string; name: string }

export function passwordResetMail(user: Recipient, link: string, settings: ShopSettings) {
  return {
    recipient: user.email,
    subject: `Set a new password for ${settings.shopName}`,
    text: [
      `Hello ${user.name || user.email},`,
      '',
      `Someone (we hope you) asked to set a new password for your ${settings.shopName} account.`,
      'Open this link to choose one. It works once, for one hour:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
      `Questions? Call us on ${settings.phone} or write to ${settings.email}.`,
    ].join('\n'),
  }
}

export function emailConfirmationMail(user: Recipient, link: string, settings: ShopSettings) {
  return {
    recipient: user.email,
    subject: `Confirm your e-mail address for ${settings.shopName}`,
    text: [
      `Hello ${user.name || user.email},`,
      '',
      `Open this link to confirm that ${user.email} is yours. Your orders placed with this address then show under "My orders":`,
      '',
      link,
      '',
      'The link works for one day. If you did not ask for this, ignore this mail.',
    ].join('\n'),
  }
}
