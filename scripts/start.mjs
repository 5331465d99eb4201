// `npm start`: builds the web app when the agency profile or the source changed since the
// last build (scripts/web-build.mjs), then runs the server (which applies migrations) in this
// same process, so signals reach it directly.
// Only dynamic imports below the version check: this file must run far enough on an old
// Node.js to say which one it needs.
const { requireSupportedNode } = await import("./check-node.mjs");
requireSupportedNode();

const { ensureWebBuild } = await import("./web-build.mjs");
const buildStatus = ensureWebBuild();
if (buildStatus !== 0) process.exit(buildStatus);
await import("../apps/server/src/main.ts");
