import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

describe('Zod in the shop', () => {
  it('comes from app/zod.ts everywhere, so its browser settings apply before any schema is made', () => {
    const appDir = import.meta.dirname
    const direct = (fs.readdirSync(appDir, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && file !== 'zod.ts')
      .filter((file) => /^import (?!type )[^\n]*from 'zod(\/[^']*)?'/m.test(fs.readFileSync(path.join(appDir, file), 'utf8')))
    expect(direct).toEqual([])
  })
})
