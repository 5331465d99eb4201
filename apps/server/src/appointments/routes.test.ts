import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

// Monday 2026-11-23, 10:30 AM in Chicago (16:30 UTC): the clock every rule here sees.
const NOW = new Date("2026-11-23T16:30:00Z");
const TODAY = "2026-11-23";
const NEXT_FREE_DAY = "2026-11-24"; // Tuesday
const booking = (overrides: Record<string, unknown> = {}) => ({
  name: "Tomás O'Neil-Berg",
  email: "tomas@example.com",
  phone: "(763) 555-0188",
  date: NEXT_FREE_DAY,
  time: "02:00 PM",
  service: "Home Insurance",
  message: "Reviewing our homeowners policy before renewal.",
  ...overrides,
});

describe.each(testEngines())("appointments on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => NOW });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const book = (payload: unknown, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: "POST",
      url: "/api/appointments/add-appointment",
      payload: payload as object,
      headers,
    });
  const slots = async (date: string) =>
    test.app.inject({ method: "GET", url: `/api/appointments/available-slots?date=${date}` });
  const countAt = async (date: string, time: string) =>
    Number(
      (
        await database.handle.db
          .selectFrom("appointments")
          .select(sql<number>`count(*)`.as("n"))
          .where("date", "=", date)
          .where("time", "=", time)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("books a free slot, answers the contract's shape and queues both emails", async () => {
    const response = await book(booking());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      data: { date: NEXT_FREE_DAY, time: "02:00 PM", service: "Home Insurance" },
    });
    const mails = await database.handle.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("related_id", "=", body.data._id)
      .orderBy("kind")
      .execute();
    expect(mails.map((m) => m.kind)).toEqual(["appointment.agency", "appointment.visitor"]);
    const [invite] = JSON.parse(mails[1]?.attachments ?? "[]") as { content: string }[];
    const ics = invite?.content ?? "";
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("DTSTART;TZID=America/Chicago:20261124T140000");
    expect(ics).toContain("DTEND;TZID=America/Chicago:20261124T143000");
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:America/Chicago");
    expect(ics).toContain(`UID:${body.data._id}@www.northlakesinsurance.com`);
    expect(ics.replace(/\r\n /g, "")).toContain(
      "LOCATION:North Lakes Insurance Agency\\, 2401 Lyndale Ave S\\, Suite 200\\, Minneapolis\\, MN 55405",
    );
    for (const line of ics.split("\r\n")) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    }
  });

  it("gives exactly one of 20 simultaneous bookings of one slot a 201, the rest 409", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book(booking({ time: "11:00 AM", email: `racer${i}@example.com` })),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const loser = responses.find((r) => r.statusCode === 409);
    expect(loser?.json().error).toBe(
      "That time slot has just been booked. Please choose another time.",
    );
    expect(await countAt(NEXT_FREE_DAY, "11:00 AM")).toBe(1);
  });

  it.each([
    ["a past day", { date: "2026-11-20" }, "date", "Please select a future date"],
    ["a Saturday", { date: "2026-11-28" }, "date", "Please select a weekday (Monday-Friday)"],
    [
      "Thanksgiving",
      { date: "2026-11-26" },
      "date",
      "The office is closed on Thanksgiving Day. Please choose another day.",
    ],
    [
      "a slot that has passed today",
      { date: TODAY, time: "09:00 AM" },
      "time",
      "That time has already passed. Please choose a later time.",
    ],
    ["no date", { date: "" }, "date", "Appointment date is required"],
    ["an unlisted time", { time: "06:00 PM" }, "time", "Please select a valid time slot"],
    ["no name", { name: "" }, "name", "Full name is required"],
    ["a one-letter name", { name: "A" }, "name", "Name must be at least 2 characters long"],
    [
      "a name with digits",
      { name: "R2D2" },
      "name",
      "Name can only contain letters, spaces, hyphens, and apostrophes",
    ],
    [
      "a 51-character name",
      { name: "A".repeat(51) },
      "name",
      "Name must be less than 50 characters",
    ],
    ["no email", { email: "" }, "email", "Email address is required"],
    ["a bad email", { email: "tomas@" }, "email", "Please enter a valid email address"],
    [
      "a 100-character email",
      { email: `${"t".repeat(88)}@example.com` },
      "email",
      "Email must be less than 100 characters",
    ],
    ["no phone", { phone: "" }, "phone", "Phone number is required"],
    ["a short phone", { phone: "555-0188" }, "phone", "Phone number must be 10 digits"],
    ["no service", { service: "" }, "service", "Insurance type is required"],
    [
      "a 1000-character message",
      { message: "m".repeat(1000) },
      "message",
      "Message must be less than 1000 characters",
    ],
  ])("refuses %s with the exact message", async (_label, overrides, field, message) => {
    const response = await book(booking({ time: "03:00 PM", ...overrides }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field, message });
  });

  it("accepts a later slot today and an empty message", async () => {
    const response = await book(booking({ date: TODAY, time: "04:00 PM", message: "" }));
    expect(response.statusCode).toBe(201);
  });

  it("lists a date's slots: booked and started ones unavailable, no personal data", async () => {
    await book(booking({ date: TODAY, time: "01:00 PM" }));
    const response = await slots(TODAY);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.slots).toHaveLength(9);
    const open = body.slots
      .filter((s: { available: boolean }) => s.available)
      .map((s: { time: string }) => s.time);
    // 10:30 AM now: 09:00 and 10:00 have started; 01:00 and 04:00 PM are booked.
    expect(open).toEqual(["11:00 AM", "12:00 PM", "02:00 PM", "03:00 PM", "05:00 PM"]);
    expect(response.body).not.toContain("@");
  });

  it("lists every slot as closed on a holiday, with the reason", async () => {
    const body = (await slots("2026-12-25")).json();
    expect(body.slots.every((s: { available: boolean }) => !s.available)).toBe(true);
    expect(body.closedReason).toBe(
      "The office is closed on Christmas Day. Please choose another day.",
    );
  });

  it("answers 400 for a malformed date", async () => {
    expect((await slots("next-tuesday")).statusCode).toBe(400);
    expect(
      (await test.app.inject({ method: "GET", url: "/api/appointments/available-slots" }))
        .statusCode,
    ).toBe(400);
  });

  it("replays a retried booking instead of answering 409 to its own retry", async () => {
    const key = randomUUID();
    const first = await book(booking({ time: "12:00 PM" }), { "idempotency-key": key });
    const retry = await book(booking({ time: "12:00 PM" }), { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
  });
});
