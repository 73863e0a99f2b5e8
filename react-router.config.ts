import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // The shop has few routes: send them all with the first page. Lazy discovery asks /__manifest with every
  // link's path in the query, which on pages with many links passes the server's 2048-character URL limit (414).
  routeDiscovery: { mode: 'initial' },
  // React Router v8's changes, each stated so the build does not warn about them. Kept off for now: each changes
  // what the shop relies on (middleware: the loaders' context type; pass-through requests and data URLs: the page
  // cache and server/app.ts's request handling; the Vite environment API and split route modules: the build's
  // layout and the script budgets) and wants its own change with its tests.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config
