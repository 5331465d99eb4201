/**
 * `npm run bench`: throughput and latency of the production server on loopback, on SQLite
 * and PostgreSQL, beside a raw node:http server answering the same number of bytes in the
 * same run. The server is pinned to one core and autocannon to the other.
 * Prints a Markdown table (docs/performance.md keeps the published one).
 *
 * SQLite runs in the default configuration (no SMTP: mail is written to the outbox folder,
 * a temporary DATA_DIR), and its contact POST again with an SMTP sink; PostgreSQL runs with
 * the sink. The contact POST is also compared with a bare node:http server that parses the
 * same JSON and inserts the same row with the same durability, one transaction per request
 * (scripts/bench-bare-server.ts), run before, between and after the app's contact rows; the
 * ratio app ÷ its best run is printed with issue 13's goals (≥ 0.6 default, ≥ 0.8 SMTP
 * sink, p99 ≤ 50 ms).
 *
 *   BENCH_ONLY=contact   only the SQLite contact rows and the bare server (quick iterations)
 *   BENCH_CPU_PROF=DIR   the app's server writes a V8 CPU profile per run into DIR
 *   BENCH_SECONDS, BENCH_POSTS   GET row duration (10 s), POST row requests (10,000)
 *   BENCH_WARMUP   POSTs sent (same connections, not measured) before each POST row and
 *                  bare run, so the figures are of a warm server, as in production (10,000)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { checkAppointmentDate, TIME_SLOTS } from "@agency/domain";
import autocannon from "autocannon";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { validQuotePayload } from "../src/test/fixtures.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/**
 * POST rows send a fixed number of requests (autocannon's `amount`) rather than running for
 * a duration: the run ends when every response has arrived, so the rows stored can be
 * compared exactly with the 2xx answers.
 */
const POST_REQUESTS = Number(process.env.BENCH_POSTS ?? 10_000);
/**
 * A freshly started server compiles its code while requests wait (V8's tiers), on the same
 * core: measured here (2026-11-28, contact POST, 50 connections, one core), throughput per
 * 1,000 answers climbs from ~1,250 req/s to a plateau of 2,200–3,500 only after about
 * 9,000 of them, and V8's compiler threads take 90–130 µs of the core per request while it
 * climbs (40–55 µs after). A row measured earlier measures the compiler, not the server a
 * visitor meets in production; the warm-up's rows and mail are done before the row starts.
 */
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP ?? 10_000);
const hasTwoCores = cpus().length >= 2;
const ONLY_CONTACT = process.env.BENCH_ONLY === "contact";
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;
const CONTACT_ROUTE = "POST /api/contacts/send-contact";
/** Issue 13's goals for the contact POST against the bare server. */
const GOALS = { defaultRatio: 0.6, smtpRatio: 0.8, p99: 50 };
/**
 * Enough slots for every booking of a row (the default horizon holds about 580): ten years
 * hold about 22,500, for the warm-up's and the row's 20,000 (the server's maximum horizon).
 */
const BOOKING_HORIZON_DAYS = 3650;
let bookings = 0;

type Row = {
  engine: string;
  /** How mail leaves: "files" (default, no SMTP_URL), "SMTP sink", or "–" for the bare server. */
  mail: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  raw: number;
  rows: string;
  seconds: number;
  /** Mail of the run delivered by its last answer, and how long the rest took to drain. */
  mailDone: string;
};

function pinned(core: number, command: string, args: string[]): [string, string[]] {
  return hasTwoCores ? ["taskset", ["-c", String(core), command, ...args]] : [command, args];
}

