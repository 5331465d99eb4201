import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { AGENCY, emailKey } from "@agency/domain";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/database.ts";
import type { AppointmentsTable } from "../db/schema.ts";
import { newLeadColumns } from "../lead/new-lead-columns.ts";
import { outboxRows } from "../mail/outbox.ts";
import { purgeExpired } from "../operations/retention.ts";
import { createTestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { AGENCY_DAY_LIST_KIND, REMINDER_KIND } from "./mail.ts";
import { createReminderScheduler, type ReminderScheduler } from "./scheduler.ts";

const NOTIFY = "desk@agency.example";
const LONG_AGO = "2026-10-01T12:00:00.000Z";
const quiet = { info: () => {}, warn: () => {} };

type Seed = Partial<AppointmentsTable> & { id: string; date: string; time: string };

function appointmentRow(seed: Seed): AppointmentsTable {
  const name = seed.name ?? `Person ${seed.id}`;
  const email = seed.email ?? `${seed.id}@visitor.example`;
  const phone = seed.phone ?? "6125550100";
  return {
    name,
    email,
    email_key: emailKey(email),
    phone,
    service: "Auto Insurance",
    message: "",
    status: "new",
    status_changed_at: null,
    created_at: LONG_AGO,
    seat: seed.status === "cancelled" || seed.archived_at ? null : 1,
    manage_token_hash: null,
    ics_uid: seed.id,
    ics_sequence: 0,
    rescheduled_from: null,
    rescheduled_to: null,
    cancelled_at: null,
    cancel_reason: null,
    visitor_moves_on: null,
    visitor_moves: 0,
    ...newLeadColumns({ name, email, phone }),
    ...seed,
  };
}

describe.each(testEngines())("reminders on %s", (engine) => {
  let database: TestDatabase;
  /**
   * Another instance's connection pool to the same PostgreSQL database. SQLite serves one
   * instance (docs/operations.md): there both schedulers share its one connection, which
   * better-sqlite3 drives on the server's thread (a second connection waiting on the first's
   * lock would block the very thread that has to finish the first's transaction).
   */
  let other: DatabaseHandle;
  let current: Date;
  const clock = () => current;
  let schedulers: ReminderScheduler[] = [];

  function scheduler(handle: DatabaseHandle): ReminderScheduler {
    const created = createReminderScheduler({
      db: handle.db,
      notifyEmail: NOTIFY,
      now: clock,
      log: quiet,
    });
    schedulers.push(created);
    return created;
  }

  async function seed(...rows: Seed[]) {
    await database.handle.db.insertInto("appointments").values(rows.map(appointmentRow)).execute();
  }

  function outbox(kind: string) {
    return database.handle.db
      .selectFrom("mail_outbox")
      .select(["to_address", "subject", "text_body", "related_id", "created_at"])
      .where("kind", "=", kind)
      .orderBy("related_id")
      .execute();
  }

  /**
   * Two instances with two schedulers each, every scheduler running `rounds` passes one
   * after another, all four at once: the first passes all find nothing taken yet and race
   * for the same claims.
   */
  async function race(rounds = 6) {
    const all = [database.handle, database.handle, other, other].map(scheduler);
    await Promise.all(
      all.map(async (s) => {
        for (let i = 0; i < rounds; i += 1) await s.runOnce();
      }),
    );
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    other = engine === "postgres" ? openDatabase(database.url) : database.handle;
  });
  afterAll(async () => {
    if (other !== database.handle) await other.close();
    await database.drop();
  });
  beforeEach(async () => {
    for (const table of [
      "appointments",
      "mail_outbox",
      "appointment_reminders",
      "agency_day_lists",
    ] as const) {
      await database.handle.db.deleteFrom(table).execute();
    }
  });
  afterEach(async () => {
    await Promise.all(schedulers.map((s) => s.stop()));
    schedulers = [];
  });

  it("two instances racing queue one reminder per due appointment and one list per day", async () => {
    // Tuesday 1 December 2026, 5:30 PM CST: Wednesday's slots are all within 24 hours.
    current = new Date("2026-12-01T23:30:00Z");
    await seed(
      { id: "a1", date: "2026-12-02", time: "09:00 AM", name: "Al Chen" },
      { id: "a2", date: "2026-12-02", time: "10:00 AM", status: "booked", name: "Bea Ortiz" },
      { id: "lost", date: "2026-12-02", time: "11:00 AM", status: "lost" },
      { id: "cancelled", date: "2026-12-02", time: "12:00 PM", status: "cancelled" },
      { id: "archived", date: "2026-12-02", time: "02:00 PM", archived_at: LONG_AGO },
      // Booked an hour ago, less than 24 hours ahead: its confirmation was the reminder.
      {
        id: "late",
        date: "2026-12-02",
        time: "01:00 PM",
        created_at: "2026-12-01T22:30:00.000Z",
        name: "Cy Young",
      },
      { id: "past", date: "2026-12-01", time: "09:00 AM" },
      { id: "thursday", date: "2026-12-03", time: "09:00 AM" },
    );

    await race();

    const reminders = await outbox(REMINDER_KIND);
    expect(reminders.map((m) => [m.related_id, m.to_address])).toEqual([
      ["a1", "a1@visitor.example"],
      ["a2", "a2@visitor.example"],
    ]);
    expect(reminders[0]?.text_body).toContain(
      "Wednesday, December 2, 2026 at 9:00 AM Central time (CST)",
    );
    expect(reminders[0]?.text_body).not.toContain("Al Chen");
    const lists = await outbox(AGENCY_DAY_LIST_KIND);
    expect(lists).toHaveLength(1);
    expect(lists[0]?.to_address).toBe(NOTIFY);
    expect(lists[0]?.subject).toBe("3 appointments on Wednesday, December 2, 2026");
    expect(lists[0]?.text_body.split("\n").slice(2)).toEqual([
      "9:00 AM  Al Chen, Auto Insurance, (612) 555-0100",
      "10:00 AM  Bea Ortiz, Auto Insurance, (612) 555-0100",
      "1:00 PM  Cy Young, Auto Insurance, (612) 555-0100",
    ]);
    const claims = await database.handle.db
      .selectFrom("appointment_reminders")
      .select("appointment_id")
      .execute();
    expect(claims.map((c) => c.appointment_id).sort()).toEqual(["a1", "a2"]);

    // A restart (new schedulers, same database) sends nothing again.
    await race(2);
    expect(await outbox(REMINDER_KIND)).toHaveLength(2);
    expect(await outbox(AGENCY_DAY_LIST_KIND)).toHaveLength(1);
  });

  it("sends no reminder to a booking staff took without an email, and claims it once (decision 0063)", async () => {
    current = new Date("2026-12-01T23:30:00Z");
    await seed(
      { id: "mailed", date: "2026-12-02", time: "09:00 AM" },
      { id: "phone-only", date: "2026-12-02", time: "10:00 AM", email: "", name: "Di Phone" },
    );
    await race();
    expect((await outbox(REMINDER_KIND)).map((m) => m.related_id)).toEqual(["mailed"]);
    // It is still on the agency's list of the day, with its phone.
    const [list] = await outbox(AGENCY_DAY_LIST_KIND);
    expect(list?.text_body).toContain("10:00 AM  Di Phone, Auto Insurance, (612) 555-0100");
    // Claimed once like the others, so no later pass tries it again.
    const claims = await database.handle.db
      .selectFrom("appointment_reminders")
      .select("appointment_id")
      .execute();
    expect(claims.map((c) => c.appointment_id).sort()).toEqual(["mailed", "phone-only"]);
    await race(2);
    expect(await outbox(REMINDER_KIND)).toHaveLength(1);
  });

  it("reminds at the 24-hour mark, not before, and not an appointment cancelled meanwhile", async () => {
    await seed(
      { id: "kept", date: "2026-12-03", time: "09:00 AM" },
      { id: "dropped", date: "2026-12-03", time: "10:00 AM" },
    );
    // Thursday 9:00 AM CST is 15:00Z; the mark is Wednesday 15:00Z.
    current = new Date("2026-12-02T14:59:59.999Z");
    await race(2);
    expect(await outbox(REMINDER_KIND)).toHaveLength(0);

    await database.handle.db
      .updateTable("appointments")
      .set({ status: "cancelled" })
      .where("id", "=", "dropped")
      .execute();
    current = new Date("2026-12-02T16:00:00Z");
    await race(4);
    expect((await outbox(REMINDER_KIND)).map((m) => m.related_id)).toEqual(["kept"]);

    // Once the appointment has started, a reinstated one is not reminded any more.
    await database.handle.db
      .updateTable("appointments")
      .set({ status: "booked" })
      .where("id", "=", "dropped")
      .execute();
    current = new Date("2026-12-03T16:00:00Z");
    await race(2);
    expect((await outbox(REMINDER_KIND)).map((m) => m.related_id)).toEqual(["kept"]);
  });

  it("reminds a staff-entered booking only if its customer has been mailed about it", async () => {
    await seed(
      { id: "phone-quiet", date: "2026-12-03", time: "09:00 AM", source: "phone" },
      { id: "phone-told", date: "2026-12-03", time: "10:00 AM", source: "walk-in" },
      { id: "phone-moved", date: "2026-12-03", time: "11:00 AM", source: "phone" },
    );
    const mail = (kind: string, id: string) => ({
      kind,
      to: `${id}@visitor.example`,
      subject: "About your appointment",
      text: "…",
      related: { type: "appointment", id },
    });
    await database.handle.db
      .insertInto("mail_outbox")
      .values(
        outboxRows(
          [
            mail("appointment.visitor", "phone-told"),
            mail("appointment.visitor.rescheduled", "phone-moved"),
            // The agency's own notice is no mail to the customer.
            mail("appointment.agency", "phone-quiet"),
          ],
          new Date(LONG_AGO),
        ),
      )
      .execute();
    current = new Date("2026-12-02T18:00:00Z");
    await race(2);
    expect((await outbox(REMINDER_KIND)).map((m) => m.related_id)).toEqual([
      "phone-moved",
      "phone-told",
    ]);
  });

  it("reminds again when an appointment is moved to a new time in place", async () => {
    await seed({ id: "moved", date: "2026-12-03", time: "09:00 AM" });
    current = new Date("2026-12-02T15:30:00Z");
    await race(2);
    await database.handle.db
      .updateTable("appointments")
      .set({ date: "2026-12-04", time: "11:00 AM" })
      .where("id", "=", "moved")
      .execute();
    await race(2);
    expect(await outbox(REMINDER_KIND)).toHaveLength(1);
    current = new Date("2026-12-03T17:00:00Z");
    await race(2);
    const texts = (await outbox(REMINDER_KIND)).map((m) => m.text_body);
    expect(texts).toHaveLength(2);
    expect(texts.some((t) => t.includes("Friday, December 4, 2026 at 11:00 AM"))).toBe(true);
  });

  it("names the zone of the appointment across the end of daylight saving time", async () => {
    // Monday 2 November 2026 9:00 AM CST (15:00Z); Sunday 1 November has 25 hours.
    await seed({ id: "dst", date: "2026-11-02", time: "09:00 AM", created_at: LONG_AGO });
    // Friday 30 October, 5 PM CDT (22:00Z): the agency's list of Monday.
    current = new Date("2026-10-30T21:59:59Z");
    await race(2);
    expect(await outbox(AGENCY_DAY_LIST_KIND)).toHaveLength(0);
    current = new Date("2026-10-30T22:00:00Z");
    await race(2);
    const [list] = await outbox(AGENCY_DAY_LIST_KIND);
    expect(list?.subject).toBe("1 appointment on Monday, November 2, 2026");
    expect(list?.text_body).toContain("9:00 AM  Person dst, Auto Insurance, (612) 555-0100");
    expect(await outbox(REMINDER_KIND)).toHaveLength(0);

    current = new Date("2026-11-01T14:59:59.999Z");
    await race(2);
    expect(await outbox(REMINDER_KIND)).toHaveLength(0);
    current = new Date("2026-11-01T15:00:00Z");
    await race(2);
    const [reminder] = await outbox(REMINDER_KIND);
    expect(reminder?.subject).toBe(
      `Reminder: your appointment with ${AGENCY.name} on Monday, November 2 at 9:00 AM`,
    );
    expect(reminder?.text_body).toContain(
      "on Monday, November 2, 2026 at 9:00 AM Central time (CST),",
    );
    expect(reminder?.created_at).toBe("2026-11-01T15:00:00.000Z");
  });

  it("says there are no appointments, once, on a day without any; none on a holiday", async () => {
    // Wednesday 25 November 2026, 6 PM CST: the list of Friday (Thursday is Thanksgiving).
    current = new Date("2026-11-26T00:00:00Z");
    await race(3);
    const lists = await outbox(AGENCY_DAY_LIST_KIND);
    expect(lists.map((l) => [l.related_id, l.subject])).toEqual([
      ["2026-11-27", "No appointments on Friday, November 27, 2026"],
    ]);
    expect(lists[0]?.text_body).toContain("No appointments.");
    // Thanksgiving evening: Wednesday's list of Friday is already out; nothing new.
    current = new Date("2026-11-27T00:00:00Z");
    await race(2);
    expect(await outbox(AGENCY_DAY_LIST_KIND)).toHaveLength(1);
  });

  it("runs with the app: queued on start, delivered by the outbox with the zone named", async () => {
    current = new Date("2026-12-01T23:30:00Z");
    await seed({ id: "app", date: "2026-12-02", time: "02:00 PM" });
    const { app } = await createTestApp(database, {
      clock,
      config: { agencyNotifyEmail: NOTIFY },
    });
    try {
      const pass = await app.reminders.runOnce();
      expect(pass).toEqual({ reminders: 1, dayLists: 1 });
      expect(await app.reminders.runOnce()).toEqual({ reminders: 0, dayLists: 0 });
      // The outbox's sender runs on the real clock; the rows were queued at the frozen one.
      await database.handle.db
        .updateTable("mail_outbox")
        .set({ next_attempt_at: new Date().toISOString() })
        .execute();
      await app.mailer.deliverDue();
      const dir = path.join(app.config.dataDir, "outbox");
      const emls = readdirSync(dir).map((name) =>
        readFileSync(path.join(dir, name), "utf8").replace(/=\r?\n/g, ""),
      );
      expect(emls).toHaveLength(2);
      expect(emls.some((eml) => eml.includes("at 2:00 PM Central time (CST)"))).toBe(true);
      expect(emls.some((eml) => eml.includes(`To: ${NOTIFY}`))).toBe(true);
    } finally {
      await app.close();
    }
  });

  it("starts with the app when asked (as the server does)", async () => {
    current = new Date("2026-12-01T23:30:00Z");
    await seed({ id: "started", date: "2026-12-02", time: "03:00 PM" });
    const { app } = await createTestApp(database, { clock, startReminders: true });
    try {
      await app.ready();
      await expect
        .poll(async () => (await outbox(REMINDER_KIND)).map((m) => m.related_id))
        .toEqual(["started"]);
    } finally {
      await app.close();
    }
  });

  it("retention takes the reminders of purged appointments and old day lists", async () => {
    current = new Date("2026-12-01T23:30:00Z");
    await seed({ id: "old", date: "2026-12-02", time: "09:00 AM" });
    await race(1);
    await purgeExpired(database.handle.db, 1, new Date("2027-02-01T00:00:00Z"));
    expect(await outbox(REMINDER_KIND)).toHaveLength(0);
    expect(await outbox(AGENCY_DAY_LIST_KIND)).toHaveLength(0);
    const left = await Promise.all([
      database.handle.db.selectFrom("appointment_reminders").selectAll().execute(),
      database.handle.db.selectFrom("agency_day_lists").selectAll().execute(),
    ]);
    expect(left).toEqual([[], []]);
  });
});
