import { useState } from 'react'
import { useHydrated } from '~/components/layout/use-hydrated'
import {
  CheckboxField,
  Field,
  fileInputClass,
  inputClass,
  NumberField,
  MoneyField,
  SelectField,
  TextareaField,
  TextField,
  controlProps,
} from '~/components/forms/fields'
import { CATEGORIES, CATEGORY_LABELS, type Category, isSizedCategory, PACK_SIZES, parseCategory } from '~/features/catalogue/categories'
import {
  PRODUCT_IMAGE_FIELDS,
  PRODUCT_LIMITS,
  type ProductFieldErrors,
  type ProductFormField,
  type ProductImageField,
  SIZE_FIELDS,
} from '~/features/admin/product-form-fields'
import { DIET_MARK_LABELS } from '~/features/catalogue/declarations'
import { DIET_MARKS } from '~/features/catalogue/product'
import { GST_RATES, TAX_DEFAULTS_BY_CATEGORY } from '~/features/invoices/gst'
import { ADJUSTMENT_REASON_LABELS, ADJUSTMENT_REASONS } from '~/features/stock/adjustment-reasons'
import { m } from '~/i18n/paraglide/messages.js'

export type ProductImageErrors = Partial<Record<ProductImageField, string>>
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif'

/** A price (rupees, in the browser's number control) or a stock count of the product form. */
function NumberInput(props: {
  idPrefix: string
  name: ProductFormField
  label: string
  kind: 'price' | 'stock'
  values: Values
  errors: ProductFieldErrors
  hint?: string
}) {
  const { idPrefix, name, label, kind, values, errors, hint } = props
  const common = { id: `${idPrefix}-${name}`, name, label, error: errors[name], hint, defaultValue: values[name] ?? '' }
  return kind === 'price' ? (
    <MoneyField {...common} type="number" min="0.01" step="0.01" max={PRODUCT_LIMITS.maxPriceRupees} />
  ) : (
    <NumberField {...common} min="0" step="1" max={PRODUCT_LIMITS.maxStock} />
  )
}

/** A pack's shipped weight: whole grams, blank until the owner has weighed it. */
function WeightInput(props: { idPrefix: string; name: ProductFormField; label: string; values: Values; errors: ProductFieldErrors }) {
  const { idPrefix, name, label, values, errors } = props
  return (
    <NumberField
      id={`${idPrefix}-${name}`}
      name={name}
      label={label}
      hint={m.admin_shipped_weight_hint()}
      min="1"
      step="1"
      max={PRODUCT_LIMITS.maxShippedWeightGrams}
      defaultValue={values[name] ?? ''}
      error={errors[name]}
    />
  )
}

type Values = Partial<Record<ProductFormField, string>>

/**
 * The fields of the Add and Edit product forms. With JavaScript only the price fields of the chosen category show
 * (hidden ones are disabled, so they are not sent); without it every field shows, with a note saying which apply.
 */
