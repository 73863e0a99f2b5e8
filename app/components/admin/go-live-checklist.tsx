import { Link } from 'react-router'
import { focusRing } from '~/components/catalogue/styles'
import type { GoLiveItem } from '~/features/admin/go-live.server'
import { m } from '~/i18n/paraglide/messages.js'

/**
 * The dashboard's go-live checklist (issue 39, decision 071): each step ticked as the shop is, with where to do it;
 * once every step is done, one closed line says so.
 */
export function GoLiveChecklist({ items }: { items: GoLiveItem[] }) {
  const done = items.filter((item) => item.done).length
  const list = (
    <ul className="mt-3 divide-y divide-stone-200">
      {items.map((item) => (
        <li key={item.key} data-go-live={item.key} data-done={String(item.done)} className="flex items-start gap-3 py-2">
          <span
            aria-hidden="true"
            className={`mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full text-sm font-bold ${item.done ? 'bg-leaf-700 text-white' : 'border-2 border-earth-600'}`}
          >
            {item.done ? '✓' : ''}
          </span>
          <span>
            <span className="sr-only">{item.done ? m.admin_go_live_done_sr() : m.admin_go_live_todo_sr()}</span>
            <Link to={item.href} className={`font-medium text-leaf-800 underline underline-offset-2 ${focusRing}`}>
              {item.key === 'demo' && !item.done ? m.admin_go_live_remove_demo() : item.label}
            </Link>
            {!item.done && <span className="block text-sm text-earth-700">{item.todo}</span>}
          </span>
        </li>
      ))}
    </ul>
  )
  // Once the shop is live, one closed line: the list is there for a look, not in the way.
  if (done === items.length)
    return (
      <details className="mt-8 rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm">
        <summary className={`cursor-pointer font-medium text-leaf-800 ${focusRing}`}>{m.admin_go_live_all_done()}</summary>
        {list}
      </details>
    )
  return (
    <section aria-labelledby="go-live-title" className="mt-8 rounded-2xl border border-turmeric-400 bg-white p-5 shadow-sm">
      <h2 id="go-live-title" className="font-serif text-xl font-semibold text-earth-900">
        {m.admin_go_live_title()}
      </h2>
      <p className="mt-1 text-earth-700">{m.admin_go_live_progress({ done, total: items.length })}</p>
      {list}
    </section>
  )
}
