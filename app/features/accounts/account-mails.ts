import { line } from '../mail/mail-text'
import type { ShopSettings } from '../settings/shop-settings'

type Recipient = { email: string; name: string }

export function passwordResetMail(user: Recipient, link: string, settings: ShopSettings) {
  return {
    recipient: user.email,
    subject: line`Set a new password for ${settings.shopName}`,
    text: [
      line`Hello ${user.name || user.email},`,
      '',
      line`Someone (we hope you) asked to set a new password for your ${settings.shopName} account.`,
      'Open this link to choose one. It works once, for one hour:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
      line`Questions? Call us on ${settings.phone} or write to ${settings.email}.`,
    ].join('\n'),
  }
}

export function emailConfirmationMail(user: Recipient, link: string, settings: ShopSettings) {
  return {
    recipient: user.email,
    subject: line`Confirm your e-mail address for ${settings.shopName}`,
    text: [
      line`Hello ${user.name || user.email},`,
      '',
      line`Open this link to confirm that ${user.email} is yours. Your orders placed with this address then show under "My orders":`,
      '',
      link,
      '',
      'The link works for one day. If you did not ask for this, ignore this mail.',
    ].join('\n'),
  }
}

/** Our own reset page with its token; the shop's public address goes in front. */
export function resetPasswordPath(token: string) {
  return `/reset-password?token=${encodeURIComponent(token)}`
}

/**
 * Someone tried to sign up with an address that has an account (docs/decisions/023-sign-up-does-not-tell.md):
 * the sign-up page says nothing about it, the owner of the address hears it here. No token: the links are
 * the ones anyone could follow.
 */
export function signUpAttemptMail(user: Recipient, shopUrl: string, settings: ShopSettings) {
  const base = shopUrl.replace(/\/+$/, '')
  return {
    recipient: user.email,
    subject: line`Someone tried to sign up at ${settings.shopName} with your address`,
    text: [
      line`Hello ${user.name || user.email},`,
      '',
      line`Someone (perhaps you) tried to create a ${settings.shopName} account with ${user.email}, which already has one.`,
      'Nothing was changed.',
      '',
      line`To sign in: ${base}/Signin`,
      line`Forgot your password? Choose a new one: ${base}/forgot-password`,
      '',
      'If this was not you, you can ignore this mail.',
      line`Questions? Call us on ${settings.phone} or write to ${settings.email}.`,
    ].join('\n'),
  }
}
