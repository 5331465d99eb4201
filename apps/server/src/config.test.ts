import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, loadConfigAtStart, REPO_ROOT } from "./config.ts";

const SECRET = { JWT_SECRET: "x".repeat(40) };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...SECRET, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  it("has the contract's defaults", () => {
    const config = loadConfig(SECRET);
    expect(config).toMatchObject({
      port: 5000,
      host: "0.0.0.0",
      dataDir: path.join(REPO_ROOT, "data"),
      databaseUrl: `sqlite:${path.join(REPO_ROOT, "data", "agency.db")}`,
      logLevel: "info",
      trustProxy: false,
      rateLimitScale: 1,
      smtpUrl: undefined,
    });
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ ...SECRET, PORT: "", SMTP_URL: "" }).port).toBe(5000);
  });

  it.each([
    [{ PORT: "abc" }, /^PORT: /],
    [{ PORT: "70000" }, /^PORT: must be between 0 and 65535$/],
    [{ DATABASE_URL: "mysql://x" }, /^DATABASE_URL: must be sqlite:PATH or postgres/],
    [{ LOG_LEVEL: "loud" }, /^LOG_LEVEL: must be one of/],
    [{ SMTP_URL: "http://mail" }, /^SMTP_URL: must be smtp:/],
    [{ AGENCY_NOTIFY_EMAIL: "nobody" }, /^AGENCY_NOTIFY_EMAIL: must be one email address$/],
    [
      { AGENCY_NOTIFY_EMAIL: "a@example.com, b@example.com" },
      /^AGENCY_NOTIFY_EMAIL: must be one email address$/,
    ],
    [{ RATE_LIMIT_SCALE: "0" }, /^RATE_LIMIT_SCALE: must be greater than 0$/],
    [{ JWT_SECRET: "short" }, /^JWT_SECRET: must be at least 32 characters$/],
    [{ ADMIN_EMAIL: "boss@example.com" }, /^ADMIN_PASSWORD: must be set when ADMIN_EMAIL is set$/],
    [{ ADMIN_PASSWORD: "long-enough-password" }, /^ADMIN_EMAIL: must be set when/],
  ])("names the bad variable in one line: %o", (env, pattern) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(pattern);
  });

  it("lists every bad variable at once", () => {
    const problems = problemsOf({ PORT: "-1", LOG_LEVEL: "nope", DATABASE_URL: "x" });
    expect(problems.map((p) => p.split(":")[0]).sort()).toEqual([
      "DATABASE_URL",
      "LOG_LEVEL",
      "PORT",
    ]);
  });

  it("keeps the data folder where DATA_DIR says: the default database file and the secret", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "agency-config-"));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.dataDir).toBe(dataDir);
    expect(config.databaseUrl).toBe(`sqlite:${path.join(dataDir, "agency.db")}`);
    expect(readFileSync(path.join(dataDir, "jwt-secret"), "utf8").trim()).toBe(config.jwtSecret);
    // An explicit DATABASE_URL still wins, and a relative DATA_DIR is read from the repository.
    expect(
      loadConfig({ ...SECRET, DATA_DIR: dataDir, DATABASE_URL: "sqlite:x.db" }).databaseUrl,
    ).toBe("sqlite:x.db");
    expect(loadConfig({ ...SECRET, DATA_DIR: "tmp-data" }).dataDir).toBe(
      path.join(REPO_ROOT, "tmp-data"),
    );
    expect(existsSync(path.join(REPO_ROOT, "tmp-data"))).toBe(false);
  });

  it.each([
    [undefined, false],
    ["false", false],
    ["0", false],
    // One proxy in front, never "trust everyone" (which reads the client's own header).
    ["true", { hops: 1 }],
    ["1", { hops: 1 }],
    ["2", { hops: 2 }],
    ["127.0.0.1", { proxies: ["127.0.0.1"] }],
    ["10.0.0.0/8, 172.16.0.0/12,::1", { proxies: ["10.0.0.0/8", "172.16.0.0/12", "::1"] }],
    ["loopback,fd00::/8", { proxies: ["loopback", "fd00::/8"] }],
  ])("parses TRUST_PROXY=%s", (value, expected) => {
    const env = value === undefined ? SECRET : { ...SECRET, TRUST_PROXY: value };
    expect(loadConfig(env).trustProxy).toEqual(expected);
  });

  it.each([
    ["yes"],
    ["127.0.0.1, proxy.internal"],
    ["10.0.0.0/33"],
    ["::1/129"],
    ["10.0.0.1/8/8"],
    ["maybe"],
    ["true,10.0.0.1"],
    ["11"],
    ["-1"],
    ["1.5"],
    ["127.0.0.1,"],
  ])("refuses TRUST_PROXY=%s in one line", (value) => {
    const problems = problemsOf({ TRUST_PROXY: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY: must be /);
  });
});

