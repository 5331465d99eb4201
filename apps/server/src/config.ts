import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AGENCY, DEFAULT_BOOKING_HORIZON_DAYS, isSingleMailbox } from "@agency/domain";
import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./lib/trust-proxy.ts";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

/** The data folder when DATA_DIR is unset: `data/` under the repository. */
export const DEFAULT_DATA_DIR = "data";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(5000),
  HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
  /** Unset: SQLite in `agency.db` under the data folder. */
  DATABASE_URL: z
    .string()
    .refine((value) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(value), {
      message: "must be sqlite:PATH or postgres://…",
    })
    .optional(),
  /**
   * The agency profile folder (agency.json and its images; unset: `agency/`). Read by the
   * domain when first imported (packages/domain/src/agency-profile-files.ts) and checked by
   * main.ts before anything else; listed here with the other variables (decision 0054).
   */
  AGENCY_DIR: z.string().trim().min(1, "must not be empty").optional(),
  /** The data folder (outbox .eml files, the generated secret, the default SQLite file). */
  DATA_DIR: z.string().trim().min(1, "must not be empty").optional(),
  ADMIN_EMAIL: z.string().refine(isSingleMailbox, "must be one email address").optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(12, "must be at least 12 characters")
    .max(128, "must be at most 128 characters")
    .optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\/.+/.test(value), { message: "must be smtp://… or smtps://…" })
    .optional(),
  AGENCY_NOTIFY_EMAIL: z.string().refine(isSingleMailbox, "must be one email address").optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` })
    .default("info"),
  /** Unset: no proxy (the connection's address is the client's). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context): TrustProxy => {
      const trust = parseTrustProxy(value);
      if (trust !== false && "problem" in trust) {
        context.addIssue({ code: "custom", message: trust.problem });
        return z.NEVER;
      }
      return trust;
    }),
  RETENTION_MONTHS: z.coerce
    .number({ error: "must be a number of months" })
    .int("must be a whole number of months")
    .min(1, "must be at least 1")
    .max(1200, "must be at most 1200")
    .default(36),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  RATE_LIMIT_SCALE: z.coerce
    .number({ error: "must be a number" })
    .positive("must be greater than 0")
    .default(1),
  BOOKING_HORIZON_DAYS: z.coerce
    .number({ error: "must be a number of days" })
    .int("must be a whole number of days")
    .min(1, "must be at least 1")
    .max(3650, "must be at most 3650")
    .default(DEFAULT_BOOKING_HORIZON_DAYS),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  dataDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  agencyNotifyEmail: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Who may speak for the client in X-Forwarded-For (lib/trust-proxy.ts); never "everyone". */
  trustProxy: TrustProxy;
  rateLimitScale: number;
  /** Leads older than this are purged by the daily retention job. */
  retentionMonths: number;
  /** How many days ahead a visitor can book (BOOKING_HORIZON_DAYS, default 90). */
  bookingHorizonDays: number;
  /** The site's public address, for links in emails (password reset, invitations). */
  publicUrl: string;
  webBuildDir: string;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.join("\n")}`);
    this.problems = problems;
  }
}

type Parsed = z.infer<typeof EnvSchema>;

/**
 * Parses the environment once at start. Every bad variable is reported on its own line
 * (`NAME: what is wrong`) so an operator can fix them all in one go.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { parsed, dataDir } = parseEnvironment(env);
  return toConfig(parsed, dataDir);
}

/** How long the data folder may take to answer at start before start-up gives up. */
export const DATA_DIR_PROBE_TIMEOUT_MS = 5000;

/**
 * loadConfig for the server's start: before anything touches the data folder, a child process
 * makes sure it is a folder that can be created and written to. A synchronous fs call on a
 * hanging mount (NFS) blocks the whole process, so it cannot run here; the child can be left
 * behind when it does not answer in time, and start-up stops with one line instead of never.
 */
export async function loadConfigAtStart(
  env: NodeJS.ProcessEnv = process.env,
  { probeTimeoutMs = DATA_DIR_PROBE_TIMEOUT_MS } = {},
): Promise<Config> {
  const { parsed, dataDir } = parseEnvironment(env);
  // With a secret, a database and an SMTP server of its own, the server never uses the folder.
  if (!parsed.JWT_SECRET || !parsed.DATABASE_URL || !parsed.SMTP_URL) {
    const problem = await probeDataDir(dataDir, probeTimeoutMs);
    if (problem) throw new ConfigError([`DATA_DIR: ${problem}`]);
  }
  return toConfig(parsed, dataDir);
}

