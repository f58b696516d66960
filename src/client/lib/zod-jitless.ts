import { z } from 'zod'

// NOTE: zod compiles object parsers with `new Function` unless told not to, and the page's CSP
// (no 'unsafe-eval') blocks that and reports a violation. Imported first by main.tsx, so it holds
// before any shared schema in core/ is built or used.
z.config({ jitless: true })
