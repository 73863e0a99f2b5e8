import { type FieldErrors, formErrorsOf } from '~/http/form-result'
import { text, z } from '~/zod'

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
  name: text({ label: 'Name', max: CONTACT_LIMITS.name, oneLine: true, tooLong: `Keep the name under ${CONTACT_LIMITS.name} characters` }),
  email: z
    .string({ error: 'E-mail is required' })
    .trim()
    .min(1, { error: 'E-mail is required', abort: true })
    .max(CONTACT_LIMITS.email, { error: 'Enter a valid e-mail address', abort: true })
    .pipe(z.email('Enter a valid e-mail address')),
  phone: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, { error: 'Phone number is required', abort: true })
    .max(CONTACT_LIMITS.phone, { error: 'Enter a valid phone number', abort: true })
    .refine((v) => PHONE_PATTERN.test(v) && digitCount(v) >= 7 && digitCount(v) <= 15, 'Enter a valid phone number'),
  message: text({ label: 'Message', max: CONTACT_LIMITS.message, tooLong: `Keep the message under ${CONTACT_LIMITS.message} characters` }),
})
export type ContactMessage = z.infer<typeof contactMessageSchema>

export type ContactFieldErrors = FieldErrors<ContactField>

/** First message per field, for the form to show beside each field (the schema names no other field). */
export function contactFieldErrors(error: z.ZodError): ContactFieldErrors {
  return formErrorsOf<ContactField>(error).fieldErrors
}

export const CONTACT_SENT_MESSAGE = 'Thank you! Your message has been sent.'
