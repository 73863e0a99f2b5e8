import type { AddressDraft } from '~/features/checkout/saved-address'

export function AddressCard({ address }: { address: AddressDraft }) {
  return (
    <address className="not-italic leading-relaxed">
      <strong>{address.fullName}</strong>
      <br />
      {[address.buildingNumber, address.streetName].filter(Boolean).join(', ')}
      {address.buildingNumber || address.streetName ? <br /> : null}
      {address.city}, {address.state} {address.postalCode}
      <br />
      Phone: {address.phoneNumber}
      {address.alternateNumber ? `, ${address.alternateNumber}` : ''}
      <br />
      {address.email}
    </address>
  )
}
