import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

// Monday 2026-11-23, 10:30 AM in Chicago (16:30 UTC).
const NOW = new Date("2026-11-23T16:30:00Z");
const TUESDAY = "2026-11-24";
const LINK = /\/appointments\/manage\/([A-Za-z0-9_-]{43})\b/;
const EMAIL = "moves@example.com";

describe.each(testEngines())(
  "a booking that moved is one booking (decision 0064) on %s",
  (engine) => {
    let database: TestDatabase;
    let test: TestApp;
    let clock = NOW;
    let staff: { authorization: string };
    let firstId = "";
    let currentId = "";

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      test = await createTestApp(database, { clock: () => clock });
      await test.app.mailer.stop();
      staff = { authorization: `Bearer ${(await signInAs(test.app, database, "admin")).token}` };
      const booked = await test.app.inject({
        method: "POST",
        url: "/api/appointments/add-appointment",
        payload: {
          name: "Mo Ved",
          email: EMAIL,
          phone: "(651) 555-3001",
          date: TUESDAY,
          time: "09:00 AM",
          service: "Home Insurance",
          message: "",
        },
      });
      expect(booked.statusCode).toBe(201);
      firstId = booked.json().data._id;
      const mail = await database.handle.db
        .selectFrom("mail_outbox")
        .select("text_body")
        .where("related_id", "=", firstId)
        .where("kind", "=", "appointment.visitor")
        .executeTakeFirstOrThrow();
      const token = LINK.exec(mail.text_body)?.[1] ?? "";
      // The visitor reschedules once, then staff move it twice: four rows, one booking.
      clock = new Date(NOW.getTime() + 60_000);
      const rescheduled = await test.app.inject({
        method: "POST",
        url: `/api/appointments/manage/${token}/reschedule`,
        payload: { date: TUESDAY, time: "10:00 AM" },
      });
      expect(rescheduled.statusCode).toBe(200);
      let row = await rowOf(firstId);
      while (row.rescheduled_to) row = await rowOf(row.rescheduled_to);
      for (const [i, time] of ["11:00 AM", "01:00 PM"].entries()) {
        clock = new Date(NOW.getTime() + (i + 2) * 60_000);
        const moved = await test.app.inject({
          method: "POST",
          url: `/api/appointments/${row.id}/move`,
          payload: { date: TUESDAY, time },
          headers: staff,
        });
        expect(moved.statusCode).toBe(200);
        row = await rowOf(moved.json().data._id);
      }
      currentId = row.id;
      clock = new Date(NOW.getTime() + 10 * 60_000);
    });
    afterAll(async () => {
      await test.app.close();
      await database.drop();
    });

    function rowOf(id: string) {
      return database.handle.db
        .selectFrom("appointments")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    }
    const get = (url: string) => test.app.inject({ method: "GET", url, headers: staff });

    it("stores the moves as rows of one chain", async () => {
      const rows = await database.handle.db.selectFrom("appointments").select("id").execute();
      expect(rows).toHaveLength(4);
      expect(currentId).not.toBe(firstId);
    });

    it("counts it once in the card, the trend and the chart, and the feed says moved", async () => {
      const body = (await get("/api/dashboard/overview")).json();
      expect(body.counts.appointments).toBe(1);
      expect(body.trends.appointments.last30Days).toBe(1);
      const perDay = body.daily.reduce(
        (sum: number, d: { appointments: number }) => sum + d.appointments,
        0,
      );
      expect(perDay).toBe(1);
      expect(body.recent.appointments.map((a: { _id: string }) => a._id)).toEqual([currentId]);
      const bookings = body.activity.filter((a: { type: string }) => a.type === "appointment");
      expect(bookings).toHaveLength(1);
      expect(bookings[0].text).toBe(
        "Mo Ved's Home Insurance booking moved to 2026-11-24 at 1:00 PM",
      );
      expect(bookings[0].text).not.toContain("booked");
    });

    it("is not a new arrival for the dashboard's poll: the latest booking is the first row's", async () => {
      const latest = await get("/api/dashboard/latest-leads");
      expect(latest.statusCode).toBe(200);
      const first = await rowOf(firstId);
      expect(latest.json()).toEqual({ quote: null, contact: null, appointment: first.created_at });
    });

    it("is one item on the bell, at its current time, as a moved booking", async () => {
      // The bell counts what arrived after the account was made; this test's clock is in the past.
      await database.handle.db
        .updateTable("users")
        .set({ created_at: "2026-11-01T00:00:00.000Z", notifications_seen_at: null })
        .execute();
      const bell = (await get("/api/dashboard/notifications")).json();
      expect(bell.appointments).toBe(1);
      expect(bell.items).toHaveLength(1);
      expect(bell.items[0]).toMatchObject({ _id: currentId, name: "Mo Ved" });
      expect(bell.items[0].detail).toMatch(/^Moved booking · Home Insurance, 2026-11-24 1:00 PM/);
    });

    it("counts it once in the report", async () => {
      const lines = (await get("/api/dashboard/report.csv")).body.split("\r\n");
      const total = lines.find((line) => line.startsWith("total "))?.split(",");
      expect(total?.[3]).toBe("1");
    });

    it("shows it once on the staff calendar, at its current slot", async () => {
      const body = (await get(`/api/appointments/calendar?from=${TUESDAY}&to=${TUESDAY}`)).json();
      expect(body.data.map((a: { _id: string; time: string }) => [a._id, a.time])).toEqual([
        [currentId, "01:00 PM"],
      ]);
    });

    it("shows it once on the person's timeline, marked moved", async () => {
      const body = (await get(`/api/prospects/timeline?email=${EMAIL}`)).json();
      expect(body.total).toBe(1);
      expect(body.items).toHaveLength(1);
      expect(body.items[0]).toMatchObject({ _id: currentId, type: "appointment" });
      expect(body.items[0].summary).toContain("1:00 PM (moved)");
    });

    it("still counts it once when its first row is archived, or when only its first row is left", async () => {
      const counted = async () => {
        const body = (await get("/api/dashboard/overview")).json();
        const perDay = body.daily.reduce(
          (sum: number, d: { appointments: number }) => sum + d.appointments,
          0,
        );
        const report = (await get("/api/dashboard/report.csv")).body.split("\r\n");
        const total = report.find((line: string) => line.startsWith("total "))?.split(",");
        return [body.counts.appointments, body.trends.appointments.last30Days, perDay, total?.[3]];
      };
      const archive = (id: string) =>
        test.app.inject({
          method: "DELETE",
          url: `/api/appointments/delete-appointment/${id}`,
          headers: staff,
        });
      const restore = (id: string) =>
        test.app.inject({
          method: "POST",
          url: `/api/appointments/${id}/restore`,
          headers: staff,
        });
      // The first row archived, the current one live: the booking is still there, once.
      expect((await archive(firstId)).statusCode).toBe(200);
      expect(await counted()).toEqual([1, 1, 1, "1"]);
      // Every row archived: no booking.
      const chain = await database.handle.db
        .selectFrom("appointments")
        .select("id")
        .where("email", "=", EMAIL)
        .where("archived_at", "is", null)
        .execute();
      for (const row of chain) expect((await archive(row.id)).statusCode).toBe(200);
      expect(await counted()).toEqual([0, 0, 0, "0"]);
      // Only the first row brought back: one booking again.
      expect((await restore(firstId)).statusCode).toBe(200);
      expect(await counted()).toEqual([1, 1, 1, "1"]);
      for (const row of chain) expect((await restore(row.id)).statusCode).toBe(200);
      expect(await counted()).toEqual([1, 1, 1, "1"]);
    });
  },
);
