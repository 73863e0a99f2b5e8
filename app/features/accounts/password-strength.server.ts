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

/** Why, in words: zxcvbn's warning keys (data/translationKeys), in the shop's language. */
const WHY: Record<string, string> = {
  topTen: 'it is one of the ten most used passwords',
  topHundred: 'it is one of the hundred most used passwords',
  common: 'it is on the lists of common passwords that attackers try first',
  similarToCommon: 'it is too close to a common password',
  wordByItself: 'a single word is easy to guess',
  namesByThemselves: 'names on their own are easy to guess',
  commonNames: 'common names are easy to guess',
  straightRow: 'a row of keys on the keyboard is easy to guess',
  keyPattern: 'a pattern on the keyboard is easy to guess',
  simpleRepeat: 'repeated characters like "aaaa" are easy to guess',
  extendedRepeat: 'repeated groups like "abcabc" are easy to guess',
  sequences: 'sequences like "abcd" or "1234" are easy to guess',
  recentYears: 'recent years are easy to guess',
  dates: 'dates are easy to guess',
  userInputs: 'it is built from your e-mail address or name',
  pwned: 'it has appeared in a data breach',
}

/** The reason a password is refused, as a sentence for the form; null when it is strong enough. */
export async function weakPasswordReason(password: string, userInputs: string[] = []): Promise<string | null> {
  const inputs = userInputs.flatMap((v) => [v, ...v.split(/[@.\s_-]+/)]).filter((v) => v.length >= 3)
  const result = (await loadChecker()).check(password.slice(0, 128), inputs)
  if (result.score >= MIN_PASSWORD_SCORE) return null
  const why = (result.feedback.warning && WHY[result.feedback.warning]) || 'it would be guessed quickly'
  return `Choose a harder password: ${why}. A few unrelated words together are easy to remember and hard to guess.`
}
