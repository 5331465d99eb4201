import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findBoundaryViolations } from "./check-boundaries.mjs";

const fixture = fileURLToPath(new URL("fixtures/boundaries", import.meta.url));
const script = fileURLToPath(new URL("check-boundaries.mjs", import.meta.url));

describe("check-boundaries", () => {
  it("reports each deliberate bad import in the fixture, and nothing else", () => {
    const found = findBoundaryViolations(fixture).map(({ file, line, specifier }) => ({
      file,
      line,
      specifier,
    }));
    expect(found.sort((a, b) => a.file.localeCompare(b.file))).toEqual([
      { file: "components/bad-header.tsx", line: 1, specifier: "../features/beta/internal" },
      { file: "features/alpha/parts/bad-reach-in.ts", line: 1, specifier: "../../beta/internal" },
      { file: "lib/bad-helper.ts", line: 1, specifier: "../features/beta" },
    ]);
  });

  it("fails the lint step on the fixture and passes on the web app", () => {
    expect(() => execFileSync(process.execPath, [script, fixture], { stdio: "pipe" })).toThrow(
      /features\/alpha may use features\/beta only through its index\.ts/,
    );
    expect(() => execFileSync(process.execPath, [script], { stdio: "pipe" })).not.toThrow();
  });
});
