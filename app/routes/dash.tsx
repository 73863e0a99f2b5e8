import { Link } from 'react-router'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import type { Route } from './+types/dash'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Dashboard · ${shopSettingsOf(matches).shopName}` },
  { name: 'robots', content: 'noindex' },
]

/** The admin dashboard (spec: /dash, admins only; everyone else goes to /). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context)
  return { name: admin.displayName }
}

const tileClass =
  'block rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm hover:border-leaf-300 hover:bg-leaf-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-turmeric-500'

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <p className="text-sm font-semibold tracking-widest text-leaf-700 uppercase">Dashboard</p>
      <h1 className="mt-2 font-serif text-3xl font-semibold text-earth-900">Welcome, {loaderData.name}</h1>
      <nav aria-label="Admin" className="mt-8">
        <ul className="grid gap-4 sm:grid-cols-2">
          <li>
            <Link to="/Admin" className={tileClass}>
              <span className="text-lg font-semibold text-leaf-800">Add Product</span>
              <span className="mt-1 block text-earth-700">A new product with its prices, stock and pictures.</span>
            </Link>
          </li>
          <li>
            <Link to="/Delete" className={tileClass}>
              <span className="text-lg font-semibold text-leaf-800">Delete Product</span>
              <span className="mt-1 block text-earth-700">Every product: search, edit or delete.</span>
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  )
}
