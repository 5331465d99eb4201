/**
 * In browsers the site runs under a CSP without 'unsafe-eval', and zod's probe for its JIT
 * (`new Function`) is reported there as a violation; zod probes as an object schema is
 * built. Browsers parse small forms: they go without the JIT. Servers (no `document`) keep
 * it.
 *
 * This must run before any schema is built: index.ts imports it first, and so does
 * schema-helpers.ts. It sets zod's global configuration object (`globalThis.__zod_globalConfig`,
 * which zod creates or adopts) without importing zod, so a page that builds no schema loads
 * no zod for it (decision 0043). It is the package's one module kept for its side effect
 * (package.json "sideEffects").
 */
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
if ("document" in globalThis) {
  scope.__zod_globalConfig ??= {};
  scope.__zod_globalConfig.jitless = true;
}
