import { data, Form, Link, useNavigation } from 'react-router'
import { ActionOutcome, AdminPage, inputClass, smallButton, Time, tableScroll } from '~/components/admin/admin-page'
import { focusRing, secondaryButton } from '~/components/catalogue/styles'
import { shopSettingsOf } from '~/components/layout/use-shop-settings'
import { ROLES } from '~/features/accounts/roles'
import { listUsers, RoleChangeRefusedError, roleChangeSchema, setUserRole, userListQuerySchema } from '~/features/accounts/accounts.server'
import { requireAdminPage } from '~/features/accounts/guards.server'
import { formTooLargeMessage, formTooLarge, parseForm, readSmallForm } from '~/http/forms.server'
import { firstError } from '~/http/form-result'
import { SelectField, TextField } from '~/components/forms/fields'
import { FocusFirstError } from '~/components/forms/focus-first-error'
import { readQuery } from '~/http/query.server'
import { m } from '~/i18n/paraglide/messages.js'
import type { Route } from './+types/admin-users'
import { FormTokenField } from '~/components/forms/form-token-field'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.admin_users_title({ shop: shopSettingsOf(matches).shopName }) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminPage(request, context)
  const query = readQuery(request, userListQuerySchema)
  const { total, users } = await listUsers(context.shop.db, query)
  const configuredAdmins = new Set(context.shop.config.ADMIN_EMAILS)
  return {
    query,
    total,
    myId: admin.id,
    // Only the flag goes to the page, not the configured list itself.
    users: users.map((u) => ({ ...u, adminByConfig: configuredAdmins.has(u.email.toLowerCase()) })),
  }
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string }

