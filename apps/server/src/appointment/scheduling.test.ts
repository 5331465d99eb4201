import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

// Monday 2026-11-23, 10:30 AM in Chicago: the clock every rule here sees.
const NOW = new Date("2026-11-23T16:30:00Z");
const TODAY = "2026-11-23";
const DAY = "2026-11-24"; // Tuesday
const LATER = "2026-11-25"; // Wednesday
let visitors = 0;
const booking = (time: string, date = DAY) => {
  visitors += 1;
  return {
    name: "Zoë Ngô-Øvergaard",
    email: `closure${visitors}@example.com`,
    phone: `(651) 555-${String(2000 + visitors)}`,
    date,
    time,
    service: "Auto Insurance",
    message: "",
  };
};

describe.each(testEngines())("scheduling settings and closures (decision 0034) on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let admin: { authorization: string };
  let manager: { authorization: string };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => NOW });
    admin = { authorization: `Bearer ${(await signInAs(test.app, database, "admin")).token}` };
    manager = { authorization: `Bearer ${(await signInAs(test.app, database, "manager")).token}` };
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });
  beforeEach(async () => {
    await database.handle.db.deleteFrom("closures").execute();
    await putCapacity(1);
  });

  const putCapacity = (agentsPerSlot: unknown, headers = admin) =>
    test.app.inject({
      method: "PUT",
      url: "/api/settings/scheduling",
      headers,
      payload: { agentsPerSlot },
    });
  const addClosure = (payload: object, headers = admin) =>
    test.app.inject({ method: "POST", url: "/api/settings/closures", headers, payload });
  const listClosures = (headers = admin) =>
    test.app.inject({ method: "GET", url: "/api/settings/closures", headers });
  const book = (payload: object) =>
    test.app.inject({ method: "POST", url: "/api/appointments/add-appointment", payload });
  const slotsOf = async (date = DAY) =>
    (
      await test.app.inject({
        method: "GET",
        url: `/api/appointments/available-slots?date=${date}`,
      })
    ).json() as {
      slots: { time: string; available: boolean }[];
      closedReason?: string;
    };
  const openTimes = async (date = DAY) =>
    (await slotsOf(date)).slots.filter((s) => s.available).map((s) => s.time);

  describe("agents per slot", () => {
    it("reads the default, saves 1–20 and audits the change", async () => {
      const read = await test.app.inject({
        method: "GET",
        url: "/api/settings/scheduling",
        headers: admin,
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ agentsPerSlot: 1, maxAgentsPerSlot: 20 });
      const saved = await putCapacity(4);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ agentsPerSlot: 4, maxAgentsPerSlot: 20 });
      expect(saved.json().updatedAt).toBe(NOW.toISOString());
      const audit = await database.handle.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "settings.updated")
        .where("target_id", "=", "scheduling.agentsPerSlot")
        .orderBy("created_at", "desc")
        .execute();
      expect(audit.map((row) => JSON.parse(row.details))).toContainEqual({
        agentsPerSlot: { from: 1, to: 4 },
      });
    });

    it.each([
      [0, "Agents per slot must be between 1 and 20"],
      [21, "Agents per slot must be between 1 and 20"],
      [-3, "Agents per slot must be between 1 and 20"],
      [2.5, "Agents per slot must be a whole number"],
      ["3", "Agents per slot must be a whole number"],
      [null, "Agents per slot must be a whole number"],
      [undefined, "Agents per slot is required"],
    ])("refuses %s with a 400", async (value, message) => {
      const response = await putCapacity(value);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    });

    it("refuses staff who cannot manage settings, and strangers", async () => {
      expect((await putCapacity(3, manager)).statusCode).toBe(403);
      const get = await test.app.inject({
        method: "GET",
        url: "/api/settings/scheduling",
        headers: manager,
      });
      expect(get.statusCode).toBe(403);
      const anonymous = await test.app.inject({
        method: "PUT",
        url: "/api/settings/scheduling",
        payload: { agentsPerSlot: 3 },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it("is followed at once by available slots and bookings", async () => {
      expect((await book(booking("09:00 AM", LATER))).statusCode).toBe(201);
      expect(await openTimes(LATER)).not.toContain("09:00 AM");
      await putCapacity(2);
      expect(await openTimes(LATER)).toContain("09:00 AM");
      expect((await book(booking("09:00 AM", LATER))).statusCode).toBe(201);
      expect(await openTimes(LATER)).not.toContain("09:00 AM");
      expect((await book(booking("09:00 AM", LATER))).statusCode).toBe(409);
    });
  });

  describe("closures", () => {
    it("adds a whole day: no slot is offered and the day says why; booking is refused", async () => {
      const added = await addClosure({ date: "2026-12-03", allDay: true, reason: "  Training  " });
      expect(added.statusCode).toBe(201);
      expect(added.json()).toMatchObject({
        success: true,
        message: "Closure added. Those times can no longer be booked.",
        data: { date: "2026-12-03", allDay: true, from: null, to: null, reason: "Training" },
        affected: [],
      });
      const day = await slotsOf("2026-12-03");
      expect(day.slots.every((s) => !s.available)).toBe(true);
      expect(day.closedReason).toBe(
        "The office is closed on that day (Training). Please choose another day.",
      );
      const refused = await book(booking("02:00 PM", "2026-12-03"));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(
        "The office is closed on that day (Training). Please choose another day.",
      );
      const staff = await test.app.inject({
        method: "POST",
        url: "/api/appointments/staff-entry",
        headers: admin,
        payload: { ...booking("02:00 PM", "2026-12-03"), source: "phone", notifyCustomer: false },
      });
      expect(staff.statusCode).toBe(409);
      expect(await openTimes("2026-12-04")).toHaveLength(9);
    });

    it("closes hours [from, to): only those slots go, the rest of the day stays bookable", async () => {
      const added = await addClosure({
        date: "2026-12-07",
        allDay: false,
        from: "01:00 PM",
        to: "03:00 PM",
        reason: "Office meeting",
      });
      expect(added.statusCode).toBe(201);
      const day = await slotsOf("2026-12-07");
      expect(day.closedReason).toBeUndefined();
      const closed = day.slots.filter((s) => !s.available).map((s) => s.time);
      expect(closed).toEqual(["01:00 PM", "02:00 PM"]);
      const refused = await book(booking("01:00 PM", "2026-12-07"));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(
        "That time is closed (Office meeting). Please choose another time.",
      );
      expect((await book(booking("03:00 PM", "2026-12-07"))).statusCode).toBe(201);
      // The last slot closes with "to" at the end of the day.
      await addClosure({
        date: "2026-12-07",
        allDay: false,
        from: "05:00 PM",
        to: "06:00 PM",
        reason: "x",
      });
      expect(await openTimes("2026-12-07")).not.toContain("05:00 PM");
    });

    it("deleting a closure reopens its slots at once (audited); a second delete is a 404", async () => {
      const id = (
        await addClosure({ date: "2026-12-08", allDay: true, reason: "Office closed" })
      ).json().data._id as string;
      expect(await openTimes("2026-12-08")).toEqual([]);
      const deleted = await test.app.inject({
        method: "DELETE",
        url: `/api/settings/closures/${id}`,
        headers: admin,
      });
      expect(deleted.statusCode).toBe(200);
      expect(await openTimes("2026-12-08")).toHaveLength(9);
      const again = await test.app.inject({
        method: "DELETE",
        url: `/api/settings/closures/${id}`,
        headers: admin,
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toBe("Closure not found");
      const actions = await database.handle.db
        .selectFrom("audit_log")
        .select("action")
        .where("target_id", "=", id)
        .execute();
      expect(actions.map((a) => a.action).sort()).toEqual(["closure.added", "closure.deleted"]);
    });

    it("lists upcoming closures soonest first, with times in order and who added them", async () => {
      await addClosure({
        date: LATER,
        allDay: false,
        from: "03:00 PM",
        to: "05:00 PM",
        reason: "B",
      });
      await addClosure({
        date: LATER,
        allDay: false,
        from: "09:00 AM",
        to: "10:00 AM",
        reason: "A",
      });
      await addClosure({ date: DAY, allDay: true, reason: "研修 🎓 Schulung" });
      // One from the past (stored directly: the API refuses it) is not listed.
      await database.handle.db
        .insertInto("closures")
        .values({
          id: "old",
          date: "2026-11-20",
          start_time: null,
          end_time: null,
          reason: "Past",
          created_at: NOW.toISOString(),
          created_by: null,
        })
        .execute();
      const list = await listClosures();
      expect(list.statusCode).toBe(200);
      const data = list.json().data as { date: string; reason: string; createdBy: string }[];
      expect(data.map((c) => [c.date, c.reason])).toEqual([
        [DAY, "研修 🎓 Schulung"],
        [LATER, "A"],
        [LATER, "B"],
      ]);
      expect(data[0]?.createdBy).toBeTruthy();
      expect((await listClosures(manager)).statusCode).toBe(403);
    });

    it.each([
      [{ allDay: true, reason: "x" }, "date", "Closure date is required"],
      [{ date: "", allDay: true, reason: "x" }, "date", "Closure date is required"],
      [
        { date: "2026-02-30", allDay: true, reason: "x" },
        "date",
        "Please enter a real date (YYYY-MM-DD)",
      ],
      [
        { date: "11/24/2026", allDay: true, reason: "x" },
        "date",
        "Please enter a real date (YYYY-MM-DD)",
      ],
      [
        { date: "2026-11-20", allDay: true, reason: "x" },
        "date",
        "A closure cannot be in the past",
      ],
      [
        { date: "2027-11-25", allDay: true, reason: "x" },
        "date",
        "Closures can be set up to 366 days ahead",
      ],
      [
        { date: "2026-11-28", allDay: true, reason: "x" },
        "date",
        "Appointments are never booked on weekends, so there is nothing to close",
      ],
      [
        { date: "2026-11-26", allDay: true, reason: "x" },
        "date",
        "The office is already closed on Thanksgiving Day, so there is nothing to close",
      ],
      [{ date: DAY, reason: "x" }, "allDay", "Choose whether the whole day is closed"],
      [
        { date: DAY, allDay: "yes", reason: "x" },
        "allDay",
        "Choose whether the whole day is closed",
      ],
      [{ date: DAY, allDay: false, to: "10:00 AM", reason: "x" }, "from", "Start time is required"],
      [{ date: DAY, allDay: false, from: "09:00 AM", reason: "x" }, "to", "End time is required"],
      [
        { date: DAY, allDay: false, from: "09:30 AM", to: "10:00 AM", reason: "x" },
        "from",
        "Please choose a start time from the list",
      ],
      [
        { date: DAY, allDay: false, from: "09:00 AM", to: "09:00 AM", reason: "x" },
        "to",
        "The end time must be after the start time",
      ],
      [
        { date: DAY, allDay: false, from: "02:00 PM", to: "10:00 AM", reason: "x" },
        "to",
        "The end time must be after the start time",
      ],
      [
        { date: DAY, allDay: false, from: "09:00 AM", to: "09:00 PM", reason: "x" },
        "to",
        "Please choose an end time from the list",
      ],
      [
        { date: TODAY, allDay: false, from: "09:00 AM", to: "10:00 AM", reason: "x" },
        "from",
        "Those times have already passed today",
      ],
      [
        { date: DAY, allDay: true },
        "reason",
        "Reason is required (for example, Office closed or Training)",
      ],
      [
        { date: DAY, allDay: true, reason: " <b></b> \u202e " },
        "reason",
        "Reason is required (for example, Office closed or Training)",
      ],
      [
        { date: DAY, allDay: true, reason: "é".repeat(101) },
        "reason",
        "Reason must be at most 100 characters",
      ],
    ])("refuses %j (%s)", async (payload, field, message) => {
      const response = await addClosure(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
      expect(await database.handle.db.selectFrom("closures").selectAll().execute()).toEqual([]);
    });

    it("accepts a 100-character reason of astral characters, and the rest of today", async () => {
      const reason = "🎓".repeat(100);
      const added = await addClosure({ date: DAY, allDay: true, reason });
      expect(added.statusCode).toBe(201);
      expect(added.json().data.reason).toBe(reason);
      // 10:30 AM now: closing 10 AM–12 PM today still closes the 11 AM slot.
      const today = await addClosure({
        date: TODAY,
        allDay: false,
        from: "10:00 AM",
        to: "12:00 PM",
        reason: "Training",
      });
      expect(today.statusCode).toBe(201);
      expect(await openTimes(TODAY)).not.toContain("11:00 AM");
    });

    it("refuses managers and strangers", async () => {
      expect((await addClosure({ date: DAY, allDay: true, reason: "x" }, manager)).statusCode).toBe(
        403,
      );
      const anonymous = await test.app.inject({
        method: "POST",
        url: "/api/settings/closures",
        payload: { date: DAY, allDay: true, reason: "x" },
      });
      expect(anonymous.statusCode).toBe(401);
      const badId = await test.app.inject({
        method: "DELETE",
        url: "/api/settings/closures/..%2F",
        headers: admin,
      });
      // An id that is no id names no route: an unknown path (the guard's params rule).
      expect(badId.statusCode).toBe(404);
    });

    it("keeps appointments already booked there and lists them in the answer", async () => {
      const kept = (await book(booking("10:00 AM", "2026-12-09"))).json().data._id as string;
      const outside = await book(booking("12:00 PM", "2026-12-09"));
      expect(outside.statusCode).toBe(201);
      const added = await addClosure({
        date: "2026-12-09",
        allDay: false,
        from: "09:00 AM",
        to: "12:00 PM",
        reason: "Training",
      });
      expect(added.statusCode).toBe(201);
      expect(added.json().message).toBe(
        "Closure added. 1 appointment is already booked in that time: move or cancel it.",
      );
      expect(added.json().affected).toEqual([
        {
          _id: kept,
          name: "Zoë Ngô-Øvergaard",
          date: "2026-12-09",
          time: "10:00 AM",
          status: "new",
        },
      ]);
      const row = await database.handle.db
        .selectFrom("appointments")
        .select("seat")
        .where("id", "=", kept)
        .executeTakeFirstOrThrow();
      expect(row.seat).toBe(1);
    });

    it("refuses to reopen a cancelled appointment into closed hours", async () => {
      const id = (await book(booking("04:00 PM", "2026-12-10"))).json().data._id as string;
      const setStatus = (status: string) =>
        test.app.inject({
          method: "PATCH",
          url: `/api/appointments/${id}/status`,
          headers: admin,
          payload: { status },
        });
      expect((await setStatus("cancelled")).statusCode).toBe(200);
      await addClosure({
        date: "2026-12-10",
        allDay: false,
        from: "04:00 PM",
        to: "05:00 PM",
        reason: "Training",
      });
      const reopened = await setStatus("booked");
      expect(reopened.statusCode).toBe(409);
      expect(reopened.json().error).toBe(
        "That time is closed (Training). Please choose another time.",
      );
    });

    it("a booking racing a closure is refused, or stored and listed as affected", async () => {
      await putCapacity(20);
      for (let round = 0; round < 3; round += 1) {
        await database.handle.db.deleteFrom("closures").execute();
        const date = ["2026-11-30", "2026-12-01", "2026-12-02"][round] as string;
        const [closure, ...bookings] = await Promise.all([
          addClosure({ date, allDay: true, reason: "Office closed" }),
          ...Array.from({ length: 12 }, () => book(booking("11:00 AM", date))),
        ]);
        if (closure === undefined) throw new Error("no closure answer");
        expect(closure.statusCode).toBe(201);
        const stored = bookings.filter((b) => b.statusCode === 201).map((b) => b.json().data._id);
        for (const refused of bookings.filter((b) => b.statusCode !== 201)) {
          expect(refused.statusCode).toBe(409);
        }
        const affected = (closure.json().affected as { _id: string }[]).map((a) => a._id);
        expect(affected.sort()).toEqual(stored.sort());
        expect((await book(booking("11:00 AM", date))).statusCode).toBe(409);
      }
    });
  });
});
