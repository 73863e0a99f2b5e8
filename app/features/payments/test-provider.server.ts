import crypto from 'node:crypto'
import type { PaymentProvider } from './provider'
import { paymentSignature } from './signatures.server'

/**
 * The built-in provider used when Razorpay is not configured. It walks through the same states and the same
 * signature check; its secret is made once per database so that every app server agrees on it.
 */
export function testPaymentProvider(secret: string): PaymentProvider & {
  signTestPayment(providerOrderId: string): { paymentId: string; signature: string }
} {
  return {
    name: 'test',
    keyId: 'test_mode',
    keySecret: secret,
    webhookSecret: secret,
    async createOrder() {
      return { providerOrderId: `order_test_${crypto.randomBytes(8).toString('hex')}` }
    },
    async listPayments() {
      // Test payments are confirmed synchronously; there is never a lost one to find.
      return []
    },
    signTestPayment(providerOrderId) {
      const paymentId = `pay_test_${crypto.randomBytes(8).toString('hex')}`
      return { paymentId, signature: paymentSignature(secret, providerOrderId, paymentId) }
    },
  }
}
