import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // The shop has few routes: send them all with the first page. Lazy discovery asks /__manifest with every
  // link's path in the query, which on pages with many links passes the server's 2048-character URL limit (414).
  routeDiscovery: { mode: 'initial' },
} satisfies Config
