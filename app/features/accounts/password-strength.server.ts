import { m } from '~/i18n/paraglide/messages.js'

/**
 * Whether a new password is too easy to guess, judged by zxcvbn-ts against its list of common and leaked
 * passwords, keyboard rows, repeats, dates and the account's own e-mail and name. Loaded on first use (its
 * dictionaries are a few megabytes), on the server only: the browser never downloads them.
 */

/** zxcvbn's scale: 3 is "safely unguessable" for an online attacker and a slow offline one. */
export const MIN_PASSWORD_SCORE = 3

type Checker = { check(password: string, userInputs?: string[]): { score: number; feedback: { warning: string | null } } }
let checker: Promise<Checker> | null = null

function loadChecker(): Promise<Checker> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  )
  return checker
}

/** Why, in words: zxcvbn's warning keys (data/translationKeys), in the request's language. */
const WHY: Record<string, () => string> = {
  topTen: m.accounts_weak_top_ten,
  topHundred: m.accounts_weak_top_hundred,
  common: m.accounts_weak_common,
  similarToCommon: m.accounts_weak_similar_to_common,
  wordByItself: m.accounts_weak_word_by_itself,
  namesByThemselves: m.accounts_weak_names_by_themselves,
  commonNames: m.accounts_weak_common_names,
  straightRow: m.accounts_weak_straight_row,
  keyPattern: m.accounts_weak_key_pattern,
  simpleRepeat: m.accounts_weak_simple_repeat,
  extendedRepeat: m.accounts_weak_extended_repeat,
  sequences: m.accounts_weak_sequences,
  recentYears: m.accounts_weak_recent_years,
  dates: m.accounts_weak_dates,
  userInputs: m.accounts_weak_user_inputs,
  pwned: m.accounts_weak_pwned,
}

/** The reason a password is refused, as a sentence for the form; null when it is strong enough. */
export async function weakPasswordReason(password: string, userInputs: string[] = []): Promise<string | null> {
  const inputs = userInputs.flatMap((v) => [v, ...v.split(/[@.\s_-]+/)]).filter((v) => v.length >= 3)
  const result = (await loadChecker()).check(password.slice(0, 128), inputs)
  if (result.score >= MIN_PASSWORD_SCORE) return null
  const why = (result.feedback.warning && WHY[result.feedback.warning]) || m.accounts_weak_guessed_quickly
  return m.accounts_weak_password({ why: why() })
}
