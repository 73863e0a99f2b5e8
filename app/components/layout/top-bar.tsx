import { useCallback, useEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { useCart } from '~/components/cart/use-cart'
import { SearchBox } from '~/components/search/search-box'
import logoUrl from '~/assets/logo.svg'
import { AccountLinks, type SignedInAccount } from './account-links'
import { CartIcon, ChevronIcon, CloseIcon, MenuIcon } from './icons'
import { isGroup, menu, type MenuGroup, type MenuLink } from './menu'
import { LanguageSwitch } from './language-switch'
import { m } from '~/i18n/paraglide/messages.js'
import { useHydrated } from './use-hydrated'
import { useMediaBase } from './use-shop-settings'
import { mediaUrl } from '~/features/media/media-url'
import { type BrandLogo, isDemoShop } from '~/features/settings/shop-settings'

const MENU_ID = 'site-menu'
/** The horizontal menu shows above 1024 px (the `nav` breakpoint in app.css); the side menu at and below. */
const WIDE_SCREEN = '(min-width: 1025px)'

function cx(...classes: (string | false | null | undefined)[]) {
  return classes.filter(Boolean).join(' ')
}

/**
 * The owner's announcement (settings.home.announcement, issue 18), a strip above the top bar on every page that scrolls
 * away with the page; nothing when it is blank. White on leaf-800: over 9:1.
 */
export function AnnouncementBar({ text }: { text: string }) {
  if (!text.trim()) return null
  return (
    <aside
      aria-label={m.layout_announcement()}
      className="bg-leaf-800 px-4 py-1.5 text-center text-sm leading-snug font-medium text-balance text-white"
    >
      <p className="mx-auto max-w-7xl">{text}</p>
    </aside>
  )
}

/** The name's classes: on a phone it may take two lines, so the bar fits 360 px. */
const NAME_CLASS = 'w-min font-serif text-sm leading-tight font-semibold text-leaf-800 min-[420px]:w-auto min-[420px]:text-base'

/**
 * Whose shop this is, at the bar's left (issue 39): the owner's logo; else the shop's name in text; the demo's logo
 * only on the demo shop (isDemoShop), never on a shop renamed.
 */
function ShopMark({ shopName, logo }: { shopName: string; logo: BrandLogo | null }) {
  const mediaBase = useMediaBase()
  if (logo)
    return (
      <img
        src={mediaUrl(mediaBase, logo.key, 640)}
        alt={shopName}
        width={logo.width}
        height={logo.height}
        className="h-9 w-auto max-w-[40vw] object-contain object-left sm:max-w-[240px]"
      />
    )
  if (!isDemoShop({ shopName, logo })) return <span className={`${NAME_CLASS} sm:text-lg`}>{shopName}</span>
  return (
    <>
      {/* Where the bar is tight (narrow phones, small laptops) only the round mark at the logo's left shows. */}
      <img
        src={logoUrl}
        alt={shopName}
        width={240}
        height={48}
        className="h-9 w-9 object-cover object-left min-[460px]:w-auto nav:max-xl:w-9"
      />
      {/* On a phone the wordmark does not fit: the name beside the mark says whose shop this is. */}
      <span aria-hidden="true" className={`ml-2 ${NAME_CLASS} min-[460px]:hidden`}>
        {shopName}
      </span>
    </>
  )
}

/**
 * The top bar, sticky at the top of the screen (below the announcement until that scrolls away): logo, the spec's
 * menu and the cart link. Before JavaScript runs, the side menu opens as an anchor target and the groups are
 * <details>; once hydrated, React state drives both.
 */
export function TopBar({ shopName, logo, account = null }: { shopName: string; logo: BrandLogo | null; account?: SignedInAccount | null }) {
  const hydrated = useHydrated()
  const [sideMenuOpen, setSideMenuOpen] = useState(false)
  const [openGroup, setOpenGroup] = useState<string | null>(null)
  const navRef = useRef<HTMLElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const { pathname, hash } = useLocation()

  const closeMenus = useCallback(() => {
    setSideMenuOpen(false)
    setOpenGroup(null)
  }, [])

  // Arriving on a page closes whatever was open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: arriving on a page (its path or hash) closes the menus
  useEffect(() => {
    closeMenus()
  }, [pathname, hash, closeMenus])

  // A click outside the menu, or Escape, closes it.
  const anythingOpen = sideMenuOpen || openGroup !== null
  useEffect(() => {
    if (!anythingOpen) return
    const onClick = (event: MouseEvent) => {
      const target = event.target as Node
      if (navRef.current?.contains(target) || toggleRef.current?.contains(target)) return
      closeMenus()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      if (sideMenuOpen) {
        closeMenus()
        toggleRef.current?.focus()
      } else if (openGroup !== null) {
        document.getElementById(groupButtonId(openGroup))?.focus()
        setOpenGroup(null)
      }
    }
    // Tabbing out of the menu closes it: the side menu would otherwise hide the control the keyboard is on.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node
      if (navRef.current?.contains(target) || toggleRef.current?.contains(target)) return
      closeMenus()
    }
    document.addEventListener('click', onClick)
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('click', onClick)
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
    }
  }, [anythingOpen, sideMenuOpen, openGroup, closeMenus])

  // While the side menu is open, the page behind it stays still and focus starts inside the menu.
  useEffect(() => {
    if (!sideMenuOpen) return
    closeRef.current?.focus()
    const root = document.documentElement
    const previous = root.style.overflow
    root.style.overflow = 'hidden'
    return () => {
      root.style.overflow = previous
    }
  }, [sideMenuOpen])

  // Widening the window past the breakpoint leaves no side menu behind.
  useEffect(() => {
    const query = window.matchMedia(WIDE_SCREEN)
    const onChange = () => {
      if (query.matches) setSideMenuOpen(false)
    }
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])

  const toggleGroup = (id: string) => setOpenGroup((open) => (open === id ? null : id))

  return (
    // Clipped sideways as the viewport clipped it when it was fixed: what does not fit must not widen the page.
    <header className="sticky top-0 z-40 overflow-x-clip border-b border-leaf-100 bg-white shadow-sm">
      {/* Below 420 px the gaps narrow and the name takes two lines, so a visitor's bar fits 360 px. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-0.5 px-3 min-[380px]:gap-1 min-[420px]:gap-2 nav:max-xl:gap-1 sm:px-4">
        {hydrated ? (
          <button
            ref={toggleRef}
            type="button"
            className="nav:hidden -ml-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-leaf-800 hover:bg-leaf-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700"
            aria-expanded={sideMenuOpen}
            aria-controls={MENU_ID}
            aria-label={m.layout_menu()}
            onClick={() => {
              setSideMenuOpen((open) => !open)
              setOpenGroup(null)
            }}
          >
            <MenuIcon />
          </button>
        ) : (
          <a
            href={`#${MENU_ID}`}
            className="nav:hidden -ml-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-leaf-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700"
            aria-label={m.layout_menu()}
          >
            <MenuIcon />
          </a>
        )}

        <Link
          to="/"
          className="flex shrink-0 items-center rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700"
        >
          <ShopMark shopName={shopName} logo={logo} />
        </Link>

        {sideMenuOpen && <div aria-hidden="true" className="nav:hidden fixed inset-0 z-40 bg-earth-900/40" data-testid="menu-backdrop" />}

        <nav
          id={MENU_ID}
          ref={navRef}
          aria-label={m.layout_main_menu()}
          className={cx(
            'nav:flex nav:flex-1 nav:justify-center',
            'max-nav:fixed max-nav:inset-y-0 max-nav:left-0 max-nav:z-50 max-nav:w-80 max-nav:max-w-[85vw] max-nav:overflow-y-auto max-nav:bg-white max-nav:shadow-2xl max-nav:duration-200 motion-reduce:transition-none',
            // Visible at once when it opens (a transition would keep it hidden, and so unfocusable, for its first frame),
            // hidden only once it has slid out when it closes.
            sideMenuOpen
              ? 'max-nav:visible max-nav:translate-x-0 max-nav:transition-[translate]'
              : 'max-nav:invisible max-nav:-translate-x-full max-nav:transition-[translate,visibility]',
            !hydrated && 'max-nav:target:visible max-nav:target:translate-x-0',
          )}
        >
          <div className="nav:hidden flex h-16 items-center justify-between border-b border-leaf-100 px-4">
            <span className="font-serif text-lg font-semibold text-leaf-800">{m.layout_menu()}</span>
            {hydrated ? (
              <button
                ref={closeRef}
                type="button"
                aria-label={m.layout_close_menu()}
                className="inline-flex size-11 items-center justify-center rounded-lg text-leaf-800 hover:bg-leaf-50 focus-visible:outline-3 focus-visible:outline-turmeric-700"
                onClick={() => {
                  closeMenus()
                  toggleRef.current?.focus()
                }}
              >
                <CloseIcon />
              </button>
            ) : (
              // biome-ignore lint/a11y/useValidAnchor: without script the menu opens on its :target, and this link closes it
              <a href="#" aria-label={m.layout_close_menu()} className={closeLinkClass}>
                <CloseIcon />
              </a>
            )}
          </div>
          <ul className="flex flex-col gap-0.5 p-3 nav:flex-row nav:items-center nav:gap-0 nav:p-0">
            {menu().map((entry) =>
              isGroup(entry) ? (
                <MenuGroupItem
                  key={entry.id}
                  group={entry}
                  hydrated={hydrated}
                  open={openGroup === entry.id}
                  onToggle={() => toggleGroup(entry.id)}
                  onNavigate={closeMenus}
                />
              ) : (
                <li key={entry.id}>
                  <MenuNavLink link={entry} onNavigate={closeMenus} className={topLevelClass} />
                </li>
              ),
            )}
          </ul>
        </nav>

        <LanguageSwitch />
        <AccountLinks account={account} />
        <SearchBox />
        <CartLink />
      </div>
    </header>
  )
}

const closeLinkClass = 'inline-flex size-11 items-center justify-center rounded-lg text-leaf-800'
const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-turmeric-700'
const topLevelClass = cx(
  'flex w-full items-center justify-between gap-1 rounded-lg px-3 py-2.5 text-left font-medium text-earth-900 hover:bg-leaf-50 hover:text-leaf-800 nav:px-1.5 xl:px-2 nav:py-2 nav:text-[0.9rem] aria-[current=page]:text-leaf-700',
  focusRing,
)
const subItemClass = cx(
  'block rounded-md px-3 py-2 text-earth-900 hover:bg-leaf-50 hover:text-leaf-800 aria-[current=page]:font-semibold aria-[current=page]:text-leaf-700',
  focusRing,
)
const subListClass =
  'nav:absolute nav:left-0 nav:top-full nav:z-50 nav:mt-1 nav:min-w-56 nav:rounded-xl nav:border nav:border-leaf-100 nav:bg-white nav:p-2 nav:shadow-lg max-nav:mb-1 max-nav:ml-3 max-nav:border-l-2 max-nav:border-leaf-100 max-nav:pl-2'

function groupButtonId(id: string) {
  return `menu-group-${id}`
}

function MenuNavLink({ link, onNavigate, className }: { link: MenuLink; onNavigate: () => void; className: string }) {
  return (
    <NavLink to={link.to} end className={className} onClick={onNavigate}>
      {link.label}
    </NavLink>
  )
}

function MenuGroupItem({
  group,
  hydrated,
  open,
  onToggle,
  onNavigate,
}: {
  group: MenuGroup
  hydrated: boolean
  open: boolean
  onToggle: () => void
  onNavigate: () => void
}) {
  const buttonId = groupButtonId(group.id)
  const items = group.items.map((item) => (
    <li key={item.id}>
      <MenuNavLink link={item} onNavigate={onNavigate} className={subItemClass} />
    </li>
  ))

  if (!hydrated) {
    // Without JavaScript the browser keeps one <details> of the same name open at a time.
    return (
      <li className="relative">
        <details name="menu-group" className="group/details">
          <summary className={cx(topLevelClass, 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
            {group.label}
            <ChevronIcon className="size-4 transition-transform group-open/details:rotate-180" />
          </summary>
          <ul className={subListClass}>{items}</ul>
        </details>
      </li>
    )
  }

  return (
    <li className="relative">
      <button
        id={buttonId}
        type="button"
        aria-expanded={open}
        aria-controls={`${buttonId}-items`}
        className={cx(topLevelClass, 'cursor-pointer', open && 'bg-leaf-50 text-leaf-800')}
        onClick={onToggle}
      >
        {group.label}
        <ChevronIcon className={cx('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <ul id={`${buttonId}-items`} hidden={!open} className={subListClass}>
        {items}
      </ul>
    </li>
  )
}

function CartLink() {
  const { count } = useCart()
  return (
    <Link
      to="/Cart-page"
      aria-label={m.layout_cart_label({ count })}
      className={cx(
        // Tighter below 420 px, so the bar of a signed-in customer (two more icons) still fits a 360 px phone.
        'ml-1 inline-flex shrink-0 items-center gap-1.5 rounded-full border border-leaf-100 py-1.5 pr-2 pl-3 text-leaf-800 hover:bg-leaf-50 max-[419px]:ml-0 max-[419px]:gap-1 max-[419px]:pr-1.5 max-[419px]:pl-2',
        focusRing,
      )}
    >
      <CartIcon />
      <span className="hidden text-sm font-medium sm:inline nav:max-xl:hidden">{m.layout_cart()}</span>{' '}
      {/* The space keeps "Cart" and the count two words, as in the name: voice control users say what they see. */}
      <span
        data-testid="cart-count"
        className="inline-flex min-w-6 items-center justify-center rounded-full bg-turmeric-400 px-1.5 text-sm font-bold text-earth-900 tabular-nums"
      >
        {count}
      </span>
    </Link>
  )
}
