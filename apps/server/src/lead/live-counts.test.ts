import { addDays, agencyDayStart, parseCalendarDate } from "@agency/domain";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../lib/ids.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { contactRow } from "../test/fixtures.ts";
import { countLive, countLivePerWindow } from "./live-counts.ts";

const HOUR_MS = 3_600_000;
// Around the end of daylight saving time in Chicago (2026-11-01), so Central days of 23, 24
// and 25 hours are all covered.
const ORIGIN = Date.parse("2026-10-30T00:00:00.000Z");
const SPAN_MS = 6 * 24 * HOUR_MS;

const instant = fc
  .integer({ min: 0, max: SPAN_MS - 1 })
  .map((ms) => new Date(ORIGIN + ms).toISOString());
// Whole hours, minutes and exact milliseconds, so bucket edges are hit on both sides.
const bound = fc.oneof(
  instant,
  fc
    .integer({ min: 0, max: SPAN_MS / HOUR_MS })
    .map((h) => new Date(ORIGIN + h * HOUR_MS).toISOString()),
);

type Op = { kind: "insert"; at: string } | { kind: "archive" | "restore" | "delete"; pick: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: instant.map((at) => ({ kind: "insert" as const, at })) },
  ...(["archive", "restore", "delete"] as const).map((kind) =>
    fc.nat().map((pick) => ({ kind, pick })),
  ),
);

describe.each(testEngines())("the hourly tally of live leads on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.drop();
  });

  const countDirectly = async (from: string | null, to: string | null) => {
    let query = database.handle.db
      .selectFrom("contacts")
      .select(sql<number>`count(*)`.as("n"))
      .where("archived_at", "is", null);
    if (from !== null) query = query.where("created_at", ">=", from);
    if (to !== null) query = query.where("created_at", "<", to);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  it("equals a count of the rows after any inserts, archives, restores and deletes, for any window", async () => {
    const db = database.handle.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { maxLength: 40 }),
        fc.array(fc.tuple(fc.option(bound), fc.option(bound)), { minLength: 1, maxLength: 6 }),
        async (ops, windows) => {
          for (const step of ops) {
            if (step.kind === "insert") {
              await db
                .insertInto("contacts")
                .values({ ...contactRow(newId()), created_at: step.at })
                .execute();
              continue;
            }
            const rows = await db
              .selectFrom("contacts")
              .select(["id", "archived_at"])
              .orderBy("id")
              .execute();
            const row = rows[step.pick % Math.max(rows.length, 1)];
            if (!row) continue;
            if (step.kind === "delete") {
              await db.deleteFrom("contacts").where("id", "=", row.id).execute();
            } else {
              await db
                .updateTable("contacts")
                .set({ archived_at: step.kind === "archive" ? new Date().toISOString() : null })
                .where("id", "=", row.id)
                .execute();
            }
          }
          for (const [from, to] of windows) {
            expect(await countLive(db, "contacts", from, to)).toBe(await countDirectly(from, to));
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it("counts each Central day across the change from daylight saving time", async () => {
    const db = database.handle.db;
    const first = parseCalendarDate("2026-10-29");
    if (!first) throw new Error("bad date");
    const bounds = Array.from({ length: 8 }, (_, i) =>
      agencyDayStart(addDays(first, i)).toISOString(),
    );
    const expected = [];
    for (let i = 0; i < bounds.length - 1; i += 1) {
      expected.push(await countDirectly(bounds[i] ?? null, bounds[i + 1] ?? null));
    }
    expect(expected.some((n) => n > 0)).toBe(true);
    expect(await countLivePerWindow(db, "contacts", bounds)).toEqual(expected);
    // Bounds off the hour are counted exactly too.
    const odd = [
      "2026-10-30T05:17:00.000Z",
      "2026-10-31T12:00:00.001Z",
      "2026-11-03T00:00:00.000Z",
    ];
    expect(await countLivePerWindow(db, "contacts", odd)).toEqual([
      await countDirectly(odd[0] ?? null, odd[1] ?? null),
      await countDirectly(odd[1] ?? null, odd[2] ?? null),
    ]);
  });

  it("is filled from the rows already there when the migration runs", async () => {
    // The tally's total equals the rows' count, whatever the earlier tests left.
    const db = database.handle.db;
    const { n } = await db
      .selectFrom("lead_hour_counts")
      .select(sql<number>`sum(live)`.as("n"))
      .where("lead_table", "=", "contacts")
      .executeTakeFirstOrThrow();
    expect(Number(n ?? 0)).toBe(await countDirectly(null, null));
  });
});
