import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findBoundaryViolations, findServerBoundaryViolations } from "./check-boundaries.mjs";

const fixture = fileURLToPath(new URL("fixtures/boundaries", import.meta.url));
const serverFixture = fileURLToPath(new URL("fixtures/server-boundaries", import.meta.url));
const script = fileURLToPath(new URL("check-boundaries.mjs", import.meta.url));
const root = fileURLToPath(new URL("..", import.meta.url));

const byFile = (a, b) => a.file.localeCompare(b.file);

describe("check-boundaries: the web app", () => {
  it("reports each deliberate bad import in the fixture, and nothing else", () => {
    const found = findBoundaryViolations(fixture).map(({ file, line, specifier }) => ({
      file,
      line,
      specifier,
    }));
    expect(found.sort(byFile)).toEqual([
      { file: "components/bad-header.tsx", line: 1, specifier: "../features/beta/internal" },
      { file: "features/alpha/parts/bad-reach-in.ts", line: 1, specifier: "../../beta/internal" },
      // gamma uses delta and delta uses gamma, each through the other's index.ts: no file
      // cycle, but a feature cycle.
      { file: "features/delta/bad-back-edge.ts", line: 1, specifier: "../gamma" },
      { file: "features/epsilon/bad-loop-a.ts", line: 1, specifier: "./bad-loop-b" },
      { file: "lib/bad-helper.ts", line: 1, specifier: "../features/beta" },
    ]);
  });

  it("names the chain of each cycle, between files and between features", () => {
    const messages = findBoundaryViolations(fixture).map(({ message }) => message);
    expect(messages).toContain(
      "import cycle: features/epsilon/bad-loop-a.ts → features/epsilon/bad-loop-b.ts → features/epsilon/bad-loop-a.ts",
    );
    expect(messages).toContain(
      "feature cycle: delta/ → gamma/ → delta/ (make one depend on the other, or move the shared piece down)",
    );
  });

  it("fails the lint step on the fixture and passes on the web app", () => {
    expect(() => execFileSync(process.execPath, [script, fixture], { stdio: "pipe" })).toThrow(
      /features\/alpha may use features\/beta only through its index\.ts/,
    );
    expect(() =>
      execFileSync(process.execPath, [script, "apps/web/app"], { stdio: "pipe", cwd: root }),
    ).not.toThrow();
  });
});

describe("check-boundaries: the server", () => {
  const found = findServerBoundaryViolations(serverFixture).sort(byFile);

  it("reports each deliberate problem in the fixture, and nothing else", () => {
    expect(found.map(({ file, line, specifier }) => ({ file, line, specifier }))).toEqual([
      { file: "alpha/bad-reach-in.ts", line: 1, specifier: "../beta/internal.ts" },
      { file: "alpha/bad-repository.ts", line: 1, specifier: "../audit/audit.ts" },
      { file: "alpha/bad-routes.ts", line: 3, specifier: ".transaction()" },
      { file: "beta/bad-cycle-a.ts", line: 1, specifier: "./bad-cycle-b.ts" },
      { file: "db/bad-db.ts", line: 1, specifier: "../beta/internal.ts" },
      { file: "delta/bad-back.ts", line: 1, specifier: "../gamma/index.ts" },
      { file: "lib/bad-lib.ts", line: 1, specifier: "../alpha/index.ts" },
    ]);
  });

  it.each([
    [
      "a feature reaching past an index.ts",
      "alpha/bad-reach-in.ts",
      /alpha\/ may use beta\/ only through beta\/index\.ts/,
    ],
    [
      "infrastructure (db/) importing a feature",
      "db/bad-db.ts",
      /db\/ is infrastructure and must not import a feature \(beta\/\)/,
    ],
    [
      "infrastructure (lib/) importing a feature's entry",
      "lib/bad-lib.ts",
      /lib\/ is infrastructure/,
    ],
    [
      "an import cycle between files, printed",
      "beta/bad-cycle-a.ts",
      /import cycle: beta\/bad-cycle-a\.ts → beta\/bad-cycle-b\.ts → beta\/bad-cycle-a\.ts/,
    ],
    [
      "a repository that writes audit rows",
      "alpha/bad-repository.ts",
      /a repository fetches and stores rows: audit rows and HTTP errors belong to its service/,
    ],
    [
      "a routes file that opens a transaction",
      "alpha/bad-routes.ts",
      /a route speaks HTTP: its transaction belongs to a service/,
    ],
    [
      "a cycle between features, printed",
      "delta/bad-back.ts",
      /feature cycle: delta\/ → gamma\/ → delta\//,
    ],
  ])("names %s", (_name, file, message) => {
    expect(found.find((v) => v.file === file)?.message).toMatch(message);
  });

  it("fails the lint step on the fixture and passes on the server", () => {
    expect(() =>
      execFileSync(process.execPath, [script, "--server", serverFixture], { stdio: "pipe" }),
    ).toThrow(/7 import boundary violation/);
    expect(() =>
      execFileSync(process.execPath, [script, "--server"], { stdio: "pipe", cwd: root }),
    ).not.toThrow();
  });
});

describe("check-boundaries: the lint step", () => {
  it("checks both apps when given no folder", () => {
    expect(() =>
      execFileSync(process.execPath, [script], { stdio: "pipe", cwd: root }),
    ).not.toThrow();
  });
});
