/**
 * `npm run test:cluster`: two instances of the real server (`src/main.ts`, production
 * settings: one JWT_SECRET, one fresh PostgreSQL database, TRUST_PROXY=true (one proxy in
 * front), RATE_LIMIT_SCALE 1) behind nginx (round robin, X-Forwarded-For), mailing to an SMTP
 * sink run here. It shows:
 *
 *  1. a session made on one instance works on the other (bearer, refresh cookie, logout),
 *     the cookie routes answer the site's own origin through nginx and refuse another, and
 *     requiring two-factor sign-in on one instance ends an unenrolled agent's session on the other;
 *  2. per-address rate limits and the sign-in lockouts hold across both instances, a
 *     client's forged X-Forwarded-For through nginx does not escape them, and the
 *     per-account limit on signed-in calls holds across both instances too;
 *  3. an idempotent retry that lands on the other instance gets the first answer and
 *     stores nothing new;
 *  4. every outbox mail is delivered exactly once with both mail senders running;
 *  5. SIGKILL of one instance under load loses no acknowledged submission.
 *
 * Every simulated visitor has an address of its own, and every connection stays on
 * loopback: a visitor going through nginx connects from a loopback address of its own
 * (127.1.0.0/16 up), which nginx passes on; a call straight to an instance stands in for
 * nginx and names its visitor (198.18.0.0/15) in X-Forwarded-For. The forged-header check
 * connects to nginx from 127.0.0.2 and 127.0.0.3 and writes a new X-Forwarded-For each time.
 * Prints a table of figures and exits non-zero on any failure. Children, nginx, the
 * temporary folder and the database are removed on every exit.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { ACCOUNT_LIMIT } from "../src/plugins/rate-limit.ts";
import { validQuotePayload } from "../src/test/fixtures.ts";
import { base32Decode, totpAt } from "../src/test/totp.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const MAIN = path.join(ROOT, "apps/server/src/main.ts");
/** The contact form's per-address limit at RATE_LIMIT_SCALE 1 (src/contact/routes.ts). */
const CONTACT_LIMIT = 5;
const MAIL_SUBMISSIONS = Number(process.env.CLUSTER_MAILS ?? 200);
const KILL_CLIENTS = 16;
const NOTIFY = "leads@cluster.example.com";
const started = performance.now();

// ---------------------------------------------------------------------------------------
// Processes and clean-up

const children = new Set<ChildProcess>();
/** nginx's master is stopped with SIGTERM, which also stops its worker (SIGKILL would not). */
const gentle = new Set<ChildProcess>();
const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | undefined;

/** Stops every child, then runs the clean-ups in reverse order; once, whoever calls it. */
function cleanUp(): Promise<void> {
  cleaning ??= stopEverything();
  return cleaning;
}

