import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { type Plugin, defineConfig } from 'vite'

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
            brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
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

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which embeds React Router's request handler.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : {},
  // Native and WASM packages are loaded from node_modules at run time, not bundled.
  ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg', 'nodemailer', 'proper-lockfile'] },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), isSsrBuild && precompressBrowserAssets('build/client/assets')],
}))
