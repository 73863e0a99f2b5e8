import { data } from 'react-router'
import { NotFoundPage } from '~/components/layout/error-page'

// Every address no other route claims: answer 404, and the root error boundary shows the page.
export function loader() {
  throw data('Page not found', { status: 404 })
}

export function action() {
  throw data('Page not found', { status: 404 })
}

export default function NotFound() {
  return <NotFoundPage />
}