export function ProductFields({
  idPrefix,
  values = {},
  errors = {},
  imageErrors = {},
  currentImages,
  editsStock = false,
}: {
  /** The Edit form: sends the counts it shows, so a count changed meanwhile is not overwritten (decision 027). */
  editsStock?: boolean
  idPrefix: string
  values?: Values
  errors?: ProductFieldErrors
  imageErrors?: ProductImageErrors
  /** For the Edit form: the product's pictures now, kept when no new file is chosen. */
  currentImages?: Partial<Record<ProductImageField, string | null>>
}) {
  const hydrated = useHydrated()
  const [category, setCategory] = useState<Category | undefined>(() => parseCategory(values.category ?? ''))
  const sized = category ? isSizedCategory(category) : false
  const showSingle = !hydrated || (category !== undefined && !sized)
  const showSized = !hydrated || sized
  const showBiscuits = !hydrated || category === 'herbal'
  const id = (name: string) => `${idPrefix}-${name}`

  return (
    <div className="grid gap-5">
      <TextField
        id={id('name')}
        name="name"
        label={m.admin_field_name()}
        required
        maxLength={PRODUCT_LIMITS.name}
        defaultValue={values.name ?? ''}
        error={errors.name}
      />
      <TextareaField
        id={id('description')}
        name="description"
        label={m.admin_field_description()}
        required
        rows={4}
        maxLength={PRODUCT_LIMITS.description}
        defaultValue={values.description ?? ''}
        error={errors.description}
      />
      <TextField
        id={id('nameTa')}
        name="nameTa"
        label={m.admin_field_name_ta()}
        hint={m.admin_tamil_hint()}
        maxLength={PRODUCT_LIMITS.name}
        defaultValue={values.nameTa ?? ''}
        error={errors.nameTa}
      />
      <TextareaField
        id={id('descriptionTa')}
        name="descriptionTa"
        label={m.admin_field_description_ta()}
        rows={3}
        maxLength={PRODUCT_LIMITS.description}
        defaultValue={values.descriptionTa ?? ''}
        error={errors.descriptionTa}
      />
      <SelectField
        id={id('category')}
        name="category"
        label={m.admin_label_category()}
        required
        defaultValue={values.category ?? ''}
        onChange={(e) => setCategory(parseCategory(e.currentTarget.value))}
        error={errors.category}
      >
        <option value="">{m.admin_choose_category()}</option>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {CATEGORY_LABELS[c]}
          </option>
        ))}
      </SelectField>

      {!hydrated && <p className="rounded-lg bg-leaf-50 p-3 text-sm text-earth-800">{m.admin_no_js_fields_note()}</p>}
      {hydrated && !category && <p className="text-sm text-earth-700">{m.admin_choose_category_hint()}</p>}

      {showBiscuits && (
        <fieldset disabled={!showBiscuits} className="flex items-center gap-2">
          <legend className="sr-only">{m.admin_label_subcategory()}</legend>
          <CheckboxField
            id={id('subcategory')}
            name="subcategory"
            value="biscuits"
            defaultChecked={values.subcategory === 'biscuits'}
            error={errors.subcategory}
            className="contents text-earth-900"
            inputClassName="size-5 accent-leaf-700"
            label={
              // One item of the row, as the label was: the text and its note stay together.
              <span>
                {m.admin_label_subcategory_biscuits()} <span className="text-sm text-earth-600">{m.admin_herbal_only_note()}</span>
              </span>
            }
          />
        </fieldset>
      )}

      <fieldset hidden={!showSingle} disabled={!showSingle} className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-earth-900">{m.admin_legend_price_stock()}</legend>
        <NumberInput idPrefix={idPrefix} name="price" label={m.admin_label_price()} kind="price" values={values} errors={errors} />
        <NumberInput
          idPrefix={idPrefix}
          name="mrp"
          label={m.admin_label_mrp()}
          kind="price"
          values={values}
          errors={errors}
          hint={m.admin_mrp_hint()}
        />
        <NetQuantityFields idPrefix={idPrefix} values={values} errors={errors} />
        <WeightInput idPrefix={idPrefix} name="shippedWeight" label={m.admin_label_shipped_weight()} values={values} errors={errors} />
        <NumberInput
          idPrefix={idPrefix}
          name="stockCount"
          label={m.admin_field_stock_count()}
          kind="stock"
          values={values}
          errors={errors}
        />
        {editsStock && <input type="hidden" name="shownStockCount" value={values.shownStockCount ?? ''} />}
      </fieldset>

      <fieldset hidden={!showSized} disabled={!showSized} className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-earth-900">{m.admin_legend_sizes()}</legend>
        {PACK_SIZES.map((size) => (
          <div key={size} className="contents">
            <NumberInput
              idPrefix={idPrefix}
              name={SIZE_FIELDS[size].price}
              label={m.admin_label_price_for({ size })}
              kind="price"
              values={values}
              errors={errors}
            />
            <NumberInput
              idPrefix={idPrefix}
              name={SIZE_FIELDS[size].mrp}
              label={m.admin_label_mrp_for({ size })}
              kind="price"
              values={values}
              errors={errors}
              hint={m.admin_mrp_size_hint()}
            />
            <WeightInput
              idPrefix={idPrefix}
              name={SIZE_FIELDS[size].weight}
              label={m.admin_label_shipped_weight_for({ size })}
              values={values}
              errors={errors}
            />
            <NumberInput
              idPrefix={idPrefix}
              name={SIZE_FIELDS[size].stock}
              label={m.admin_field_stock_for({ size })}
              kind="stock"
              values={values}
              errors={errors}
            />
            {editsStock && <input type="hidden" name={SIZE_FIELDS[size].shownStock} value={values[SIZE_FIELDS[size].shownStock] ?? ''} />}
          </div>
        ))}
      </fieldset>

      {editsStock && (
        <SelectField
          id={id('stockReason')}
          name="stockReason"
          label={m.admin_label_stock_reason()}
          defaultValue={values.stockReason ?? ''}
          error={errors.stockReason}
          hint={m.admin_stock_reason_hint()}
        >
          <option value="">{m.admin_stock_reason_counted()}</option>
          {ADJUSTMENT_REASONS.filter((r) => r !== 'counted').map((r) => (
            <option key={r} value={r}>
              {ADJUSTMENT_REASON_LABELS[r]}
            </option>
          ))}
        </SelectField>
      )}

      <DeclarationFields idPrefix={idPrefix} values={values} errors={errors} />

      <TaxFields idPrefix={idPrefix} category={hydrated ? category : undefined} values={values} errors={errors} />

      <div className="grid gap-4 sm:grid-cols-2">
        {(Object.keys(PRODUCT_IMAGE_FIELDS) as ProductImageField[]).map((field) => {
          const inputId = id(field)
          const label = field === 'frontImage' ? m.admin_label_front_image() : m.admin_label_back_image()
          const current = currentImages?.[field]
          const hint = currentImages ? (current ? m.admin_image_keep_hint() : m.admin_image_none_hint()) : m.admin_image_types_hint()
          return (
            <Field key={field} id={inputId} label={label} error={imageErrors[field]} hint={hint}>
              {current && (
                <img
                  src={current}
                  alt={field === 'frontImage' ? m.admin_current_front_image() : m.admin_current_back_image()}
                  className="mt-1.5 size-20 rounded-md object-cover"
                />
              )}
              <input
                {...controlProps(inputId, imageErrors[field], hint)}
                name={field}
                type="file"
                accept={IMAGE_ACCEPT}
                className={fileInputClass}
              />
            </Field>
          )
        })}
      </div>
    </div>
  )
}

