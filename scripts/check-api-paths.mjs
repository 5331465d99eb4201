#!/usr/bin/env node
/**
 * The web app calls the API through one client, lib/api.ts (`callRoute` / the auth
 * context's `call` with API_ENDPOINTS, typed by each route's definition), so no other
 * source file writes an API path by hand: a string or template literal that starts with
 * `/api/` (or `http(s)://host/api/`) outside lib/api.ts fails this check. Test files are
 * skipped (they may assert the addresses the client builds).
 *
 * The staff login and logout pages sit under /api/auth/ for compatibility with the old
 * site: a literal that is exactly a page of lib/site-pages.ts (PRERENDERED_PAGES) names a
 * page, not a route of the API, and passes.
 *
 * Decision 0050. Usage: node scripts/check-api-paths.mjs [appDir]   (default apps/web/app)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const TEST = /\.test\.[a-z]+$/;
/** The one file that puts API addresses together (routeUrl). */
const CLIENT = "lib/api.ts";
/** A literal's opening quote, then an API path (the literal's text up to its closing quote). */
const API_LITERAL = /(["'`])((?:https?:\/\/[^\s"'`/]*)?\/api\/[^"'`\n]*)/g;
const PAGE_PATH = /\bpath:\s*"([^"]+)"/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
  });
}

/** The site's page paths (lib/site-pages.ts), some of which sit under /api/. */
function pagePaths(root) {
  try {
    const text = readFileSync(join(root, "lib", "site-pages.ts"), "utf8");
    return new Set([...text.matchAll(PAGE_PATH)].map((match) => match[1]));
  } catch {
    return new Set();
  }
}

/** Every hand-written API path in the app's source, as { file, line, path }. */
export function findApiPaths(appDir) {
  const root = resolve(appDir);
  const pages = pagePaths(root);
  const found = [];
  for (const file of sourceFiles(root)) {
    const name = relative(root, file).split(sep).join("/");
    if (name === CLIENT) continue;
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(API_LITERAL)) {
      const path = match[2];
      if (pages.has(path)) continue;
      const line = text.slice(0, match.index).split("\n").length;
      found.push({ file: name, line, path });
    }
  }
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const appDir = process.argv[2] ?? "apps/web/app";
  const found = findApiPaths(appDir);
  for (const f of found) {
    console.error(
      `${join(appDir, f.file)}:${f.line}: "${f.path}": call the route through callRoute/call with API_ENDPOINTS (lib/api.ts), not a hand-written path`,
    );
  }
  if (found.length > 0) {
    console.error(`${found.length} hand-written API path(s).`);
    process.exit(1);
  }
}
