import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { type BrowserContext, expect, type Page } from "@playwright/test";

/** Shared by e2e/auth.spec.ts and e2e/users.spec.ts: staff accounts, sign-in, the outbox. */

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, "../..");
/** The e2e server has no SMTP_URL, so its mail lands in its DATA_DIR as .eml files. */
function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return path.join(dataDir, "outbox");
}

export const LOGIN_PATH = "/api/auth/login";
export const REFRESH_COOKIE = "agency_refresh";

export type StaffKind = "user" | "agent" | "support" | "manager" | "admin" | "super-admin";
export type StaffAccount = {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
};

/**
 * The e2e server's database: playwright.config.ts puts its path in the environment, which
 * the workers inherit.
 */
export function e2eDatabaseUrl(): string {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error("E2E_DATABASE_FILE is not set (run through e2e/playwright.config.ts)");
  return `sqlite:${file}`;
}

/** Letters only, so it is a valid name and an unambiguous search term. */
export function uniqueTag(prefix: string): string {
  const letters = [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26)));
  return `${prefix}${letters.join("")}`;
}

/**
 * Creates a verified staff account with the real CLI (`npm run create-user`), in the e2e
 * server's database unless another is given.
 */
export async function createStaff(
  kind: StaffKind,
  options: { firstName?: string; lastName?: string; databaseUrl?: string } = {},
): Promise<StaffAccount> {
  const tag = uniqueTag(kind === "user" ? "Us" : "Ad");
  const account = {
    email: `${tag.toLowerCase()}@example.com`,
    password: `pw-${tag}-long-enough`,
    firstName: options.firstName ?? "Dana",
    lastName: options.lastName ?? tag,
  };
  const { stdout } = await run(
    process.execPath,
    [
      "apps/server/src/cli/create-user.ts",
      "--email",
      account.email,
      "--password",
      account.password,
      "--role",
      kind,
      "--first-name",
      account.firstName,
      "--last-name",
      account.lastName,
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl ?? e2eDatabaseUrl(),
        LOG_LEVEL: "warn",
      },
    },
  );
  return { ...account, id: stdout.trim() };
}

/** Opens the login page and waits until its form has hydrated (typing before would be lost). */
/** The login page; `next` is the dashboard address it returns to after signing in. */
export async function openLoginPage(page: Page, next?: string): Promise<void> {
  await page.goto(next ? `${LOGIN_PATH}?next=${encodeURIComponent(next)}` : LOGIN_PATH);
  await expect(page.locator('form[data-ready="true"]')).toBeAttached();
}

/** Signs in through the login form, as a person does. */
export async function signInThroughForm(
  page: Page,
  account: Pick<StaffAccount, "email" | "password">,
  options: { rememberMe?: boolean; next?: string } = {},
): Promise<void> {
  await openLoginPage(page, options.next);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  if (options.rememberMe) await page.getByRole("checkbox", { name: "Remember me" }).check();
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** The refresh cookie as the browser holds it, or undefined. */
export async function refreshCookieOf(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === REFRESH_COOKIE);
}

/**
 * What survives closing and reopening the browser: local storage and the persistent
 * cookies. Browser-session cookies (no expiry) are dropped, as a browser does on restart.
 */
export async function stateAfterBrowserRestart(context: BrowserContext) {
  const state = await context.storageState();
  return { ...state, cookies: state.cookies.filter((cookie) => cookie.expires > 0) };
}

/** Decodes a quoted-printable .eml body (soft line breaks, =XX bytes as UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined[index] === "=" ? joined.slice(index + 1, index + 3) : "";
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/**
 * Waits for the newest outbox message to this address that carries a /reset-password
 * link, and answers the link's path and query (the host in the mail is the public site's).
 */
export function passwordLinkFromOutbox(
  email: string,
  options: { after?: number } = {},
): Promise<string> {
  return linkFromOutbox(email, /https?:\/\/[^/\s]+(\/reset-password\?token=[^\s"<>]+)/, {
    ...options,
    what: "a /reset-password link",
  });
}

/** The path of the newest booking-manage link mailed to this address (decision 0035). */
export function manageLinkFromOutbox(
  email: string,
  options: { after?: number } = {},
): Promise<string> {
  return linkFromOutbox(email, /https?:\/\/[^/\s]+(\/appointments\/manage\/[A-Za-z0-9_-]+)/, {
    ...options,
    what: "a booking's manage link",
  });
}

/** The path of the newest privacy request verification link mailed to this address (decision 0082). */
export function privacyVerifyLinkFromOutbox(
  email: string,
  options: { after?: number } = {},
): Promise<string> {
  return linkFromOutbox(email, /https?:\/\/[^/\s]+(\/privacy\/verify\/[A-Za-z0-9_-]+)/, {
    ...options,
    what: "a privacy request's verification link",
  });
}

/** The first group of `pattern` in the newest message to this address that has it. */
export function textFromOutbox(email: string, pattern: RegExp, what: string): Promise<string> {
  return linkFromOutbox(email, pattern, { what });
}

/** The path of the newest "stop contacting me" link mailed to this address (decision 0081). */
export function stopLinkFromOutbox(
  email: string,
  options: { after?: number } = {},
): Promise<string> {
  return linkFromOutbox(email, /https?:\/\/[^/\s]+(\/stop\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/, {
    ...options,
    what: "a stop link",
  });
}

async function linkFromOutbox(
  email: string,
  pattern: RegExp,
  options: { after?: number; what: string },
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = await findNewestLink(email, options.after ?? 0, pattern);
        return link;
      },
      { timeout: 15_000, message: `${options.what} mailed to ${email}` },
    )
    .toBeTruthy();
  return link as string;
}

async function findNewestLink(
  email: string,
  after: number,
  pattern: RegExp,
): Promise<string | undefined> {
  let names: string[];
  try {
    names = (await readdir(outboxDir())).filter((name) => name.endsWith(".eml"));
  } catch {
    return undefined;
  }
  // File names start with the message's ISO time, so the newest sort last.
  for (const name of names.sort().reverse()) {
    const file = path.join(outboxDir(), name);
    const raw = await readFile(file, "utf8");
    if (!new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "im").test(raw)) continue;
    const date = Date.parse(/^Date: (.+)$/im.exec(raw)?.[1] ?? "");
    if (Number.isFinite(date) && date < after - 1000) continue;
    const match = pattern.exec(decodeQuotedPrintable(raw));
    if (match?.[1]) return match[1];
  }
  return undefined;
}

export type IsolatedServer = { baseURL: string; databaseUrl: string; stop: () => Promise<void> };

/**
 * A second server with a database of its own, for rules about the whole staff (the last
 * active administrator) that the shared e2e database, where other tests add admins all
 * the time, cannot show. It serves the same web build.
 */
export async function startIsolatedServer(): Promise<IsolatedServer> {
  const port = await freePort();
  const databaseFile = path.join(
    repoRoot,
    "e2e/test-results",
    `agency-e2e-isolated-${Date.now()}-${port}.db`,
  );
  const databaseUrl = `sqlite:${databaseFile}`;
  const child = spawn(process.execPath, ["apps/server/src/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      RATE_LIMIT_SCALE: "1000",
    },
    stdio: "ignore",
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`isolated server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("isolated server did not start within 30 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseURL, databaseUrl, stop };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}
