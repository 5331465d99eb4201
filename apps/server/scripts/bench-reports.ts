/**
 * `node apps/server/scripts/bench-reports.ts`: the report's figures (issue 28 §3, decision
 * 0074) over `BENCH_COUNT` (100,000) demo leads of each kind (half of them answered, with
 * a first touch each) and as many policies, on SQLite and (with `TEST_DATABASE_URL`)
 * PostgreSQL: p50/p95 of buildReport for this month, this year and the overview's 30 days.
 * `BENCH_ONLY=sqlite|postgres` runs one engine; `BENCH_DIR` keeps the SQLite file there.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { overviewPeriod, type ReportQuery } from "@agency/domain";
import { sql } from "kysely";
import pg from "pg";
import { seedDemo } from "../src/cli/seed-demo.ts";
import { openDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { buildReport } from "../src/report/service.ts";

const COUNT = Number(process.env.BENCH_COUNT ?? 100_000);
const ONLY = process.env.BENCH_ONLY;
const RUNS = 40;
const SOURCES = ["newsletter", "google.com", "direct", "facebook.com", "bing.com"];

async function measure(engine: string, url: string): Promise<void> {
  const handle = openDatabase(url);
  const { db } = handle;
  try {
    await migrateToLatest(handle.db);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from contacts`.execute(
      db,
    );
    const now = new Date();
    if (Number(rows[0]?.n) < COUNT) {
      let started = performance.now();
      await seedDemo(db, COUNT, now, { people: false });
      console.log(
        `${engine}: seeded ${COUNT} of each in ${Math.round(performance.now() - started)} ms`,
      );
      started = performance.now();
      for (const table of ["auto_quotes", "contacts", "appointments"] as const) {
        // Half answered within a few hours, each with a first touch.
        await sql`update ${sql.table(table)} set first_touch_source = case when length(id) % 5 = 0 then 'newsletter' when length(id) % 5 = 1 then 'google.com' else 'direct' end`.execute(
          db,
        );
        await sql`update ${sql.table(table)} set first_response_at = created_at, first_response_seconds = 3600 + (length(id) * 37) % 7200 where substr(id, 36, 1) in ('0','2','4','6','8','a','c','e')`.execute(
          db,
        );
      }
      const users = await db.selectFrom("users").select("id").execute();
      const leads = await db.selectFrom("auto_quotes").select(["id", "created_at"]).execute();
      for (let start = 0; start < COUNT; start += 500) {
        await db
          .insertInto("policies")
          .values(
            Array.from({ length: Math.min(500, COUNT - start) }, (_, k) => {
              const i = start + k;
              const lead = leads[i % leads.length];
              const created = lead?.created_at ?? now.toISOString();
              const expires = new Date(
                new Date(created).getTime() + ((i % 365) - 180) * 86_400_000,
              );
              return {
                id: randomUUID(),
                policy_number: `B-${i}-${randomUUID().slice(0, 8)}`,
                holder_name: "Bench",
                email: "",
                product: "Auto",
                status: ["active", "renewed", "cancelled", "expired"][i % 4] as string,
                premium_cents: 50_000 + ((i * 7919) % 300_000),
                effective_date: created.slice(0, 10),
                expiration_date: expires.toISOString().slice(0, 10),
                created_at: created,
                person_id: null,
                lead_type: i % 2 === 0 ? "quote" : null,
                lead_id: i % 2 === 0 ? (lead?.id ?? null) : null,
                lead_source: i % 2 === 0 ? "web" : null,
                lead_first_touch_source: i % 2 === 0 ? "google.com" : null,
                carrier: "Bench",
                line_of_business: "auto",
                term_months: 12,
                producer_id: users.length > 0 ? (users[i % users.length]?.id ?? null) : null,
                cancel_date: i % 4 === 2 ? created.slice(0, 10) : null,
                cancel_reason: null,
                notes: "",
                vehicles: "[]",
                drivers: "[]",
                renewal_state: "not-started",
                renewal_of: null,
                origin: "issued",
                updated_at: created,
              };
            }),
          )
          .execute();
      }
      console.log(
        `${engine}: first touches, responses and ${COUNT} policies in ${Math.round(performance.now() - started)} ms`,
      );
      void SOURCES;
    }
    if (engine === "PostgreSQL") await sql`analyze`.execute(db);
    const period = overviewPeriod(now);
    const cases: [string, ReportQuery][] = [
      ["this month", { preset: "this-month" }],
      ["last month", { preset: "last-month" }],
      ["this year", { preset: "this-year" }],
      ["overview's 30 days", { from: period?.days[0] ?? "", to: period?.days.at(-1) ?? "" }],
    ];
    for (const [name, query] of cases) {
      await buildReport(db, query, now);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const started = performance.now();
        await buildReport(db, query, now);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) =>
        Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
      const report = await buildReport(db, query, now);
      console.log(
        `${engine} ${name}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (${report.totals.leadsIn} leads, ${report.totals.responded} answered, ${report.totals.policiesIssued} policies)`,
      );
    }
  } finally {
    await handle.close();
  }
}

async function main() {
  if (ONLY !== "postgres") {
    const dir = process.env.BENCH_DIR ?? mkdtempSync(path.join(tmpdir(), "agency-bench-reports-"));
    await measure("SQLite", `sqlite:${path.join(dir, "reports.db")}`);
  }
  if (ONLY === "sqlite") return;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return console.log("PostgreSQL skipped: no TEST_DATABASE_URL");
  const name = `agency_reports_bench_${COUNT}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await measure("PostgreSQL", url.toString());
}

await main();
