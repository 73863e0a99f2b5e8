import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { testFiles as allTestFiles } from './support/test-files'

// Vitest runs a worker's test files one after another in the same thread, importing each module once
// (`isolate: false`, docs/decisions/047-test-files-share-their-worker.md). That holds only while no file changes
// what the next one would import or read: no module mocked, no global or environment variable replaced, no clock
// faked, no setting a module keeps changed. A file that needs one of those gets a fresh worker of its own: a Vitest
// project with `isolate: true`.

const root = path.resolve(import.meta.dirname, '..')
// This file names the patterns it looks for.
const testFiles = allTestFiles(root).filter((file) => file !== path.join('tests', 'shared-worker.test.ts'))

/** What would outlive the file that did it, each with why. */
const LEAKS: Array<[RegExp, string]> = [
  [/\bvi\s*\.\s*(mock|doMock|hoisted|stubGlobal|stubEnv|spyOn|useFakeTimers|setSystemTime)\b/, 'a Vitest mock, stub or fake clock'],
  [/\bprocess\.env(\.\w+|\[[^\]]+\])\s*(=[^=]|\?\?=|\|\|=)/, 'an environment variable set'],
  [/\bdelete\s+process\.env\b/, 'an environment variable removed'],
  [/\bglobalThis\.\w+\s*=[^=]/, 'a global set'],
]

/** The leaks found in one file's source, as "line N: why". */
function leaksIn(source: string) {
  return source.split('\n').flatMap((line, i) => LEAKS.filter(([pattern]) => pattern.test(line)).map(([, why]) => `line ${i + 1}: ${why}`))
}

describe('test files that share their worker', () => {
  it('finds the test files', () => {
    expect(testFiles.length).toBeGreaterThan(100)
  })

  it('spots each kind of leak', () => {
    expect(leaksIn("vi.mock('~/db/client.server')")).toEqual(['line 1: a Vitest mock, stub or fake clock'])
    expect(leaksIn('vi.useFakeTimers()')).toHaveLength(1)
    expect(leaksIn("process.env.DATABASE_URL = ''")).toEqual(['line 1: an environment variable set'])
    expect(leaksIn("process.env['SMTP_URL'] ??= 'x'")).toHaveLength(1)
    expect(leaksIn('delete process.env.PORT')).toHaveLength(1)
    expect(leaksIn('globalThis.fetch = stand')).toHaveLength(1)
    expect(leaksIn("if (process.env.TEST_DATABASE_URL === '') x()\nconst url = process.env.DATABASE_URL ?? ''")).toEqual([])
  })

  it('no test file leaves anything behind for the next one', () => {
    const found = testFiles.flatMap((file) => leaksIn(fs.readFileSync(path.join(root, file), 'utf8')).map((leak) => `${file} ${leak}`))
    expect(found).toEqual([])
  })
})
