import crypto from 'node:crypto'

export function hmacSha256Hex(secret: string, message: string | Buffer) {
  return crypto.createHmac('sha256', secret).update(message).digest('hex')
}

/** Constant-time comparison of two hex signatures. */
export function signaturesMatch(expectedHex: string, givenHex: unknown) {
  if (typeof givenHex !== 'string' || !/^[a-f0-9]{64}$/i.test(givenHex)) return false
  return crypto.timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex.toLowerCase(), 'hex'))
}

/** Razorpay's checkout signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function paymentSignature(keySecret: string, providerOrderId: string, paymentId: string) {
  return hmacSha256Hex(keySecret, `${providerOrderId}|${paymentId}`)
}