/** Makes an account an admin or a customer again. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminPage(request, context)
  const fields = await readSmallForm(request)
  if (!fields) return formTooLarge<ActionResult>({ ok: false, error: formTooLargeMessage() })
  const parsed = parseForm(fields, roleChangeSchema)
  if (!parsed.ok) return data<ActionResult>({ ok: false, error: firstError(parsed) }, { status: 400 })
  try {
    const updated = await setUserRole(context.shop.db, parsed.values, admin.id)
    const listed = updated.role === 'user' && context.shop.config.ADMIN_EMAILS.includes(updated.email.toLowerCase())
    const email = updated.email
    return data<ActionResult>({
      ok: true,
      message:
        updated.role === 'admin'
          ? m.admin_users_now_admin({ email })
          : listed
            ? m.admin_users_now_customer_note({ email, note: m.admin_users_admin_emails_note() })
            : m.admin_users_now_customer({ email }),
    })
  } catch (err) {
    if (err instanceof RoleChangeRefusedError) return data<ActionResult>({ ok: false, error: err.message }, { status: 409 })
    throw err
  }
}

const ROLE_LABELS: Record<(typeof ROLES)[number], () => string> = { user: m.admin_role_customer, admin: m.admin_role_admin }
const ROLES_LABELS: Record<(typeof ROLES)[number], () => string> = { user: m.admin_role_customers, admin: m.admin_role_admins }

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { query, total, users, myId } = loaderData
  const navigation = useNavigation()
  const busyId = navigation.state === 'submitting' ? navigation.formData?.get('userId') : null
  const filtered = Boolean(query.q) || query.role !== 'all'
  return (
    <AdminPage title={m.admin_tile_users()}>
      <Form method="get" action="/dash/users" className="mt-6 flex flex-wrap items-end gap-3">
        <TextField
          id="users-q"
          name="q"
          label={m.admin_users_search_label()}
          type="search"
          defaultValue={query.q}
          maxLength={100}
          className="w-full max-w-sm"
          inputClassName={`${inputClass} border-stone-300`}
        />
        <SelectField
          id="users-role"
          name="role"
          label={m.admin_users_role()}
          defaultValue={query.role}
          inputClassName={`${inputClass} border-stone-300`}
        >
          <option value="all">{m.admin_users_all()}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLES_LABELS[role]()}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={secondaryButton}>
          {m.admin_search()}
        </button>
        {filtered && (
          <Link to="/dash/users" className={`${focusRing} font-medium text-leaf-800 underline underline-offset-2`}>
            {m.admin_users_show_everyone()}
          </Link>
        )}
      </Form>
      <ActionOutcome
        message={actionData?.ok ? actionData.message : undefined}
        error={actionData && !actionData.ok ? actionData.error : undefined}
      />
      <FocusFirstError failure={actionData && !actionData.ok ? actionData : undefined} />

      <p className="mt-4 text-earth-700" aria-live="polite">
        {total === 0
          ? filtered
            ? m.admin_users_none_match()
            : m.admin_users_none_yet()
          : total > users.length
            ? (filtered ? m.admin_users_count_found_newest : m.admin_users_count_newest)({ count: total, shown: users.length })
            : (filtered ? m.admin_users_count_found : m.admin_users_count)({ count: total })}
      </p>

      {users.length > 0 && (
        <div className={`mt-3 ${tableScroll}`}>
          <table className="w-full min-w-[56rem] border-collapse text-left">
            <caption className="sr-only">{m.admin_users_caption()}</caption>
            <thead>
              <tr className="border-b border-stone-300 text-sm text-earth-700">
                <th scope="col" className="p-2">
                  {m.admin_users_col_email()}
                </th>
                <th scope="col" className="p-2">
                  {m.admin_users_col_username()}
                </th>
                <th scope="col" className="p-2">
                  {m.admin_users_col_phone()}
                </th>
                <th scope="col" className="p-2">
                  {m.admin_users_role()}
                </th>
                <th scope="col" className="p-2">
                  {m.admin_users_col_confirmed()}
                </th>
                <th scope="col" className="p-2">
                  {m.admin_users_col_joined()}
                </th>
                <th scope="col" className="p-2">
                  <span className="sr-only">{m.admin_users_col_change()}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => {
                const me = user.id === myId
                const nextRole = user.role === 'admin' ? 'user' : 'admin'
                return (
                  <tr key={user.id} className="border-b border-stone-200 align-middle">
                    <th scope="row" className="p-2 font-medium text-earth-900">
                      <span className="break-all">{user.email}</span>
                      {user.adminByConfig && <span className="block text-sm font-normal text-earth-700">{m.admin_users_by_config()}</span>}
                    </th>
                    <td className="p-2">{user.username ?? '—'}</td>
                    <td className="p-2 whitespace-nowrap">{user.phone ?? '—'}</td>
                    <td className="p-2">
                      <span
                        className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${user.role === 'admin' ? 'bg-leaf-100 text-leaf-900' : 'bg-stone-100 text-stone-800'}`}
                      >
                        {ROLE_LABELS[user.role]()}
                      </span>
                    </td>
                    <td className="p-2">{user.emailVerified ? m.admin_yes() : m.admin_no()}</td>
                    <td className="p-2 whitespace-nowrap">
                      <Time value={user.createdAt} dateOnly />
                    </td>
                    <td className="p-2">
                      {me ? (
                        <span className="font-semibold text-earth-900">{m.admin_users_you()}</span>
                      ) : (
                        <Form method="post" preventScrollReset>
                          <FormTokenField />
                          <input type="hidden" name="userId" value={user.id} />
                          <input type="hidden" name="role" value={nextRole} />
                          <button
                            type="submit"
                            disabled={busyId === user.id}
                            aria-label={m.admin_users_action_named({
                              action: nextRole === 'admin' ? m.admin_users_make_admin() : m.admin_users_make_customer(),
                              email: user.email,
                            })}
                            className={`${smallButton} border-leaf-700 bg-white text-leaf-800 hover:bg-leaf-50`}
                          >
                            {nextRole === 'admin' ? m.admin_users_make_admin() : m.admin_users_make_customer()}
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  )
}
