// Apart from the delivery settings' slice (delivery-settings.ts), which loads its form: the form takes the modes from
// here, and no import goes round in a circle.

/** `flat`: one charge below the free-delivery threshold (the spec's rule). `slabs`: by the parcel's weight and zone. */
export const DELIVERY_MODES = ['flat', 'slabs'] as const
export type DeliveryMode = (typeof DELIVERY_MODES)[number]
