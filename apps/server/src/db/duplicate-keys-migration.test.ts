import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";
import * as duplicateKeysMigration from "./migrations/20261129000500_duplicate_keys.ts";

let now = new Date("2026-11-23T16:30:00Z");

describe.each(testEngines())("the duplicate keys migration on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => now });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const stored = async () => ({
    keys: (await database.handle.db.selectFrom("person_duplicate_keys").selectAll().execute())
      .map((row) => `${row.key} ${row.person_id}`)
      .sort(),
    groups: (await database.handle.db.selectFrom("duplicate_groups").selectAll().execute())
      .map((row) => `${row.key} ${Number(row.people)}`)
      .sort(),
  });

  it("backfills the keys the server keeps, counts the groups, then keeps counting", async () => {
    for (const [i, info] of [
      { email: "lee.one+a@gmail.com", zip: "55409", dob: "1980-01-01" },
      { email: "leeone@gmail.com", zip: "55409", dob: "1980-01-01" },
      { email: "lee.three@example.com", zip: "55101", dob: "1980-01-01" },
    ].entries()) {
      const body = validQuotePayload();
      Object.assign(body.personalInfo, { ...info, phone: `612555030${i}` });
      now = new Date(now.getTime() + 60_000);
      const response = await test.app.inject({
        method: "POST",
        url: "/api/auto-quotes/send-auto-quote",
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const kept = await stored();
    expect(kept.groups.filter((group) => !group.endsWith(" 1")).length).toBe(3);
    const db = database.handle.db;
    await db.transaction().execute((trx) => duplicateKeysMigration.down(trx));
    await db.transaction().execute((trx) => duplicateKeysMigration.up(trx));
    expect(await stored()).toEqual(kept);
    // The triggers count from there on; a person who goes takes their keys with them.
    const person = await db
      .selectFrom("persons")
      .select("id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("auto_quotes")
      .set({ person_id: null })
      .where("person_id", "=", person.id)
      .execute();
    await db.deleteFrom("person_keys").where("person_id", "=", person.id).execute();
    await db.deleteFrom("persons").where("id", "=", person.id).execute();
    const after = await stored();
    expect(after.keys.some((row) => row.endsWith(person.id))).toBe(false);
    expect(after.groups.filter((group) => !group.endsWith(" 1")).length).toBe(1);
  });
});
