import type { PackSize } from '~/features/catalogue/categories'
import { formatRupees } from '~/features/money/money'
import { m } from '~/i18n/paraglide/messages.js'

type Pack = { size: PackSize; pricePaise: number; stock: number }

/** The pack sizes as a radio group labelled "Size"; each option also says its price. */
export function SizeSelector({
  name,
  packs,
  value,
  onChange,
}: {
  name: string
  packs: Pack[]
  value: PackSize
  onChange: (size: PackSize) => void
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{m.catalogue_size()}</legend>
      <div className="flex flex-wrap gap-2">
        {packs.map((pack) => (
          <label
            key={pack.size}
            className="relative flex min-h-11 cursor-pointer flex-col items-center justify-center rounded-md border-2 border-stone-300 px-4 py-1 has-checked:border-leaf-700 has-checked:bg-leaf-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-leaf-700"
          >
            <input
              type="radio"
              name={name}
              value={pack.size}
              checked={value === pack.size}
              onChange={() => onChange(pack.size)}
              className="sr-only"
            />
            <span className="font-semibold">{pack.size}</span>
            <span className="text-xs text-stone-700">
              {formatRupees(pack.pricePaise)}
              {pack.stock === 0 && ` · ${m.catalogue_sold_out()}`}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
