import type { Category, PackSize, Subcategory } from './categories'

/** A product of the demo catalogue; prices in rupees, as the owner would write them. */
export type DemoProduct = {
  slug: string
  name: string
  description: string
  category: Category
  subcategory?: Subcategory
  /** Single-price products. */
  price?: number
  /** Sized products: one price per pack. */
  prices?: Record<PackSize, number>
  /** Units in stock; sized products may give one count per pack. */
  stock: number | Record<PackSize, number>
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    slug: 'moringa-leaf-powder',
    name: 'Moringa Leaf Powder',
    description: 'Shade-dried murungai leaves from Dindigul, stone-ground.',
    category: 'herbal',
    price: 180,
    stock: 40,
  },
  {
    slug: 'freeze-dried-banana',
    name: 'Freeze Dried Banana',
    description: 'Nendran bananas from Kerala, freeze-dried crisp.',
    category: 'freeze-dried-fruit',
    prices: { '250g': 320, '500g': 600, '1kg': 1150 },
    stock: { '250g': 20, '500g': 10, '1kg': 5 },
  },
]
