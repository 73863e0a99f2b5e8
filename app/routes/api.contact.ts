import { data } from 'react-router'
import { contactMessageSchema, contactSentMessage } from '~/features/contact/contact-message'
import { receiveContactMessage } from '~/features/contact/contact.server'
import { type ApiError, apiError, fieldErrorsOf, handleApi, readJsonBody } from '~/http/json.server'
import { limitRequest, tooManyRequests } from '~/http/rate-limit.server'
import type { Route } from './+types/api.contact'
import { m } from '~/i18n/paraglide/messages.js'

/** POST /api/contact: the feedback form's JSON endpoint (spec section 7). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed()
  return handleApi(async () => {
    // Counted before the body is read: oversized and invalid posts cost a try too (issue 14).
    const refusal = await limitRequest(context, 'contact')
    if (refusal) return tooManyRequests(refusal)
    const parsed = contactMessageSchema.safeParse(await readJsonBody(request))
    if (!parsed.success) return apiError(400, m.contact_correct_fields(), fieldErrorsOf(parsed.error))
    await receiveContactMessage(context.shop.db, parsed.data)
    return data({ ok: true as const, message: contactSentMessage() })
  })
}

export function loader() {
  return methodNotAllowed()
}

function methodNotAllowed() {
  return data<ApiError>({ error: m.contact_use_post() }, { status: 405, headers: { Allow: 'POST' } })
}
