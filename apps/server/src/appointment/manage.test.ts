import { createHash, randomUUID } from "node:crypto";
import { AGENCY, MANAGE_LIMITS, MANAGE_MESSAGES } from "@agency/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loggedPath } from "../logger.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { readInvite } from "../test/ical.ts";

// Monday 2026-11-23, 10:30 AM in Chicago (16:30 UTC): the clock every rule here sees.
const NOW = new Date("2026-11-23T16:30:00Z");
const TODAY = "2026-11-23";
const PUBLIC_URL = "https://agency.test";
const TUESDAY = "2026-11-24";
const WEDNESDAY = "2026-11-25";
const LINK = /https:\/\/agency\.test\/appointments\/manage\/([A-Za-z0-9_-]{43})\b/;
const DEAD = /This link no longer works/;

let visitors = 0;
const booking = (overrides: Record<string, unknown> = {}) => {
  visitors += 1;
  return {
    name: "Zoë Ngô-Øvergaard",
    email: `zoe${visitors}@example.com`,
    phone: `(651) 555-${String(2000 + visitors)}`,
    date: TUESDAY,
    time: "09:00 AM",
    service: "Home Insurance",
    message: "",
    ...overrides,
  };
};

describe.each(testEngines())("managing a booking by its link (decision 0035) on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let clock = NOW;
  let staff: { authorization: string };
  let staffId: string;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, {
      clock: () => clock,
      config: { publicUrl: PUBLIC_URL },
    });
    // The tests read the links from the outbox: nothing is sent (and blanked) meanwhile.
    await test.app.mailer.stop();
    const agent = await signInAs(test.app, database, "agent");
    staff = { authorization: `Bearer ${agent.token}` };
    staffId = agent.userId;
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });
  beforeEach(() => {
    clock = NOW;
  });

  const db = () => database.handle.db;
  const mailsOf = (id: string) =>
    db()
      .selectFrom("mail_outbox")
      .selectAll()
      .where("related_id", "=", id)
      .orderBy("created_at")
      .orderBy("kind")
      .execute();
  const rowOf = (id: string) =>
    db().selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const inviteOf = (mail: { attachments: string }) => {
    const [attachment] = JSON.parse(mail.attachments) as { content: string; contentType: string }[];
    return { ...readInvite(attachment?.content ?? ""), contentType: attachment?.contentType };
  };

  /** Books a slot and answers its id and the token of the link its confirmation carries. */
  const book = async (overrides: Record<string, unknown> = {}) => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/appointments/add-appointment",
      payload: booking(overrides),
    });
    expect(response.statusCode).toBe(201);
    const id: string = response.json().data._id;
    const visitorMail = (await mailsOf(id)).find((m) => m.kind === "appointment.visitor");
    const token = LINK.exec(visitorMail?.text_body ?? "")?.[1];
    if (!token) throw new Error("no manage link in the confirmation");
    return { id, token };
  };
  const view = (token: string) =>
    test.app.inject({ method: "GET", url: `/api/appointments/manage/${token}` });
  const cancel = (token: string, payload: object = {}, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: "POST",
      url: `/api/appointments/manage/${token}/cancel`,
      payload,
      headers,
    });
  const reschedule = (token: string, payload: object, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: "POST",
      url: `/api/appointments/manage/${token}/reschedule`,
      payload,
      headers,
    });
  const isFree = async (date: string, time: string) => {
    const response = await test.app.inject({
      method: "GET",
      url: `/api/appointments/available-slots?date=${date}`,
    });
    return response.json().slots.find((s: { time: string }) => s.time === time)?.available;
  };

  it("mails a link whose token is stored only as its sha256 and dies when the appointment starts", async () => {
    const { id, token } = await book({ time: "10:00 AM", date: WEDNESDAY });
    const row = await rowOf(id);
    expect(row.manage_token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    const everyColumn = JSON.stringify(await db().selectFrom("appointments").selectAll().execute());
    expect(everyColumn).not.toContain(token);
    const mails = await mailsOf(id);
    const agency = mails.find((m) => m.kind === "appointment.agency");
    const visitor = mails.find((m) => m.kind === "appointment.visitor");
    expect(agency?.text_body).not.toContain(token);
    expect(agency?.secret_expires_at).toBeNull();
    // The link dies at the start (10:00 AM CST = 16:00 UTC): so does the stored body.
    expect(visitor?.secret_expires_at).toBe("2026-11-25T16:00:00.000Z");
    expect(inviteOf(visitor as { attachments: string })).toMatchObject({
      method: "REQUEST",
      uid: `${id}@${new URL(AGENCY.siteUrl).host}`,
      sequence: 0,
      start: "2026-11-25T16:00:00.000Z",
      contentType: "text/calendar; charset=utf-8; method=REQUEST",
    });

    const shown = await view(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["cache-control"]).toBe("no-store");
    expect(shown.json()).toEqual({
      name: "Zoë Ngô-Øvergaard",
      date: WEDNESDAY,
      time: "10:00 AM",
      service: "Home Insurance",
      status: "new",
    });

    clock = new Date("2026-11-25T15:59:59Z");
    expect((await view(token)).statusCode).toBe(200);
    clock = new Date("2026-11-25T16:00:00Z");
    const started = await view(token);
    expect(started.statusCode).toBe(404);
    expect(started.json().error).toMatch(DEAD);
  });

  it("answers an unknown, a malformed and a dead link the same way", async () => {
    const { token } = await book({ time: "11:00 AM" });
    expect((await cancel(token)).statusCode).toBe(200);
    const answers = await Promise.all(
      [
        token, // dead: cancelled
        "A".repeat(43), // well-formed, unknown
        "not-a-token",
        "%00",
        "x".repeat(90),
      ].map((t) => view(t)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(answers[0]?.json());
    }
    expect(
      (await reschedule("A".repeat(43), { date: WEDNESDAY, time: "09:00 AM" })).json(),
    ).toEqual(answers[0]?.json());
  });

  it("cancels: status Cancelled, the slot free again, the record kept, the calendar told", async () => {
    const { id, token } = await book({ time: "12:00 PM" });
    expect(await isFree(TUESDAY, "12:00 PM")).toBe(false);
    const response = await cancel(token, { reason: "  Found a closer office\u0007 " });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { status: "cancelled" } });
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: "cancelled",
      seat: null,
      manage_token_hash: null,
      cancel_reason: "Found a closer office",
      cancelled_at: NOW.toISOString(),
      ics_sequence: 1,
    });
    expect(await isFree(TUESDAY, "12:00 PM")).toBe(true);
    const mails = await mailsOf(id);
    const visitor = mails.find((m) => m.kind === "appointment.visitor.cancelled");
    const agency = mails.find((m) => m.kind === "appointment.agency.cancelled");
    expect(inviteOf(visitor as { attachments: string })).toMatchObject({
      method: "CANCEL",
      status: "CANCELLED",
      uid: `${id}@${new URL(AGENCY.siteUrl).host}`,
      sequence: 1,
      contentType: "text/calendar; charset=utf-8; method=CANCEL",
    });
    expect(visitor?.text_body).not.toContain("closer office");
    expect(agency?.text_body).toContain("Reason: Found a closer office");
    // US English in what people read; the status value and mail kinds keep "cancelled".
    expect(visitor?.subject).toMatch(/ is canceled: /);
    expect(agency?.subject).toMatch(/^Appointment canceled: /);
    expect(`${visitor?.text_body}${agency?.text_body}`).not.toMatch(/cancelled/i);
    expect((await view(token)).statusCode).toBe(404);
    expect((await cancel(token)).statusCode).toBe(404);
    const audit = await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("target_id", "=", id)
      .where("action", "=", "appointment.cancelled")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).not.toContain(token);
  });

  it("refuses a reason too long, with the field named", async () => {
    const { token } = await book({ time: "01:00 PM" });
    const response = await cancel(token, { reason: "é".repeat(501) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe("reason");
    expect((await view(token)).statusCode).toBe(200);
  });

  it("reschedules in one transaction: a new row takes the seat and the link, the old is kept as Rescheduled", async () => {
    const { id, token } = await book({ time: "02:00 PM" });
    const response = await reschedule(token, { date: WEDNESDAY, time: "03:00 PM" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { date: WEDNESDAY, time: "03:00 PM", status: "new" },
    });
    const old = await rowOf(id);
    expect(old).toMatchObject({ status: "rescheduled", seat: null, manage_token_hash: null });
    const moved = await rowOf(old.rescheduled_to as string);
    expect(moved).toMatchObject({
      date: WEDNESDAY,
      time: "03:00 PM",
      seat: 1,
      rescheduled_from: id,
      ics_uid: id,
      ics_sequence: 1,
      manage_token_hash: createHash("sha256").update(token).digest("hex"),
      email: old.email,
      name: old.name,
    });
    expect(await isFree(TUESDAY, "02:00 PM")).toBe(true);
    expect(await isFree(WEDNESDAY, "03:00 PM")).toBe(false);
    // The same link now manages the new time.
    expect((await view(token)).json()).toMatchObject({ date: WEDNESDAY, time: "03:00 PM" });

    const mails = await mailsOf(moved.id);
    const visitor = mails.find((m) => m.kind === "appointment.visitor.rescheduled");
    const agency = mails.find((m) => m.kind === "appointment.agency.rescheduled");
    expect(visitor?.text_body).toContain(`${PUBLIC_URL}/appointments/manage/${token}`);
    expect(visitor?.text_body).toContain("Wednesday, November 25, 2026 at 3:00 PM Central time");
    // The link now dies at the new start: 3:00 PM CST = 21:00 UTC.
    expect(visitor?.secret_expires_at).toBe("2026-11-25T21:00:00.000Z");
    expect(inviteOf(visitor as { attachments: string })).toMatchObject({
      method: "REQUEST",
      uid: `${id}@${new URL(AGENCY.siteUrl).host}`,
      sequence: 1,
      start: "2026-11-25T21:00:00.000Z",
      end: "2026-11-25T21:30:00.000Z",
    });
    expect(agency?.text_body).toContain("Tuesday, November 24, 2026 at 2:00 PM Central time");
    expect(agency?.text_body).not.toContain(token);

    // Moving again, then cancelling, keeps the UID and raises the SEQUENCE each time.
    expect((await reschedule(token, { date: WEDNESDAY, time: "04:00 PM" })).statusCode).toBe(200);
    const third = await rowOf((await rowOf(moved.id)).rescheduled_to as string);
    expect(third).toMatchObject({ ics_uid: id, ics_sequence: 2, rescheduled_from: moved.id });
    expect((await cancel(token)).statusCode).toBe(200);
    const cancelMail = (await mailsOf(third.id)).find(
      (m) => m.kind === "appointment.visitor.cancelled",
    );
    expect(inviteOf(cancelMail as { attachments: string })).toMatchObject({
      method: "CANCEL",
      sequence: 3,
      uid: `${id}@${new URL(AGENCY.siteUrl).host}`,
    });
  });

  it("applies the booking's date and slot rules to a new time", async () => {
    const { id, token } = await book({ time: "04:00 PM" });
    const cases: [object, number, RegExp][] = [
      [{ date: "2026-11-28", time: "09:00 AM" }, 400, /weekday/],
      [{ date: "2026-11-26", time: "09:00 AM" }, 400, /Thanksgiving/],
      [{ date: "2026-11-20", time: "09:00 AM" }, 400, /future date/],
      [{ date: "2026-11-23", time: "09:00 AM" }, 400, /already passed/],
      [{ date: "2027-06-01", time: "09:00 AM" }, 400, /days ahead/],
      [{ date: TUESDAY, time: "09:30 AM" }, 400, /valid time slot/],
      [{ date: TUESDAY, time: "04:00 PM" }, 400, /already the appointment's time/],
      [{ date: "2026-02-30", time: "09:00 AM" }, 400, /valid date/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await reschedule(token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error).toMatch(message);
    }
    expect(await rowOf(id)).toMatchObject({ status: "new", time: "04:00 PM", seat: 1 });
  });

  it("refuses a move into a full slot with a 409 and changes nothing", async () => {
    await book({ date: WEDNESDAY, time: "09:00 AM" });
    const { id, token } = await book({ date: WEDNESDAY, time: "11:00 AM" });
    const before = await rowOf(id);
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom("appointments")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rows = await count();
    const mails = (await mailsOf(id)).length;
    const response = await reschedule(token, { date: WEDNESDAY, time: "09:00 AM" });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/just been booked/);
    expect(await rowOf(id)).toEqual(before);
    expect(await count()).toBe(rows);
    expect((await mailsOf(id)).length).toBe(mails);
    expect((await view(token)).statusCode).toBe(200);
  });

  it("never lets two simultaneous moves of a booking both move it: one booking, one seat", async () => {
    const { id, token } = await book({ date: WEDNESDAY, time: "12:00 PM" });
    const answers = await Promise.all([
      reschedule(token, { date: WEDNESDAY, time: "01:00 PM" }),
      reschedule(token, { date: WEDNESDAY, time: "02:00 PM" }),
    ]);
    // Either the second found the link dead (it raced the first), or it came after the first
    // and moved the new booking on (the link follows the booking): never two live bookings.
    const codes = answers.map((a) => a.statusCode).sort();
    expect([
      [200, 200],
      [200, 404],
    ]).toContainEqual(codes);
    expect(
      await db()
        .selectFrom("appointments")
        .select("id")
        .where("rescheduled_from", "=", id)
        .execute(),
    ).toHaveLength(1);
    const chain = [await rowOf(id)];
    while (chain.at(-1)?.rescheduled_to) {
      chain.push(await rowOf(chain.at(-1)?.rescheduled_to as string));
    }
    expect(chain).toHaveLength(codes[1] === 200 && codes[0] === 200 ? 3 : 2);
    expect(chain.filter((row) => row.seat !== null)).toHaveLength(1);
    expect(chain.filter((row) => row.manage_token_hash !== null)).toHaveLength(1);
    const live = chain.at(-1);
    const free = ["12:00 PM", "01:00 PM", "02:00 PM"].filter((t) => t !== live?.time);
    for (const time of free) expect(await isFree(WEDNESDAY, time)).toBe(true);
    expect(await isFree(WEDNESDAY, live?.time as string)).toBe(false);
  });

  it("replays a retried move with the same Idempotency-Key instead of refusing it", async () => {
    const { id, token } = await book({ date: WEDNESDAY, time: "05:00 PM" });
    const headers = { "idempotency-key": randomUUID() };
    const first = await reschedule(token, { date: "2026-11-30", time: "09:00 AM" }, headers);
    const again = await reschedule(token, { date: "2026-11-30", time: "09:00 AM" }, headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const moved = await db()
      .selectFrom("appointments")
      .select("id")
      .where("rescheduled_from", "=", id)
      .execute();
    expect(moved).toHaveLength(1);
    const other = await reschedule(token, { date: "2026-11-30", time: "10:00 AM" }, headers);
    expect(other.statusCode).toBe(422);
  });

  it("lets a link move its booking 3 times a Central day, then answers 429 until midnight with the agency's phone", async () => {
    expect(MANAGE_LIMITS.visitorMovesPerDay).toBe(3);
    const day = "2026-12-04";
    const { id, token } = await book({ date: day, time: "09:00 AM" });
    for (const time of ["10:00 AM", "11:00 AM", "01:00 PM"]) {
      expect((await reschedule(token, { date: day, time })).statusCode, time).toBe(200);
    }
    const chainEnd = async () => {
      let row = await rowOf(id);
      while (row.rescheduled_to) row = await rowOf(row.rescheduled_to);
      return row;
    };
    const third = await chainEnd();
    expect(third).toMatchObject({ time: "01:00 PM", visitor_moves: 3, visitor_moves_on: TODAY });
    const rows = (await db().selectFrom("appointments").select("id").execute()).length;
    const mails = (await db().selectFrom("mail_outbox").select("id").execute()).length;

    const refused = await reschedule(token, { date: day, time: "02:00 PM" });
    expect(refused.statusCode).toBe(429);
    const message = MANAGE_MESSAGES.tooManyMoves(3, AGENCY.phone);
    expect(refused.json()).toMatchObject({ error: message });
    expect(message).toContain(AGENCY.phone);
    // Until the next Central midnight: 10:30 AM CST → 06:00 UTC the next day, 13.5 hours.
    expect(refused.headers["retry-after"]).toBe(String(13.5 * 3600));
    expect(refused.headers["cache-control"]).toBe("no-store");
    // Nothing stored, nobody mailed, the booking and its link as they were.
    expect((await db().selectFrom("appointments").select("id").execute()).length).toBe(rows);
    expect((await db().selectFrom("mail_outbox").select("id").execute()).length).toBe(mails);
    expect(await chainEnd()).toEqual(third);
    expect((await view(token)).json()).toMatchObject({ time: "01:00 PM" });
    clock = new Date("2026-11-24T05:59:59Z");
    const lastSecond = await reschedule(token, { date: day, time: "02:00 PM" });
    expect(lastSecond.statusCode).toBe(429);
    expect(lastSecond.headers["retry-after"]).toBe("1");

    // A new Central day: three more.
    clock = new Date("2026-11-24T06:00:00Z");
    expect((await reschedule(token, { date: day, time: "02:00 PM" })).statusCode).toBe(200);
    expect(await chainEnd()).toMatchObject({ visitor_moves: 1, visitor_moves_on: "2026-11-24" });
  });

  it("leaves staff moves out of the link's count, and staff unlimited", async () => {
    const day = "2026-12-07";
    const { id, token } = await book({ date: day, time: "09:00 AM" });
    for (const time of ["10:00 AM", "11:00 AM", "01:00 PM"]) {
      expect((await reschedule(token, { date: day, time })).statusCode).toBe(200);
    }
    expect((await reschedule(token, { date: day, time: "02:00 PM" })).statusCode).toBe(429);
    let row = await rowOf(id);
    while (row.rescheduled_to) row = await rowOf(row.rescheduled_to);
    for (const time of ["02:00 PM", "03:00 PM", "04:00 PM", "05:00 PM"]) {
      const moved = await test.app.inject({
        method: "POST",
        url: `/api/appointments/${row.id}/move`,
        payload: { date: day, time },
        headers: staff,
      });
      expect(moved.statusCode, time).toBe(200);
      row = await rowOf(moved.json().data._id);
      expect(row).toMatchObject({ visitor_moves: 3, visitor_moves_on: TODAY });
    }
  });

  it("lets a person at the limit of two upcoming bookings move one of them", async () => {
    const person = { email: "twice@example.com", phone: "(651) 555-9911" };
    const { token } = await book({ ...person, date: "2026-12-01", time: "09:00 AM" });
    await book({ ...person, date: "2026-12-01", time: "10:00 AM" });
    const third = await test.app.inject({
      method: "POST",
      url: "/api/appointments/add-appointment",
      payload: booking({ ...person, date: "2026-12-01", time: "11:00 AM" }),
    });
    expect(third.statusCode).toBe(409);
    const moved = await reschedule(token, { date: "2026-12-01", time: "11:00 AM" });
    expect(moved.statusCode).toBe(200);
  });

  it("lets staff move an appointment (same rules, audited, the visitor mailed a fresh link)", async () => {
    const { id, token } = await book({ date: "2026-12-02", time: "09:00 AM" });
    const move = (payload: object, headers: Record<string, string> = staff) =>
      test.app.inject({
        method: "POST",
        url: `/api/appointments/${id}/move`,
        payload,
        headers,
      });
    expect((await move({ date: "2026-12-02", time: "10:00 AM" }, {})).statusCode).toBe(401);
    expect((await move({ date: "2026-12-05", time: "10:00 AM" })).statusCode).toBe(400);
    const response = await move({ date: "2026-12-02", time: "10:00 AM" });
    expect(response.statusCode).toBe(200);
    const newId: string = response.json().data._id;
    expect(await rowOf(id)).toMatchObject({ status: "rescheduled", rescheduled_to: newId });
    expect(await rowOf(newId)).toMatchObject({ status: "new", ics_sequence: 1, ics_uid: id });
    // The old link dies; the mail carries a new one that works.
    expect((await view(token)).statusCode).toBe(404);
    const mails = await mailsOf(newId);
    expect(mails.map((m) => m.kind)).toEqual(["appointment.visitor.rescheduled"]);
    const fresh = LINK.exec(mails[0]?.text_body ?? "")?.[1] as string;
    expect(fresh).not.toBe(token);
    expect((await view(fresh)).json()).toMatchObject({ time: "10:00 AM" });
    const audit = await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("target_id", "=", id)
      .where("action", "=", "appointment.rescheduled")
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(staffId);
    expect(JSON.parse(audit.details)).toMatchObject({
      by: "staff",
      from: { date: "2026-12-02", time: "09:00 AM" },
      to: { date: "2026-12-02", time: "10:00 AM", id: newId },
    });
    // The dashboard's record links the two.
    const record = await test.app.inject({
      method: "GET",
      url: `/api/appointments/${id}`,
      headers: staff,
    });
    expect(record.json().data).toMatchObject({ rescheduledTo: newId, status: "rescheduled" });
    // The old record cannot be moved again.
    expect((await move({ date: "2026-12-02", time: "11:00 AM" })).statusCode).toBe(409);
  });

  it("lets staff cancel an appointment, telling the visitor with METHOD:CANCEL", async () => {
    const { id, token } = await book({ date: "2026-12-03", time: "09:00 AM" });
    const response = await test.app.inject({
      method: "POST",
      url: `/api/appointments/${id}/cancel`,
      payload: { reason: "Customer called" },
      headers: staff,
    });
    expect(response.statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: "cancelled", seat: null });
    const mails = await mailsOf(id);
    const cancelled = mails.filter((m) => m.kind.endsWith(".cancelled"));
    expect(cancelled.map((m) => m.kind)).toEqual(["appointment.visitor.cancelled"]);
    expect(inviteOf(cancelled[0] as { attachments: string })).toMatchObject({
      method: "CANCEL",
      sequence: 1,
    });
    expect((await view(token)).statusCode).toBe(404);
  });
});

describe("request logs", () => {
  it("never write a manage link's token", () => {
    const token = "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWpr";
    expect(loggedPath(`/api/appointments/manage/${token}/cancel?x=1`)).toBe(
      "/api/appointments/manage/[link]/cancel",
    );
    expect(loggedPath(`/appointments/manage/${token}`)).toBe("/appointments/manage/[link]");
    expect(loggedPath("/api/appointments/available-slots?date=2026-11-24")).toBe(
      "/api/appointments/available-slots",
    );
  });
});
