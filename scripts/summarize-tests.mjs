// Reads the JSON reports of the unit/server run (vitest) and the browser run (Playwright),
// fails if either ran nothing or skipped anything, and prints one closing line.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const read = (file) => {
  const full = path.join(root, file);
  if (!existsSync(full)) throw new Error(`missing test report ${file}`);
  return JSON.parse(readFileSync(full, "utf8"));
};

const vitest = read("test-results/vitest.json");
const playwright = read("e2e/test-results/results.json");
const problems = [];

const unit = {
  passed: vitest.numPassedTests,
  failed: vitest.numFailedTests,
  skipped: vitest.numPendingTests + vitest.numTodoTests,
};
const postgresTests = vitest.testResults
  .flatMap((file) => file.assertionResults)
  .filter((test) => test.ancestorTitles.some((title) => / on postgres$/.test(title)));
if (postgresTests.length === 0) problems.push("no server test ran on PostgreSQL");

const stats = playwright.stats;
const browser = {
  passed: stats.expected,
  failed: stats.unexpected + stats.flaky,
  skipped: stats.skipped,
};
if (browser.passed === 0) problems.push("no browser test ran");

if (unit.skipped > 0) problems.push(`${unit.skipped} unit/server tests were skipped`);
if (browser.skipped > 0) problems.push(`${browser.skipped} browser tests were skipped`);

console.log(
  `unit+server: ${unit.passed} passed (${postgresTests.length} on PostgreSQL); browser: ${browser.passed} passed`,
);
for (const problem of problems) console.error(`FAIL: ${problem}`);
console.log(`${unit.passed + browser.passed} passed, ${unit.failed + browser.failed} failed`);
process.exit(problems.length > 0 || unit.failed + browser.failed > 0 ? 1 : 0);
