import type { ShippingAddress } from '../../app/features/checkout/checkout-schemas'

/** The address most tests ship their orders to, whether they place them through the domain code or over HTTP. */
export const testAddress: ShippingAddress = {
  fullName: 'Meena Sundaram',
  buildingNumber: '12',
  streetName: 'Gandhi Road',
  city: 'Madurai',
  postalCode: '625001',
  state: 'Tamil Nadu',
  phoneNumber: '9876543210',
  alternateNumber: '',
}