/** What a single-price pack holds: a number and its unit (a sized pack's is its size). */
function NetQuantityFields({ idPrefix, values, errors }: { idPrefix: string; values: Values; errors: ProductFieldErrors }) {
  const amountId = `${idPrefix}-netQuantity`
  const unitId = `${idPrefix}-netUnit`
  const error = errors.netQuantity ?? errors.netUnit
  return (
    <fieldset className="grid grid-cols-[1fr_auto] items-end gap-2">
      <legend className="text-sm font-semibold text-earth-900">{m.admin_field_net_quantity()}</legend>
      <NumberField
        id={amountId}
        name="netQuantity"
        label={m.admin_label_amount()}
        min="1"
        step="1"
        max={PRODUCT_LIMITS.maxNetQuantity}
        defaultValue={values.netQuantity ?? ''}
        error={errors.netQuantity}
      />
      {/* Red-bordered when either half is refused: the two make one quantity. */}
      <SelectField
        id={unitId}
        name="netUnit"
        label={m.admin_label_unit()}
        defaultValue={values.netUnit ?? ''}
        error={errors.netUnit}
        inputClassName={inputClass(error)}
      >
        <option value="">{m.admin_label_unit()}</option>
        <option value="g">g</option>
        <option value="ml">ml</option>
        <option value="unit">{m.admin_unit_units()}</option>
      </SelectField>
    </fieldset>
  )
}

const declarationTexts = (): Array<{ name: ProductFormField; label: string; rows: number; hint?: string }> => [
  { name: 'ingredients', label: m.admin_field_ingredients(), rows: 2, hint: m.admin_ingredients_hint() },
  { name: 'allergens', label: m.admin_field_allergens(), rows: 1, hint: m.admin_allergens_hint() },
  { name: 'storage', label: m.admin_field_storage(), rows: 1 },
  { name: 'manufacturer', label: m.admin_field_manufacturer(), rows: 2, hint: m.admin_manufacturer_hint() },
]

