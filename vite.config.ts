import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { paraglideVitePlugin } from '@inlang/paraglide-js'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { type Plugin, defineConfig } from 'vite'
import { messageCompilerOptions } from './i18n.config.js'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Brotli and gzip copies of the browser's scripts and styles, made once at the highest levels rather than per
 * request; server.js sends them as they are. After the server build, the last step of `react-router build`: React
 * Router writes its route manifest script into the browser's assets during that step, after the browser's build.
 */
function precompressBrowserAssets(assetsDir: string): Plugin {
  return {
    name: 'shop:precompress-browser-assets',
    apply: 'build',
    async closeBundle() {
      const files = (await fs.readdir(assetsDir)).filter((file) => /\.(js|css|svg|json)$/.test(file))
      await Promise.all(
        files.map(async (file) => {
          const source = await fs.readFile(path.join(assetsDir, file))
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
            gzip(source, { level: 9 }),
          ])
          // A tiny file can come out larger: then the original is sent as it is.
          if (br.length < source.length) await fs.writeFile(path.join(assetsDir, `${file}.br`), br)
          if (gz.length < source.length) await fs.writeFile(path.join(assetsDir, `${file}.gz`), gz)
        }),
      )
    },
  }
}

/**
 * Each module imports the message functions it calls, one module per message, rather than the whole list through
 * `import { m } from '~/i18n/paraglide/messages.js'` (decision 074). Through that one barrel every page's module would
 * depend on every message module, and the bundler, which splits by dependencies, would put every message any page
 * uses into the script of every page (a shelf's script grew by 49 KB). Rewritten on one line, so lines do not move:
 * `m` becomes an object of the messages the module names (`m.key` where a message file `key` exists).
 */
function directMessageImports(messagesDir: string): Plugin {
  const barrel = /import\s*\{\s*m\s*\}\s*from\s*['"][^'"]*i18n\/paraglide\/messages\.js['"];?/
  // The compiled messages' names, read once per build (compiledMessages made them before any module is transformed).
  let messageKeys: Promise<Set<string>> | undefined
  return {
    name: 'shop:direct-message-imports',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0]!
      if (!/\.(ts|tsx|js|jsx)$/.test(file) || file.includes('/node_modules/') || file.includes('/paraglide/')) return
      // Any path to the barrel: '~/i18n/…' or relative ('../../i18n/…', from modules the database schema imports too).
      const found = barrel.exec(code)
      if (!found) return
      const named = [...new Set([...code.matchAll(/\bm\.([A-Za-z_$][\w$]*)/g)].map((match) => match[1]!))]
      messageKeys ??= fs.readdir(messagesDir).then((files) => new Set(files.filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3))))
      const known = await messageKeys
      const keys = named.filter((key) => known.has(key))
      const imports = keys.map((key) => `import { ${key} as __message_${key} } from '${path.join(messagesDir, `${key}.js`)}';`).join(' ')
      const object = `const m = { ${keys.map((key) => `${key}: __message_${key}`).join(', ')} };`
      return { code: code.replace(found[0], `${imports} ${object}`), map: null }
    },
  }
}

/** The message functions, compiled before anything reads them, when a message file changed since the last compile. */
function compiledMessages(): Plugin {
  return {
    name: 'shop:compiled-messages',
    config() {
      execFileSync(process.execPath, [path.resolve('scripts/compile-messages.mjs')], { stdio: 'inherit' })
    },
  }
}

/**
 * The browser's build takes app/i18n/browser-runtime.ts for Paraglide's compiled runtime.js: the page's language, and
 * nothing of the ways the full runtime has of finding one (see that file).
 */
function browserMessageRuntime(runtime: string, replacement: string): Plugin {
  return {
    name: 'shop:browser-message-runtime',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('runtime.js') || !importer) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved?.id === runtime ? replacement : null
    },
  }
}

/**
 * Every page loads the root route, so every module the root route imports (its layout, the hooks and helpers under
 * it, React and React Router) goes to the browser on every page. Left to automatic chunking, those split into a file
 * per set of routes sharing them: 13 files on every page. Gathered here into two, the libraries and our own code (5
 * files with the entry, the root route's own and Rolldown's runtime helper), and a release that changes only our code
 * keeps the libraries cached (decision 053). The set is read from the module graph, so it follows root.tsx's imports.
 */
function rootShellChunks(): { plugin: Plugin; groups: { name: string; test: (id: string) => boolean; priority: number }[] } {
  const shell = new Set<string>()
  const plugin: Plugin = {
    name: 'shop:root-shell-chunks',
    apply: 'build',
    buildEnd() {
      const root = [...this.getModuleIds()].find((id) => /[\\/]app[\\/]root\.tsx$/.test(id))
      if (!root) this.error('app/root.tsx is not in the browser build: the root shell chunks cannot be made.')
      const pending = [root]
      while (pending.length) {
        const id = pending.pop()!
        if (shell.has(id)) continue
        shell.add(id)
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
  const script = (id: string) => shell.has(id) && !/\.css($|\?)/.test(id)
  const library = (id: string) => /[\\/]node_modules[\\/]/.test(id)
  return {
    plugin,
    groups: [
      { name: 'shell-libraries', test: (id) => script(id) && library(id), priority: 20 },
      { name: 'shell', test: (id) => script(id) && !library(id), priority: 10 },
    ],
  }
}

export default defineConfig(({ command, isSsrBuild }) => {
  const rootShell = rootShellChunks()
  return {
    // The server build's entry is our Express app, which embeds React Router's request handler.
    build: isSsrBuild
      ? { rollupOptions: { input: './server/app.ts' } }
      : { rolldownOptions: { output: { codeSplitting: { groups: rootShell.groups } } } },
    // The server's dependencies are bundled into the build: a start then reads a few files instead of some 1,250 from
    // node_modules (importing the build: 0.75 → 0.39 CPU-s; decision 048). Left outside, loaded at run time: native and
    // WASM packages, those that read files beside their own code (pdfkit's font metrics, the DejaVu fonts), pino (its
    // transports run in worker threads that load it by name), express (server.js has its own copy), the AWS SDK (loaded
    // only with S3), pg and nodemailer. Only in the build: the dev server loads dependencies from node_modules as they are.
    ssr: {
      ...(command === 'build' && { noExternal: true }),
      external: [
        '@electric-sql/pglite',
        'sharp',
        'pg',
        'nodemailer',
        'proper-lockfile',
        'pdfkit',
        'dejavu-fonts-ttf',
        'pino',
        'pino-http',
        'express',
        '@aws-sdk/client-s3',
      ],
    },
    resolve: { tsconfigPaths: true },
    plugins: [
      // The messages are compiled as the tests compile them (scripts/compile-messages.mjs), before React Router reads
      // routes.ts (which names the shelves), and only when a message file changed: a build started beside running
      // tests (a test that starts the shop) never rewrites the modules they are importing. While developing,
      // Paraglide's own plugin follows the message files' edits.
      compiledMessages(),
      command === 'serve' && paraglideVitePlugin(messageCompilerOptions),
      command === 'build' && directMessageImports(path.resolve(messageCompilerOptions.outdir, 'messages')),
      command === 'build' &&
        !isSsrBuild &&
        browserMessageRuntime(path.resolve(messageCompilerOptions.outdir, 'runtime.js'), path.resolve('app/i18n/browser-runtime.ts')),
      tailwindcss(),
      reactRouter(),
      !isSsrBuild && rootShell.plugin,
      isSsrBuild && precompressBrowserAssets('build/client/assets'),
    ],
  }
})
