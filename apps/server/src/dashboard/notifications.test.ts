import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";

describe.each(testEngines())("the bell's unread items on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let mine: { authorization: string };
  let theirs: { authorization: string };
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    mine = { authorization: `Bearer ${(await signInAs(test.app, database, "admin")).token}` };
    theirs = { authorization: `Bearer ${(await signInAs(test.app, database, "admin")).token}` };
    for (const name of ["Ann", "Bo"]) {
      const sent = await test.app.inject({
        method: "POST",
        url: "/api/contacts/send-contact",
        payload: {
          firstName: name,
          lastName: "Bell",
          email: `${name.toLowerCase()}@example.com`,
          phone: "6125550100",
          subject: "Other",
          message: "Please call me back about my policy.",
          notRobot: true,
        },
      });
      ids[name] = sent.json().data._id;
    }
    const quote = await test.app.inject({
      method: "POST",
      url: "/api/auto-quotes/send-auto-quote",
      payload: validQuotePayload(),
    });
    ids.quote = quote.json().data._id;
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const bell = async (headers = mine) =>
    (await test.app.inject({ method: "GET", url: "/api/dashboard/notifications", headers })).json();
  const post = (url: string, payload?: object, headers = mine) =>
    test.app.inject({ method: "POST", url, headers, ...(payload ? { payload } : {}) });

  it("counts unread leads per user and lists the newest; looking at the bell clears nothing", async () => {
    const first = await bell();
    expect(first).toMatchObject({ total: 3, quotes: 1, contacts: 2, appointments: 0 });
    expect(first.items.map((i: { _id: string }) => i._id).sort()).toEqual(
      [ids.Ann, ids.Bo, ids.quote].sort(),
    );
    expect(first.items.find((i: { type: string }) => i.type === "quote")).toMatchObject({
      name: "Maria Lindqvist",
      detail: "Auto quote · 2021 Subaru SUV",
    });
    expect((await bell()).total).toBe(3);
  });

  it("drops an item the user opened, for that user only; again changes nothing", async () => {
    const read = await post("/api/dashboard/notifications/read", { type: "contact", id: ids.Ann });
    expect(read.statusCode).toBe(200);
    expect(
      (await post("/api/dashboard/notifications/read", { type: "contact", id: ids.Ann }))
        .statusCode,
    ).toBe(200);
    const after = await bell();
    expect(after).toMatchObject({ total: 2, contacts: 1 });
    expect(after.items.map((i: { _id: string }) => i._id)).not.toContain(ids.Ann);
    expect((await bell(theirs)).total).toBe(3);
    // The overview carries the same counts.
    const overview = (
      await test.app.inject({ method: "GET", url: "/api/dashboard/overview", headers: mine })
    ).json();
    expect(overview.notifications.total).toBe(2);
  });

  it("leaves archived leads out, and marks all read", async () => {
    await test.app.inject({
      method: "DELETE",
      url: `/api/contacts/delete-contact/${ids.Bo}`,
      headers: mine,
    });
    expect((await bell(theirs)).total).toBe(2);
    expect((await post("/api/dashboard/notifications/seen", undefined, theirs)).statusCode).toBe(
      200,
    );
    expect(await bell(theirs)).toMatchObject({ total: 0, items: [] });
    expect((await bell()).total).toBe(1);
  });

  it("answers 404 for an unknown lead and 400 for a bad body", async () => {
    const unknown = await post("/api/dashboard/notifications/read", { type: "quote", id: "nope" });
    expect(unknown.statusCode).toBe(404);
    const wrongKind = await post("/api/dashboard/notifications/read", {
      type: "contact",
      id: ids.quote,
    });
    expect(wrongKind.statusCode).toBe(404);
    const bad = await post("/api/dashboard/notifications/read", { type: "policy", id: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("type must be quote, contact or appointment");
  });
});

describe.each(testEngines())("the dashboard's poll for new leads on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let staff: { authorization: string };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    staff = { authorization: `Bearer ${(await signInAs(test.app, database, "admin")).token}` };
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const latest = async () =>
    (
      await test.app.inject({ method: "GET", url: "/api/dashboard/latest-leads", headers: staff })
    ).json();
  const createdAt = async (table: "contacts" | "auto_quotes", id: string) =>
    (
      await database.handle.db
        .selectFrom(table)
        .select("created_at")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).created_at;

  it("answers when the newest lead of each kind arrived, and moves with each new lead", async () => {
    expect(await latest()).toEqual({ quote: null, contact: null, appointment: null });
    const quote = await test.app.inject({
      method: "POST",
      url: "/api/auto-quotes/send-auto-quote",
      payload: validQuotePayload(),
    });
    const quoteAt = await createdAt("auto_quotes", quote.json().data._id);
    expect(await latest()).toEqual({ quote: quoteAt, contact: null, appointment: null });
    const again = await test.app.inject({
      method: "POST",
      url: "/api/auto-quotes/send-auto-quote",
      payload: validQuotePayload(),
    });
    expect((await latest()).quote).toBe(await createdAt("auto_quotes", again.json().data._id));
  });

  it("is for staff only", async () => {
    const stranger = await test.app.inject({ method: "GET", url: "/api/dashboard/latest-leads" });
    expect(stranger.statusCode).toBe(401);
  });
});
