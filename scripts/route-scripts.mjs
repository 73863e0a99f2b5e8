// What each route's page adds to the browser's scripts on top of the shell every page loads (the entry and the
// root route), read from the build's route manifest, compressed as sent (the build's .br copies). A server module
// reaching a page's script shows here: routes/admin-users.tsx importing ROLES from the schema put Drizzle in it
// (46 KB against 3–4 KB for the other admin pages).
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

/** Text found only in server code: Drizzle's entity names, PGlite, node-postgres, better-auth's server. */
export const SERVER_CODE_MARKERS = ['drizzle:', '@electric-sql/pglite', 'pg-protocol', 'better-auth/db']

export function readRouteManifest(clientDir) {
  const assets = path.join(clientDir, 'assets')
  const file = fs.existsSync(assets) && fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f))
  if (!file) throw new Error(`No route manifest under ${assets}: build the shop first (npm run build).`)
  const text = fs.readFileSync(path.join(assets, file), 'utf8')
  return JSON.parse(
    text
      .slice(text.indexOf('=') + 1)
      .trim()
      .replace(/;$/, ''),
  )
}

/** Per route: the scripts it adds to the shell, their compressed bytes, and any server code found in them. */
export function routeScripts(clientDir) {
  const manifest = readRouteManifest(clientDir)
  const root = manifest.routes.root
  const shell = new Set([manifest.entry.module, ...manifest.entry.imports, root.module, ...(root.imports ?? [])])
  const compressedBytes = (file) => {
    const full = path.join(clientDir, file)
    return fs.existsSync(`${full}.br`) ? fs.statSync(`${full}.br`).size : zlib.brotliCompressSync(fs.readFileSync(full)).length
  }
  const serverCodeIn = (file) => {
    const text = fs.readFileSync(path.join(clientDir, file), 'utf8')
    return SERVER_CODE_MARKERS.filter((marker) => text.includes(marker))
  }
  return Object.values(manifest.routes).map((route) => {
    const own = route.id === 'root' ? [...shell] : [route.module, ...(route.imports ?? [])].filter((file) => file && !shell.has(file))
    const files = [...new Set(own)].filter(Boolean)
    return {
      route: route.id,
      bytes: files.reduce((sum, file) => sum + compressedBytes(file), 0),
      files,
      serverCode: [...new Set(files.flatMap((file) => serverCodeIn(file).map((marker) => `${file}: ${marker}`)))],
    }
  })
}