/** What the pack's label declares, shown on the product page (decision 039). */
function DeclarationFields({ idPrefix, values, errors }: { idPrefix: string; values: Values; errors: ProductFieldErrors }) {
  const id = (name: string) => `${idPrefix}-${name}`
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 font-semibold text-earth-900">{m.admin_legend_declarations()}</legend>
      {declarationTexts().map(({ name, label, rows, hint }) => (
        <TextareaField
          key={name}
          id={id(name)}
          name={name}
          label={label}
          rows={rows}
          maxLength={PRODUCT_LIMITS.declaration}
          defaultValue={values[name] ?? ''}
          error={errors[name]}
          hint={hint}
        />
      ))}
      <SelectField
        id={id('dietMark')}
        name="dietMark"
        label={m.admin_label_food_mark()}
        defaultValue={values.dietMark ?? 'veg'}
        error={errors.dietMark}
      >
        {DIET_MARKS.map((mark) => (
          <option key={mark} value={mark}>
            {DIET_MARK_LABELS[mark]}
          </option>
        ))}
      </SelectField>
      <NumberField
        id={id('shelfLifeMonths')}
        name="shelfLifeMonths"
        label={m.admin_label_best_before()}
        min="1"
        max={PRODUCT_LIMITS.maxShelfLifeMonths}
        step="1"
        defaultValue={values.shelfLifeMonths ?? ''}
        error={errors.shelfLifeMonths}
      />
      <TextField
        id={id('countryOfOrigin')}
        name="countryOfOrigin"
        label={m.admin_field_country()}
        maxLength={PRODUCT_LIMITS.countryOfOrigin}
        defaultValue={values.countryOfOrigin ?? 'India'}
        error={errors.countryOfOrigin}
      />
    </fieldset>
  )
}

/** The invoice's tax details of a product. Left blank, each takes the category's usual value, which the hints name. */
function TaxFields({
  idPrefix,
  category,
  values,
  errors,
}: {
  idPrefix: string
  category?: Category
  values: Values
  errors: ProductFieldErrors
}) {
  const usual = category ? TAX_DEFAULTS_BY_CATEGORY[category] : undefined
  const hsnId = `${idPrefix}-hsnCode`
  const rateId = `${idPrefix}-gstRatePercent`
  const hsnHint = usual ? m.admin_hsn_hint_usual({ category: CATEGORY_LABELS[category!], code: usual.hsnCode }) : m.admin_hsn_hint()
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 font-semibold text-earth-900">{m.admin_legend_tax()}</legend>
      <TextField
        id={hsnId}
        name="hsnCode"
        label={m.admin_label_hsn()}
        inputMode="numeric"
        pattern="[0-9]{4,8}"
        maxLength={8}
        placeholder={usual?.hsnCode}
        defaultValue={values.hsnCode ?? ''}
        error={errors.hsnCode}
        hint={hsnHint}
      />
      <SelectField
        id={rateId}
        name="gstRatePercent"
        label={m.admin_label_gst_rate()}
        defaultValue={values.gstRatePercent ?? ''}
        error={errors.gstRatePercent}
      >
        <option value="">{usual ? m.admin_gst_usual_rate_value({ rate: usual.gstRatePercent }) : m.admin_gst_usual_rate()}</option>
        {GST_RATES.map((rate) => (
          <option key={rate} value={String(rate)}>
            {rate}%
          </option>
        ))}
      </SelectField>
    </fieldset>
  )
}

/** The outcome of a form: a success in a live status region, a failure as an alert with its reason. */
export function FormOutcome({ message, error, reason }: { message?: string; error?: string; reason?: string }) {
  return (
    <>
      <div role="status" aria-live="polite">
        {message && <p className="rounded-lg border border-leaf-300 bg-leaf-50 p-3 font-medium text-leaf-900">{message}</p>}
      </div>
      <div role="alert">
        {error && (
          <div data-form-error className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
            <p className="font-medium">{error}</p>
            {reason && <p className="mt-1">{reason}</p>}
          </div>
        )}
      </div>
    </>
  )
}
