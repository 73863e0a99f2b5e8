import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which embeds React Router's request handler. The browser's
  // modules run in the order they are imported, as unbundled: app/zod-config.ts must run before any schema is made.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : { rolldownOptions: { output: { strictExecutionOrder: true } } },
  // Native and WASM packages are loaded from node_modules at run time, not bundled.
  ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg', 'nodemailer', 'proper-lockfile'] },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}))
