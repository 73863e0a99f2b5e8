import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error -- a plain .mjs script without type declarations
import { routeScripts } from './route-scripts.mjs'

type RouteScript = { route: string; bytes: number; files: string[]; serverCode: string[] }

/** A build's client folder: a manifest and the scripts it names. */
function fakeBuild(files: Record<string, string>, routes: Record<string, { module: string; imports: string[] }>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-scripts-'))
  fs.mkdirSync(path.join(dir, 'assets'))
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, 'assets', name), text)
  const manifest = {
    entry: { module: '/assets/entry.js', imports: ['/assets/react.js'] },
    routes: Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, { id, ...r }])),
  }
  fs.writeFileSync(path.join(dir, 'assets', 'manifest-abc123.js'), `window.__reactRouterManifest=${JSON.stringify(manifest)};`)
  return dir
}

const noise = (n: number) => Array.from({ length: n }, (_, i) => `v${i}=${Math.random()}`).join(';')

describe('the scripts each route adds to the shell', () => {
  const dir = fakeBuild(
    {
      'entry.js': noise(50),
      'react.js': noise(2000),
      'root.js': noise(100),
      'users.js': 'export const ROLES=["user","admin"]',
      'schema.js': `const entityKind=Symbol.for("drizzle:entityKind");${noise(3000)}`,
      'orders.js': noise(20),
    },
    {
      root: { module: '/assets/root.js', imports: ['/assets/react.js'] },
      'routes/admin-users': { module: '/assets/users.js', imports: ['/assets/react.js', '/assets/schema.js'] },
      'routes/admin-orders': { module: '/assets/orders.js', imports: ['/assets/react.js'] },
    },
  )
  const measured = routeScripts(dir) as RouteScript[]
  const of = (route: string) => measured.find((r) => r.route === route)!

  it('counts what a route adds, not the shell it shares', () => {
    expect(of('routes/admin-orders').files).toEqual(['/assets/orders.js'])
    expect(of('routes/admin-users').files).toEqual(['/assets/users.js', '/assets/schema.js'])
    expect(of('routes/admin-users').bytes).toBeGreaterThan(of('routes/admin-orders').bytes * 10)
  })

  it('names server code that reached a page', () => {
    expect(of('routes/admin-users').serverCode).toEqual(['/assets/schema.js: drizzle:'])
    expect(of('routes/admin-orders').serverCode).toEqual([])
  })
})
