import { emailKey } from "@agency/domain";
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../lib/ids.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { openBookingQueries } from "./repository.ts";

/** Upcoming bookings of 2,000 people over about a year of slots, as a busy calendar holds. */
async function seedCalendar(database: TestDatabase) {
  const rows = Array.from({ length: 2000 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 11, 1) + Math.floor(i / 9) * 86_400_000);
    return {
      id: newId(),
      name: `Person ${i}`,
      email: `person${i}@example.com`,
      email_key: `person${i}@example.com`,
      phone: `612${String(2_000_000 + i)}`,
      date: day.toISOString().slice(0, 10),
      time: `${String(9 + (i % 9)).padStart(2, "0")}:00`,
      service: "Auto Insurance",
      message: "",
      created_at: "2026-11-28T12:00:00.000Z",
      status: "new",
      source: "web",
      search_text: "",
      seat: 1,
      ics_uid: `uid-${i}`,
    };
  });
  for (let start = 0; start < rows.length; start += 250) {
    await database.handle.db
      .insertInto("appointments")
      .values(rows.slice(start, start + 250) as never[])
      .execute();
  }
}

describe.each(testEngines())("a person's open bookings on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedCalendar(database);
    // PostgreSQL plans from statistics (autovacuum keeps them); SQLite runs without any.
    if (engine === "postgres") await sql`analyze appointments`.execute(database.handle.db);
  });
  afterAll(() => database.drop());

  it("looks the person up by their own index on each side, never reading the whole calendar", async () => {
    // The key of a tagged, fullwidth, upper-case writing of person 7's address (decision 0048).
    const queries = openBookingQueries(
      database.handle.db,
      { emailKey: emailKey("ＰＥＲＳＯＮ７+work@Example.com"), phone: "6122000011" },
      "2026-11-28",
    );
    for (const [side, index] of [
      ["byEmail", "appointments_person_email_key_idx"],
      ["byPhone", "appointments_person_phone_idx"],
    ] as const) {
      const query = queries[side].compile();
      const explain = engine === "sqlite" ? "explain query plan " : "explain ";
      const plan = await database.handle.db.executeQuery(
        CompiledQuery.raw(explain + query.sql, [...query.parameters]),
      );
      expect(JSON.stringify(plan.rows)).toContain(index);
    }
    const idOf = async (email: string) =>
      (
        await database.handle.db
          .selectFrom("appointments")
          .select("id")
          .where("email", "=", email)
          .executeTakeFirstOrThrow()
      ).id;
    expect(await queries.byEmail.execute()).toEqual([{ id: await idOf("person7@example.com") }]);
    expect(await queries.byPhone.execute()).toEqual([{ id: await idOf("person11@example.com") }]);
  });
});
