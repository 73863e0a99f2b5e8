// How much Lighthouse slows the CPU down to stand for its mobile preset's phone on this machine.
//
// Lighthouse's simulated throttling multiplies the CPU time it observed by `cpuSlowdownMultiplier`, 4 in the mobile
// preset, which assumes a fast desktop host. Its docs (docs/throttling.md, "CPU throttling") tell to calibrate the
// multiplier to the host's `benchmarkIndex` (reported in every result as `environment.benchmarkIndex`), and point to
// its maintainers' calculator (github.com/patrickhulce/lighthouse-cpu-throttling-calculator) for the figures used here:
// 1300 → 3×, 1533 → 4×, 2000 → 6× (3 + (index − 1300) / 233), 800 → 2× (2 + (index − 800) / 500), 150 → 1×.
// On this CI machine the index moves between about 1,000 and 1,700 within minutes, so the preset's 4× stands for
// phones 1.7 times apart.

/** The preset's own multiplier: a host at least this fast is slowed down no more than the preset says. */
export const PRESET_CPU_SLOWDOWN = 4

/** The multiplier that makes a host of this benchmarkIndex stand for the preset's phone, never above the preset's 4×. */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return PRESET_CPU_SLOWDOWN
  let multiplier
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500
  else multiplier = Math.max(1, 1 + (benchmarkIndex - 150) / 650)
  return Math.min(PRESET_CPU_SLOWDOWN, Math.round(multiplier * 100) / 100)
}
