import { config } from "zod";

// The site's CSP has no 'unsafe-eval'. zod compiles fast parsers with `new Function` when it
// can, and merely probing for that is reported by Chrome as a CSP violation. Import this
// module FIRST in every feature that validates with the domain schemas, before
// "@agency/domain", so the schemas are built without the JIT.
config({ jitless: true });
