import { data, Form, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage, FilterLinks, smallButton, Time } from '~/components/admin/admin-page'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { listOutbox, mailRetrySchema, outboxQuerySchema, retryMail } from '~/features/mail/outbox.server'
import { formTooLargeMessage, formTooLarge, readSmallForm } from '~/http/forms.server'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-outbox'
import { FormTokenField } from '~/components/forms/form-token-field'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.admin_outbox_title({ shop: shopSettingsOf(matches).shopName }) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const query = outboxQuerySchema.parse({ show: new URL(request.url).searchParams.get('show') ?? undefined })
  return { query, smtpConfigured: Boolean(context.shop.config.SMTP_URL), ...(await listOutbox(context.shop.db, query)) }
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string }

/** Puts a failed mail back in the queue. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context)
  const fields = await readSmallForm(request)
  if (!fields) return formTooLarge<ActionResult>({ ok: false, error: formTooLargeMessage() })
  const parsed = mailRetrySchema.safeParse(fields)
  if (!parsed.success) return data<ActionResult>({ ok: false, error: parsed.error.issues[0]!.message }, { status: 400 })
  if (!(await retryMail(context.shop.db, parsed.data.mailId))) {
    return data<ActionResult>({ ok: false, error: m.admin_outbox_nothing_to_retry() }, { status: 409 })
  }
  return data<ActionResult>({ ok: true, message: m.admin_outbox_requeued() })
}

type View = Route.ComponentProps['loaderData']['query']['show']
// The page's own list of the outbox views (OUTBOX_VIEWS lives in server-only code), in the order of the tabs.
const VIEW_LABELS: Record<View, () => string> = {
  waiting: m.admin_outbox_waiting,
  failed: m.admin_outbox_failed,
  sent: m.admin_outbox_sent,
  all: m.admin_filter_all,
}
const NONE_IN_VIEW: Record<View, () => string> = {
  waiting: m.admin_outbox_none_waiting,
  failed: m.admin_outbox_none_failed,
  sent: m.admin_outbox_none_sent,
  all: m.admin_outbox_none,
}
const VIEWS = Object.keys(VIEW_LABELS) as View[]
const STATUS_LABELS = {
  pending: m.admin_outbox_status_waiting,
  sending: m.admin_outbox_status_sending,
  sent: m.admin_outbox_status_sent,
  failed: m.admin_outbox_status_failed,
} as const
const STATUS_COLOURS = {
  pending: 'bg-turmeric-100 text-earth-900',
  sending: 'bg-turmeric-100 text-earth-900',
  sent: 'bg-leaf-100 text-leaf-900',
  failed: 'bg-red-100 text-red-900',
} as const

export default function AdminOutbox({ loaderData, actionData }: Route.ComponentProps) {
  const { query, mails, counts, smtpConfigured } = loaderData
  const navigation = useNavigation()
  const busyId = navigation.state === 'submitting' ? navigation.formData?.get('mailId') : null
  const all = counts.waiting + counts.failed + counts.sent
  const countOf = (view: View) => (view === 'all' ? all : counts[view])
  return (
    <AdminPage title={m.admin_tile_outbox()}>
      {!smtpConfigured && (
        <p className="mt-4 rounded-lg border border-turmeric-400 bg-turmeric-100 p-3 font-medium text-earth-900">
          {m.admin_outbox_no_smtp()}
        </p>
      )}
      <FilterLinks
        label={m.admin_outbox_filter()}
        links={VIEWS.map((view) => ({
          to: view === 'waiting' ? '/dash/outbox' : `/dash/outbox?show=${view}`,
          label: m.admin_outbox_view_count({ view: VIEW_LABELS[view](), count: countOf(view) }),
          current: view === query.show,
        }))}
      />
      <ActionOutcome
        message={actionData?.ok ? actionData.message : undefined}
        error={actionData && !actionData.ok ? actionData.error : undefined}
      />
      <FocusFirstError failure={actionData && !actionData.ok ? actionData : undefined} />

      {mails.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-leaf-100 bg-white p-6 text-earth-900">{NONE_IN_VIEW[query.show]()}</p>
      ) : (
        <ol className="mt-6 grid gap-4" aria-label={m.admin_outbox_list()}>
          {mails.map((mail) => (
            <li key={mail.id}>
              <article aria-labelledby={`mail-${mail.id}-subject`} className="rounded-2xl border border-leaf-100 bg-white p-5 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 id={`mail-${mail.id}-subject`} className="text-lg font-semibold break-words text-earth-900">
                      {mail.subject}
                    </h2>
                    <p className="text-sm break-all text-earth-700">{m.admin_outbox_to({ recipient: mail.recipient })}</p>
                  </div>
                  <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_COLOURS[mail.status]}`}>
                    {STATUS_LABELS[mail.status]()}
                  </span>
                </div>
                <p className="mt-2 text-sm text-earth-700">
                  {m.admin_outbox_written()} <Time value={mail.createdAt} />
                  {mail.sentAt && (
                    <>
                      {' '}
                      · {m.admin_outbox_sent_at()} <Time value={mail.sentAt} />
                    </>
                  )}{' '}
                  · {m.admin_outbox_attempts({ count: mail.attempts })}
                </p>
                {mail.lastError && mail.status !== 'sent' && (
                  <p className="mt-2 text-sm break-words text-red-800">
                    <span className="font-semibold">{m.admin_outbox_last_error()}</span> {mail.lastError}
                  </p>
                )}
                <details className="mt-3">
                  <summary className="cursor-pointer font-medium text-leaf-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700">
                    {m.admin_outbox_read()}
                  </summary>
                  <pre className="mt-2 overflow-x-auto rounded-lg bg-stone-50 p-3 font-sans text-sm whitespace-pre-wrap text-earth-900">
                    {mail.text}
                  </pre>
                </details>
                {mail.status === 'failed' && (
                  <Form method="post" preventScrollReset className="mt-3">
                    <FormTokenField />
                    <input type="hidden" name="mailId" value={mail.id} />
                    <button
                      type="submit"
                      disabled={busyId === String(mail.id)}
                      aria-describedby={`mail-${mail.id}-subject`}
                      className={`${smallButton} border-leaf-700 bg-white text-leaf-800 hover:bg-leaf-50`}
                    >
                      {m.admin_outbox_retry()}
                    </button>
                  </Form>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
    </AdminPage>
  )
}
