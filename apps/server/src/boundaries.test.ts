import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./config.ts";

/**
 * The repository's own biome.json, applied to a fixture tree shaped like the repository:
 * lint must fail on a deliberate bad import in apps/server/src/lib/ and pass on good ones.
 */
const fixture = mkdtempSync(path.join(tmpdir(), "agency-boundaries-"));
copyFileSync(path.join(REPO_ROOT, "biome.json"), path.join(fixture, "biome.json"));
const libDir = path.join(fixture, "apps/server/src/lib");
mkdirSync(libDir, { recursive: true });
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

const BIOME = path.join(REPO_ROOT, "node_modules/@biomejs/biome/bin/biome");

function lint(file: string, source: string) {
  writeFileSync(path.join(libDir, file), source);
  const result = spawnSync(
    process.execPath,
    [BIOME, "lint", "--vcs-enabled=false", `apps/server/src/lib/${file}`],
    { cwd: fixture, encoding: "utf8" },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("apps/server/src/lib imports no feature (biome.json)", () => {
  it.each([
    ["a feature's service", 'import { listQuotes } from "../quote/service.ts";'],
    ["the leads module", 'import { listPage } from "../lead/repository.ts";'],
    ["a type from a feature", 'import type { UserRow } from "../user/repository.ts";'],
    ["a re-export", 'export { registerAuthGuard } from "../auth/guard.ts";'],
  ])("fails on %s", (_name, line) => {
    const { status, output } = lint("bad-import.ts", `${line}\n`);
    expect(status, output).not.toBe(0);
    expect(output).toContain("noRestrictedImports");
  });

  it("passes on lib's own modules and the database layer", () => {
    const { status, output } = lint(
      "good-import.ts",
      [
        'import type { Database } from "../db/schema.ts";',
        'import { newId } from "./ids.ts";',
        "export type Row = Database;",
        "export const id = newId;",
        "",
      ].join("\n"),
    );
    expect(status, output).toBe(0);
  });
});
