/**
 * `node apps/server/scripts/bench-people-migration.ts`: the people migration (issue 27 §1,
 * 20261129000000) timed on `BENCH_COUNT` (100,000) quotes, messages and appointments of the
 * demo seed, on SQLite and (with `TEST_DATABASE_URL`) PostgreSQL, then the duplicate keys
 * migration after it (20261129000500). Goal: under a minute.
 * `BENCH_ONLY=sqlite|postgres` runs one engine.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { seedDemo } from "../src/cli/seed-demo.ts";
import { openDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import * as people from "../src/db/migrations/20261129000000_people.ts";
import * as personLiveBeforeTally from "../src/db/migrations/20261129000450_person_live_before_tally.ts";
import * as duplicateKeys from "../src/db/migrations/20261129000500_duplicate_keys.ts";
import * as policies from "../src/db/migrations/20261129010000_policies.ts";
import * as renewals from "../src/db/migrations/20261129020000_renewals.ts";
import * as figures from "../src/db/migrations/20261129030000_figures.ts";
import * as reportTally from "../src/db/migrations/20261129050000_report_tally.ts";
import * as policyTally from "../src/db/migrations/20261129050100_policy_tally.ts";
import * as serviceRequests from "../src/db/migrations/20261130010000_service_requests.ts";

const COUNT = Number(process.env.BENCH_COUNT ?? 100_000);
const ONLY = process.env.BENCH_ONLY;

async function measure(engine: string, url: string, seed = true): Promise<void> {
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle.db);
    let started = performance.now();
    if (seed) {
      await seedDemo(handle.db, COUNT, new Date(), { people: false });
      console.log(
        `${engine}: seeded ${COUNT} of each kind in ${Math.round(performance.now() - started)} ms`,
      );
    }
    // The duplicate keys hang on `persons`: taken down first, and timed after (decision 0071).
    // Later migrations whose tables hang on `persons` are taken down first.
    await handle.db.transaction().execute((trx) => serviceRequests.down(trx));
    await handle.db.transaction().execute((trx) => policyTally.down(trx));
    await handle.db.transaction().execute((trx) => reportTally.down(trx));
    await handle.db.transaction().execute((trx) => figures.down(trx));
    await handle.db.transaction().execute((trx) => renewals.down(trx));
    await handle.db.transaction().execute((trx) => policies.down(trx));
    await handle.db.transaction().execute((trx) => duplicateKeys.down(trx));
    await handle.db.transaction().execute((trx) => personLiveBeforeTally.down(trx));
    await handle.db.transaction().execute((trx) => people.down(trx));
    started = performance.now();
    await handle.db.transaction().execute((trx) => people.up(trx));
    await handle.db.transaction().execute((trx) => personLiveBeforeTally.up(trx));
    const ms = Math.round(performance.now() - started);
    const { rows } = await sql<{ n: number }>`select count(*) as n from persons`.execute(handle.db);
    console.log(
      `${engine}: people migration over ${COUNT * 3} leads: ${ms} ms, ${Number(rows[0]?.n)} people`,
    );
    started = performance.now();
    await handle.db.transaction().execute((trx) => duplicateKeys.up(trx));
    const keysMs = Math.round(performance.now() - started);
    await handle.db.transaction().execute((trx) => policies.up(trx));
    await handle.db.transaction().execute((trx) => renewals.up(trx));
    const { rows: keys } = await sql<{ n: number; shared: number }>`
      select count(*) as n, sum(case when people > 1 then 1 else 0 end) as shared
      from duplicate_groups`.execute(handle.db);
    console.log(
      `${engine}: duplicate keys migration: ${keysMs} ms, ${Number(keys[0]?.n)} distinct keys, ${Number(keys[0]?.shared)} shared by two or more`,
    );
  } finally {
    await handle.close();
  }
}

if (ONLY !== "postgres") {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-people-mig-"));
  try {
    await measure("sqlite", `sqlite:${path.join(dir, "bench.db")}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const admin = process.env.TEST_DATABASE_URL;
if (admin && ONLY !== "sqlite") {
  // BENCH_KEEP=1 keeps the seeded database (named by the count) for the next run.
  const keep = process.env.BENCH_KEEP === "1";
  const name = keep ? `agency_people_mig_${COUNT}` : `agency_people_mig_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
  if (!rowCount) await client.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  try {
    await measure("postgres", url.toString(), !rowCount);
  } finally {
    if (!keep) await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}