async function stopEverything(): Promise<void> {
  for (const child of children) child.kill(gentle.has(child) ? "SIGTERM" : "SIGKILL");
  await Promise.all(
    [...children].map((c) =>
      c.exitCode !== null || c.signalCode !== null
        ? undefined
        : new Promise((resolve) => {
            const timer = setTimeout(() => c.kill("SIGKILL"), 5000);
            c.once("exit", () => resolve(clearTimeout(timer)));
          }),
    ),
  );
  for (const task of cleanups.reverse()) {
    try {
      await task();
    } catch (error) {
      console.error(`clean-up: ${error instanceof Error ? error.message : error}`);
    }
  }
}
process.on("exit", () => {
  for (const child of children) child.kill(gentle.has(child) ? "SIGTERM" : "SIGKILL");
});
for (const event of ["uncaughtException", "unhandledRejection"] as const) {
  process.on(event, (error: unknown) => {
    failures.push(`${event}: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`FAIL ${event}:`, error);
    void cleanUp().finally(() => process.exit(1));
  });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function track(child: ChildProcess): Promise<unknown> {
  children.add(child);
  return new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve(signal ?? code);
    }),
  );
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function waitForHealth(base: string, exited: Promise<unknown>): Promise<void> {
  let isGone = false;
  void exited.then(() => {
    isGone = true;
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && !isGone) {
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${base} did not become healthy${isGone ? " (the process exited)" : ""}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Instance = { name: string; base: string; child: ChildProcess; exited: Promise<unknown> };

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = track(child);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, exited);
  return { name, base, child, exited };
}

function nginxBinary(): string {
  for (const dir of (process.env.PATH ?? "").split(":").concat("/usr/sbin", "/usr/local/sbin")) {
    const candidate = path.join(dir, "nginx");
    if (dir && existsSync(candidate)) return candidate;
  }
  throw new Error("nginx is not installed (Debian: apt-get install nginx)");
}

/**
 * nginx with two doors to the same upstreams: `base` appends the address it saw to the
 * client's X-Forwarded-For ($proxy_add_x_forwarded_for, the set-up the docs showed before
 * issue 24), `edge` overwrites the header with it ($remote_addr, the docs' edge proxy now).
 */
async function startNginx(
  dir: string,
  upstreams: Instance[],
): Promise<{ base: string; edge: string }> {
  const [port, edgePort] = [await freePort(), await freePort()];
  const conf = path.join(dir, "nginx.conf");
  const isRoot = process.getuid?.() === 0;
  const location = (forwardedFor: string) => `    location / {
      proxy_pass http://agency;
      # The Host the browser sent, port included: the cookie routes compare it with Origin
      # (decision 0046), and $host would drop the port.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For ${forwardedFor};
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      # POSTs already sent are never replayed on the other instance (nginx's default):
      # the client retries them with its Idempotency-Key.
      proxy_next_upstream error timeout;
    }`;
  writeFileSync(
    conf,
    `# Generated by apps/server/scripts/cluster-test.ts
daemon off;
${isRoot ? "user root;\n" : ""}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream agency {
${upstreams.map((u) => `    server ${new URL(u.base).host} max_fails=1 fail_timeout=5s;`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 128k;
${location("$proxy_add_x_forwarded_for")}
  }
  server {
    listen 127.0.0.1:${edgePort};
    client_max_body_size 128k;
${location("$remote_addr")}
  }
}
`,
  );
  const child = spawn(nginxBinary(), ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  gentle.add(child);
  const exited = track(child);
  const base = `http://127.0.0.1:${port}`;
  const edge = `http://127.0.0.1:${edgePort}`;
  try {
    await waitForHealth(base, exited);
    await waitForHealth(edge, exited);
  } catch (error) {
    const log = path.join(dir, "error.log");
    if (existsSync(log)) console.error(readFileSync(log, "utf8"));
    throw error;
  }
  return { base, edge };
}

// ---------------------------------------------------------------------------------------
// The SMTP sink: records every message's sender instance, Message-ID, outbox id, recipient

type Received = { user: string; messageId: string; outboxId: string; to: string[] };

async function startSmtpSink(): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  const sink = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const head = text.split(/\r?\n\r?\n/, 1)[0] ?? "";
        const header = (name: string) =>
          new RegExp(`^${name}:\\s*(.+)$`, "im").exec(head)?.[1]?.trim() ?? "";
        received.push({
          user: String(session.user ?? "anonymous"),
          messageId: header("Message-ID"),
          outboxId: header("X-Outbox-Id"),
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        callback();
      });
    },
  });
  // A connection reset by the killed instance is expected, not a failure of the sink.
  sink.on("error", () => {});
  await new Promise<void>((r) => sink.listen(0, "127.0.0.1", r));
  cleanups.push(() => new Promise<void>((r) => sink.close(() => r())));
  return { port: (sink.server.address() as AddressInfo).port, received };
}

// ---------------------------------------------------------------------------------------
// HTTP

const totals = { requests: 0, tooMany: 0, failed: 0 };

/** The parts of answers the checks read. */
type Body = {
  token?: string;
  user?: { _id?: string };
  data?: { _id?: string };
  secret?: string;
  error?: string;
};
type Answer = { status: number; body: Body; headers: Headers };

type CallOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  /** The local address to connect from (a visitor's own loopback address); unset: 127.0.0.1. */
  from?: string;
};

/** One request; `undefined` when no answer came (connection refused or reset). */
function call(
  base: string,
  method: string,
  pathname: string,
  options: CallOptions = {},
): Promise<Answer | undefined> {
  totals.requests += 1;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve) => {
    // node:http, which can pick the local address; a connection of its own per request
    // (no pool of idle sockets per visitor address).
    const request = http.request(
      base + pathname,
      {
        method,
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
        timeout: 10_000,
        headers: { ...(body ? { "content-type": "application/json" } : {}), ...options.headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          if (status === 429) totals.tooMany += 1;
          if (status >= 500) totals.failed += 1;
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === "string") headers.set(name, value);
            else if (Array.isArray(value)) for (const one of value) headers.append(name, one);
          }
          let parsed: Body = {};
          try {
            parsed = JSON.parse(text) as Body;
          } catch {}
          resolve({ status, body: parsed, headers });
        });
        response.on("error", () => {
          totals.failed += 1;
          resolve(undefined);
        });
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", () => {
      totals.failed += 1;
      resolve(undefined);
    });
    request.end(body);
  });
}

/** The refresh cookie an answer sets, as a Cookie header (`agency_refresh=…`). */
function cookieOf(answer: Answer): string {
  const cookie = answer.headers
    .getSetCookie()
    .find((c) => c.startsWith("agency_refresh="))
    ?.split(";")[0];
  if (!cookie) throw new Error("no refresh cookie was set");
  return cookie;
}

async function must(answer: Promise<Answer | undefined>, what: string): Promise<Answer> {
  const result = await answer;
  if (!result) throw new Error(`${what}: no answer`);
  return result;
}

/**
 * A fresh visitor address, from 198.18.0.0/15 (RFC 2544, for benchmarks), for calls straight
 * to an instance: the script stands in for nginx (127.0.0.1) and names the visitor in
 * X-Forwarded-For, as nginx would.
 */
