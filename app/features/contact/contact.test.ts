import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { contactMessages, outbox } from '~/db/schema'
import { describeDatabase, openTestDatabase } from '~/db/test-database'
import { DEFAULT_SHOP_SETTINGS } from '~/features/settings/shop-settings'
import { saveShopSettings } from '~/features/settings/shop-settings.server'
import { CONTACT_LIMITS, contactFieldErrors, contactMessageSchema } from './contact-message'
import { receiveContactMessage } from './contact.server'

const good = { name: 'Lakshmi Narayanan', email: 'lakshmi@example.in', phone: '+91 98430 12345', message: 'Do you ship to Pune?' }

describe('contact message schema', () => {
  it('accepts a complete message and trims blanks', () => {
    const parsed = contactMessageSchema.parse({
      name: '  Lakshmi  ',
      email: ' lakshmi@example.in ',
      phone: ' 98430 12345 ',
      message: '\n Hello \n',
    })
    expect(parsed).toEqual({ name: 'Lakshmi', email: 'lakshmi@example.in', phone: '98430 12345', message: 'Hello' })
  })

  it('names every missing field, blanks counting as missing', () => {
    const result = contactMessageSchema.safeParse({ name: '   ', email: '', message: '\t' })
    expect(result.success).toBe(false)
    expect(contactFieldErrors(result.error!)).toEqual({
      name: 'Name is required',
      email: 'E-mail is required',
      phone: 'Phone number is required',
      message: 'Message is required',
    })
  })

  it.each([
    ['email', 'lakshmi@', 'Enter a valid e-mail address'],
    ['email', 'no spaces@example.in', 'Enter a valid e-mail address'],
    ['phone', '12345', 'Enter a valid phone number'],
    ['phone', 'call me maybe', 'Enter a valid phone number'],
    ['phone', '+91 98430 12345 678 9', 'Enter a valid phone number'],
    ['name', 'x'.repeat(CONTACT_LIMITS.name + 1), `Keep the name under ${CONTACT_LIMITS.name} characters`],
    ['message', 'x'.repeat(CONTACT_LIMITS.message + 1), `Keep the message under ${CONTACT_LIMITS.message} characters`],
  ] as const)('refuses %s %j', (field, value, error) => {
    const result = contactMessageSchema.safeParse({ ...good, [field]: value })
    expect(result.success).toBe(false)
    expect(contactFieldErrors(result.error!)).toEqual({ [field]: error })
  })

  it('accepts the ways people write phone numbers', () => {
    for (const phone of ['9843012345', '+91-98430-12345', '(0422) 245 1234', '+65 6221 4408']) {
      expect(contactMessageSchema.safeParse({ ...good, phone }).success, phone).toBe(true)
    }
  })

  it('ignores keys it does not know', () => {
    expect(contactMessageSchema.parse({ ...good, admin: true })).toEqual(good)
  })
})

describe(`receiving a contact message (${describeDatabase()})`, () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openTestDatabase()
  })
  afterAll(async () => {
    await handle?.close()
  })

  it('stores the message and queues a mail to the owner with every field', async () => {
    await saveShopSettings(handle.db, { ...DEFAULT_SHOP_SETTINGS, email: 'owner@kaadu.test' })
    const { messageId, mailId } = await receiveContactMessage(handle.db, good)

    const [stored] = await handle.db.select().from(contactMessages).where(sql`${contactMessages.id} = ${messageId}`)
    expect(stored).toMatchObject(good)
    const [mail] = await handle.db.select().from(outbox).where(sql`${outbox.id} = ${mailId}`)
    expect(mail).toMatchObject({ recipient: 'owner@kaadu.test', subject: 'New message from Lakshmi Narayanan', status: 'pending' })
    for (const value of Object.values(good)) expect(mail!.text).toContain(value)
  })

  it('stores nothing when the mail cannot be queued', async () => {
    const before = await handle.db.$count(contactMessages)
    // A constraint the queued mail breaks makes its insert fail inside the transaction.
    await handle.db.execute(sql`alter table outbox add constraint refuse_all_mail check (false) not valid`)
    try {
      await expect(receiveContactMessage(handle.db, { ...good, name: 'Lost Visitor' })).rejects.toThrow()
    } finally {
      await handle.db.execute(sql`alter table outbox drop constraint refuse_all_mail`)
    }
    expect(await handle.db.$count(contactMessages)).toBe(before)
  })
})
