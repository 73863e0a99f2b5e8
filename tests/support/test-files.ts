import fs from 'node:fs'
import path from 'node:path'

/** The folders Vitest looks for test files in (vitest.config.ts). */
export const TEST_FOLDERS = ['app', 'server', 'scripts', 'tests']

/**
 * Every `*.test.ts` under TEST_FOLDERS, as paths relative to `root`: what Vitest runs, read by its config (to put each
 * file in its project) and by the checks of the test files themselves.
 */
export function testFiles(root: string) {
  return TEST_FOLDERS.flatMap((dir) =>
    fs.existsSync(path.join(root, dir))
      ? fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f))
      : [],
  ).filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
}
