import { Link } from 'react-router'
import { SHELVES } from '~/features/catalogue/categories'
import { m } from '~/i18n/paraglide/messages.js'
import { POLICY_LINKS, policyPath } from '~/features/policies/policies'
import { type StorefrontSettings, telHref } from '~/features/settings/shop-settings'

const linkClass =
  'rounded-sm text-leaf-50/90 underline-offset-4 hover:text-white hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-400'

/** Every shelf once; the second freeze-dried listing is told apart by what it offers (as findability's shelfTitle). */
const shelfLinks = () =>
  SHELVES.map((shelf) => ({
    to: shelf.path,
    label: shelf.layout === 'size-select' ? m.findability_shelf_by_pack_size({ title: shelf.title }) : shelf.title,
  }))

export function Footer({ settings }: { settings: StorefrontSettings }) {
  const [factory] = settings.addresses
  return (
    // The bottom padding keeps the last line clear of the floating WhatsApp button.
    <footer className="mt-16 bg-leaf-800 pb-24 text-leaf-50 sm:pb-10">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pt-12 sm:grid-cols-2 lg:grid-cols-[1.2fr_1.5fr_1fr]">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="font-serif text-lg font-semibold text-white">
            {settings.shopName}
          </h2>
          <p className="mt-1 text-sm text-leaf-100">{settings.tagline}</p>
          <address className="mt-4 space-y-1 text-sm not-italic leading-relaxed">
            {factory!.lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block pt-2">
              {m.layout_footer_phone()}{' '}
              <a className={linkClass} href={telHref(settings.phone)}>
                {settings.phone}
              </a>
            </span>
            <span className="block">
              {m.layout_footer_email()}{' '}
              <a className={linkClass} href={`mailto:${settings.email}`}>
                {settings.email}
              </a>
            </span>
          </address>
        </section>

        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop" className="font-serif text-lg font-semibold text-white">
            {m.layout_footer_shop()}
          </h2>
          <ul className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm min-[360px]:grid-cols-2">
            <li>
              <Link className={linkClass} to="/Cart-page">
                {m.layout_cart()}
              </Link>
            </li>
            {shelfLinks().map((link) => (
              <li key={link.to}>
                <Link className={linkClass} to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-about">
          <h2 id="footer-about" className="font-serif text-lg font-semibold text-white">
            {m.layout_footer_about()}
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link className={linkClass} to="/#about">
                {m.layout_footer_about_us()}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/contact">
                {m.layout_footer_contact_us()}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to="/track">
                {m.layout_footer_track()}
              </Link>
            </li>
            {POLICY_LINKS.map((link) => (
              <li key={link.slug}>
                <Link className={linkClass} to={policyPath(link.slug)}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="mx-auto mt-10 flex max-w-7xl flex-wrap justify-between gap-x-6 gap-y-1 border-t border-leaf-700 px-4 pt-6 text-sm text-leaf-100">
        <span>{m.layout_footer_rights({ year: new Date().getFullYear(), shopName: settings.shopName })}</span>
        <span>{m.layout_footer_fssai({ licence: settings.fssaiLicence })}</span>
      </p>
    </footer>
  )
}
