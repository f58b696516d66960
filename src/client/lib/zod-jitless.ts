// NOTE: zod compiles object parsers with `new Function` unless told not to, and the page's CSP
// (no 'unsafe-eval') blocks that and reports a violation. Imported first by app/start.tsx, so it holds
// before any shared schema in core/ is built or used.
//
// This is what `z.config({ jitless: true })` does, without importing zod: zod keeps its config on
// `globalThis.__zod_globalConfig` (so that copies of zod share it), and importing zod here would put
// 3.8 kB gzip of it in the first load, which needs no schema (decision 0027). zod-jitless.test.ts
// checks that zod reads it.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
shared.__zod_globalConfig ??= {}
shared.__zod_globalConfig.jitless = true
export {}
