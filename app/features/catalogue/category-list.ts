/**
 * The eleven categories of the spec (section 3), as values: apart from categories.ts, which words them, so the
 * database schema (and drizzle-kit reading it) needs no messages.
 */
export const CATEGORIES = [
  'herbal',
  'freeze-dried-fruit',
  'freeze-dried-vegetable',
  'dehydrated-fruit',
  'dehydrated-vegetable',
  'essential-oils',
  'spices',
  'dry-fruits',
  'capsules-tablets',
  'ready-to-eat',
  'thokku',
] as const
export type Category = (typeof CATEGORIES)[number]
