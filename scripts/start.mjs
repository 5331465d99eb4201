// `npm start`: builds the web app when no build is there yet, then runs the server
// (which applies migrations) in this same process, so signals reach it directly.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
if (!existsSync(path.join(root, "apps/web/build/client/index.html"))) {
  console.log("No web build yet: building it once (about a minute)…");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}
await import("../apps/server/src/main.ts");
