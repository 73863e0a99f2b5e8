/**
 * Objects whose words are message functions read through getters (enumerable, so a loader's data carries them as
 * text): each word is in the language of the page or request reading it, never the one a module loaded in
 * (decision 074). `fixed` is copied; `words` become its getters.
 */
export function withWordsWhenRead<Fixed extends object, Key extends string>(
  fixed: Fixed,
  words: Record<Key, () => string>,
): Fixed & Readonly<Record<Key, string>> {
  return Object.defineProperties(
    { ...fixed },
    Object.fromEntries((Object.keys(words) as Key[]).map((key) => [key, { get: () => words[key](), enumerable: true }])),
  ) as Fixed & Readonly<Record<Key, string>>
}

/** A table of labels worded when read: `LABELS[key]` speaks the language of the moment. */
export function wordedWhenRead<Key extends string>(words: Record<Key, () => string>): Readonly<Record<Key, string>> {
  return withWordsWhenRead({}, words)
}
