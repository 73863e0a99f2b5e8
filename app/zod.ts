import { z } from 'zod'

// Every module takes Zod from here, so this runs before any schema is made, in the browser as on the server.
// Zod compiles object parsers with `new Function`, probing for eval as each object schema is made. The shop's
// Content-Security-Policy forbids eval (docs/decisions/015-security-headers.md), and the browser reports even the
// failed probe as a violation: in the browser, parse without compiling. The server has no CSP to mind and keeps
// Zod's compiled parsers. Pages whose scripts make no schema (the shelves, the home page) load no Zod at all.
if (typeof document !== 'undefined') z.config({ jitless: true })

export { z }
