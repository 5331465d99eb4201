import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, requireChromium } from "./chromium.ts";

// Before anything starts: without a browser, one line saying how to get one (and exit 1),
// not a server start and a page of failed tests.
const chromiumPath = requireChromium();
const repoRoot = path.resolve(import.meta.dirname, "..");
// E2E_PORT lets two checkouts run their browser tests at once.
const port = Number(process.env.E2E_PORT ?? 5055);
const baseURL = `http://127.0.0.1:${port}`;
// A fresh database file per run; the server creates and migrates it on start. The test
// workers load this file again, so the path travels to them in the environment (they
// inherit it) and e2e/support/auth.ts creates staff accounts in the same database.
process.env.E2E_DATABASE_FILE ??= path.join(
  import.meta.dirname,
  "test-results",
  `agency-e2e-${Date.now()}.db`,
);
const databaseFile = process.env.E2E_DATABASE_FILE;
// Its own data folder too (the outbox's .eml files, the generated secret), never the
// developer's data/; e2e/support/auth.ts reads the outbox from it.
process.env.E2E_DATA_DIR ??= path.join(
  import.meta.dirname,
  "test-results",
  `agency-e2e-data-${Date.now()}`,
);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: ".",
  outputDir: "test-results/artifacts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Correctness, not speed, is tested here (benchmarks measure speed): on a loaded 2-core
  // machine a long flow passed the 30 s default while doing nothing wrong.
  timeout: 60_000,
  // The same for a single expectation: CI's browser phase shares two cores between two
  // workers and the server, and a lead page once took 6 s to render there (5 s default).
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: path.join(import.meta.dirname, "test-results/results.json") }],
  ],
  use: {
    baseURL,
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: chromiumPath, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: "node apps/server/src/main.ts",
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${databaseFile}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Tests send many requests from one address; scale the limits instead of disabling them.
      RATE_LIMIT_SCALE: "1000",
    },
  },
});
