/**
 * The lines a courier reads above the city: the building and street, then the landmark or locality (issue 39).
 * Orders placed before the landmark was asked for have none.
 */
export function streetLines(address: { buildingNumber?: string; streetName?: string; landmark?: string }) {
  return [[address.buildingNumber, address.streetName].filter(Boolean).join(', '), address.landmark ?? ''].filter(Boolean)
}
