import { currentLanguage, pathInLanguage } from '~/i18n/language'
import { m } from '~/i18n/paraglide/messages.js'
import { oneLineValues, questionsLine } from '../mail/mail-text'
import type { ShopSettings } from '../settings/shop-settings'

type Recipient = { email: string; name: string }

export function passwordResetMail(user: Recipient, link: string, settings: ShopSettings) {
  return {
    recipient: user.email,
    subject: m.accounts_mail_reset_subject(oneLineValues({ shopName: settings.shopName })),
    text: [
      m.mail_hello_name(oneLineValues({ name: user.name || user.email })),
      '',
      m.accounts_mail_reset_asked(oneLineValues({ shopName: settings.shopName })),
      m.accounts_mail_reset_open(),
      '',
      link,
      '',
      m.accounts_mail_reset_ignore(),
      questionsLine(settings),
    ].join('\n'),
  }
}

export function emailConfirmationMail(user: Recipient, link: string, settings: ShopSettings) {
  return {
    recipient: user.email,
    subject: m.accounts_mail_confirm_subject(oneLineValues({ shopName: settings.shopName })),
    text: [
      m.mail_hello_name(oneLineValues({ name: user.name || user.email })),
      '',
      m.accounts_mail_confirm_open(oneLineValues({ email: user.email })),
      '',
      link,
      '',
      m.accounts_mail_confirm_expiry(),
    ].join('\n'),
  }
}

/** Our own reset page with its token; the shop's public address goes in front. */
export function resetPasswordPath(token: string) {
  // The page in the language of the request that asked for it.
  return pathInLanguage(`/reset-password?token=${encodeURIComponent(token)}`, currentLanguage())
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
    subject: m.accounts_mail_attempt_subject(oneLineValues({ shopName: settings.shopName })),
    text: [
      m.mail_hello_name(oneLineValues({ name: user.name || user.email })),
      '',
      m.accounts_mail_attempt_tried(oneLineValues({ shopName: settings.shopName, email: user.email })),
      m.accounts_mail_attempt_nothing_changed(),
      '',
      m.accounts_mail_attempt_sign_in(oneLineValues({ link: `${base}${pathInLanguage('/Signin', currentLanguage())}` })),
      m.accounts_mail_attempt_forgot(oneLineValues({ link: `${base}${pathInLanguage('/forgot-password', currentLanguage())}` })),
      '',
      m.accounts_mail_attempt_not_you(),
      questionsLine(settings),
    ].join('\n'),
  }
}
