import { streetLines } from '~/features/checkout/address-lines'
import type { AddressDraft } from '~/features/checkout/saved-address'
import { m } from '~/i18n/paraglide/messages.js'

export function AddressCard({ address }: { address: AddressDraft }) {
  return (
    <address className="not-italic leading-relaxed">
      <strong>{address.fullName}</strong>
      <br />
      {streetLines(address).map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
      {address.city}, {address.state} {address.postalCode}
      <br />
      {m.checkout_phone({ phone: address.phoneNumber })}
      {address.alternateNumber ? `, ${address.alternateNumber}` : ''}
      <br />
      {address.email}
    </address>
  )
}
