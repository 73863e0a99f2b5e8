import { describe, expect, it } from 'vitest'
import { formErrorsOf } from '~/http/form-result'
import type { BoxField } from './box-fields'
import { boxSettings } from './box-settings'
import { boxSettingsForm } from './box-settings-form'

/** The form as the page shows the defaults, with some fields changed. */
const posted = (changes: Partial<Record<BoxField, string>> = {}) => ({
  ...boxSettingsForm.shown(boxSettings.defaults),
  ...changes,
})

const blankRow = (n: 1 | 2 | 3 | 4 | 5) =>
  Object.fromEntries(['Name', 'Length', 'Breadth', 'Height', 'MaxWeight'].map((part) => [`box${n}${part}`, '']))

const errorsOf = (form: Record<string, string>) => {
  const result = boxSettingsForm.form.safeParse(boxSettingsForm.typed(form as Record<BoxField, string>))
  expect(result.success).toBe(false)
  return formErrorsOf<BoxField>(result.error!).fieldErrors
}

describe('the owner’s boxes as typed at /dash/settings', () => {
  it('shows the three default boxes in the first rows and two blank rows, and reads them back unchanged', () => {
    const shown = posted()
    expect(shown).toMatchObject({
      box1Name: 'Small pouch box',
      box1Length: '20',
      box1Breadth: '15',
      box1Height: '5',
      box1MaxWeight: '500',
      box3Name: 'Large box',
      box3MaxWeight: '10000',
      ...blankRow(4),
      ...blankRow(5),
    })
    expect(boxSettingsForm.form.parse(boxSettingsForm.typed(shown))).toEqual(boxSettings.defaults)
    expect(boxSettingsForm.stored.parse(boxSettings.defaults)).toEqual(boxSettings.defaults)
  })

  it('adds a box in a blank row, takes “10,000” and spaces, and leaves out rows cleared in between', () => {
    const value = boxSettingsForm.form.parse(
      boxSettingsForm.typed(
        posted({
          ...blankRow(2),
          box5Name: '  Jar carton ',
          box5Length: '30',
          box5Breadth: '30',
          box5Height: ' 15 ',
          box5MaxWeight: '6,000',
          box3MaxWeight: '10,000',
        }),
      ),
    )
    expect(value.shippingBoxes.map((box) => [box.name, box.lengthCm, box.breadthCm, box.heightCm, box.maxWeightGrams])).toEqual([
      ['Small pouch box', 20, 15, 5, 500],
      ['Large box', 35, 25, 20, 10_000],
      ['Jar carton', 30, 30, 15, 6_000],
    ])
  })

  it('names each missing part of a row that is partly filled', () => {
    expect(errorsOf(posted({ box4Name: 'Jar carton', box4Length: '30' }))).toEqual({
      box4Breadth: 'Enter the breadth in cm.',
      box4Height: 'Enter the height in cm.',
      box4MaxWeight: 'Enter the most weight this box takes, in grams.',
    })
    expect(errorsOf(posted({ box1Name: '' }))).toEqual({ box1Name: 'Give this box a name, or clear its row.' })
  })

  it('refuses sizes and weights that are not whole numbers within the limits, naming the box', () => {
    expect(
      errorsOf(posted({ box1Length: '0', box2Height: '12.5', box3Breadth: '201', box1MaxWeight: '-5', box2MaxWeight: '50001' })),
    ).toEqual({
      box1Length: 'First box’s length must be a whole number of cm from 1 to 200.',
      box2Height: 'Second box’s height must be a whole number of cm from 1 to 200.',
      box3Breadth: 'Third box’s breadth must be a whole number of cm from 1 to 200.',
      box1MaxWeight: 'First box’s weight limit must be a whole number of grams from 1 to 50,000.',
      box2MaxWeight: 'Second box’s weight limit must be a whole number of grams from 1 to 50,000.',
    })
    expect(errorsOf(posted({ box2Length: 'twenty' })).box2Length).toMatch(/^Second box’s length must be a whole number/)
  })

  it('refuses two boxes of one name, and a name too long or on two lines', () => {
    expect(errorsOf(posted({ box2Name: 'small POUCH box' }))).toEqual({
      box2Name: 'Another box has this name: give each box its own.',
    })
    expect(errorsOf(posted({ box1Name: 'x'.repeat(41) })).box1Name).toBe('First box’s name is too long (at most 40 characters)')
    expect(errorsOf(posted({ box1Name: 'Small\nbox' })).box1Name).toMatch(/^First box’s name must not contain control characters/)
  })

  it('keeps at least one box', () => {
    expect(errorsOf({ ...blankRow(1), ...blankRow(2), ...blankRow(3), ...blankRow(4), ...blankRow(5) })).toEqual({
      box1Name: 'Keep at least one box: the shipping desk proposes one for every parcel.',
    })
  })

  it('says what a save did, in plain words', () => {
    expect(boxSettingsForm.saved(boxSettings.defaults)).toBe(
      'Saved. Each parcel is proposed the smallest of your 3 boxes that takes its weight (up to 10,000 g); shipments already booked keep their box.',
    )
    expect(boxSettingsForm.saved({ shippingBoxes: [boxSettings.defaults.shippingBoxes[1]!] })).toBe(
      'Saved. Every parcel up to 2,000 g is proposed the Medium box; shipments already booked keep their box.',
    )
  })

  it('refuses saved settings that no form could have made', () => {
    expect(boxSettingsForm.stored.safeParse({ shippingBoxes: [] }).success).toBe(false)
    const [small] = boxSettings.defaults.shippingBoxes
    expect(boxSettingsForm.stored.safeParse({ shippingBoxes: Array(6).fill(small) }).success).toBe(false)
    expect(boxSettingsForm.stored.safeParse({ shippingBoxes: [{ ...small, heightCm: 0.5 }] }).success).toBe(false)
  })
})
