import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findApiPaths } from "./check-api-paths.mjs";

const fixture = fileURLToPath(new URL("fixtures/api-paths", import.meta.url));
const script = fileURLToPath(new URL("check-api-paths.mjs", import.meta.url));

describe("check-api-paths", () => {
  it("reports each hand-written API path in the fixture, and nothing else", () => {
    const found = findApiPaths(fixture).sort(
      (a, b) => a.file.localeCompare(b.file) || a.line - b.line,
    );
    expect(found).toEqual([
      {
        file: "features/alpha/bad-absolute.ts",
        line: 1,
        path: "https://agency.example/api/health",
      },
      { file: "features/alpha/bad-call.ts", line: 1, path: "/api/alpha/list" },
      // A template literal: its text up to the closing backtick, placeholder included.
      {
        file: "features/alpha/bad-call.ts",
        line: 4,
        path: expect.stringMatching(/^\/api\/alpha\/\$\{id\}$/),
      },
    ]);
  });

  it("fails the lint step on the fixture, listing file:line, and passes on the web app", () => {
    expect(() => execFileSync(process.execPath, [script, fixture], { stdio: "pipe" })).toThrow(
      /features\/alpha\/bad-call\.ts:4: "\/api\/alpha\/\$\{id\}"/,
    );
    expect(() => execFileSync(process.execPath, [script], { stdio: "pipe" })).not.toThrow();
  });
});
