/**
 * Every webhook the shop takes, declared once (decision 065): its address, the most of a body it reads, and how a
 * delivery proves where it came from. Webhooks are posted by other servers, not browsers, so they carry no form token
 * and no Origin of ours: the body reader (body-reader.server.ts), the form-token check (form-token.server.ts) and the
 * origin check (same-origin.server.ts) all read this list, and the route verifies the signature.
 * New webhooks live under /api/webhooks/ (a courier's at /api/webhooks/courier, WhatsApp's at /api/webhooks/whatsapp).
 */
export type WebhookDeclaration = {
  /** The route's address as app/routes.ts writes it. */
  route: string
  /** The paths it answers (case aside, as React Router matches them). */
  path: RegExp
  maxBodyBytes: number
  /**
   * `signature`: an HMAC over the raw body with a secret the shop shares with the sender, checked by the route.
   * `token`: a secret the sender repeats in a header (Shiprocket's x-api-key: it signs nothing), compared in constant time.
   */
  authenticatedBy: 'signature' | 'token'
  why: string
}

// A payment provider's notices are a few kilobytes; 64 KiB leaves room for a long order.
const PAYMENT_WEBHOOK_BYTES = 64 * 1024

export const WEBHOOKS: readonly WebhookDeclaration[] = [
  // The address owners have configured at Razorpay: the provider new orders open with (features/payments/registry.server.ts).
  {
    route: 'api/payment/webhook',
    path: /^\/api\/payment\/webhook$/i,
    maxBodyBytes: PAYMENT_WEBHOOK_BYTES,
    authenticatedBy: 'signature',
    why: 'payment webhook',
  },
  // Any registered payment provider's, by its id.
  {
    route: 'api/webhooks/payments/:provider',
    path: /^\/api\/webhooks\/payments\/[a-z][a-z0-9-]{1,31}$/i,
    maxBodyBytes: PAYMENT_WEBHOOK_BYTES,
    authenticatedBy: 'signature',
    why: 'payment provider webhook',
  },
  // A courier's tracking events (decision 073). Not under a name with "shiprocket", "sr" or "kr" in it: Shiprocket
  // refuses such callback addresses. A tracking event with its scans is a few kilobytes.
  {
    route: 'api/webhooks/courier',
    path: /^\/api\/webhooks\/courier$/i,
    maxBodyBytes: 64 * 1024,
    authenticatedBy: 'token',
    why: 'courier tracking webhook',
  },
]

/** The webhook at this path (`.data` and a trailing slash aside), if it is one. */
export function webhookAt(path: string): WebhookDeclaration | undefined {
  const route = path.replace(/\.data$/, '').replace(/(.)\/+$/, '$1')
  return WEBHOOKS.find((webhook) => webhook.path.test(route))
}
