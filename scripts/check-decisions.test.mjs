import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findDecisionProblems, indexOf, readRecords } from "./check-decisions.mjs";

const dirs = [];
function folder(files) {
  const dir = mkdtempSync(join(tmpdir(), "decisions-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const record = (n, title, status = "accepted", date = "2026-11-28") =>
  `# ${n}. ${title}\n\nDate: ${date} · Status: ${status}\n\n## Context\nWhy.\n`;

describe("check-decisions", () => {
  it("passes records and an index that agree, and names what the index misses", () => {
    const files = {
      "0001-one.md": record("0001", "One"),
      "0002-two.md": record("0002", "Two — with a dash", "superseded by 0003"),
      "0003-three.md": record("0003", "Three"),
    };
    const dir = folder(files);
    writeFileSync(join(dir, "README.md"), indexOf(readRecords(dir)));
    expect(findDecisionProblems(dir)).toEqual([]);

    writeFileSync(join(dir, "0004-four.md"), record("0004", "Four"));
    expect(findDecisionProblems(dir)).toEqual([
      expect.stringContaining("does not match the records"),
    ]);
  });

  it("refuses a record without its date and status, a wrong number, or a missing successor", () => {
    const dir = folder({
      "0001-no-date.md": "# 0001. No date\n\n## Context\n",
      "0002-wrong.md": record("0003", "Wrong number"),
      "0004-gone.md": record("0004", "Gone", "superseded by 0009"),
      "0005-status.md": record("0005", "Odd status", "maybe"),
    });
    const problems = findDecisionProblems(dir);
    expect(problems).toEqual([
      expect.stringMatching(/^0001-no-date\.md: does not start with/),
      expect.stringMatching(/^0002-wrong\.md: its title says 0003/),
      expect.stringMatching(/^0005-status\.md: does not start with/),
      expect.stringMatching(/^0004-gone\.md: superseded by 0009/),
    ]);
  });
});
