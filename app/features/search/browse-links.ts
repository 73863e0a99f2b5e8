import { CATEGORY_LABELS, SHELVES } from '../catalogue/categories'

/**
 * Where the search page sends a customer who typed nothing or found nothing: every listing page once (the 404
 * page's choice of shelves) and the ready-to-eat dishes, which have no shelf of their own (decision 002).
 */
export const BROWSE_LINKS: readonly { to: string; label: string }[] = [
  ...SHELVES.filter((s) => s.layout === 'cards').map((s) => ({ to: s.path, label: s.title })),
  { to: '/product?category=ready-to-eat', label: CATEGORY_LABELS['ready-to-eat'] },
]
