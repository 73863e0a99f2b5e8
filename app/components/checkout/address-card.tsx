import { streetLines } from '~/features/checkout/address-lines'
import type { AddressDraft } from '~/features/checkout/saved-address'

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
      Phone: {address.phoneNumber}
      {address.alternateNumber ? `, ${address.alternateNumber}` : ''}
      <br />
      {address.email}
    </address>
  )
}
