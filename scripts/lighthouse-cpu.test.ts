import { describe, expect, it } from 'vitest'
// @ts-expect-error -- a plain .mjs script without type declarations
import { cpuSlowdownFor, PRESET_CPU_SLOWDOWN } from './lighthouse-cpu.mjs'

describe('cpuSlowdownFor (the quick budget’s Lighthouse on a slower host)', () => {
  it('keeps the mobile preset’s 4× on a host as fast as the preset assumes, or faster', () => {
    expect(cpuSlowdownFor(1533)).toBeCloseTo(4, 1)
    expect(cpuSlowdownFor(2500)).toBe(PRESET_CPU_SLOWDOWN)
  })

  it('slows a slower host down less, by the calculator Lighthouse’s throttling docs point to', () => {
    expect(cpuSlowdownFor(1300)).toBe(3)
    expect(cpuSlowdownFor(993)).toBeCloseTo(2.39, 2)
    expect(cpuSlowdownFor(800)).toBe(2)
    expect(cpuSlowdownFor(475)).toBe(1.5)
    expect(cpuSlowdownFor(100)).toBe(1)
  })

  it('falls back to the preset when no index was measured', () => {
    expect(cpuSlowdownFor(Number.NaN)).toBe(PRESET_CPU_SLOWDOWN)
    expect(cpuSlowdownFor(undefined)).toBe(PRESET_CPU_SLOWDOWN)
    expect(cpuSlowdownFor(0)).toBe(PRESET_CPU_SLOWDOWN)
  })
})
