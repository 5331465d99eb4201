/**
 * Which Chromium the browser tests, Lighthouse (scripts/perf.mjs) and e2e/dashboard-timing.ts
 * drive, and the flags it runs with here (no sandbox as root; no background traffic, which
 * this machine's closed network would refuse).
 *
 * Found the usual ways, first hit wins: `CHROMIUM_PATH` (when set, only that: a wrong value
 * is an error, not a reason to pick another browser), Debian's and Ubuntu's packages,
 * Google Chrome, the snap, then the browser `npx playwright install chromium` downloads.
 */
import { accessSync, constants, statSync } from "node:fs";
import { createRequire } from "node:module";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const SYSTEM_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
];

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Where Playwright's own download would be (playwright-core comes with @playwright/test). */
function playwrightChromium(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require("playwright-core") as { chromium: { executablePath(): string } };
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export type ChromiumLookup = { path: string } | { path: undefined; problem: string };

export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumLookup {
  const configured = env.CHROMIUM_PATH;
  if (configured) {
    return isExecutableFile(configured)
      ? { path: configured }
      : {
          path: undefined,
          problem: `CHROMIUM_PATH=${configured} is not an executable file`,
        };
  }
  for (const candidate of [...SYSTEM_PATHS, playwrightChromium()]) {
    if (candidate && isExecutableFile(candidate)) return { path: candidate };
  }
  return { path: undefined, problem: "No Chromium found" };
}

/** The one line printed instead of a run of failed browser tests. */
export function chromiumMissingMessage(problem: string): string {
  return `${problem}: the browser tests need Chromium. Install it with \`apt-get install chromium\` or \`npx playwright install chromium\`, or set CHROMIUM_PATH to a Chromium or Chrome executable.`;
}

/** The Chromium to launch; without one, prints the line above and exits with status 1. */
export function requireChromium(): string {
  const found = findChromium();
  if (found.path !== undefined) return found.path;
  console.error(chromiumMissingMessage(found.problem));
  process.exit(1);
}
