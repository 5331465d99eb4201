/**
 * Debian's Chromium and the flags it runs with here (no sandbox as root; no background
 * traffic, which this machine's closed network would refuse). Shared by the Playwright
 * config, scripts/perf.mjs (Lighthouse) and e2e/dashboard-timing.ts.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