describe("the data folder at start", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "agency-data-dir-"));
  const aFile = path.join(scratch, "a-file");
  writeFileSync(aFile, "");
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  async function problemsAtStart(env: Record<string, string>, probeTimeoutMs = 5000) {
    try {
      await loadConfigAtStart(env, { probeTimeoutMs });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  }

  it("creates a missing folder and keeps the secret in it", async () => {
    const dataDir = path.join(scratch, "new", "data");
    const config = await loadConfigAtStart({ DATA_DIR: dataDir });
    expect(readFileSync(path.join(dataDir, "jwt-secret"), "utf8").trim()).toBe(config.jwtSecret);
  });

  it.each([
    [aFile, /^DATA_DIR: must be a folder, and .*a-file is a file$/],
    [path.join(aFile, "data"), /^DATA_DIR: cannot be created: a part of .* is a file$/],
    // Even root cannot write into /proc.
    ["/proc/1", /^DATA_DIR: is not writable \((ENOENT|EACCES): \/proc\/1\)$/],
  ])("refuses DATA_DIR=%s in one line", async (dataDir, pattern) => {
    const problems = await problemsAtStart({ DATA_DIR: dataDir });
    expect(problems).toEqual([expect.stringMatching(pattern)]);
    // The synchronous loadConfig (the command-line tools) says the same for a file.
    if (dataDir.startsWith(scratch))
      expect(problemsOf({ DATA_DIR: dataDir, JWT_SECRET: "" })).toEqual(problems);
  });

  // Node's recursive mkdir never returns under /proc for root (others get EACCES at once): the
  // same as a hanging mount here.
  it.skipIf(process.getuid?.() !== 0)(
    "gives up on a folder that never answers within the time allowed",
    async () => {
      const started = Date.now();
      const problems = await problemsAtStart({ DATA_DIR: "/proc/1/agency-data" }, 1000);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(problems).toEqual([
        "DATA_DIR: did not answer within 1 s (/proc/1/agency-data): is it on a hanging or unreachable mount?",
      ]);
    },
  );

  it("does not touch the folder when the server does not use it", async () => {
    const env = {
      ...SECRET,
      DATA_DIR: aFile,
      DATABASE_URL: "postgres://agency@127.0.0.1/agency",
      SMTP_URL: "smtp://mail.example.com",
    };
    expect((await loadConfigAtStart(env)).dataDir).toBe(aFile);
  });
});

describe("the README's configuration table", () => {
  /** The variables config.ts reads: its schema's keys and any `env.NAME` it reads directly. */
  function variablesReadByConfig(): string[] {
    const source = readFileSync(path.join(import.meta.dirname, "config.ts"), "utf8");
    const schema = /const EnvSchema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(source)?.[1] ?? "";
    const keys = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]);
    const direct = [...source.matchAll(/env(?:\.|\[")([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]);
    return [...new Set([...keys, ...direct])] as string[];
  }

  /** Every `NAME` in the first column of the table under "## Configuration". */
  function variablesInReadme(): string[] {
    const readme = readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
    const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
    const firstCells = section
      .split("\n")
      .filter((line) => line.startsWith("| `"))
      .map((line) => line.split("|")[1] ?? "");
    return firstCells.flatMap((cell) =>
      [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ""),
    );
  }

  it("lists every variable config.ts reads", () => {
    const read = variablesReadByConfig();
    // The parse of config.ts itself must keep working, or this test would pass on nothing.
    expect(read).toEqual(expect.arrayContaining(["PORT", "DATA_DIR", "PUBLIC_URL"]));
    const listed = new Set(variablesInReadme());
    expect(read.filter((name) => !listed.has(name))).toEqual([]);
  });
});
