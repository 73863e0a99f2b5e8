/** An account's roles. A plain module, not the schema: pages that list roles must not pull Drizzle into the browser. */
export const ROLES = ['user', 'admin'] as const
export type Role = (typeof ROLES)[number]
