// The oldest Node.js this project runs on is package.json's "engines" (it runs TypeScript
// directly and its build tools need it). This file is written for any Node.js, so an older
// one gets one line saying so instead of "react-router: not found" and a stack trace.
// `node scripts/check-node.mjs` exits 1 with that line; start.mjs calls it before anything else.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** "22.22.0" from `"engines": { "node": ">=22.22.0" }`. */
export function requiredNodeVersion() {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  return manifest.engines.node.replace(/^>=\s*/, "");
}

/** Whether `version` ("20.20.2", "v22.22.0") is at least `required`. */
export function isNodeVersionAtLeast(version, required) {
  const have = version.replace(/^v/, "").split(".").map(Number);
  const need = required.split(".").map(Number);
  for (let i = 0; i < need.length; i++) {
    if ((have[i] ?? 0) !== need[i]) return (have[i] ?? 0) > need[i];
  }
  return true;
}

/** Exits 1 with one line when this Node.js is too old. */
export function requireSupportedNode() {
  const required = requiredNodeVersion();
  if (isNodeVersionAtLeast(process.versions.node, required)) return;
  const shown = required.replace(/\.0$/, "");
  console.error(
    `This project needs Node.js ${shown} or newer (this is Node.js ${process.version}).`,
  );
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  requireSupportedNode();
}
