/** The top menu of spec section 2, with its exact paths (two sub-items sharing one path is the spec's). */
export type MenuLink = { label: string; to: string }
export type MenuGroup = { label: string; items: readonly MenuLink[] }
export type MenuEntry = MenuLink | MenuGroup

export const MENU: readonly MenuEntry[] = [
  { label: 'Home', to: '/' },
  {
    label: 'Herbal Products',
    items: [
      { label: 'Herbal Products', to: '/herb-ro' },
      { label: 'Tokku', to: '/herb-ro/tokku' },
      { label: 'Capsules', to: '/Capsule' },
      { label: 'Biscuits', to: '/herb-ro/biscuits' },
    ],
  },
  {
    label: 'Freeze Dried Products',
    items: [
      { label: 'Freeze Dried Fruits', to: '/free-products' },
      { label: 'Freeze Dried Vegetables', to: '/free-products' },
      { label: 'Ready to Eat', to: '/' },
    ],
  },
  {
    label: 'Dehydrated Products',
    items: [
      { label: 'Dehydrated Fruits', to: '/Dehy' },
      { label: 'Dehydrated Vegetables', to: '/Dehy' },
    ],
  },
  {
    label: 'Other Category',
    items: [
      { label: 'Essential Oils', to: '/Essentails' },
      { label: 'Spices', to: '/Spices' },
      { label: 'Dry Fruit', to: '/Dryfruits' },
    ],
  },
  { label: 'Contact Us', to: '/contact' },
]

export function isGroup(entry: MenuEntry): entry is MenuGroup {
  return 'items' in entry
}
