import { categoryLabel, SHELVES } from '../catalogue/categories'

/**
 * Where the search page sends a customer who typed nothing or found nothing: every listing page once (the 404
 * page's choice of shelves) and the ready-to-eat dishes, which have no shelf of their own (decision 002).
 */
export function browseLinks(): readonly { to: string; label: string }[] {
  return [
    ...SHELVES.filter((s) => s.layout === 'cards').map((s) => ({ to: s.path, label: s.title })),
    { to: '/product?category=ready-to-eat', label: categoryLabel('ready-to-eat') },
  ]
}
