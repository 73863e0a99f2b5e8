import { m } from '~/i18n/paraglide/messages.js'

/**
 * The top menu of spec section 2, with its exact paths (two sub-items sharing one path is the spec's). `id` names an
 * entry whatever the language (keys, the groups' element ids); the labels are worded when the menu is drawn.
 */
export type MenuLink = { id: string; label: string; to: string }
export type MenuGroup = { id: string; label: string; items: readonly MenuLink[] }
export type MenuEntry = MenuLink | MenuGroup

export function menu(): readonly MenuEntry[] {
  return [
    { id: 'home', label: m.layout_menu_home(), to: '/' },
    {
      id: 'herbal-products',
      label: m.layout_menu_herbal(),
      items: [
        { id: 'herbal', label: m.layout_menu_herbal(), to: '/herb-ro' },
        { id: 'tokku', label: m.layout_menu_tokku(), to: '/herb-ro/tokku' },
        { id: 'capsules', label: m.layout_menu_capsules(), to: '/Capsule' },
        { id: 'biscuits', label: m.layout_menu_biscuits(), to: '/herb-ro/biscuits' },
      ],
    },
    {
      id: 'freeze-dried-products',
      label: m.layout_menu_freeze_dried(),
      items: [
        { id: 'freeze-dried-fruits', label: m.layout_menu_freeze_dried_fruits(), to: '/free-products' },
        { id: 'freeze-dried-vegetables', label: m.layout_menu_freeze_dried_vegetables(), to: '/free-products' },
        { id: 'ready-to-eat', label: m.layout_menu_ready_to_eat(), to: '/' },
      ],
    },
    {
      id: 'dehydrated-products',
      label: m.layout_menu_dehydrated(),
      items: [
        { id: 'dehydrated-fruits', label: m.layout_menu_dehydrated_fruits(), to: '/Dehy' },
        { id: 'dehydrated-vegetables', label: m.layout_menu_dehydrated_vegetables(), to: '/Dehy' },
      ],
    },
    {
      id: 'other-category',
      label: m.layout_menu_other(),
      items: [
        { id: 'essential-oils', label: m.layout_menu_essential_oils(), to: '/Essentails' },
        { id: 'spices', label: m.layout_menu_spices(), to: '/Spices' },
        { id: 'dry-fruit', label: m.layout_menu_dry_fruit(), to: '/Dryfruits' },
      ],
    },
    { id: 'contact', label: m.layout_menu_contact(), to: '/contact' },
  ]
}

export function isGroup(entry: MenuEntry): entry is MenuGroup {
  return 'items' in entry
}
