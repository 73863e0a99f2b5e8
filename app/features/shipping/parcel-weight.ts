/**
 * A parcel's weight as labels and the shipping desk print it: kilograms, with the grams after the point and no
 * trailing zeros ("1.25 kg", "0.4 kg", "2 kg"). Integer arithmetic, so 1250 g never prints as 1.2499999 kg.
 */
export function formatParcelWeight(grams: number) {
  const rounded = Math.max(0, Math.round(grams))
  const rest = String(rounded % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '')
  return `${Math.floor(rounded / 1000)}${rest ? `.${rest}` : ''} kg`
}
