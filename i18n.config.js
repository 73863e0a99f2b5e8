/**
 * How Paraglide compiles the message files (project.inlang lists them) into `app/i18n/paraglide/`, one module per
 * message, each holding its English and Tamil text (docs/decisions/074-two-languages-paraglide-and-tamil-under-ta.md). The same options for the build,
 * the tests and the type check, so all three see the same functions.
 *
 * The language is not Paraglide's to find: the shop decides it from the address (`/ta/…`) on the server and puts it in
 * the request's AsyncLocalStorage (server/app.ts), and the page's `<html lang>` in the browser (entry.client.tsx).
 * `globalVariable` is how the browser's choice is set; the server's goes through the storage.
 */
/** @type {import('@inlang/paraglide-js').CompilerOptions} */
export const messageCompilerOptions = {
  project: './project.inlang',
  outdir: './app/i18n/paraglide',
  strategy: ['globalVariable', 'baseLocale'],
  // Vite replaces it at build time, so the browser's script drops the server's branches; code run outside Vite (the
  // browser tests' own imports of the shop's modules) asks whether there is a window.
  isServer: "(import.meta.env ? import.meta.env.SSR : typeof window === 'undefined')",
  emitGitIgnore: false,
  emitPrettierIgnore: false,
  emitReadme: false,
  // Typed functions for tsc (it reads no JavaScript).
  emitTsDeclarations: true,
}
