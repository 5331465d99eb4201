/**
 * `npm run test:crash`: clients submit quotes, messages and bookings with idempotency keys
 * while the server is killed with SIGKILL and restarted, 10 times per engine. Afterwards
 * every acknowledged (2xx) submission is in the database exactly once, no quote lacks its
 * drivers, and retries of the unacknowledged ones created no duplicates.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkAppointmentDate, TIME_SLOTS } from "@agency/domain";
import { sql } from "kysely";
import pg from "pg";
import { openDatabase } from "../src/db/database.ts";
import { validQuotePayload } from "../src/test/fixtures.ts";

const ROUNDS = 10;
/** Enough slots for every booking of a run (the default horizon holds about 580). */
const BOOKING_HORIZON_DAYS = 3650;
const MAIN = path.resolve(import.meta.dirname, "../src/main.ts");
const PORT = 5700 + Math.floor(Math.random() * 200);
const BASE = `http://127.0.0.1:${PORT}`;

type Kind = "quote" | "contact" | "appointment";
type Submission = { kind: Kind; key: string; marker: string; body: unknown; acknowledged: boolean };

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
const slots = freeSlots();

function makeSubmission(kind: Kind, n: number): Submission {
  const key = randomUUID();
  const marker = `crash${n}.${key.slice(0, 8)}@example.com`;
  let body: unknown;
  if (kind === "quote") {
    const quote = validQuotePayload();
    quote.personalInfo.email = marker;
    body = quote;
  } else if (kind === "contact") {
    body = {
      firstName: "Crash",
      lastName: "Test",
      email: marker,
      phone: "6125550100",
      subject: "Other",
      message: `crash test ${n}`,
      notRobot: true,
    };
  } else {
    const slot = slots.next().value as { date: string; time: string };
    body = {
      name: "Crash Test",
      email: marker,
      phone: `612${String(2_000_000 + n).padStart(7, "0")}`,
      date: slot.date,
      time: slot.time,
      service: "Auto Insurance",
      message: "",
    };
  }
  return { kind, key, marker, body, acknowledged: false };
}

const URLS: Record<Kind, string> = {
  quote: "/api/auto-quotes/send-auto-quote",
  contact: "/api/contacts/send-contact",
  appointment: "/api/appointments/add-appointment",
};

async function send(s: Submission): Promise<number | undefined> {
  try {
    const response = await fetch(BASE + URLS[s.kind], {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": s.key },
      body: JSON.stringify(s.body),
      signal: AbortSignal.timeout(5000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined; // connection reset by the kill: not acknowledged
  }
}

type Server = { child: ChildProcess; exited: Promise<unknown> };

function startServer(databaseUrl: string): Promise<Server> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "error",
      RATE_LIMIT_SCALE: "1000",
      BOOKING_HORIZON_DAYS: String(BOOKING_HORIZON_DAYS),
      JWT_SECRET: "c".repeat(40), // A closed port: mail stays queued (and retried), nothing is written to the repository.
      SMTP_URL: "smtp://127.0.0.1:9",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // Listen for the exit now: a killed server may be gone before anyone awaits it.
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 20_000;
    const poll = async () => {
      if (Date.now() > deadline) return reject(new Error("server did not start"));
      const ok = await fetch(`${BASE}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) resolve({ child, exited });
      else setTimeout(poll, 100);
    };
    void poll();
  });
}

async function runEngine(label: string, databaseUrl: string): Promise<string[]> {
  const all: Submission[] = [];
  let n = 0;
  const kinds: Kind[] = ["quote", "contact", "appointment"];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const server = await startServer(databaseUrl);
    // Retry what earlier rounds never got an answer for, with the same key and body.
    const pending = all.filter((s) => !s.acknowledged);
    let stop = false;
    const workers = Array.from({ length: 6 }, async (_, w) => {
      for (const s of pending.splice(0, Math.ceil(pending.length / (6 - w)) || 0)) {
        if (stop) return;
        const status = await send(s);
        if (status !== undefined && status >= 200 && status < 300) s.acknowledged = true;
        else if (status !== undefined)
          throw new Error(`${label}: retry of ${s.kind} answered ${status}`);
      }
      while (!stop) {
        n += 1;
        const s = makeSubmission(kinds[n % 3] as Kind, n);
        all.push(s);
        const status = await send(s);
        if (status !== undefined && status >= 200 && status < 300) s.acknowledged = true;
        else if (status !== undefined) throw new Error(`${label}: ${s.kind} answered ${status}`);
      }
    });
    await new Promise((r) => setTimeout(r, 300 + Math.random() * 700));
    server.child.kill("SIGKILL");
    stop = true;
    await Promise.all(workers);
    await server.exited;
    process.stdout.write(
      `${label} round ${round}: ${all.length} submitted, ${all.filter((s) => s.acknowledged).length} acknowledged\n`,
    );
  }
  // A last clean start to retry the rest, then stop it gently.
  const server = await startServer(databaseUrl);
  for (const s of all.filter((x) => !x.acknowledged)) {
    const status = await send(s);
    if (status !== undefined && status < 300) s.acknowledged = true;
  }
  server.child.kill("SIGTERM");
  await server.exited;

  const problems: string[] = [];
  const handle = openDatabase(databaseUrl);
  const db = handle.db;
  for (const s of all) {
    const table =
      s.kind === "quote" ? "auto_quotes" : s.kind === "contact" ? "contacts" : "appointments";
    const row = await db
      .selectFrom(table)
      .select(sql<number>`count(*)`.as("n"))
      .where("email", "=", s.marker)
      .executeTakeFirstOrThrow();
    const count = Number(row.n);
    if (!s.acknowledged)
      problems.push(`${label}: ${s.kind} ${s.marker} never acknowledged even after retries`);
    else if (count !== 1) problems.push(`${label}: ${s.kind} ${s.marker} stored ${count} times`);
  }
  const orphans = await db
    .selectFrom("auto_quotes")
    .leftJoin("quote_drivers", "quote_drivers.quote_id", "auto_quotes.id")
    .select(sql<number>`count(*)`.as("n"))
    .where("quote_drivers.id", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(orphans.n) > 0) problems.push(`${label}: ${orphans.n} quotes without drivers`);
  const mailless = await db
    .selectFrom("contacts")
    .leftJoin("mail_outbox", (join) => join.onRef("mail_outbox.related_id", "=", "contacts.id"))
    .select(sql<number>`count(*)`.as("n"))
    .where("mail_outbox.id", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(mailless.n) > 0)
    problems.push(`${label}: ${mailless.n} messages without their queued mail`);
  await handle.close();
  console.log(`${label}: ${all.length} submissions, all checked; ${problems.length} problems`);
  return problems;
}

async function main() {
  const problems: string[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), "agency-crash-db-"));
  problems.push(...(await runEngine("sqlite", `sqlite:${path.join(dir, "crash.db")}`)));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `agency_crash_${Date.now()}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      problems.push(...(await runEngine("postgres", url.toString())));
    } finally {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    }
  } else if (process.env.CI === "true") {
    problems.push("TEST_DATABASE_URL is not set: the PostgreSQL crash run was skipped");
  }
  rmSync(dir, { recursive: true, force: true });
  for (const p of problems.slice(0, 50)) console.error(`FAIL: ${p}`);
  console.log(
    problems.length === 0
      ? "crash safety: every acknowledged submission is stored exactly once"
      : `crash safety: ${problems.length} problems`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}

await main();
