import { Link } from 'react-router'
import { SHELVES } from '~/features/catalogue/categories'
import { m } from '~/i18n/paraglide/messages.js'

const buttonClass =
  'inline-flex items-center justify-center rounded-full px-5 py-2.5 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700'

/** The page for an address the shop does not have. */
export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center" aria-labelledby="error-title">
      <p className="text-sm font-semibold tracking-widest text-leaf-700 uppercase">{m.layout_error_404()}</p>
      <h1 id="error-title" className="mt-2 font-serif text-3xl font-semibold text-earth-900 sm:text-4xl">
        {m.layout_page_not_found()}
      </h1>
      <p className="mt-4 text-earth-700">{m.layout_page_not_found_text()}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={`${buttonClass} bg-leaf-700 text-white hover:bg-leaf-800`}>
          {m.layout_go_home()}
        </Link>
        <Link to="/product" className={`${buttonClass} border border-leaf-600 text-leaf-800 hover:bg-leaf-50`}>
          {m.layout_see_all_products()}
        </Link>
      </div>
      <nav aria-label={m.layout_shelves()} className="mt-10">
        <ul className="flex flex-wrap justify-center gap-2">
          {SHELVES.filter((s) => s.layout === 'cards').map((shelf) => (
            <li key={shelf.path}>
              <Link
                to={shelf.path}
                className="inline-block rounded-full bg-leaf-50 px-3 py-1.5 text-sm text-leaf-800 hover:bg-leaf-100 focus-visible:outline-3 focus-visible:outline-turmeric-700"
              >
                {shelf.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  )
}

/** While the database is away (503): the page server/app.ts sends, and the error boundary's for client navigation. */
export const databaseUnavailableTitle = () => m.layout_database_unavailable_title()
export const databaseUnavailableMessage = () => m.layout_database_unavailable_message()

/** Any other failure: an apology and a way on, never a stack trace (details only in development). */
export function ErrorPage({ title, message, details }: { title: string; message: string; details?: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="font-serif text-3xl font-semibold text-earth-900 sm:text-4xl">
        {title}
      </h1>
      <p className="mt-4 text-earth-700">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={`${buttonClass} bg-leaf-700 text-white hover:bg-leaf-800`}>
          {m.layout_go_home()}
        </Link>
        <Link to="/contact" className={`${buttonClass} border border-leaf-600 text-leaf-800 hover:bg-leaf-50`}>
          {m.layout_contact_us()}
        </Link>
      </div>
      {details && <pre className="mt-8 overflow-x-auto rounded-lg bg-earth-900/5 p-4 text-left text-xs">{details}</pre>}
    </section>
  )
}
