import { CALENDAR_MESSAGES } from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppointmentsTable } from "../db/schema.ts";
import { newLeadColumns } from "../lead/new-lead-columns.ts";
import { newId } from "../lib/ids.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

// Tuesday 2026-11-24, 10:30 AM in Chicago (16:30 UTC).
const NOW = new Date("2026-11-24T16:30:00Z");
const TODAY = "2026-11-24";

describe.each(testEngines())("the appointment calendar on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let staff: Record<"agent" | "manager" | "user", string>;
  const ids: Record<string, string> = {};

  /** A stored appointment (past days included, which the booking form refuses). */
  async function store(
    key: string,
    fields: Pick<AppointmentsTable, "date" | "time"> & Partial<AppointmentsTable>,
  ) {
    const id = newId();
    ids[key] = id;
    const person = { name: `Client ${key}`, email: `${key}@example.com`, phone: "6125550100" };
    await database.handle.db
      .insertInto("appointments")
      .values({
        id,
        ...person,
        email_key: person.email,
        service: "Home Insurance",
        message: "Private message that a calendar never shows.",
        status: "new",
        status_changed_at: NOW.toISOString(),
        created_at: NOW.toISOString(),
        ...newLeadColumns(person),
        ics_sequence: 0,
        visitor_moves: 0,
        ...fields,
      })
      .execute();
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => NOW });
    const token = async (kind: "agent" | "manager" | "user") =>
      (await signInAs(test.app, database, kind)).token;
    staff = {
      agent: await token("agent"),
      manager: await token("manager"),
      user: await token("user"),
    };
    // Monday to Friday of this week, in an order the text of the times would get wrong.
    await store("mon-late", { date: "2026-11-23", time: "01:00 PM" });
    await store("mon-early", { date: "2026-11-23", time: "09:00 AM", status: "won" });
    await store("today-pm", { date: TODAY, time: "04:00 PM", status: "no-show" });
    await store("today-noon", { date: TODAY, time: "12:00 PM", status: "booked" });
    await store("today-am", { date: TODAY, time: "10:00 AM", status: "contacted" });
    await store("today-archived", {
      date: TODAY,
      time: "02:00 PM",
      archived_at: NOW.toISOString(),
    });
    await store("wed-moved", { date: "2026-11-25", time: "09:00 AM", status: "rescheduled" });
    // A cancelled booking gave its seat back and someone else took the slot: both show.
    await store("fri", { date: "2026-11-27", time: "05:00 PM", status: "cancelled", seat: null });
    await store("fri-again", { date: "2026-11-27", time: "05:00 PM", status: "new" });
    await store("next-mon", { date: "2026-11-30", time: "09:00 AM" });
    await store("before", { date: "2026-11-20", time: "11:00 AM" });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const get = (url: string, token: string | null = staff.agent) =>
    test.app.inject({
      method: "GET",
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it("answers the live appointments of the days asked, in date and slot order, with only the calendar's fields", async () => {
    const response = await get("/api/appointments/calendar?from=2026-11-23&to=2026-11-27");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    expect(body).toMatchObject({ success: true, from: "2026-11-23", to: "2026-11-27" });
    const friday = [ids.fri, ids["fri-again"]].sort();
    expect(body.data.map((a: { _id: string }) => a._id)).toEqual([
      ...["mon-early", "mon-late", "today-am", "today-noon", "today-pm", "wed-moved"].map(
        (k) => ids[k],
      ),
      ...friday,
    ]);
    expect(body.data.map((a: { status: string }) => a.status)).toEqual(
      expect.arrayContaining(["won", "no-show", "rescheduled", "cancelled", "new"]),
    );
    expect(body.data[0]).toEqual({
      _id: ids["mon-early"],
      name: "Client mon-early",
      service: "Home Insurance",
      date: "2026-11-23",
      time: "09:00 AM",
      status: "won",
    });
    // No contact details or message leave through the calendar.
    expect(response.body).not.toContain("example.com");
    expect(response.body).not.toContain("Private message");
  });

  it("includes both ends of the span and every status; archived ones are left out", async () => {
    const day = (await get(`/api/appointments/calendar?from=${TODAY}&to=${TODAY}`)).json();
    expect(day.data.map((a: { status: string }) => a.status)).toEqual([
      "contacted",
      "booked",
      "no-show",
    ]);
    expect(JSON.stringify(day)).not.toContain(ids["today-archived"]);
    const ends = (await get("/api/appointments/calendar?from=2026-11-20&to=2026-11-30")).json();
    expect(ends.data.map((a: { _id: string }) => a._id)).toContain(ids.before);
    expect(ends.data.map((a: { _id: string }) => a._id)).toContain(ids["next-mon"]);
  });

  it("shows an archived appointment again once it is restored", async () => {
    const manager = staff.manager;
    const restored = await test.app.inject({
      method: "POST",
      url: `/api/appointments/${ids["today-archived"]}/restore`,
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(restored.statusCode).toBe(200);
    const day = (await get(`/api/appointments/calendar?from=${TODAY}&to=${TODAY}`)).json();
    expect(day.data.map((a: { _id: string }) => a._id)).toContain(ids["today-archived"]);
    const archived = await test.app.inject({
      method: "DELETE",
      url: `/api/appointments/delete-appointment/${ids["today-archived"]}`,
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(archived.statusCode).toBe(200);
    const again = (await get(`/api/appointments/calendar?from=${TODAY}&to=${TODAY}`)).json();
    expect(again.data.map((a: { _id: string }) => a._id)).not.toContain(ids["today-archived"]);
  });

  it("answers an empty span with an empty list", async () => {
    const response = await get("/api/appointments/calendar?from=2027-01-04&to=2027-01-08");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      from: "2027-01-04",
      to: "2027-01-08",
      data: [],
      closures: [],
    });
  });

  it("shows an agent the span's closures (issue 27 §4)", async () => {
    const closure = (date: string, times: [string, string] | null, reason: string) =>
      database.handle.db
        .insertInto("closures")
        .values({
          id: newId(),
          date,
          start_time: times?.[0] ?? null,
          end_time: times?.[1] ?? null,
          reason,
          created_at: NOW.toISOString(),
          created_by: null,
        })
        .execute();
    await closure("2026-11-27", null, "Staff training");
    await closure("2026-11-25", ["01:00 PM", "03:00 PM"], "Office move");
    await closure("2026-12-07", null, "Outside the span");
    const response = await get("/api/appointments/calendar?from=2026-11-23&to=2026-11-27");
    expect(response.statusCode).toBe(200);
    expect(response.json().closures).toEqual([
      { date: "2026-11-25", from: "01:00 PM", to: "03:00 PM", reason: "Office move" },
      { date: "2026-11-27", from: null, to: null, reason: "Staff training" },
    ]);
  });

  it.each([
    ["no query", "", CALENDAR_MESSAGES.from],
    ["no to", "?from=2026-11-23", CALENDAR_MESSAGES.to],
    ["a malformed date", "?from=23/11/2026&to=2026-11-27", CALENDAR_MESSAGES.from],
    ["an impossible date", "?from=2026-11-23&to=2026-02-30", CALENDAR_MESSAGES.to],
    ["a long value", `?from=${"2".repeat(5000)}&to=2026-11-27`, CALENDAR_MESSAGES.from],
    ["a NUL byte", "?from=2026-11-23%00&to=2026-11-27", CALENDAR_MESSAGES.from],
    ["the end before the start", "?from=2026-11-27&to=2026-11-23", CALENDAR_MESSAGES.order],
    ["32 days", "?from=2026-11-01&to=2026-12-02", CALENDAR_MESSAGES.span],
    ["a century", "?from=2000-01-01&to=2099-12-31", CALENDAR_MESSAGES.span],
    [
      "a repeated parameter",
      "?from=2026-11-23&from=2026-11-24&to=2026-11-27",
      CALENDAR_MESSAGES.from,
    ],
  ])("refuses %s with a 400 that says why", async (_name, query, message) => {
    const response = await get(`/api/appointments/calendar${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: message });
  });

  it("accepts 31 days", async () => {
    const response = await get("/api/appointments/calendar?from=2026-11-01&to=2026-12-01");
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(10);
  });

  it("gives today's schedule: today's live appointments in slot order, by the server's clock", async () => {
    const response = await get("/api/appointments/today");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.today).toBe(TODAY);
    expect(body.data.map((a: { _id: string }) => a._id)).toEqual(
      ["today-am", "today-noon", "today-pm"].map((k) => ids[k]),
    );
  });

  it.each([
    ["/api/appointments/calendar?from=2026-11-23&to=2026-11-27"],
    ["/api/appointments/today"],
  ])("%s: anonymous 401, a plain user 403, every staff role 200", async (url) => {
    expect((await get(url, null)).statusCode).toBe(401);
    const refused = await get(url, staff.user);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain("Client");
    expect((await get(url, staff.agent)).statusCode).toBe(200);
    expect((await get(url, staff.manager)).statusCode).toBe(200);
  });
});
