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

/** A second buyer's address, in Chennai (Tamil Nadu, the shop's own state: CGST + SGST), as the API takes it typed. */
export const chennaiAddress = {
  fullName: 'Lakshmi Narayanan',
  buildingNumber: '4/12',
  streetName: 'Kamarajar Salai',
  city: 'Chennai',
  postalCode: '600028',
  state: 'Tamil Nadu',
  phoneNumber: '+91 98400 12345',
  alternateNumber: '',
}
