#!/usr/bin/env node
/**
 * The web app's import boundaries (STYLE.md, bulletproof-react):
 *  - `components/` and `lib/` never import from `features/`;
 *  - a feature imports another feature only through its public entry,
 *    `features/<name>/index.ts`, which exports what is meant to be shared.
 * Biome's noRestrictedImports matches specifier text, and a relative specifier such as
 * "../format" or "../../auth/x" means a different module depending on the importing file,
 * so this check resolves every relative specifier against its file instead.
 *
 * Usage: node scripts/check-boundaries.mjs [appDir]   (default apps/web/app)
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
/** Static imports and re-exports, side-effect imports, and dynamic import(). */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(["'])([^"'\n]+)\1/gm;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** Where a path sits in the app: its top folder, and for features/<name>/… the feature. */
function placeOf(appDir, path) {
  const parts = relative(appDir, path).split(sep);
  if (parts[0] === "..") return { area: "outside" };
  if (parts[0] === "features" && parts.length > 1) {
    return { area: "features", feature: parts[1], rest: parts.slice(2) };
  }
  return { area: parts[0] };
}

const isPublicEntry = (rest) =>
  rest.length === 0 || (rest.length === 1 && /^index\.(ts|tsx)$|^index$/.test(rest[0]));

/** Every import that crosses a boundary, as { file, line, specifier, message }. */
export function findBoundaryViolations(appDir) {
  const root = resolve(appDir);
  const violations = [];
  for (const file of sourceFiles(root)) {
    const from = placeOf(root, file);
    if (from.area !== "components" && from.area !== "lib" && from.area !== "features") continue;
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[2];
      if (!specifier.startsWith(".")) continue;
      const to = placeOf(root, resolve(dirname(file), specifier));
      if (to.area !== "features") continue;
      let message;
      if (from.area !== "features") {
        message = `${from.area}/ must not import from features/ (move the shared piece to components/ or lib/)`;
      } else if (to.feature !== from.feature && !isPublicEntry(to.rest)) {
        message = `features/${from.feature} may use features/${to.feature} only through its index.ts`;
      }
      if (message) {
        const line = text.slice(0, match.index).split("\n").length;
        violations.push({ file: relative(root, file), line, specifier, message });
      }
    }
  }
  return violations;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const appDir = process.argv[2] ?? "apps/web/app";
  const violations = findBoundaryViolations(appDir);
  for (const v of violations) {
    console.error(`${join(appDir, v.file)}:${v.line}: "${v.specifier}": ${v.message}`);
  }
  if (violations.length > 0) {
    console.error(`${violations.length} import boundary violation(s).`);
    process.exit(1);
  }
}
