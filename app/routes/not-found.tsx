import { data } from 'react-router'
import { NotFoundPage } from '~/components/layout/error-page'
import { m } from '~/i18n/paraglide/messages.js'

// Every address no other route claims: answer 404, and the root error boundary shows the page.
export function loader() {
  throw data(m.catalogue_page_not_found(), { status: 404 })
}

export function action() {
  throw data(m.catalogue_page_not_found(), { status: 404 })
}

export default function NotFound() {
  return <NotFoundPage />
}
