/** Whether a write failed on a unique constraint (SQLSTATE 23505): another writer got there first. */
export function isUniqueViolation(err: unknown) {
  // Drizzle wraps the driver's error; the SQLSTATE is on it or on its cause.
  let e: unknown = err
  for (let depth = 0; depth < 4 && typeof e === 'object' && e !== null; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
