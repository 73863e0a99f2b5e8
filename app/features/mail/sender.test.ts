import { describe, expect, it } from 'vitest'
import { readConfig } from '~/config.server'
import { mailSender, parseMailFrom } from './sender'

describe('the From of the shop’s mails (issue 39)', () => {
  const shop = { shopName: 'Malnad Pantry', mailSenderName: '' }

  it('takes the address from MAIL_FROM, written with a name or without', () => {
    expect(parseMailFrom('Kaadu Organics <shop@localhost>')).toEqual({ name: 'Kaadu Organics', address: 'shop@localhost' })
    expect(parseMailFrom('"Malnad, Pantry" <orders@malnad.example>')).toEqual({ name: 'Malnad, Pantry', address: 'orders@malnad.example' })
    expect(parseMailFrom('<orders@malnad.example>')).toEqual({ name: '', address: 'orders@malnad.example' })
    expect(parseMailFrom(' orders@malnad.example ')).toEqual({ name: '', address: 'orders@malnad.example' })
  })

  it('names the owner’s sender name, else the shop’s name, never the name MAIL_FROM was written with', () => {
    const unset = readConfig({})
    expect(mailSender(unset, shop)).toEqual({ name: 'Malnad Pantry', address: 'shop@localhost' })
    expect(mailSender(unset, { ...shop, mailSenderName: 'Malnad Orders' })).toEqual({ name: 'Malnad Orders', address: 'shop@localhost' })

    // .env.example's MAIL_FROM named the demo shop: a renamed shop's mails must not.
    const named = readConfig({ MAIL_FROM: 'Kaadu Organics <care@malnad.example>' })
    expect(mailSender(named, shop)).toEqual({ name: 'Malnad Pantry', address: 'care@malnad.example' })
    expect(mailSender(named, { ...shop, mailSenderName: 'Malnad Orders' })).toEqual({
      name: 'Malnad Orders',
      address: 'care@malnad.example',
    })
  })
})
