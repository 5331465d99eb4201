import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";

const DAY_MS = 86_400_000;

const contact = (firstName: string, email: string) => ({
  firstName,
  lastName: "Archer",
  email,
  phone: "6125550100",
  subject: "Other",
  message: "Please call me back about my policy.",
  notRobot: true,
});

/** The next weekday at least `days` ahead, as YYYY-MM-DD. */
function weekdayAhead(days: number): string {
  const date = new Date(Date.now() + days * DAY_MS);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

describe.each(testEngines())("archive instead of delete on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    auth = { authorization: `Bearer ${(await signInAs(test.app, database, "admin")).token}` };
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const call = (method: "GET" | "POST" | "DELETE", url: string) =>
    test.app.inject({ method, url, headers: auth });
  const send = async (firstName: string, email = `${firstName.toLowerCase()}@example.com`) => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: contact(firstName, email),
    });
    return response.json().data._id as string;
  };
  const names = async (query = "") =>
    (await call("GET", `/api/contacts/list-contacts${query}`))
      .json()
      .contacts.map((c: { firstName: string }) => c.firstName);

  it("archives on DELETE: gone from lists, counts, bell, timeline and export; a second DELETE is 404", async () => {
    const keep = await send("Keep", "same@example.com");
    const gone = await send("Gone", "same@example.com");
    const before = (await call("GET", "/api/dashboard/overview")).json();
    const bellBefore = (await call("GET", "/api/dashboard/notifications")).json().total;

    const archived = await call("DELETE", `/api/contacts/delete-contact/${gone}`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toEqual({ success: true });
    expect((await call("DELETE", `/api/contacts/delete-contact/${gone}`)).statusCode).toBe(404);

    expect(await names()).toEqual(["Keep"]);
    expect((await call("GET", "/api/contacts/list-contacts")).json().total).toBe(1);
    expect(await names("?q=archer")).toEqual(["Keep"]);
    const after = (await call("GET", "/api/dashboard/overview")).json();
    expect(after.counts.contacts).toBe(before.counts.contacts - 1);
    expect(after.trends.contacts.last30Days).toBe(before.trends.contacts.last30Days - 1);
    expect(after.recent.contacts.map((c: { _id: string }) => c._id)).not.toContain(gone);
    expect((await call("GET", "/api/dashboard/notifications")).json().total).toBe(bellBefore - 1);
    const timeline = (await call("GET", "/api/prospects/timeline?email=same%40example.com")).json();
    expect(timeline.items.map((i: { _id: string }) => i._id)).toEqual([keep]);
    const people = (await call("GET", "/api/prospects/search?q=gone")).json().people;
    expect(people).toEqual([]);
    const csv = (await call("GET", "/api/contacts/export.csv")).body;
    expect(csv).toContain(keep);
    expect(csv).not.toContain(gone);

    // The Archived filter shows only archived leads, with when they were archived.
    const onlyArchived = (await call("GET", "/api/contacts/list-contacts?archived=true")).json();
    expect(onlyArchived.contacts.map((c: { _id: string }) => c._id)).toEqual([gone]);
    expect(onlyArchived.contacts[0].archivedAt).toEqual(expect.any(String));
    expect(onlyArchived.total).toBe(1);
    const archivedCsv = (await call("GET", "/api/contacts/export.csv?archived=true")).body;
    expect(archivedCsv).toContain(gone);
    expect(archivedCsv).not.toContain(keep);

    const audit = await database.handle.db
      .selectFrom("audit_log")
      .select(["action", "target_id", "actor_user_id"])
      .where("target_id", "=", gone)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["record.archived"]);
    const row = await database.handle.db
      .selectFrom("contacts")
      .select(["archived_at", "archived_by"])
      .where("id", "=", gone)
      .executeTakeFirstOrThrow();
    expect(row.archived_by).toBe(audit[0]?.actor_user_id);
  });

  it("restores within 30 days (audited), and not a live lead, an unknown id or after 30 days", async () => {
    const id = await send("Undo");
    expect((await call("POST", `/api/contacts/${id}/restore`)).statusCode).toBe(404);
    await call("DELETE", `/api/contacts/delete-contact/${id}`);
    expect(await names()).not.toContain("Undo");
    const restored = await call("POST", `/api/contacts/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(await names()).toContain("Undo");
    expect((await call("POST", `/api/contacts/${id}/restore`)).statusCode).toBe(404);
    expect((await call("POST", "/api/contacts/no-such-id/restore")).statusCode).toBe(404);
    const actions = await database.handle.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", id)
      .orderBy("created_at")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["record.archived", "record.restored"]);

    await call("DELETE", `/api/contacts/delete-contact/${id}`);
    // Archived 30 days and a minute ago: too late.
    await database.handle.db
      .updateTable("contacts")
      .set({ archived_at: new Date(Date.now() - 30 * DAY_MS - 60_000).toISOString() })
      .where("id", "=", id)
      .execute();
    const late = await call("POST", `/api/contacts/${id}/restore`);
    expect(late.statusCode).toBe(404);
    expect(late.json().error).toMatch(/30 days/);
  });

  it("archives and restores quotes and appointments the same way", async () => {
    const quote = await test.app.inject({
      method: "POST",
      url: "/api/auto-quotes/send-auto-quote",
      payload: validQuotePayload(),
    });
    const quoteId = quote.json().data._id;
    expect((await call("DELETE", `/api/auto-quotes/delete-auto-quote/${quoteId}`)).statusCode).toBe(
      200,
    );
    expect((await call("GET", "/api/auto-quotes/get-all-auto-quotes")).json().data).toEqual([]);
    expect(
      (await call("GET", "/api/auto-quotes/get-all-auto-quotes?archived=true")).json().data[0]
        .drivers,
    ).toHaveLength(2);
    expect((await call("DELETE", `/api/auto-quotes/delete-auto-quote/${quoteId}`)).statusCode).toBe(
      404,
    );
    expect((await call("POST", `/api/auto-quotes/${quoteId}/restore`)).statusCode).toBe(200);
    expect((await call("GET", "/api/auto-quotes/get-all-auto-quotes")).json().data).toHaveLength(1);

    const booked = await test.app.inject({
      method: "POST",
      url: "/api/appointments/add-appointment",
      payload: {
        name: "Ann Archer",
        email: "ann.archer@example.com",
        phone: "6125550111",
        date: weekdayAhead(7),
        time: "10:00 AM",
        service: "Auto Insurance",
        message: "",
      },
    });
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json().data._id;
    const path = `/api/appointments/delete-appointment/${bookingId}`;
    expect((await call("DELETE", path)).statusCode).toBe(200);
    expect((await call("GET", "/api/appointments/get-appointments")).json().data).toEqual([]);
    expect((await call("DELETE", path)).statusCode).toBe(404);
    expect((await call("POST", `/api/appointments/${bookingId}/restore`)).statusCode).toBe(200);
    expect((await call("GET", "/api/appointments/get-appointments")).json().total).toBe(1);
  });

  it("refuses a bad archived filter with a 400", async () => {
    const response = await call("GET", "/api/contacts/list-contacts?archived=maybe");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("archived must be true or false");
  });
});
