import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { nowIso } from "../lib/ids.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { AGENTS_PER_SLOT_KEY } from "./repository.ts";

// Monday 2026-11-23, 10:30 AM in Chicago: the clock every rule here sees.
const NOW = new Date("2026-11-23T16:30:00Z");
const DAY = "2026-11-24"; // Tuesday
let visitors = 0;
const booking = (time: string, date = DAY) => {
  visitors += 1;
  return {
    name: "Zoë Ngô-Øvergaard",
    email: `zoe${visitors}@example.com`,
    phone: `(651) 555-${String(1000 + visitors)}`,
    date,
    time,
    service: "Auto Insurance",
    message: "",
  };
};

describe.each(testEngines())("a slot's seats (decision 0033) on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let auth: { authorization: string };
  let clock = NOW;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => clock });
    auth = { authorization: `Bearer ${(await signInAs(test.app, database, "admin")).token}` };
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });
  beforeEach(async () => {
    clock = NOW;
    await setCapacity(1);
  });

  const setCapacity = async (n: number) => {
    const values = { value: JSON.stringify(n), updated_at: nowIso(), updated_by: null };
    await database.handle.db
      .insertInto("settings")
      .values({ key: AGENTS_PER_SLOT_KEY, ...values })
      .onConflict((oc) => oc.column("key").doUpdateSet(values))
      .execute();
  };
  const book = (payload: object) =>
    test.app.inject({ method: "POST", url: "/api/appointments/add-appointment", payload });
  const isAvailable = async (time: string, date = DAY) => {
    const response = await test.app.inject({
      method: "GET",
      url: `/api/appointments/available-slots?date=${date}`,
    });
    return response.json().slots.find((s: { time: string }) => s.time === time)?.available;
  };
  const setStatus = (id: string, status: string) =>
    test.app.inject({
      method: "PATCH",
      url: `/api/appointments/${id}/status`,
      headers: auth,
      payload: { status },
    });
  const heldAt = async (time: string, date = DAY) =>
    Number(
      (
        await database.handle.db
          .selectFrom("appointments")
          .select(sql<number>`count(*)`.as("n"))
          .where("date", "=", date)
          .where("time", "=", time)
          .where("seat", "is not", null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("stores exactly 2 of 30 simultaneous bookings of a slot that holds 2", async () => {
    await setCapacity(2);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => book(booking("10:00 AM"))),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(28);
    const rows = await database.handle.db
      .selectFrom("appointments")
      .select("seat")
      .where("date", "=", DAY)
      .where("time", "=", "10:00 AM")
      .orderBy("seat")
      .execute();
    expect(rows.map((r) => r.seat)).toEqual([1, 2]);
    expect(await isAvailable("10:00 AM")).toBe(false);
  });

  it("offers a slot until it holds as many as the setting says", async () => {
    await setCapacity(3);
    for (let i = 0; i < 3; i += 1) {
      expect(await isAvailable("11:00 AM")).toBe(true);
      expect((await book(booking("11:00 AM"))).statusCode).toBe(201);
    }
    expect(await isAvailable("11:00 AM")).toBe(false);
    expect((await book(booking("11:00 AM"))).statusCode).toBe(409);
    // Lowered below what it holds: nothing is taken away, nothing more is booked.
    await setCapacity(1);
    expect(await heldAt("11:00 AM")).toBe(3);
    expect((await book(booking("11:00 AM"))).statusCode).toBe(409);
  });

  it("frees the slot on Cancelled and Rescheduled, keeping the record; takes it back or refuses", async () => {
    const first = (await book(booking("01:00 PM"))).json().data._id as string;
    expect(await isAvailable("01:00 PM")).toBe(false);
    for (const status of ["cancelled", "rescheduled"]) {
      expect((await setStatus(first, status)).statusCode).toBe(200);
      expect(await isAvailable("01:00 PM")).toBe(true);
      expect((await setStatus(first, "booked")).statusCode).toBe(200);
      expect(await isAvailable("01:00 PM")).toBe(false);
    }
    await setStatus(first, "cancelled");
    const second = await book(booking("01:00 PM"));
    expect(second.statusCode).toBe(201);
    const reopened = await setStatus(first, "booked");
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().error).toBe(
      "That time slot has been booked by someone else since. Move the appointment to another time instead.",
    );
    const row = await database.handle.db
      .selectFrom("appointments")
      .select(["status", "seat"])
      .where("id", "=", first)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "cancelled", seat: null });
    expect(await heldAt("01:00 PM")).toBe(1);
  });

  it("frees the slot when archived; restoring takes it back, or is refused once it is taken", async () => {
    const id = (await book(booking("02:00 PM"))).json().data._id as string;
    const archive = () =>
      test.app.inject({
        method: "DELETE",
        url: `/api/appointments/delete-appointment/${id}`,
        headers: auth,
      });
    const restore = () =>
      test.app.inject({ method: "POST", url: `/api/appointments/${id}/restore`, headers: auth });
    expect((await archive()).statusCode).toBe(200);
    expect(await isAvailable("02:00 PM")).toBe(true);
    expect((await restore()).statusCode).toBe(200);
    expect(await isAvailable("02:00 PM")).toBe(false);
    await archive();
    expect((await book(booking("02:00 PM"))).statusCode).toBe(201);
    expect((await restore()).statusCode).toBe(409);
    expect(await heldAt("02:00 PM")).toBe(1);
  });

  it("marks No-show only once the appointment has started", async () => {
    const id = (await book(booking("03:00 PM"))).json().data._id as string;
    const early = await setStatus(id, "no-show");
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe(
      "An appointment can be marked No-show only once it has started.",
    );
    clock = new Date("2026-11-24T21:00:00Z"); // 3:00 PM in Chicago on the day
    // The next day: a fresh sign-in (an access token lasts minutes).
    auth = { authorization: `Bearer ${(await signInAs(test.app, database, "admin")).token}` };
    expect((await setStatus(id, "no-show")).statusCode).toBe(200);
    // A no-show keeps the record and its (past) slot.
    expect(await heldAt("03:00 PM")).toBe(1);
  });
});
