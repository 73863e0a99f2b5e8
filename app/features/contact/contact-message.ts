import { type FieldErrors, formErrorsOf } from '~/http/form-result'
import { text, z } from '~/zod'
import { m } from '~/i18n/paraglide/messages.js'

/** Limits of the feedback form; the inputs carry them as maxLength too. */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 20, message: 2000 } as const

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]

// A leading +, then digits with the spaces, dashes, dots and brackets people write; 7 to 15 digits in all.
const PHONE_PATTERN = /^\+?[\d\s().-]+$/
function digitCount(value: string) {
  return value.replace(/\D/g, '').length
}

/** What the feedback form sends (spec: name, email, phone, message, all required). Shared by the form and the API. */
export const contactMessageSchema = z.object({
  // One line: the name goes into the owner's mail, where a line break would start a line of the sender's choosing.
  name: text({
    label: m.contact_field_name,
    max: CONTACT_LIMITS.name,
    oneLine: true,
    tooLong: () => m.contact_name_too_long({ max: CONTACT_LIMITS.name }),
  }),
  email: z
    .string({ error: () => m.contact_email_required() })
    .trim()
    .min(1, { error: () => m.contact_email_required(), abort: true })
    .max(CONTACT_LIMITS.email, { error: () => m.contact_email_invalid(), abort: true })
    .pipe(z.email({ error: () => m.contact_email_invalid() })),
  phone: z
    .string({ error: () => m.contact_phone_required() })
    .trim()
    .min(1, { error: () => m.contact_phone_required(), abort: true })
    .max(CONTACT_LIMITS.phone, { error: () => m.contact_phone_invalid(), abort: true })
    .refine((v) => PHONE_PATTERN.test(v) && digitCount(v) >= 7 && digitCount(v) <= 15, { error: () => m.contact_phone_invalid() }),
  message: text({
    label: m.contact_field_message,
    max: CONTACT_LIMITS.message,
    tooLong: () => m.contact_message_too_long({ max: CONTACT_LIMITS.message }),
  }),
})
export type ContactMessage = z.infer<typeof contactMessageSchema>

export type ContactFieldErrors = FieldErrors<ContactField>

/** First message per field, for the form to show beside each field (the schema names no other field). */
export function contactFieldErrors(error: z.ZodError): ContactFieldErrors {
  return formErrorsOf<ContactField>(error).fieldErrors
}

/** Worded for the request or page answering. */
export const contactSentMessage = () => m.contact_sent()
