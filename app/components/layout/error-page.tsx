import { Link } from 'react-router'
import { SHELVES } from '~/features/catalogue/categories'

const buttonClass =
  'inline-flex items-center justify-center rounded-full px-5 py-2.5 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-700'

/** The page for an address the shop does not have. */
export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center" aria-labelledby="error-title">
      <p className="text-sm font-semibold tracking-widest text-leaf-700 uppercase">Error 404</p>
      <h1 id="error-title" className="mt-2 font-serif text-3xl font-semibold text-earth-900 sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-4 text-earth-700">
        We could not find that page. It may have moved, or the address may be mistyped. Our shelves are still well stocked:
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={`${buttonClass} bg-leaf-700 text-white hover:bg-leaf-800`}>
          Go to the home page
        </Link>
        <Link to="/product" className={`${buttonClass} border border-leaf-600 text-leaf-800 hover:bg-leaf-50`}>
          See all products
        </Link>
      </div>
      <nav aria-label="Shelves" className="mt-10">
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
export const DATABASE_UNAVAILABLE_TITLE = 'The shop is having a short rest'
export const DATABASE_UNAVAILABLE_MESSAGE = 'We cannot reach our shelves for a moment. Nothing is lost: please try again in a minute.'

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
          Go to the home page
        </Link>
        <Link to="/contact" className={`${buttonClass} border border-leaf-600 text-leaf-800 hover:bg-leaf-50`}>
          Contact us
        </Link>
      </div>
      {details && <pre className="mt-8 overflow-x-auto rounded-lg bg-earth-900/5 p-4 text-left text-xs">{details}</pre>}
    </section>
  )
}
