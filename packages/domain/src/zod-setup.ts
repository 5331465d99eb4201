import * as z from "zod";

// In browsers the site runs under a CSP without 'unsafe-eval', and zod's probe for its JIT
// (`new Function`) is reported there as a violation; zod probes as an object schema is
// built. Browsers parse small forms: they go without the JIT. Servers (no `document`) keep
// it. This must run before any schema is built: index.ts imports it first, and so does
// schema-helpers.ts (which every form schema imports). It is the package's one module kept
// for its side effect (package.json "sideEffects").
if ("document" in globalThis) z.config({ jitless: true });
