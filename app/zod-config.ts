import { z } from 'zod'

// Zod compiles object parsers with `new Function`, probing for eval as each object schema is made. The shop's
// Content-Security-Policy forbids eval (docs/decisions/015-security-headers.md), and the browser reports even the
// failed probe as a violation: in the browser, parse without compiling. app/root.tsx imports this first, and the
// client build keeps modules' execution order (vite.config.ts), so this runs before any schema is made. The
// server has no CSP to mind and keeps Zod's compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true })
