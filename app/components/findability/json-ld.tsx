import { useCspNonce } from '~/http/csp-nonce'

/**
 * Structured data for search engines (features/findability), built and serialized by the page's loader on the
 * server, so the browser loads no code for it. It carries the answer's CSP nonce like every script of the page
 * (docs/decisions/015-security-headers.md); React Router's `script:ld+json` meta would put none on it.
 */
export function JsonLdScript({ json }: { json: string | null | undefined }) {
  const nonce = useCspNonce()
  if (!json) return null
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, serialised with <, > and & escaped
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />
}
