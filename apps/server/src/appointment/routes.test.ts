import { randomUUID } from "node:crypto";
import { AGENCY } from "@agency/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

// Monday 2026-11-23, 10:30 AM in Chicago (16:30 UTC): the clock every rule here sees.
const NOW = new Date("2026-11-23T16:30:00Z");
const TODAY = "2026-11-23";
const NEXT_FREE_DAY = "2026-11-24"; // Tuesday
let visitors = 0;
/** A booking by a visitor of its own (one person may hold only two upcoming bookings). */
const booking = (overrides: Record<string, unknown> = {}) => ({
  name: "Tomás O'Neil-Berg",
  email: `tomas${++visitors}@example.com`,
  phone: `(763) 555-${String(1000 + visitors)}`,
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
    // Reads right for every service ("a consultation about Auto Insurance", not "a Auto …").
    expect(mails[0]?.text_body).toContain(
      "Tomás O'Neil-Berg booked a consultation about Home Insurance for ",
    );
    const [invite] = JSON.parse(mails[1]?.attachments ?? "[]") as { content: string }[];
    const ics = invite?.content ?? "";
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("DTSTART;TZID=America/Chicago:20261124T140000");
    expect(ics).toContain("DTEND;TZID=America/Chicago:20261124T143000");
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:America/Chicago");
    expect(ics).toContain(`UID:${body.data._id}@${new URL(AGENCY.siteUrl).host}`);
    expect(ics.replace(/\r\n /g, "")).toContain(
      `LOCATION:${`${AGENCY.name}, ${AGENCY.address.singleLine}`.replaceAll(",", "\\,")}`,
    );
    for (const line of ics.split("\r\n")) {
      expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    }
  });

  it("gives exactly one of 20 simultaneous bookings of one slot a 201, the rest 409", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => book(booking({ time: "11:00 AM" }))),
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
      { email: `${"t".repeat(60)}@${"e".repeat(27)}.example.com` },
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
    const payload = booking({ time: "12:00 PM" });
    const first = await book(payload, { "idempotency-key": key });
    const retry = await book(payload, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
  });

  describe("the booking horizon and the per-person limit (issue 12)", () => {
    const tooFar = "Appointments can be booked up to 90 days ahead. Please choose an earlier date.";

    it.each([
      ["9999-03-01"],
      ["2027-02-22"], // a Monday, 91 days after 2026-11-23
    ])("refuses %s with a clear 400, and offers no slot on it", async (date) => {
      const response = await book(booking({ date }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: "date", message: tooFar }]);
      expect(await countAt(date, "02:00 PM")).toBe(0);
      const day = (await slots(date)).json();
      expect(day.closedReason).toBe(tooFar);
      expect(day.slots.every((slot: { available: boolean }) => !slot.available)).toBe(true);
    });

    it("books the last weekday inside the horizon", async () => {
      expect((await book(booking({ date: "2027-02-19", time: "09:00 AM" }))).statusCode).toBe(201);
    });

    it("follows BOOKING_HORIZON_DAYS", async () => {
      const short = await createTestApp(database, {
        clock: () => NOW,
        config: { bookingHorizonDays: 10 },
      });
      const response = await short.app.inject({
        method: "POST",
        url: "/api/appointments/add-appointment",
        payload: booking({ date: "2026-12-07" }),
      });
      await short.app.close();
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        "Appointments can be booked up to 10 days ahead. Please choose an earlier date.",
      );
    });

    const tooMany = `You already have 2 upcoming appointments with us. To book another or change one, please call us at ${AGENCY.phone}.`;

    it("holds at most two upcoming bookings per email address, whatever its case", async () => {
      const email = "Squatter@Example.com";
      const on = (date: string, mail: string) => booking({ date, time: "03:00 PM", email: mail });
      expect((await book(on("2026-12-01", email))).statusCode).toBe(201);
      expect((await book(on("2026-12-02", email.toLowerCase()))).statusCode).toBe(201);
      const third = await book(on("2026-12-03", "squatter@example.COM"));
      expect(third.statusCode).toBe(409);
      expect(third.json().error).toBe(tooMany);
      expect(await countAt("2026-12-03", "03:00 PM")).toBe(0);
    });

    it("counts a +tag, a fullwidth and a differently cased address as the same person (decision 0048)", async () => {
      const on = (date: string, email: string) => booking({ date, time: "04:00 PM", email });
      const first = await book(on("2027-01-11", "Tag.Person+quotes@Example.com"));
      const second = await book(on("2027-01-12", "ｔａｇ.person@ｅｘａｍｐｌｅ.com"));
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      for (const [date, email] of [
        ["2027-01-13", "tag.person+family@example.com"],
        ["2027-01-14", "ＴＡＧ．ＰＥＲＳＯＮ＋ｘ＠ＥＸＡＭＰＬＥ．ＣＯＭ"],
        ["2027-01-15", "tag.person@example.com"],
      ] as const) {
        const third = await book(on(date, email));
        expect(third.statusCode, email).toBe(409);
        expect(third.json().error).toBe(tooMany);
      }
      // Each booking keeps the address as typed (its field's normalisation only: NFKC).
      const stored = await database.handle.db
        .selectFrom("appointments")
        .select("email")
        .where("id", "in", [first.json().data._id, second.json().data._id])
        .orderBy("date")
        .execute();
      expect(stored.map((row) => row.email)).toEqual([
        "Tag.Person+quotes@Example.com",
        "tag.person@example.com",
      ]);
    });

    it("stores exactly two of 6 concurrent bookings by one person writing their address 6 ways", async () => {
      const emails = [
        "twins@example.com",
        "Twins@Example.com",
        "twins+a@example.com",
        "ｔｗｉｎｓ@example.com",
        "TWINS+B@EXAMPLE.COM",
        "ｔｗｉｎｓ＋ｃ＠ｅｘａｍｐｌｅ．ｃｏｍ",
      ];
      const responses = await Promise.all(
        emails.map((email, i) =>
          book(
            booking({
              date: ["2027-01-19", "2027-01-20", "2027-01-21"][i % 3],
              time: "09:00 AM",
              email,
            }),
          ),
        ),
      );
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([201, 201, 409, 409, 409, 409]);
    });

    it("holds at most two upcoming bookings per phone number, however it is written", async () => {
      const on = (date: string, phone: string) => booking({ date, time: "03:00 PM", phone });
      expect((await book(on("2026-12-08", "(952) 555-0177"))).statusCode).toBe(201);
      expect((await book(on("2026-12-09", "+1 952 555 0177"))).statusCode).toBe(201);
      const third = await book(on("2026-12-10", "952.555.0177"));
      expect(third.statusCode).toBe(409);
      expect(third.json().error).toBe(tooMany);
    });

    it("counts only upcoming, open bookings", async () => {
      const email = "returning@example.com";
      const on = (date: string) => booking({ date, time: "04:00 PM", email });
      const first = (await book(on("2026-12-14"))).json().data._id as string;
      expect((await book(on("2026-12-15"))).statusCode).toBe(201);
      expect((await book(on("2026-12-16"))).statusCode).toBe(409);
      // A lost lead and a past visit free a place.
      await database.handle.db
        .updateTable("appointments")
        .set({ status: "lost" })
        .where("id", "=", first)
        .execute();
      expect((await book(on("2026-12-16"))).statusCode).toBe(201);
      expect((await book(on("2026-12-17"))).statusCode).toBe(409);
      await database.handle.db
        .updateTable("appointments")
        .set({ date: "2026-11-20" })
        .where("email", "=", email)
        .where("date", "=", "2026-12-15")
        .execute();
      expect((await book(on("2026-12-17"))).statusCode).toBe(201);
    });

    it("replays a retry of a booking made before the limit was reached", async () => {
      const email = "retry.limit@example.com";
      const key = randomUUID();
      const second = booking({ date: "2026-12-22", time: "04:00 PM", email });
      expect(
        (await book(booking({ date: "2026-12-21", time: "04:00 PM", email }))).statusCode,
      ).toBe(201);
      const first = await book(second, { "idempotency-key": key });
      const retry = await book(second, { "idempotency-key": key });
      expect(first.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
    });

    it("stores exactly two of 12 concurrent bookings by one person", async () => {
      const email = "racing.squatter@example.com";
      const times = ["09:00 AM", "10:00 AM", "11:00 AM", "01:00 PM", "02:00 PM", "03:00 PM"];
      const responses = await Promise.all(
        ["2027-01-05", "2027-01-06"].flatMap((date) =>
          times.map((time) => book(booking({ date, time, email, phone: "(320) 555-0111" }))),
        ),
      );
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes.filter((code) => code === 201)).toHaveLength(2);
      expect(codes.filter((code) => code === 409)).toHaveLength(10);
      const stored = await database.handle.db
        .selectFrom("appointments")
        .select("id")
        .where("email", "=", email)
        .execute();
      expect(stored).toHaveLength(2);
      const mails = await database.handle.db
        .selectFrom("mail_outbox")
        .select("id")
        .where("to_address", "=", email)
        .execute();
      expect(mails).toHaveLength(2);
    });
  });
});
