import { data, Form, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage, FilterLinks, smallButton, Time } from '~/components/admin/admin-page'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { listContactMessages, messageHandlingSchema, messageListQuerySchema, setMessageHandled } from '~/features/contact/contact.server'
import { FORM_TOO_LARGE, formTooLarge, readSmallForm } from '~/http/forms.server'
import type { Route } from './+types/admin-messages'
import { FormTokenField } from '~/components/forms/form-token-field'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Messages · ${shopSettingsOf(matches).shopName}` },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context)
  const query = messageListQuerySchema.parse({ show: new URL(request.url).searchParams.get('show') ?? undefined })
  return { query, ...(await listContactMessages(context.shop.db, query)) }
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string }

/** Marks a message handled, or open again (the buttons below post here). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  const fields = await readSmallForm(request)
  if (!fields) return formTooLarge<ActionResult>({ ok: false, error: FORM_TOO_LARGE })
  const parsed = messageHandlingSchema.safeParse(fields)
  if (!parsed.success) return data<ActionResult>({ ok: false, error: parsed.error.issues[0]!.message }, { status: 400 })
  if (!(await setMessageHandled(context.shop.db, parsed.data, admin.email))) {
    return data<ActionResult>({ ok: false, error: 'There is no such message.' }, { status: 404 })
  }
  return data<ActionResult>({ ok: true, message: parsed.data.handled ? 'Message marked handled.' : 'Message reopened.' })
}

const linkClass = 'text-leaf-800 underline underline-offset-2'

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { query, messages, open } = loaderData
  const navigation = useNavigation()
  const busyId = navigation.state === 'submitting' ? navigation.formData?.get('messageId') : null
  return (
    <AdminPage title="Messages">
      <FilterLinks
        label="Show messages"
        links={[
          { to: '/dash/messages', label: `Open (${open})`, current: query.show === 'open' },
          { to: '/dash/messages?show=all', label: 'All', current: query.show === 'all' },
        ]}
      />
      <ActionOutcome
        message={actionData?.ok ? actionData.message : undefined}
        error={actionData && !actionData.ok ? actionData.error : undefined}
      />
      <FocusFirstError failure={actionData && !actionData.ok ? actionData : undefined} />

      {messages.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-leaf-100 bg-white p-6 text-earth-900">
          {query.show === 'open' ? 'No open messages: every message has been handled.' : 'No messages yet.'}
        </p>
      ) : (
        <ol className="mt-6 grid gap-4" aria-label="Messages, newest first">
          {messages.map((m) => (
            <li key={m.id}>
              <article
                aria-labelledby={`message-${m.id}-title`}
                className={`rounded-2xl border bg-white p-5 shadow-sm ${m.handledAt ? 'border-stone-200' : 'border-turmeric-400'}`}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`message-${m.id}-title`} className="text-lg font-semibold text-earth-900">
                    {m.name}
                  </h2>
                  <p className="text-sm text-earth-700">
                    <Time value={m.createdAt} />
                  </p>
                </div>
                <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  <a href={`mailto:${m.email}`} className={linkClass}>
                    {m.email}
                  </a>
                  <a href={`tel:${m.phone}`} className={linkClass}>
                    {m.phone}
                  </a>
                </p>
                {/* A visitor's words: rendered as text, line breaks kept. */}
                <p className="mt-3 break-words whitespace-pre-line text-earth-900">{m.message}</p>
                <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm text-earth-700">
                    {m.handledAt ? (
                      <>
                        Handled by {m.handledBy ?? 'an admin'} · <Time value={m.handledAt} />
                      </>
                    ) : (
                      <span className="rounded-full bg-turmeric-100 px-2.5 py-0.5 font-semibold text-earth-900">Open</span>
                    )}
                  </p>
                  <Form method="post" preventScrollReset>
                    <FormTokenField />
                    <input type="hidden" name="messageId" value={m.id} />
                    <input type="hidden" name="handled" value={m.handledAt ? 'false' : 'true'} />
                    <button
                      type="submit"
                      disabled={busyId === String(m.id)}
                      aria-describedby={`message-${m.id}-title`}
                      className={`${smallButton} ${m.handledAt ? 'border-leaf-700 bg-white text-leaf-800 hover:bg-leaf-50' : 'border-leaf-700 bg-leaf-700 text-white hover:bg-leaf-800'}`}
                    >
                      {m.handledAt ? 'Reopen' : 'Mark handled'}
                    </button>
                  </Form>
                </div>
              </article>
            </li>
          ))}
        </ol>
      )}
    </AdminPage>
  )
}