/** Waits for the server's health answer; says so at once if the server exits first. */
async function waitForHealth(base: string, server?: ChildProcess) {
  let exitCode: number | null = null;
  server?.once("exit", (code) => {
    exitCode = code ?? -1;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exitCode !== null) throw new Error(`server exited during start-up (${exitCode})`);
    const healthy = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer ${base}/api/health within 60 s`);
}

type RunResult = Pick<autocannon.Result, "non2xx" | "errors" | "timeouts" | "2xx"> & {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  seconds: number;
};

/**
 * GET rows: 50 keep-alive connections through node:http for DURATION seconds, each sending
 * its next request when the last answer has been read. Not autocannon: its HTTP parser
 * (http-parser-js) reads a 26 KB Brotli page at ~1,300–1,900 req/s whoever sends it (a bare
 * node:http server sending the same bytes: 1,326–1,569 req/s, the same size of "a"s:
 * 23,359), so it measured itself, not the server (2026-11-28).
 */
async function runGets(url: string, headers: Record<string, string>): Promise<RunResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const counts = { ok: 0, non2xx: 0, errors: 0 };
  const started = performance.now();
  const end = started + DURATION * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      const request = http.get(url, { agent, headers }, (response) => {
        response.resume();
        response.on("end", () => {
          latencies.push(performance.now() - sent);
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) counts.ok += 1;
          else counts.non2xx += 1;
          resolve();
        });
      });
      request.on("error", () => {
        counts.errors += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))] ?? 0);
  return {
    requests: { total: latencies.length, average: latencies.length / seconds },
    latency: { p50: at(0.5), p99: at(0.99) },
    non2xx: counts.non2xx,
    errors: counts.errors,
    timeouts: 0,
    "2xx": counts.ok,
    seconds,
  };
}

/** autocannon's result, plus the time from the start to the last response, in seconds. */
function runCannon(
  options: autocannon.Options,
  length: "amount" | "duration",
): Promise<autocannon.Result & { seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let lastResponse = started;
    const instance = autocannon(
      {
        connections: CONNECTIONS,
        ...(length === "amount" ? { amount: POST_REQUESTS } : { duration: DURATION }),
        ...options,
      },
      (error, result) =>
        error ? reject(error) : resolve({ ...result, seconds: (lastResponse - started) / 1000 }),
    );
    // autocannon ends an `amount` run on its next one-second tick; the last response
    // marks the real end.
    instance.on("response", () => {
      lastResponse = performance.now();
    });
  });
}

/** A node:http server on the server's core that answers every request with `size` bytes. */
async function rawServer(
  size: number,
  status: number,
): Promise<{ url: string; close: () => void; child: ChildProcess }> {
  const code = `const http=require("node:http");const body=Buffer.alloc(${size},97);http.createServer((q,s)=>{q.resume();q.on("end",()=>{s.writeHead(${status},{"content-type":"application/json","content-length":body.length});s.end(body)})}).listen(0,"127.0.0.1",function(){process.send(this.address().port)})`;
  const [command, args] = pinned(1, process.execPath, ["-e", code]);
  const child = spawn(command, args, { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve) =>
    child.once("message", (m) => resolve(Number(m))),
  );
  return { url: `http://127.0.0.1:${port}`, close: () => child.kill(), child };
}

/**
 * Weekday, non-holiday slots from tomorrow on, one per booking, inside the long booking
 * horizon the server is started with (the default 90 days holds too few for this run).
 */
function* freeSlots() {
  const day = new Date(Date.now() + 24 * 60 * 60 * 1000);
  for (;;) {
    const date = day.toISOString().slice(0, 10);
    if (!checkAppointmentDate(date, new Date(), BOOKING_HORIZON_DAYS))
      for (const time of TIME_SLOTS) yield { date, time };
    day.setUTCDate(day.getUTCDate() + 1);
  }
}

const contactBody = () =>
  JSON.stringify({
    firstName: "Bench",
    lastName: "Mark",
    email: "bench@example.com",
    phone: "6125550100",
    subject: "Other",
    message: "Benchmark message",
    notRobot: true,
  });

/**
 * 10,000 contact POSTs against the bare server (scripts/bench-bare-server.ts) on the
 * server's core, into a fresh database migrated like the app's.
 */
async function benchBare(dir: string, run: number): Promise<Row> {
  const file = path.join(dir, `bare-${run}.db`);
  const handle = openDatabase(`sqlite:${file}`);
  await migrateToLatest(handle.db);
  await handle.close();
  const [command, args] = pinned(1, process.execPath, [
    path.join(ROOT, "apps/server/scripts/bench-bare-server.ts"),
    file,
  ]);
  const child = spawn(command, args, { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const exited = new Promise((r) => child.once("exit", r));
  const port = await new Promise<number>((resolve) =>
    child.once("message", (m) => resolve(Number(m))),
  );
  const headers = { "content-type": "application/json" };
  const cannon = {
    url: `http://127.0.0.1:${port}/api/contacts/send-contact`,
    method: "POST" as const,
    headers,
    requests: [{ setupRequest: (req: object) => ({ ...req, body: contactBody(), headers }) }],
  };
  if (WARMUP_REQUESTS > 0) await runCannon({ ...cannon, amount: WARMUP_REQUESTS }, "amount");
  const result = await runCannon(cannon, "amount");
  child.kill("SIGTERM");
  await exited;
  const stored = new SqliteDatabase(file, { readonly: true });
  const { n: all } = stored.prepare("select count(*) as n from contacts").get() as { n: number };
  const n = all - WARMUP_REQUESTS;
  stored.close();
  const rps = Math.round(result.requests.total / result.seconds);
  console.error(`bare contact server (${run}): ${rps} req/s, p99 ${result.latency.p99} ms`);
  return {
    engine: "SQLite",
    mail: "–",
    route: `bare node:http + better-sqlite3: ${CONTACT_ROUTE} (run ${run})`,
    rps,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    raw: 0,
    rows: `${n} / ${result["2xx"]}`,
    seconds: Math.round(result.seconds * 10) / 10,
    mailDone: "–",
  };
}

async function benchEngine(
  engine: string,
  databaseUrl: string,
  smtpUrl: string | undefined,
  options: { dataDir: string; only?: string },
): Promise<Row[]> {
  const port = 6100 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;
  const mail = smtpUrl ? "SMTP sink" : "files";
  const profile = CPU_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(CPU_PROFILE_DIR)}`]
    : [];
  const [command, args] = pinned(1, process.execPath, [
    ...profile,
    path.join(ROOT, "apps/server/src/main.ts"),
  ]);
  const server = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      RATE_LIMIT_SCALE: "1000000",
      BOOKING_HORIZON_DAYS: String(BOOKING_HORIZON_DAYS),
      JWT_SECRET: "b".repeat(40),
      // Unset (empty) means the default: .eml files in DATA_DIR/outbox, not the developer's data/.
      SMTP_URL: smtpUrl ?? "",
      DATA_DIR: options.dataDir,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((r) => server.once("exit", r));
  await waitForHealth(base, server);
  const handle = openDatabase(databaseUrl);
  const count = async (table: "contacts" | "auto_quotes" | "appointments") =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const mailCounts = async () => {
    const row = await handle.db
      .selectFrom("mail_outbox")
      .select([
        sql<number>`count(*)`.as("total"),
        sql<number>`sum(case when status = 'pending' or status = 'sending' then 0 else 1 end)`.as(
          "done",
        ),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), done: Number(row.done ?? 0) };
  };

  const slots = freeSlots();
  const allRoutes: {
    route: string;
    method: "GET" | "POST";
    path: string;
    table?: "contacts" | "auto_quotes" | "appointments";
    body?: () => string;
  }[] = [
    { route: "GET /", method: "GET", path: "/" },
    { route: "GET /api/health", method: "GET", path: "/api/health" },
    {
      route: "POST /api/contacts/send-contact",
      method: "POST",
      path: "/api/contacts/send-contact",
      table: "contacts",
      body: contactBody,
    },
    {
      route: "POST /api/auto-quotes/send-auto-quote",
      method: "POST",
      path: "/api/auto-quotes/send-auto-quote",
      table: "auto_quotes",
      body: () => JSON.stringify(validQuotePayload()),
    },
    {
      route: "POST /api/appointments/add-appointment",
      method: "POST",
      path: "/api/appointments/add-appointment",
      table: "appointments",
      body: () => {
        const slot = slots.next().value as { date: string; time: string };
        return JSON.stringify({
          // A person of its own per booking: one holds at most two upcoming bookings.
          name: "Bench Mark",
          email: `bench${++bookings}@example.com`,
          phone: `612${String(2_000_000 + bookings).padStart(7, "0")}`,
          date: slot.date,
          time: slot.time,
          service: "Auto Insurance",
          message: "",
        });
      },
    },
  ];
  const routes = options.only ? allRoutes.filter((r) => r.route === options.only) : allRoutes;

  const rows: Row[] = [];
  for (const r of routes) {
    const headers = { "content-type": "application/json", "accept-encoding": "gzip, br" };
    const probe = await fetch(base + r.path, {
      method: r.method,
      headers,
      ...(r.body ? { body: r.body() } : {}),
    });
    // The bytes on the wire: fetch hands back the body decompressed, so the compressed
    // length comes from the header when there is one.
    const decoded = (await probe.arrayBuffer()).byteLength;
    const size = Number(probe.headers.get("content-length") ?? decoded);
    if (r.body && WARMUP_REQUESTS > 0) {
      const body = r.body;
      await runCannon(
        {
          url: base + r.path,
          method: r.method,
          headers,
          amount: WARMUP_REQUESTS,
          requests: [
            {
              setupRequest: (req) => ({
                ...req,
                body: body(),
                headers: { ...headers, "idempotency-key": randomUUID() },
              }),
            },
          ],
        },
        "amount",
      );
      // The warm-up's mail leaves before the row starts (at most a minute).
      for (let waited = 0; waited < 60_000; waited += 250) {
        const { total, done } = await mailCounts();
        if (done >= total) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    const before = r.table ? await count(r.table) : 0;
    const mailBefore = await mailCounts();
    const result: RunResult = r.body
      ? await runCannon(
          {
            url: base + r.path,
            method: r.method,
            headers,
            requests: [
              {
                setupRequest: (req) => ({
                  ...req,
                  body: (r.body as () => string)(),
                  headers: { ...headers, "idempotency-key": randomUUID() },
                }),
              },
            ],
          },
          "amount",
        )
      : await runGets(base + r.path, headers);
    // Requests answered per second over the whole run (autocannon's per-second average
    // is off for a run that ends part-way through a second).
    const rps = Math.round(result.requests.total / result.seconds);
    const ok = result["2xx"];
    const stored = r.table ? (await count(r.table)) - before : undefined;
    // The mail this run queued: how much was delivered by the last answer (delivery yields
    // to submissions, mail/sender.ts), then how long the rest took, before the next row.
    const mailAtEnd = await mailCounts();
    const queued = mailAtEnd.total - mailBefore.total;
    const sentByEnd = mailAtEnd.done - mailBefore.done;
    const drainStarted = performance.now();
    let drained = mailAtEnd;
    while (drained.done < drained.total && performance.now() - drainStarted < 120_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      drained = await mailCounts();
    }
    const drainSeconds = Math.round((performance.now() - drainStarted) / 100) / 10;
    const mailDone =
      queued === 0
        ? "–"
        : `${sentByEnd} / ${queued}, rest ${drained.done < drained.total ? "> 120" : drainSeconds} s`;
    const raw = await rawServer(size, probe.status);
    const rawResult: RunResult = r.body
      ? await runCannon({ url: raw.url, method: r.method, body: r.body() }, "duration")
      : await runGets(raw.url, headers);
    raw.close();
    rows.push({
      engine,
      mail,
      route: r.route,
      rps,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx + result.errors + result.timeouts,
      raw: Math.round(rawResult.requests.average),
      rows: stored === undefined ? "–" : `${stored} / ${ok}`,
      mailDone,
      seconds: Math.round(result.seconds * 10) / 10,
    });
    console.error(
      `${engine} (mail: ${mail}) ${r.route}: ${rps} req/s, p99 ${result.latency.p99} ms`,
    );
  }
  await handle.close();
  server.kill("SIGTERM");
  await exited;
  return rows;
}

function ratioLine(label: string, app: Row | undefined, bare: number, goal: number): string {
  if (!app) return `${label}: not measured`;
  const ratio = app.rps / bare;
  const met = ratio >= goal && app.p99 <= GOALS.p99;
  return `${label}: ${app.rps} ÷ ${bare} = ${ratio.toFixed(2)}× the bare server (goal ≥ ${goal}), p99 ${app.p99} ms (goal ≤ ${GOALS.p99}) ${met ? "met" : "MISSED"}`;
}

async function main() {
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _s, cb) {
      stream.resume();
      stream.on("end", () => cb());
    },
  });
  await new Promise<void>((r) => sink.listen(0, "127.0.0.1", r));
  const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;
  const dir = mkdtempSync(path.join(tmpdir(), "agency-bench-"));
  const rows: Row[] = [];
  const only = ONLY_CONTACT ? CONTACT_ROUTE : undefined;
  // The bare server before, between and after the app's contact rows. The yardstick is its
  // best run: a run slowed by the machine (other work's fsyncs) must not flatter the ratio.
  const bare: Row[] = [await benchBare(dir, 1)];
  rows.push(
    ...(await benchEngine("SQLite", `sqlite:${path.join(dir, "bench.db")}`, undefined, {
      dataDir: path.join(dir, "data-files"),
      ...(only ? { only } : {}),
    })),
  );
  bare.push(await benchBare(dir, 2));
  rows.push(
    ...(await benchEngine("SQLite", `sqlite:${path.join(dir, "bench-smtp.db")}`, smtpUrl, {
      dataDir: path.join(dir, "data-smtp"),
      only: CONTACT_ROUTE,
    })),
  );
  bare.push(await benchBare(dir, 3));
  if (!ONLY_CONTACT) {
    const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
    const name = `agency_bench_${Date.now()}`;
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      rows.push(
        ...(await benchEngine("PostgreSQL", url.toString(), smtpUrl, {
          dataDir: path.join(dir, "data-pg"),
        })),
      );
    } catch (error) {
      console.error(`PostgreSQL run skipped: ${error instanceof Error ? error.message : error}`);
    } finally {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await client.end().catch(() => {});
    }
  }
  sink.close();
  rmSync(dir, { recursive: true, force: true });

  console.log(
    `\n${CONNECTIONS} connections; GET rows ${DURATION} s, POST rows ${POST_REQUESTS} requests each after ${WARMUP_REQUESTS} unmeasured ones; server on one core${hasTwoCores ? " (taskset -c 1), load generator and database on the other" : ""}.\n`,
  );
  console.log(
    "| engine | mail | route | req/s | p50 ms | p99 ms | non-2xx | raw node:http req/s | ratio | rows stored / 2xx | s | mail sent by the end / queued, rest |",
  );
  console.log("|---|---|---|---:|---:|---:|---:|---:|---:|---|---:|---|");
  for (const r of [...rows, ...bare]) {
    const raw = r.raw > 0 ? String(r.raw) : "–";
    const ratio = r.raw > 0 ? (r.rps / r.raw).toFixed(2) : "–";
    console.log(
      `| ${r.engine} | ${r.mail} | ${r.route} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${raw} | ${ratio} | ${r.rows} | ${r.seconds} | ${r.mailDone} |`,
    );
  }

  const bareRps = Math.max(...bare.map((r) => r.rps));
  const contactRow = (mail: string) =>
    rows.find((r) => r.engine === "SQLite" && r.mail === mail && r.route === CONTACT_ROUTE);
  console.log(
    `\nContact POST against the bare server (${bare.map((r) => r.rps).join(", ")} req/s; the best, ${bareRps}, is the yardstick):`,
  );
  console.log(
    `- ${ratioLine("default configuration (mail files)", contactRow("files"), bareRps, GOALS.defaultRatio)}`,
  );
  console.log(`- ${ratioLine("SMTP sink", contactRow("SMTP sink"), bareRps, GOALS.smtpRatio)}`);

  // The app's own targets (the bare server is only the yardstick).
  const misses = rows.filter(
    (r) =>
      r.route.includes("POST") &&
      (r.rps < 1000 ||
        r.p99 > 100 ||
        r.non2xx > 0 ||
        r.rows.split(" / ")[0] !== r.rows.split(" / ")[1]),
  );
  console.log(
    misses.length === 0
      ? "\nAll POST targets met (≥ 1,000 req/s, p99 ≤ 100 ms, no errors, every 2xx stored)."
      : `\nTargets missed: ${misses.map((r) => `${r.engine} (${r.mail}) ${r.route}`).join("; ")}`,
  );
}

await main();
