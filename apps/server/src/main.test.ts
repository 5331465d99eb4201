import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const MAIN = path.resolve(import.meta.dirname, "main.ts");
const dir = mkdtempSync(path.join(tmpdir(), "agency-main-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const aFile = path.join(dir, "a-file");
writeFileSync(aFile, "");

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, JWT_SECRET: "z".repeat(40), LOG_LEVEL: "warn", DATA_DIR: dir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

describe("the server process", () => {
  it("refuses bad configuration with one line per variable", async () => {
    const { child, output } = start({ PORT: "http", LOG_LEVEL: "chatty" });
    expect(await exitOf(child)).toBe(1);
    const lines = output().trim().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(/^Configuration error: PORT: /),
      expect.stringMatching(/^Configuration error: LOG_LEVEL: must be one of/),
    ]);
  });

  it("refuses a bad agency profile with one line per problem, before reading the environment", async () => {
    const profileDir = path.join(dir, "bad-agency");
    mkdirSync(profileDir, { recursive: true });
    const sample = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, "../../../agency/agency.json"), "utf8"),
    );
    writeFileSync(
      path.join(profileDir, "agency.json"),
      JSON.stringify({
        ...sample,
        // Only the problems below: no team photos or carrier logos to copy beside it.
        team: sample.team.map(({ photo: _, ...person }: { photo?: string }) => person),
        carriers: sample.carriers.map(({ logo: _, ...carrier }: { logo?: string }) => carrier),
        phone: "(612) 555-014",
        siteUrl: "http://x",
        logo: "gone.png",
      }),
    );
    const { child, output } = start({ AGENCY_DIR: profileDir, PORT: "http" });
    expect(await exitOf(child)).toBe(1);
    expect(output().trim().split("\n")).toEqual([
      'Agency profile error: agency.json: siteUrl: "http://x" is not a well-formed https:// URL',
      'Agency profile error: agency.json: phone: "(612) 555-014" is not a 10-digit US phone number',
      'Agency profile error: agency.json: logo: "gone.png" is not in the profile folder',
    ]);
  });

  it.each<[Record<string, string>, RegExp]>([
    [
      { TRUST_PROXY: "maybe" },
      /^Configuration error: TRUST_PROXY: must be true, a number of proxy hops/,
    ],
    [
      { DATA_DIR: aFile },
      /^Configuration error: DATA_DIR: must be a folder, and .*a-file is a file$/,
    ],
    [
      { DATA_DIR: "/proc/1" },
      /^Configuration error: DATA_DIR: is not writable \((ENOENT|EACCES): \/proc\/1\)$/,
    ],
  ])("refuses %o in one line", async (env, pattern) => {
    const { child, output } = start({ ...env, JWT_SECRET: "" });
    expect(await exitOf(child)).toBe(1);
    expect(output().trim().split("\n")).toEqual([expect.stringMatching(pattern)]);
  });

  // Only root reaches the mkdir that never returns (others get EACCES at once).
  it.skipIf(process.getuid?.() !== 0)(
    "gives up within seconds on a data folder that never answers",
    async () => {
      const started = Date.now();
      const { child, output } = start({ DATA_DIR: "/proc/1/agency-data", JWT_SECRET: "" });
      expect(await exitOf(child)).toBe(1);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(output().trim()).toMatch(/^Configuration error: DATA_DIR: did not answer within 5 s/);
    },
  );

  it("starts, migrates, serves health and exits cleanly on SIGTERM", async () => {
    const port = 5600 + Math.floor(Math.random() * 300);
    const { child, output } = start({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${path.join(dir, "main.db")}`,
    });
    const deadline = Date.now() + 15_000;
    let health: Response | undefined;
    while (!health && Date.now() < deadline) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (!health) await new Promise((r) => setTimeout(r, 100));
    }
    expect(health?.status, output()).toBe(200);
    const exited = exitOf(child);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