let addressCounter = 0;
function visitorAddress(): string {
  addressCounter += 1;
  const n = addressCounter % (2 * 256 * 256);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * A fresh loopback address for a visitor that goes through nginx: it connects from there,
 * and nginx passes on what it saw (127.1.0.0/16 up; 127.0.0.x is the proxy's and the
 * forged-header check's).
 */
let sourceCounter = 0;
function visitorSource(): string {
  sourceCounter += 1;
  return `127.${1 + (sourceCounter >> 16)}.${(sourceCounter >> 8) & 255}.${sourceCounter & 255}`;
}

function contactBody(marker: string, message = "cluster test") {
  return {
    firstName: "Cluster",
    lastName: "Test",
    email: marker,
    phone: "6125550100",
    subject: "Other",
    message,
    notRobot: true,
  };
}

const marker = (tag: string) => `${tag}.${randomUUID().slice(0, 12)}@cluster.example.com`;

// ---------------------------------------------------------------------------------------
// Results

type Row = { check: string; figures: string; seconds: number; ok: boolean };
const rows: Row[] = [];
const failures: string[] = [];

async function check(name: string, run: (fail: (m: string) => void) => Promise<string>) {
  const t0 = performance.now();
  const before = failures.length;
  const fail = (message: string) => {
    failures.push(`${name}: ${message}`);
    console.error(`FAIL ${name}: ${message}`);
  };
  let figures: string;
  try {
    figures = await run(fail);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
    figures = "aborted";
  }
  const seconds = (performance.now() - t0) / 1000;
  const ok = failures.length === before;
  rows.push({ check: name, figures, seconds, ok });
  console.log(`${ok ? "ok  " : "FAIL"} ${name} (${seconds.toFixed(1)} s): ${figures}`);
}

// ---------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, "apps/web/build/client/index.html"))) {
    console.log("No web build yet: building it once…");
    execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  }

  const dir = mkdtempSync(path.join(tmpdir(), "agency-cluster-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));

  // One fresh database; named like the test databases so CI sweeps up an interrupted run's.
  const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const dbName = `agency_test_cluster_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  // One connection, ended (and waited for) before the database is dropped.
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  cleanups.push(() => database.end());
  const count = async (query: string, params: unknown[] = []) =>
    Number((await database.query(query, params)).rows[0]?.n ?? 0);

  const smtp = await startSmtpSink();
  const shared = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(32).toString("hex"),
    // One proxy in front (decision 0047): the right-most X-Forwarded-For entry is the client.
    TRUST_PROXY: "true",
    RATE_LIMIT_SCALE: "1",
    AGENCY_NOTIFY_EMAIL: NOTIFY,
    PUBLIC_URL: "https://www.cluster.example.com",
    LOG_LEVEL: "error",
  };
  // Each instance signs in to the sink under its own name, so the sink can tell who sent what.
  const smtpUrl = (user: string) => `smtp://${user}:secret@127.0.0.1:${smtp.port}`;
  // The first instance applies the migrations before the second starts (docs/operations.md).
  const a = await startInstance("A", { ...shared, SMTP_URL: smtpUrl("A") });
  const b = await startInstance("B", { ...shared, SMTP_URL: smtpUrl("B") });
  const { base: proxy, edge } = await startNginx(dir, [a, b]);
  console.log(
    `two instances (${a.base}, ${b.base}) behind nginx ${proxy} (edge door ${edge}); database ${dbName}; SMTP sink :${smtp.port}`,
  );

  // Staff accounts, made the documented way.
  const password = `Cluster-${randomBytes(12).toString("base64url")}`;
  const adminEmail = marker("admin");
  const victimEmail = marker("victim");
  const agentEmail = marker("agent");
  for (const [email, role] of [
    [adminEmail, "admin"],
    [victimEmail, "user"],
    [agentEmail, "agent"],
  ] as const) {
    execFileSync(
      "npm",
      [
        "run",
        "--silent",
        "create-user",
        "--",
        "--email",
        email,
        "--password",
        password,
        "--role",
        role,
      ],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: "ignore" },
    );
  }

  const login = (instance: Instance, email: string, pass: string, address: string) =>
    must(
      call(instance.base, "POST", "/api/users/login", {
        body: { email, password: pass },
        headers: { "x-forwarded-for": address },
      }),
      `login on ${instance.name}`,
    );

  // 1. Sessions ---------------------------------------------------------------------------
  await check("1 sign-in shared", async (fail) => {
    const signIn = await login(a, adminEmail, password, visitorAddress());
    if (signIn.status !== 200) throw new Error(`login on A answered ${signIn.status}`);
    const token = String(signIn.body.token);
    const userId = String(signIn.body.user?._id);
    const cookie = cookieOf(signIn);
    const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
    const calls: string[] = [];
    const expect = async (
      instance: Pick<Instance, "name" | "base">,
      method: string,
      pathname: string,
      headers: Record<string, string>,
      status: number,
    ) => {
      const answer = await must(call(instance.base, method, pathname, { headers }), pathname);
      calls.push(
        `${method} ${pathname.replace(userId, ":id")} on ${instance.name} ${answer.status}`,
      );
      if (answer.status !== status)
        fail(`${method} ${pathname} on ${instance.name}: ${answer.status}, expected ${status}`);
      return answer;
    };
    await expect(a, "GET", `/api/users/list/${userId}`, bearer(token), 200);
    await expect(b, "GET", `/api/users/list/${userId}`, bearer(token), 200);
    await expect(b, "GET", "/api/contacts/list-contacts", bearer(token), 200);
    const refreshed = await expect(b, "POST", "/api/users/refresh", { cookie }, 200);
    // Through nginx as a browser sends them: the cookie routes answer only the site's own
    // origin (decision 0046; nginx passes the Host with its port).
    const nginx = { name: "nginx", base: proxy };
    const rotated = cookieOf(refreshed);
    await expect(
      nginx,
      "POST",
      "/api/users/refresh",
      { cookie: rotated, origin: "http://evil.example" },
      403,
    );
    const own = await expect(
      nginx,
      "POST",
      "/api/users/refresh",
      { cookie: rotated, origin: proxy },
      200,
    );
    const newToken = String(own.body.token);
    await expect(a, "GET", "/api/contacts/list-contacts", bearer(newToken), 200);
    await expect(b, "POST", "/api/users/logout", bearer(newToken), 200);
    await expect(a, "GET", `/api/users/list/${userId}`, bearer(newToken), 401);
    await expect(a, "GET", `/api/users/list/${userId}`, bearer(token), 401);
    return `login on A; ${calls.join("; ")}`;
  });

  await check("1 two-factor switch shared", async (fail) => {
    const statuses: string[] = [];
    const expect = async (
      instance: Instance,
      method: string,
      pathname: string,
      options: { body?: unknown; headers?: Record<string, string> },
      status: number,
    ) => {
      const answer = await must(call(instance.base, method, pathname, options), pathname);
      statuses.push(
        `${method} ${pathname.replace(/\/[0-9a-f-]{36}$/, "/:id")} on ${instance.name} ${answer.status}`,
      );
      if (answer.status !== status)
        fail(`${method} ${pathname} on ${instance.name}: ${answer.status}, expected ${status}`);
      return answer;
    };
    const admin = await login(a, adminEmail, password, visitorAddress());
    const agent = await login(b, agentEmail, password, visitorAddress());
    if (admin.status !== 200 || agent.status !== 200)
      throw new Error(`sign-ins answered ${admin.status}/${agent.status}`);
    const asAdmin = { authorization: `Bearer ${admin.body.token}` };
    const agentId = String(agent.body.user?._id);
    const requirement = (on: boolean) => ({ body: { requireTwoFactor: on }, headers: asAdmin });
    // An admin without a second factor may not require one (it would sign them out too).
    await expect(a, "PUT", "/api/settings/security", requirement(true), 409);
    const setup = await expect(a, "POST", "/api/users/two-factor/setup", { headers: asAdmin }, 200);
    const code = totpAt(base32Decode(String(setup.body.secret)), new Date());
    await expect(
      b,
      "POST",
      "/api/users/two-factor/confirm",
      { body: { code }, headers: asAdmin },
      200,
    );
    await expect(a, "PUT", "/api/settings/security", requirement(true), 200);
    // The unenrolled agent, signed in on B before the switch on A: refused on B.
    const refused = await expect(
      b,
      "POST",
      "/api/users/refresh",
      { headers: { cookie: cookieOf(agent) } },
      401,
    );
    const agentBearer = { authorization: `Bearer ${agent.body.token}` };
    await expect(b, "GET", `/api/users/list/${agentId}`, { headers: agentBearer }, 401);
    await expect(b, "GET", "/api/settings/security", { headers: asAdmin }, 200);
    // Off again, so the checks after this one meet the server as before.
    await expect(a, "PUT", "/api/settings/security", requirement(false), 200);
    return `${statuses.join("; ")}; the agent's refresh: "${refused.body.error}"`;
  });

  // 2. Rate limits and lockouts -----------------------------------------------------------
  let requests429 = 0;
  /** A contact straight to an instance for `address`, or through nginx from `address`. */
  const contactOnce = async (base: string, address: string) => {
    const viaNginx = base === proxy;
    const answer = await must(
      call(base, "POST", "/api/contacts/send-contact", {
        body: contactBody(marker("limit")),
        headers: {
          ...(viaNginx ? {} : { "x-forwarded-for": address }),
          "idempotency-key": randomUUID(),
        },
        ...(viaNginx ? { from: address } : {}),
      }),
      "contact",
    );
    if (answer.status === 429) {
      requests429 += 1;
      if (!answer.headers.get("retry-after")) throw new Error("a 429 without Retry-After");
    } else if (answer.status !== 201) throw new Error(`contact answered ${answer.status}`);
    return answer.status;
  };
  await check("2 rate limit shared", async (fail) => {
    // The counters are fixed windows of 10 minutes: keep clear of a window's end, where a
    // fresh count would let more through.
    const WINDOW_MS = 10 * 60 * 1000;
    const left = WINDOW_MS - (Date.now() % WINDOW_MS);
    if (left < 10_000) await sleep(left + 100);
    const N = 12;
    const oneAddress = visitorAddress();
    let alone = 0;
    for (let i = 0; i < N; i += 1) if ((await contactOnce(a.base, oneAddress)) === 201) alone += 1;
    const split = visitorAddress();
    let alternating = 0;
    for (let i = 0; i < N; i += 1)
      if ((await contactOnce(i % 2 ? b.base : a.base, split)) === 201) alternating += 1;
    const burst = visitorSource();
    const statuses = await Promise.all(Array.from({ length: 20 }, () => contactOnce(proxy, burst)));
    const burstOk = statuses.filter((s) => s === 201).length;
    for (const [label, got] of [
      ["A alone", alone],
      ["alternating A/B", alternating],
      ["burst via nginx", burstOk],
    ] as const)
      if (got !== CONTACT_LIMIT) fail(`${label}: ${got} accepted, the limit is ${CONTACT_LIMIT}`);
    return `contact limit ${CONTACT_LIMIT}/address: ${N} on A alone → ${alone} accepted; ${N} alternating A/B → ${alternating}; 20 concurrent via nginx → ${burstOk}; ${requests429} × 429 (all with Retry-After)`;
  });

  await check("2 login lockout shared", async (fail) => {
    // Wrong passwords until the first 429, on one instance or alternating between both:
    // a lockout kept per instance would take twice as many failures when they alternate.
    // The numbers come from the server's policy; the test only asks that they agree.
    const CAP = 40;
    const failuresUntilLocked = async (
      instances: Instance[],
      email: () => string,
      address: () => string,
    ) => {
      for (let i = 0; i < CAP; i += 1) {
        const answer = await login(
          instances[i % instances.length] as Instance,
          email(),
          "wrong password!",
          address(),
        );
        if (answer.status === 429) return i;
        if (answer.status !== 401) throw new Error(`a failed sign-in answered ${answer.status}`);
      }
      return CAP;
    };
    const fixed =
      <T>(value: T) =>
      () =>
        value;
    const results: string[] = [];
    const scopes = [
      // One account from one address.
      ["account+address", () => fixed(marker("pair")), () => fixed(visitorAddress())],
      // One account from a new address each time.
      ["account", () => fixed(marker("account")), () => visitorAddress],
      // One address, a new (unknown) account each time.
      ["address", () => () => marker("nobody"), () => fixed(visitorAddress())],
    ] as const;
    for (const [scope, email, address] of scopes) {
      const alone = await failuresUntilLocked([a], email(), address());
      const split = await failuresUntilLocked([a, b], email(), address());
      if (alone >= CAP) fail(`${scope}: no lockout after ${CAP} failures`);
      if (split !== alone)
        fail(`${scope}: locked after ${alone} failures on A alone but ${split} split over A/B`);
      results.push(`${scope} locked after ${alone} failures on A alone, ${split} split A/B`);
    }
    // A real account locked from many addresses through both instances refuses even the
    // right password, on both.
    for (let i = 0; i < CAP; i += 1) {
      const answer = await login(i % 2 ? b : a, victimEmail, "wrong password!", visitorAddress());
      if (answer.status === 429) break;
    }
    const right = await Promise.all(
      [a, b].map((i) => login(i, victimEmail, password, visitorAddress())),
    );
    if (right.some((r) => r.status !== 429))
      fail(`the locked account's right password answered ${right.map((r) => r.status).join("/")}`);
    return `${results.join("; ")}; locked account, right password on A/B: ${right.map((r) => r.status).join("/")}`;
  });

  await check("2 forged X-Forwarded-For via nginx", async (fail) => {
    // A visitor that writes its own X-Forwarded-For, a new address each time, connecting
    // from an address the app does not trust: through either door of nginx it is still the
    // one address nginx saw, so it meets the contact limit and the address lockout.
    const WINDOW_MS = 10 * 60 * 1000;
    const left = WINDOW_MS - (Date.now() % WINDOW_MS);
    if (left < 10_000) await sleep(left + 100);
    const results: string[] = [];
    for (const [door, base, from] of [
      ["appending ($proxy_add_x_forwarded_for)", proxy, "127.0.0.2"],
      ["edge ($remote_addr)", edge, "127.0.0.3"],
    ] as const) {
      const forged = () => ({ "x-forwarded-for": `${visitorAddress()}, ${visitorAddress()}` });
      const contacts: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const answer = await must(
          call(base, "POST", "/api/contacts/send-contact", {
            body: contactBody(marker("forged")),
            headers: { ...forged(), "idempotency-key": randomUUID() },
            from,
          }),
          "forged contact",
        );
        if (answer.status === 429 && !answer.headers.get("retry-after"))
          fail(`${door}: a 429 without Retry-After`);
        contacts.push(answer.status);
      }
      const accepted = contacts.filter((status) => status === 201).length;
      if (accepted !== CONTACT_LIMIT || contacts.some((st) => st !== 201 && st !== 429))
        fail(`${door}: contacts answered ${contacts.join(",")} (${CONTACT_LIMIT} × 201 expected)`);
      // Wrong passwords for unknown accounts until the address is locked (decision 0020).
      // ADDRESS_LOCKOUT_FAILURES (25 at RATE_LIMIT_SCALE 1) fit well within 40 tries.
      let failures = 0;
      for (; failures < 40; failures += 1) {
        const answer = await must(
          call(base, "POST", "/api/users/login", {
            body: { email: marker("nobody"), password: "wrong password!" },
            headers: forged(),
            from,
          }),
          "forged login",
        );
        if (answer.status === 429) break;
        if (answer.status !== 401) fail(`${door}: a failed sign-in answered ${answer.status}`);
      }
      if (failures >= 40) fail(`${door}: no address lockout after 40 forged sign-ins`);
      results.push(
        `${door} from ${from}: ${accepted} of 12 contacts accepted, locked after ${failures} failed sign-ins`,
      );
    }
    return results.join("; ");
  });

  await check("2 per-account limit shared", async (fail) => {
    // Signed-in calls alternating A/B count once per account, in the database (300 a
    // minute at RATE_LIMIT_SCALE 1); keep clear of a window's end, where the count restarts.
    const WINDOW_MS = ACCOUNT_LIMIT.windowMs;
    const left = WINDOW_MS - (Date.now() % WINDOW_MS);
    if (left < 20_000) await sleep(left + 100);
    const signIn = await login(a, agentEmail, password, visitorAddress());
    if (signIn.status !== 200) throw new Error(`the agent's sign-in answered ${signIn.status}`);
    const headers = { authorization: `Bearer ${String(signIn.body.token)}` };
    let allowed = 0;
    let refused: Answer | undefined;
    for (let i = 0; i < ACCOUNT_LIMIT.max + 10 && !refused; i += 1) {
      const answer = await must(
        call(i % 2 ? b.base : a.base, "GET", "/api/dashboard/notifications", { headers }),
        "notifications",
      );
      if (answer.status === 200) allowed += 1;
      else if (answer.status === 429) refused = answer;
      else throw new Error(`a signed-in call answered ${answer.status}`);
    }
    if (allowed !== ACCOUNT_LIMIT.max)
      fail(`${allowed} calls allowed, the limit is ${ACCOUNT_LIMIT.max}`);
    if (!refused?.headers.get("retry-after")) fail("no 429 with Retry-After");
    // The account is refused on the other instance too, and from any address.
    const other = await must(
      call(b.base, "GET", "/api/dashboard/notifications", {
        headers: { ...headers, "x-forwarded-for": visitorAddress() },
      }),
      "notifications on B",
    );
    if (other.status !== 429) fail(`B answered ${other.status} after the limit`);
    return `${allowed} signed-in calls alternating A/B allowed, then 429 (Retry-After ${refused?.headers.get("retry-after")} s) on A and B`;
  });

  // 3. Idempotency ------------------------------------------------------------------------
  await check("3 idempotent retry", async (fail) => {
    const key = randomUUID();
    const email = marker("idem");
    const address = visitorAddress();
    const send = (instance: Instance, body: unknown, k = key, from = address) =>
      must(
        call(instance.base, "POST", "/api/contacts/send-contact", {
          body,
          headers: { "x-forwarded-for": from, "idempotency-key": k },
        }),
        "idempotent contact",
      );
    const first = await send(a, contactBody(email));
    const stored = () => count("SELECT count(*) AS n FROM contacts WHERE email = $1", [email]);
    const mails = () =>
      count(
        "SELECT count(*) AS n FROM mail_outbox o JOIN contacts c ON o.related_id = c.id WHERE c.email = $1",
        [email],
      );
    const [rowsBefore, mailsBefore] = [await stored(), await mails()];
    const retry = await send(b, contactBody(email));
    const [rowsAfter, mailsAfter] = [await stored(), await mails()];
    const other = await send(b, contactBody(email, "a different body"));
    if (first.status !== 201) fail(`first answered ${first.status}`);
    if (retry.status !== first.status || JSON.stringify(retry.body) !== JSON.stringify(first.body))
      fail(`the retry on B answered ${retry.status} ${JSON.stringify(retry.body)}`);
    if (rowsBefore !== 1 || rowsAfter !== 1) fail(`stored ${rowsBefore} then ${rowsAfter} rows`);
    if (mailsAfter !== mailsBefore) fail(`mails ${mailsBefore} then ${mailsAfter}`);
    if (other.status !== 422) fail(`same key, other body answered ${other.status}, not 422`);
    // The same key sent to both instances at the same moment.
    const key2 = randomUUID();
    const email2 = marker("idem2");
    const both = await Promise.all(
      [a, b].map((i) => send(i, contactBody(email2), key2, visitorAddress())),
    );
    const rows2 = await count("SELECT count(*) AS n FROM contacts WHERE email = $1", [email2]);
    const ids = new Set(both.map((r) => r.body?.data?._id));
    if (both.some((r) => r.status !== 201) || ids.size !== 1 || rows2 !== 1)
      fail(
        `concurrent same key on A and B: ${both.map((r) => r.status).join(",")}, ${ids.size} ids, ${rows2} rows`,
      );
    return `A ${first.status}, retry on B ${retry.status} same body, rows ${rowsBefore}→${rowsAfter}, mails ${mailsBefore}→${mailsAfter}; other body ${other.status}; same key on A and B at once: ${both.map((r) => r.status).join("/")}, ${ids.size} id, ${rows2} row`;
  });

  // 4. Mail exactly once ------------------------------------------------------------------
  await check("4 mail exactly once", async (fail) => {
    const submitted: { email: string; id: string }[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < MAIL_SUBMISSIONS) {
          next += 1;
          const email = marker(`mail${next}`);
          const answer = await must(
            call(proxy, "POST", "/api/contacts/send-contact", {
              body: contactBody(email),
              headers: { "idempotency-key": randomUUID() },
              from: visitorSource(),
            }),
            "contact via nginx",
          );
          if (answer.status !== 201) throw new Error(`contact via nginx answered ${answer.status}`);
          submitted.push({ email, id: String(answer.body.data?._id) });
        }
      }),
    );
    const submitSeconds = (performance.now() - t0) / 1000;
    const deadline = Date.now() + 120_000;
    while (
      (await count(
        "SELECT count(*) AS n FROM mail_outbox WHERE status IN ('pending', 'sending')",
      )) > 0
    ) {
      if (Date.now() > deadline) throw new Error("the outbox was not drained in 120 s");
      await sleep(250);
    }
    const drainSeconds = (performance.now() - t0) / 1000;
    // Longer than a poll interval (2 s): a late second delivery would show up now.
    await sleep(2500);
    const outbox = (
      await database.query<{ id: string; status: string; to_address: string; related_id: string }>(
        "SELECT id, status, to_address, related_id FROM mail_outbox",
      )
    ).rows;
    const byOutboxId = new Map<string, Received[]>();
    for (const r of smtp.received)
      byOutboxId.set(r.outboxId, [...(byOutboxId.get(r.outboxId) ?? []), r]);
    let missing = 0;
    let duplicated = 0;
    let wrongRecipient = 0;
    for (const row of outbox) {
      const got = byOutboxId.get(row.id) ?? [];
      if (row.status !== "sent") fail(`outbox row ${row.id} is ${row.status}`);
      if (got.length === 0) missing += 1;
      if (got.length > 1) duplicated += got.length - 1;
      if (got.some((r) => r.to.join(",") !== row.to_address)) wrongRecipient += 1;
    }
    const unknown = [...byOutboxId.keys()].filter((id) => !outbox.some((r) => r.id === id)).length;
    const messageIds = new Set(smtp.received.map((r) => r.messageId));
    // Every submission's own mails: the agency's notice and the visitor's copy.
    const related = new Map<string, number>();
    for (const row of outbox)
      related.set(
        row.related_id,
        (related.get(row.related_id) ?? 0) + (byOutboxId.get(row.id)?.length ?? 0),
      );
    const perSubmission = submitted.map((s) => related.get(s.id) ?? 0);
    const lacking = perSubmission.filter((n) => n < 2).length;
    const bySender = (user: string) => smtp.received.filter((r) => r.user === user).length;
    if (missing) fail(`${missing} outbox mails never arrived`);
    if (duplicated) fail(`${duplicated} duplicate deliveries`);
    if (unknown) fail(`${unknown} received mails match no outbox row`);
    if (wrongRecipient) fail(`${wrongRecipient} mails went to the wrong recipient`);
    if (messageIds.size !== smtp.received.length)
      fail(`${smtp.received.length - messageIds.size} repeated Message-IDs`);
    if (lacking) fail(`${lacking} submissions lack one of their two mails`);
    if (bySender("A") === 0 || bySender("B") === 0)
      fail(`one sender did nothing (A ${bySender("A")}, B ${bySender("B")})`);
    mailFigures = {
      queued: outbox.length,
      received: smtp.received.length,
      duplicates: duplicated,
      missing,
    };
    return `${submitted.length} messages via nginx in ${submitSeconds.toFixed(1)} s; ${outbox.length} outbox mails, ${smtp.received.length} received (sender A ${bySender("A")}, B ${bySender("B")}), ${messageIds.size} distinct Message-IDs, ${duplicated} duplicates, ${missing} missing; outbox drained ${drainSeconds.toFixed(1)} s after the first submission`;
  });

  // 5. SIGKILL under load -----------------------------------------------------------------
  await check("5 SIGKILL one instance", async (fail) => {
    type Submission = {
      kind: "contacts" | "auto_quotes";
      email: string;
      key: string;
      address: string;
      body: unknown;
      id?: string;
      attempts: number;
    };
    const all: Submission[] = [];
    let stop = false;
    let failedAnswers = 0;
    let killedAt = 0;
    const t0 = performance.now();
    const submit = async (s: Submission) => {
      const route =
        s.kind === "contacts" ? "/api/contacts/send-contact" : "/api/auto-quotes/send-auto-quote";
      // A well-behaved client: the same key and body again after a failure, a few times.
      while (s.attempts < 8) {
        s.attempts += 1;
        const answer = await call(proxy, "POST", route, {
          body: s.body,
          headers: { "idempotency-key": s.key },
          from: s.address,
        });
        if (answer?.status === 201) {
          s.id = String(answer.body.data?._id);
          return;
        }
        if (answer && answer.status < 500)
          throw new Error(`${route} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        failedAnswers += 1;
        await sleep(100 * s.attempts);
      }
    };
    const clients = Array.from({ length: KILL_CLIENTS }, async (_, c) => {
      for (let n = 0; !stop; n += 1) {
        const kind = (c + n) % 2 ? "contacts" : "auto_quotes";
        const email = marker(`kill${c}.${n}`);
        let body: unknown = contactBody(email);
        if (kind === "auto_quotes") {
          const quote = validQuotePayload();
          quote.personalInfo.email = email;
          body = quote;
        }
        const s: Submission = {
          kind,
          email,
          key: randomUUID(),
          address: visitorSource(),
          body,
          attempts: 0,
        };
        all.push(s);
        await submit(s);
      }
    });
    await sleep(1500);
    const beforeKill = all.filter((s) => s.id).length;
    b.child.kill("SIGKILL");
    await b.exited;
    killedAt = (performance.now() - t0) / 1000;
    await sleep(2500);
    stop = true;
    await Promise.all(clients);
    const seconds = (performance.now() - t0) / 1000;
    const acknowledged = all.filter((s) => s.id);
    let storedOnce = 0;
    for (const s of all) {
      const byEmail = await count(`SELECT count(*) AS n FROM ${s.kind} WHERE email = $1`, [
        s.email,
      ]);
      if (s.id) {
        const byId = await count(`SELECT count(*) AS n FROM ${s.kind} WHERE id = $1`, [s.id]);
        if (byId === 1 && byEmail === 1) storedOnce += 1;
        else fail(`${s.kind} ${s.email}: answered id stored ${byId}×, email stored ${byEmail}×`);
      } else if (byEmail > 1) fail(`${s.kind} ${s.email} (never acknowledged) stored ${byEmail}×`);
    }
    const unacknowledged = all.length - acknowledged.length;
    if (unacknowledged) fail(`${unacknowledged} submissions never acknowledged after 8 attempts`);
    const retried = all.filter((s) => s.attempts > 1).length;
    const stuck = await count("SELECT count(*) AS n FROM mail_outbox WHERE status = 'sending'");
    killFigures = { submitted: all.length, acknowledged: acknowledged.length, storedOnce };
    return `${KILL_CLIENTS} clients via nginx, ${all.length} submissions in ${seconds.toFixed(1)} s (B killed at ${killedAt.toFixed(1)} s after ${beforeKill} acknowledged); ${failedAnswers} failed answers (502/no answer), ${retried} submissions retried; ${acknowledged.length} acknowledged, ${storedOnce} stored exactly once; ${stuck} mails left "sending" by B (retaken after 10 min)`;
  });
}

let mailFigures = { queued: 0, received: 0, duplicates: 0, missing: 0 };
let killFigures = { submitted: 0, acknowledged: 0, storedOnce: 0 };

try {
  await main();
} catch (error) {
  failures.push(`set-up: ${error instanceof Error ? error.message : String(error)}`);
  console.error(`FAIL set-up: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
} finally {
  await cleanUp();
}

const total = (performance.now() - started) / 1000;
console.log("\n| check | s | result |\n|---|---:|---|");
for (const r of rows)
  console.log(`| ${r.check} | ${r.seconds.toFixed(1)} | ${r.ok ? "ok" : "FAIL"} |`);
const figures: [string, string][] = [
  ["HTTP requests (direct and through nginx)", String(totals.requests)],
  ["429 answers (rate limits and lockouts)", String(totals.tooMany)],
  ["5xx or no answer (all during the SIGKILL)", String(totals.failed)],
  [
    "mails queued / received / duplicates / missing",
    `${mailFigures.queued} / ${mailFigures.received} / ${mailFigures.duplicates} / ${mailFigures.missing}`,
  ],
  [
    "SIGKILL: submitted / acknowledged / stored once",
    `${killFigures.submitted} / ${killFigures.acknowledged} / ${killFigures.storedOnce}`,
  ],
  ["time in all (s)", total.toFixed(1)],
];
console.log("\n| figure | value |\n|---|---:|");
for (const [name, value] of figures) console.log(`| ${name} | ${value} |`);
if (failures.length > 0) {
  console.log(`\ncluster test: ${failures.length} failures`);
  for (const f of failures) console.log(`  ${f}`);
  process.exit(1);
}
console.log("\ncluster test: two instances behave as one");
process.exit(0);
