/**
 * `node apps/server/scripts/bench-import.ts`: issue 28 §4's book, 50,000 policies (each
 * with a person of its own) imported through POST /api/imports as an Admin, on SQLite and
 * (with TEST_DATABASE_URL) PostgreSQL, into a fresh database; then the same file again
 * (everything already there). Goal: under 60 s. BENCH_COUNT changes the size, BENCH_ONLY
 * picks one engine.
 */
import { createTestApp } from "../src/test/app.ts";
import { signInAs } from "../src/test/auth.ts";
import { BOOK_MAPPING, bookCsv } from "../src/test/book-csv.ts";
import { createTestDatabase, type Engine } from "../src/test/databases.ts";

const COUNT = Number(process.env.BENCH_COUNT ?? 50_000);
const ONLY = process.env.BENCH_ONLY;

async function measure(engine: Engine): Promise<void> {
  const database = await createTestDatabase(engine);
  const test = await createTestApp(database, { config: { logLevel: "warn" } });
  try {
    const admin = await signInAs(test.app, database, "admin", "bench-admin@example.com");
    const csv = bookCsv(COUNT, "BENCH");
    const payload = JSON.stringify({ csv, mapping: BOOK_MAPPING });
    for (const round of ["first import", "same file again"]) {
      const started = performance.now();
      const response = await test.app.inject({
        method: "POST",
        url: "/api/imports",
        payload,
        headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
      });
      const ms = Math.round(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      const { data } = response.json();
      console.log(
        `${engine}: ${round}: ${COUNT} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB) in ${ms} ms: ${data.created} created, ${data.existing} already there, ${data.peopleCreated} people created, ${data.errors.length} errors`,
      );
    }
  } finally {
    await test.app.close();
    await database.drop();
  }
}

if (ONLY !== "postgres") await measure("sqlite");
if (process.env.TEST_DATABASE_URL && ONLY !== "sqlite") await measure("postgres");
