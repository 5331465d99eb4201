/**
 * Time until the dashboard's Quotes view shows its first page, in Chromium (issue 7's
 * benchmark: target ≤ 1 s). Each run is a fresh browser context (cold cache, a new
 * sign-in), navigates to /dashboard with the Quotes view remembered, and reads the
 * page's own clock when the first quote appears (measured from the start of navigation).
 *
 *   node e2e/dashboard-timing.ts --url http://127.0.0.1:5000 --email E --password P [--runs 5] [--warmup 1] [--json]
 *
 * Warm-up runs (default 1) are made and not counted: they start the browser's own
 * processes. Every counted run still starts with an empty HTTP cache (a new context).
 *
 * The server must be running with quotes in its database and the account must be an admin.
 * Prints one line per run and a summary; with --json, one JSON object instead.
 */
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, requireChromium } from "./chromium.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:5000" },
    email: { type: "string" },
    password: { type: "string" },
    runs: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
    json: { type: "boolean", default: false },
  },
});

if (!values.email || !values.password) {
  console.error(
    "Usage: node e2e/dashboard-timing.ts --url URL --email E --password P [--runs N] [--warmup N] [--json]",
  );
  process.exit(2);
}
const runs = Math.max(1, Number(values.runs) || 5);
const warmups = Math.max(0, Number(values.warmup) || 0);

const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });

async function measureOnce(): Promise<number> {
  const context = await browser.newContext({
    baseURL: values.url,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const login = await context.request.post("/api/users/login", {
      data: { email: values.email, password: values.password },
    });
    if (login.status() !== 200) throw new Error(`login failed: ${login.status()}`);
    await context.addInitScript(() => {
      localStorage.setItem("cookieConsent", "necessary");
      localStorage.setItem("agency.hasSession", "1");
      // Record the moment the first quote is in the document, on the page's clock
      // (milliseconds since navigation started).
      const record = () => {
        if (document.querySelector("[data-quote-item]")) {
          (window as unknown as { firstQuotesAt: number }).firstQuotesAt = performance.now();
          return true;
        }
        return false;
      };
      new MutationObserver((_records, observer) => {
        if (record()) observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto("/dashboard/quotes", { waitUntil: "commit" });
    await page.locator("[data-quote-item]").first().waitFor({ state: "visible", timeout: 30_000 });
    return await page.evaluate(
      () => (window as unknown as { firstQuotesAt: number }).firstQuotesAt,
    );
  } finally {
    await context.close();
  }
}

const times: number[] = [];
try {
  for (let run = 1; run <= warmups; run += 1) await measureOnce();
  for (let run = 1; run <= runs; run += 1) {
    const ms = await measureOnce();
    times.push(ms);
    if (!values.json) console.log(`run ${run}: ${Math.round(ms)} ms`);
  }
} finally {
  await browser.close();
}

const sorted = [...times].sort((a, b) => a - b);
const percentile = (p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
const summary = {
  metric: "dashboard quotes first page",
  runs,
  p50Ms: percentile(50),
  p95Ms: percentile(95),
  maxMs: Math.round(sorted.at(-1) ?? 0),
};
if (values.json) console.log(JSON.stringify(summary));
else {
  console.log(
    `dashboard quotes first page: p50 ${summary.p50Ms} ms, p95 ${summary.p95Ms} ms, max ${summary.maxMs} ms (${runs} runs)`,
  );
}
