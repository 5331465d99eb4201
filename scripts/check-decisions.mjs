#!/usr/bin/env node
/**
 * The decision records (docs/decisions) and their index (docs/decisions/README.md) agree:
 * every record NNNN-<name>.md starts with "# NNNN. Title", then "Date: YYYY-MM-DD · Status: S"
 * (S: "accepted" or "superseded by NNNN", naming a record that exists), and the index has
 * exactly one row per record with the same number, title, date and status.
 *
 * Usage: node scripts/check-decisions.mjs [dir]   (default docs/decisions)
 * `--write` rewrites the index from the records instead of checking it.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const RECORD = /^(\d{4})-[a-z0-9-]+\.md$/;
const HEADER =
  /^# (\d{4})[.:]? (.+)\n\nDate: (\d{4}-\d{2}-\d{2}) · Status: (accepted|superseded by \d{4})\n/;

/** The records of a folder, in number order, with what their first lines say. */
export function readRecords(dir) {
  return readdirSync(dir)
    .filter((name) => RECORD.test(name))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), "utf8");
      const match = HEADER.exec(text);
      const number = RECORD.exec(file)?.[1];
      if (!match)
        return {
          file,
          number,
          problem:
            "does not start with '# NNNN. Title', a blank line and 'Date: YYYY-MM-DD · Status: accepted'",
        };
      if (match[1] !== number) return { file, number, problem: `its title says ${match[1]}` };
      return { file, number, title: match[2].trim(), date: match[3], status: match[4] };
    });
}

export function indexOf(records) {
  const rows = records.map(
    (r) => `| [${r.number}](${r.file}) | ${r.title} | ${r.date} | ${r.status} |`,
  );
  return [
    "# Decision records",
    "",
    "Why the product is built the way it is: one short record per choice (context, decision,",
    "consequences), numbered in the order they were made. A record is amended in place when a",
    'later change extends it; one that a later record replaces says "superseded by" it. This',
    "index is checked against the records by `npm run lint` (`node scripts/check-decisions.mjs",
    "--write` rewrites it).",
    "",
    "| # | decision | date | status |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

/** Every problem with the records and the index, as lines. */
export function findDecisionProblems(dir) {
  const records = readRecords(dir);
  const problems = records.filter((r) => r.problem).map((r) => `${r.file}: ${r.problem}`);
  const numbers = new Set(records.map((r) => r.number));
  for (const r of records) {
    if (r.number && records.filter((other) => other.number === r.number).length > 1) {
      problems.push(`${r.file}: number ${r.number} is used twice`);
    }
    const by = /^superseded by (\d{4})$/.exec(r.status ?? "")?.[1];
    if (by && !numbers.has(by))
      problems.push(`${r.file}: superseded by ${by}, which does not exist`);
  }
  if (problems.length > 0) return [...new Set(problems)];
  let index = "";
  try {
    index = readFileSync(join(dir, "README.md"), "utf8");
  } catch {
    return ["README.md (the index) is missing: run node scripts/check-decisions.mjs --write"];
  }
  return index === indexOf(records)
    ? []
    : [
        "README.md (the index) does not match the records: run node scripts/check-decisions.mjs --write",
      ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dir = args.find((arg) => !arg.startsWith("--")) ?? "docs/decisions";
  if (args.includes("--write")) {
    const records = readRecords(dir);
    const bad = records.filter((r) => r.problem);
    if (bad.length === 0) writeFileSync(join(dir, "README.md"), indexOf(records));
    else for (const r of bad) console.error(`${join(dir, r.file)}: ${r.problem}`);
    process.exit(bad.length === 0 ? 0 : 1);
  }
  const problems = findDecisionProblems(dir);
  for (const problem of problems) console.error(`${dir}/${problem}`);
  if (problems.length > 0) process.exit(1);
}
