import { m } from '~/i18n/paraglide/messages.js'
import type { Shelf } from './categories'

/**
 * What each shelf holds, in a sentence or two: for the shelf's page and the home page's list of shelves, worded by
 * their loaders. Apart from SHELVES, which every page's script holds (the menu and footer name the shelves): these
 * longer texts reach the browser only in the pages that show them (decision 074).
 */
const SHELF_DESCRIPTIONS: Record<string, () => string> = {
  '/herb-ro': m.catalogue_shelf_herbal_description,
  '/herb-ro/tokku': m.catalogue_shelf_thokku_description,
  '/herb-ro/biscuits': m.catalogue_shelf_biscuits_description,
  '/Capsule': m.catalogue_shelf_capsules_description,
  '/free-products': m.catalogue_shelf_freeze_dried_description,
  '/Freeze-pr': m.catalogue_shelf_freeze_dried_sizes_description,
  '/Dehy': m.catalogue_shelf_dehydrated_description,
  '/Essentails': m.catalogue_shelf_essential_oils_description,
  '/Spices': m.catalogue_shelf_spices_description,
  '/Dryfruits': m.catalogue_shelf_dry_fruits_description,
}

export function shelfDescription(shelf: Pick<Shelf, 'path'>): string {
  return SHELF_DESCRIPTIONS[shelf.path]!()
}
