import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { EXPORT_IDS_PER_ENTRY, writeExportAudit } from "./audit.ts";

/** Reads are audited for breach assessment (issue 30 §3, decision 0084). */
describe.each(testEngines())("reads in the audit log on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let auth: { authorization: string };
  let staff: { userId: string; token: string };
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    staff = await signInAs(test.app, database, "manager");
    auth = { authorization: `Bearer ${staff.token}` };
    for (const [key, first] of [
      ["ana", "Ana"],
      ["bo", "Bo"],
    ] as const) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/contacts/send-contact",
        payload: {
          firstName: first,
          lastName: "Zimmer",
          email: `${key}@example.com`,
          phone: key === "ana" ? "6125550101" : "6125550102",
          subject: "Home Insurance",
          message: "Please call me about home insurance.",
          notRobot: true,
          formattedPhone: "6125550101",
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      ids[key] = response.json().data._id;
    }
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });
  const db = () => database.handle.db;
  const get = (url: string) => test.app.inject({ method: "GET", url, headers: auth });
  const entries = (action: string) =>
    db().selectFrom("audit_log").selectAll().where("action", "=", action).execute();

  it("records who opened a lead and a person: once per user, record and hour", async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await get(`/api/contacts/${ids.ana}`)).statusCode).toBe(200);
    }
    const contact = await db()
      .selectFrom("contacts")
      .select("person_id")
      .where("id", "=", ids.ana as string)
      .executeTakeFirstOrThrow();
    expect((await get(`/api/people/${contact.person_id}`)).statusCode).toBe(200);
    expect((await get(`/api/people/${contact.person_id}`)).statusCode).toBe(200);
    // A record that does not exist was not read.
    expect((await get("/api/contacts/00000000-0000-7000-8000-000000000000")).statusCode).toBe(404);
    const viewed = await entries("record.viewed");
    expect(
      viewed.map((row) => [row.actor_user_id, row.target_type, row.target_id, row.ip]).sort(),
    ).toEqual(
      [
        [staff.userId, "contact", ids.ana, "127.0.0.1"],
        [staff.userId, "person", contact.person_id, "127.0.0.1"],
      ].sort(),
    );
  });

  it("records an export with its kind, filter and the id of every row written", async () => {
    const response = await get("/api/contacts/export.csv?q=Zimmer&status=new");
    expect(response.statusCode).toBe(200);
    const [entry] = await entries("records.exported");
    expect(entry?.actor_user_id).toBe(staff.userId);
    const details = JSON.parse(entry?.details ?? "{}");
    expect(details).toMatchObject({
      kind: "contacts",
      targetType: "contact",
      filter: { status: "new" },
      searched: true,
      count: 2,
      part: 1,
      parts: 1,
    });
    // The search text may be a name: it is not kept, the rows' ids say what left.
    expect(details.filter.q).toBeUndefined();
    expect([...details.ids].sort()).toEqual([ids.ana, ids.bo].sort());

    const people = await get("/api/people/export.csv");
    expect(people.statusCode).toBe(200);
    const both = await entries("records.exported");
    const person = both.map((row) => JSON.parse(row.details)).find((d) => d.kind === "people");
    expect(person).toMatchObject({ targetType: "person", count: 2, searched: false });
  });

  it("splits a big export's ids over entries of at most ~1 MB, keeping every id", async () => {
    const many = Array.from(
      { length: 2 * EXPORT_IDS_PER_ENTRY + 7 },
      (_, i) => `0190d4a0-0000-7000-8000-${String(i).padStart(12, "0")}`,
    );
    await writeExportAudit(db(), {
      actorUserId: staff.userId,
      ip: "203.0.113.9",
      kind: "quotes",
      targetType: "auto_quote",
      filter: {},
      ids: many,
    });
    const rows = (await entries("records.exported"))
      .map((row) => ({ size: row.details.length, details: JSON.parse(row.details) }))
      .filter((row) => row.details.kind === "quotes");
    expect(rows.map((row) => row.details.part).sort()).toEqual([1, 2, 3]);
    for (const row of rows) {
      expect(row.size).toBeLessThan(1_000_000);
      expect(row.details).toMatchObject({ parts: 3, count: many.length });
    }
    expect(rows.flatMap((row) => row.details.ids).sort()).toEqual(many);
  });
});
