import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, which embeds React Router's request handler.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' } } : undefined,
  // Native and WASM packages are loaded from node_modules at run time, not bundled.
  ssr: { external: ['@electric-sql/pglite', 'sharp', 'pg', 'nodemailer', 'proper-lockfile'] },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}))