function parseEnvironment(env: NodeJS.ProcessEnv): { parsed: Parsed; dataDir: string } {
  const cleaned = Object.fromEntries(
    Object.keys(EnvSchema.shape).map((key) => [key, env[key] === "" ? undefined : env[key]]),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`),
    );
  }
  const parsed = result.data;
  const problems: string[] = [];
  if (Boolean(parsed.ADMIN_EMAIL) !== Boolean(parsed.ADMIN_PASSWORD)) {
    problems.push(
      parsed.ADMIN_EMAIL
        ? "ADMIN_PASSWORD: must be set when ADMIN_EMAIL is set"
        : "ADMIN_EMAIL: must be set when ADMIN_PASSWORD is set",
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  // A relative DATA_DIR is read from the repository, like a relative sqlite:PATH.
  return { parsed, dataDir: path.resolve(REPO_ROOT, parsed.DATA_DIR ?? DEFAULT_DATA_DIR) };
}

function toConfig(parsed: Parsed, dataDir: string): Config {
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL ?? `sqlite:${path.join(dataDir, "agency.db")}`,
    dataDir,
    adminEmail: parsed.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: parsed.ADMIN_PASSWORD,
    jwtSecret: parsed.JWT_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: parsed.SMTP_URL,
    agencyNotifyEmail: parsed.AGENCY_NOTIFY_EMAIL,
    logLevel: parsed.LOG_LEVEL,
    trustProxy: parsed.TRUST_PROXY,
    rateLimitScale: parsed.RATE_LIMIT_SCALE,
    retentionMonths: parsed.RETENTION_MONTHS,
    bookingHorizonDays: parsed.BOOKING_HORIZON_DAYS,
    publicUrl: (parsed.PUBLIC_URL ?? AGENCY.siteUrl).replace(/\/+$/, ""),
    webBuildDir: path.join(REPO_ROOT, "apps/web/build/client"),
  };
}

/**
 * Run by `node -e` in a child: creates the folder, checks it is one, writes and removes a
 * file in it, and prints what failed as JSON ({} when all went well).
 */
const PROBE_SCRIPT = `
const fs = require("node:fs");
const path = require("node:path");
const dir = process.argv[1];
let step = "create";
try {
  fs.mkdirSync(dir, { recursive: true });
  if (!fs.statSync(dir).isDirectory()) throw Object.assign(new Error("not a folder"), { code: "EEXIST" });
  step = "write";
  const probe = path.join(dir, ".write-probe-" + process.pid);
  fs.writeFileSync(probe, "");
  fs.rmSync(probe);
  process.stdout.write("{}");
} catch (error) {
  process.stdout.write(JSON.stringify({ step, code: error.code ?? String(error) }));
}
`;

/** A one-line problem with the data folder, or undefined when it can be used. */
export function probeDataDir(dataDir: string, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["-e", PROBE_SCRIPT, dataDir], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => {
      // A process stuck on a hard NFS mount may not even die; start-up does not wait for it.
      child.kill("SIGKILL");
      child.unref();
      child.stdout.destroy();
      const seconds = Math.round(timeoutMs / 100) / 10;
      resolve(
        `did not answer within ${seconds} s (${dataDir}): is it on a hanging or unreachable mount?`,
      );
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      resolve(`could not be checked (${error.message})`);
    });
    child.once("close", () => {
      clearTimeout(timer);
      resolve(describeProbe(dataDir, output));
    });
  });
}

function describeProbe(dataDir: string, output: string): string | undefined {
  let failure: { step?: string; code?: string };
  try {
    failure = JSON.parse(output) as typeof failure;
  } catch {
    return `could not be checked (${dataDir})`;
  }
  if (!failure.step) return undefined;
  return describeDataDirFailure(dataDir, failure.step, failure.code);
}

function describeDataDirFailure(dataDir: string, step: string, code: string | undefined): string {
  if (code === "EEXIST") return `must be a folder, and ${dataDir} is a file`;
  if (code === "ENOTDIR") return `cannot be created: a part of ${dataDir} is a file`;
  return step === "create"
    ? `cannot be created (${code}: ${dataDir})`
    : `is not writable (${code}: ${dataDir})`;
}

/** The secret is generated once and kept in the data folder, readable by the owner only. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    throw new ConfigError([`DATA_DIR: ${describeDataDirFailure(dataDir, "create", code)}`]);
  }
  const secret = randomBytes(48).toString("base64url");
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another instance starting at the same moment won the race: use its secret.
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      return readFileSync(file, "utf8").trim();
    const { code } = error as NodeJS.ErrnoException;
    throw new ConfigError([`DATA_DIR: ${describeDataDirFailure(dataDir, "write", code)}`]);
  }
}
