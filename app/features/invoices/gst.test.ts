import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CATEGORIES } from '../catalogue/categories'
import { INDIAN_STATES } from '../checkout/indian-states'
import { DEFAULT_SHOP_SETTINGS } from '../settings/shop-settings'
import { GST_STATE_CODES, gstinCheckCharacter, gstinProblem, gstStateOf, TAX_DEFAULTS_BY_CATEGORY } from './gst'

describe('GSTIN', () => {
  it('accepts registrations whose check character is right for their state', () => {
    // GSTN's published examples.
    expect(gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull()
    expect(gstinProblem('29AAGCB7383J1Z4', 'Karnataka')).toBeNull()
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V')
    expect(gstinProblem(DEFAULT_SHOP_SETTINGS.gstin, DEFAULT_SHOP_SETTINGS.gstState)).toBeNull()
  })

  it('refuses a wrong length or shape, a typing mistake, and another state’s registration', () => {
    expect(gstinProblem('27AAPFU0939F1Z', 'Maharashtra')).toMatch(/15 characters/)
    expect(gstinProblem('27aapfu0939f1zv', 'Maharashtra')).toMatch(/15 characters/)
    expect(gstinProblem('27AAPFU0939F1XV', 'Maharashtra')).toMatch(/15 characters/)
    expect(gstinProblem('27AAPFU0939F1ZW', 'Maharashtra')).toMatch(/last character does not match/)
    expect(gstinProblem('27AAPFU0939F1ZV', 'Tamil Nadu')).toBe('A GSTIN registered in Tamil Nadu starts with 33.')
  })
})

describe('states', () => {
  it('has a GST code for every state the address form offers, each code once', () => {
    for (const state of INDIAN_STATES) expect(GST_STATE_CODES[state], state).toMatch(/^\d{2}$/)
    expect(new Set(Object.values(GST_STATE_CODES)).size).toBe(Object.keys(GST_STATE_CODES).length)
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual([...INDIAN_STATES].sort())
  })

  it('reads the state as customers type it', () => {
    for (const typed of ['Tamil Nadu', 'tamil nadu', 'TAMILNADU', 'Tamil-Nadu.', ' TN ', 'Tamil Nadu, India'])
      expect(gstStateOf(typed), typed).toBe('Tamil Nadu')
    expect(gstStateOf('Pondicherry')).toBe('Puducherry')
    expect(gstStateOf('Orissa')).toBe('Odisha')
    expect(gstStateOf('J&K')).toBe('Jammu and Kashmir')
    expect(gstStateOf('Jammu & Kashmir')).toBe('Jammu and Kashmir')
    expect(gstStateOf('New Delhi')).toBe('Delhi')
    expect(gstStateOf('Kerala State')).toBe('Kerala')
    expect(gstStateOf('Andaman & Nicobar Islands')).toBe('Andaman and Nicobar Islands')
    expect(gstStateOf('Atlantis')).toBeNull()
    expect(gstStateOf('')).toBeNull()
  })
})

describe('tariff codes and rates per category', () => {
  it('are the ones migration 0006 gave the products already on the shelves', () => {
    const sql = fs.readFileSync(path.resolve('app/db/migrations/0006_search_reviews_invoices.sql'), 'utf8')
    const hsnCase = sql.match(/"hsn_code" = CASE "category"::text (.*?) ELSE '' END/)![1]!
    const rateCase = sql.match(/"gst_rate_percent" = CASE "category"::text (.*?) ELSE (\d+) END/)!
    const hsn = Object.fromEntries([...hsnCase.matchAll(/WHEN '([^']+)' THEN '(\d+)'/g)].map((m) => [m[1], m[2]]))
    const rates = Object.fromEntries([...rateCase[1]!.matchAll(/WHEN '([^']+)' THEN (\d+)/g)].map((m) => [m[1], Number(m[2])]))
    for (const category of CATEGORIES) {
      expect(TAX_DEFAULTS_BY_CATEGORY[category].hsnCode, category).toBe(hsn[category])
      expect(TAX_DEFAULTS_BY_CATEGORY[category].gstRatePercent, category).toBe(rates[category] ?? Number(rateCase[2]))
    }
  })
})
