import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Every CLI tool checks the agency profile first (agency-profile-gate.ts): a bad profile gives
 * the same one line per problem as `npm start`, and exit code 1, never a stack trace.
 */
const CLI_DIR = import.meta.dirname;
const TOOLS: [tool: string, args: string[]][] = [
  ["create-user.ts", ["--email", "a@example.com", "--password", "x".repeat(16)]],
  ["seed-demo.ts", []],
  ["backup.ts", ["backup"]],
  ["retention.ts", []],
  ["reminders.ts", []],
];

const dir = mkdtempSync(path.join(tmpdir(), "agency-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sample = JSON.parse(
  readFileSync(path.resolve(CLI_DIR, "../../../../agency/agency.json"), "utf8"),
);
writeFileSync(
  path.join(dir, "agency.json"),
  JSON.stringify({
    ...sample,
    // Only the problems below: no team photos or carrier logos to copy beside it.
    team: sample.team.map(({ photo: _, ...person }: { photo?: string }) => person),
    carriers: sample.carriers.map(({ logo: _, ...carrier }: { logo?: string }) => carrier),
    phone: "(612) 555-014",
    bookingHours: { firstSlot: "17:00", lastSlot: "09:00" },
    logo: "gone.png",
  }),
);

function run(tool: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [path.join(CLI_DIR, tool), ...args], {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", JWT_SECRET: "z".repeat(40), ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

describe("the CLI tools given a bad agency profile", () => {
  it.each(TOOLS)("%s prints one line per problem and exits 1", (tool, args) => {
    const { status, output } = run(tool, args, { AGENCY_DIR: dir });
    expect(output.split("\n")).toEqual([
      'Agency profile error: agency.json: phone: "(612) 555-014" is not a 10-digit US phone number',
      "Agency profile error: agency.json: bookingHours.lastSlot: 09:00 is before firstSlot 17:00",
      'Agency profile error: agency.json: logo: "gone.png" is not in the profile folder',
    ]);
    expect(status).toBe(1);
  });

  it("lets a tool run with a good profile (create-user only asks for its arguments)", () => {
    const { status, output } = run("create-user.ts", ["--role", "nobody"], {});
    expect(output).not.toContain("Agency profile error");
    expect(output).toContain("Usage: npm run create-user");
    expect(status).toBe(2);
  });
});
