// The CSP allows no eval: zod must neither compile its parsers with `new Function` nor probe whether it may, since
// the browser reports even a caught probe as a violation. This is `z.config({ jitless: true })` done before zod
// loads (zod 4 keeps its settings on this global and keeps one already there), so /login gains no zod code;
// main.tsx imports it first, before any schema is built (zodJitless.test.ts checks zod still reads it).
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
Object.assign(zodGlobal.__zod_globalConfig, { jitless: true });
