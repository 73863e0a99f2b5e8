import { data, Form, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage, FilterLinks, smallButton, Time } from '~/components/admin/admin-page'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { listContactMessages, messageHandlingSchema, messageListQuerySchema, setMessageHandled } from '~/features/contact/contact.server'
import { formTooLargeMessage, formTooLarge, readSmallForm } from '~/http/forms.server'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-messages'
import { FormTokenField } from '~/components/forms/form-token-field'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.admin_messages_title({ shop: shopSettingsOf(matches).shopName }) },
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
  if (!fields) return formTooLarge<ActionResult>({ ok: false, error: formTooLargeMessage() })
  const parsed = messageHandlingSchema.safeParse(fields)
  if (!parsed.success) return data<ActionResult>({ ok: false, error: parsed.error.issues[0]!.message }, { status: 400 })
  if (!(await setMessageHandled(context.shop.db, parsed.data, admin.email))) {
    return data<ActionResult>({ ok: false, error: m.admin_messages_no_such() }, { status: 404 })
  }
  return data<ActionResult>({ ok: true, message: parsed.data.handled ? m.admin_messages_handled_done() : m.admin_messages_reopened() })
}

const linkClass = 'text-leaf-800 underline underline-offset-2'

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { query, messages, open } = loaderData
  const navigation = useNavigation()
  const busyId = navigation.state === 'submitting' ? navigation.formData?.get('messageId') : null
  return (
    <AdminPage title={m.admin_tile_messages()}>
      <FilterLinks
        label={m.admin_messages_filter()}
        links={[
          { to: '/dash/messages', label: m.admin_messages_filter_open({ count: open }), current: query.show === 'open' },
          { to: '/dash/messages?show=all', label: m.admin_filter_all(), current: query.show === 'all' },
        ]}
      />
      <ActionOutcome
        message={actionData?.ok ? actionData.message : undefined}
        error={actionData && !actionData.ok ? actionData.error : undefined}
      />
      <FocusFirstError failure={actionData && !actionData.ok ? actionData : undefined} />

      {messages.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-leaf-100 bg-white p-6 text-earth-900">
          {query.show === 'open' ? m.admin_messages_none_open() : m.admin_messages_none()}
        </p>
      ) : (
        <ol className="mt-6 grid gap-4" aria-label={m.admin_messages_list()}>
          {messages.map((msg) => (
            <li key={msg.id}>
              <article
                aria-labelledby={`message-${msg.id}-title`}
                className={`rounded-2xl border bg-white p-5 shadow-sm ${msg.handledAt ? 'border-stone-200' : 'border-turmeric-400'}`}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={`message-${msg.id}-title`} className="text-lg font-semibold text-earth-900">
                    {msg.name}
                  </h2>
                  <p className="text-sm text-earth-700">
                    <Time value={msg.createdAt} />
                  </p>
                </div>
                <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  <a href={`mailto:${msg.email}`} className={linkClass}>
                    {msg.email}
                  </a>
                  <a href={`tel:${msg.phone}`} className={linkClass}>
                    {msg.phone}
                  </a>
                </p>
                {/* A visitor's words: rendered as text, line breaks kept. */}
                <p className="mt-3 break-words whitespace-pre-line text-earth-900">{msg.message}</p>
                <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm text-earth-700">
                    {msg.handledAt ? (
                      <>
                        {m.admin_messages_handled_by({ who: msg.handledBy ?? m.admin_reviews_an_admin() })} · <Time value={msg.handledAt} />
                      </>
                    ) : (
                      <span className="rounded-full bg-turmeric-100 px-2.5 py-0.5 font-semibold text-earth-900">
                        {m.admin_messages_open()}
                      </span>
                    )}
                  </p>
                  <Form method="post" preventScrollReset>
                    <FormTokenField />
                    <input type="hidden" name="messageId" value={msg.id} />
                    <input type="hidden" name="handled" value={msg.handledAt ? 'false' : 'true'} />
                    <button
                      type="submit"
                      disabled={busyId === String(msg.id)}
                      aria-describedby={`message-${msg.id}-title`}
                      className={`${smallButton} ${msg.handledAt ? 'border-leaf-700 bg-white text-leaf-800 hover:bg-leaf-50' : 'border-leaf-700 bg-leaf-700 text-white hover:bg-leaf-800'}`}
                    >
                      {msg.handledAt ? m.admin_messages_reopen() : m.admin_messages_mark_handled()}
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
