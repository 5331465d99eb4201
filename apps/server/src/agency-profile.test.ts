import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  AGENCY,
  APPOINTMENT_FIELD_MESSAGES,
  BOOKING_HOURS_DISPLAY,
  CLOSURE_END_TIMES,
  CLOSURE_START_TIMES,
  TIME_SLOTS,
} from "@agency/domain";
import { agencyDir } from "@agency/domain/agency-profile-files";
import { bookingRequest, hourlySlots } from "@agency/domain/test-support/appointment";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type Marker,
  markersIn,
  OTHER_PROFILE_DIR,
  sampleMarkers,
} from "../../../scripts/sample-leaks.mjs";
import { createTestApp, type TestApp } from "./test/app.ts";
import { signInAs } from "./test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "./test/databases.ts";
import { validQuotePayload } from "./test/fixtures.ts";

// The second profile, switched to above every import (vi.hoisted), before the domain derives
// AGENCY; the previous AGENCY_DIR comes back for the next file.
await vi.hoisted(() => import("@agency/domain/test-support/other-agency-profile"));

/**
 * Every kind of mail the server sends (the `kind` of each message its features queue:
 * quote/mail.ts, contact/mail.ts, appointment/mail.ts, reminders/mail.ts, user/service.ts,
 * auth/service.ts, staff-email/, task/). A new kind belongs here, with the step below that makes it.
 */
const MAIL_KINDS = [
  "appointment.agency",
  "appointment.agency.cancelled",
  "appointment.agency.rescheduled",
  "appointment.reminder",
  "appointment.visitor",
  "appointment.visitor.cancelled",
  "appointment.visitor.rescheduled",
  "appointments.agency-day-list",
  "contact.agency",
  "contact.visitor",
  "password.reset",
  "person.erased",
  "privacy.agency",
  "privacy.answer",
  "privacy.verify",
  "quote.agency",
  "quote.visitor",
  "service.agency",
  "service.client",
  "staff.email",
  "task.assigned",
  "task.day-list",
  "user.invite",
];

/** The kinds the server's source queues: `kind: "a.b"` in a message, or a `…_KIND` constant. */
function mailKindsInSource(): string[] {
  const kinds = new Set<string>();
  const files = readdirSync(import.meta.dirname, { recursive: true, encoding: "utf8" });
  for (const file of files) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    const source = readFileSync(path.join(import.meta.dirname, file), "utf8");
    for (const [, kind] of source.matchAll(/(?:\bkind: |_KIND = )"([a-z-]+(?:\.[a-z-]+)+)"/g)) {
      if (kind) kinds.add(kind);
    }
  }
  return [...kinds].sort();
}

/** The sample agency's markers (names, phones in every form, email, street, people, …). */
const SAMPLE: readonly Marker[] = sampleMarkers();
const sampleIn = (text: string) => markersIn(text, SAMPLE).map((m) => `${m.what}: ${m.text}`);

describe.each(testEngines())("a second agency profile (AGENCY_DIR) on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  // Monday 23 November 2026, 10:30 AM Central.
  let now = new Date("2026-11-23T16:30:00Z");
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => now });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const response = await test.app.inject({ method: "POST", url, payload, headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    return response;
  };
  const book = async (date: string, time: string, email: string) => {
    const response = await post(
      "/api/appointments/add-appointment",
      bookingRequest({ email, date, time }),
    );
    return response.json().data._id as string;
  };
  const outbox = () =>
    database.handle.db.selectFrom("mail_outbox").selectAll().orderBy("kind").execute();

  it("knows every kind of mail the server sends", () => {
    expect(mailKindsInSource()).toEqual(MAIL_KINDS);
  });

  it("is what AGENCY holds", () => {
    expect(agencyDir()).toBe(OTHER_PROFILE_DIR);
    expect(AGENCY.name).toBe("Harbor Point Insurance Group");
    expect(AGENCY.phoneHref).toBe("tel:+15035550199");
  });

  it("derives every form of the booking hours the pages and closures use", () => {
    expect(TIME_SLOTS).toHaveLength(8);
    expect(BOOKING_HOURS_DISPLAY).toEqual({ first: "8:00 AM", last: "3:00 PM" });
    expect(CLOSURE_START_TIMES[0]).toBe("08:00 AM");
    expect(CLOSURE_END_TIMES.at(-1)).toBe("04:00 PM");
  });

  it("names the agency in the booking emails and the .ics, never the sample", async () => {
    const id = await book("2026-11-24", "02:00 PM", "rosa@example.com");
    await test.app.background.idle();
    const mails = (await outbox()).filter((mail) => mail.related_id === id);
    expect(mails.map((mail) => mail.kind)).toEqual(["appointment.agency", "appointment.visitor"]);
    const visitor = mails[1];
    const [invite] = JSON.parse(visitor?.attachments ?? "[]") as { content: string }[];
    const ics = (invite?.content ?? "").replace(/\r\n /g, "");
    expect(ics).toContain(`UID:${id}@www.harborpoint-insurance.example`);
    expect(ics).toContain(
      "LOCATION:Harbor Point Insurance Group\\, 10 Dock Street\\, Portland\\, OR 97201",
    );
    expect(visitor?.text_body).toContain("(503) 555-0199");
  });

  it("sends every kind of mail, each with its .ics and .eml, with nothing of the sample", async () => {
    // A quote, a message, a booking moved and then cancelled by its link.
    // From a visitor in the second agency's city: the sample's city is one of its markers.
    const quote = validQuotePayload();
    await post("/api/auto-quotes/send-auto-quote", {
      ...quote,
      personalInfo: { ...quote.personalInfo, city: "Portland", state: "OR", zip: "97205" },
    });
    const message = await post("/api/contacts/send-contact", {
      firstName: "Sam",
      lastName: "Okoro",
      email: "sam.okoro@example.com",
      phone: "5035550123",
      subject: "Home Insurance",
      message: "We just bought a house and need a quote before closing.",
      notRobot: true,
      formattedPhone: "(503) 555-0123",
    });
    // A client's Client Center request.
    const request = await post("/api/client-center/requests", {
      kind: "other",
      name: "Sam Okoro",
      email: "sam.okoro@example.com",
      phone: "5035550123",
      carrier: "Not sure",
      message: "Please send new ID cards for our second car.",
    });
    expect(request.statusCode, request.body).toBe(201);
    // A privacy request, confirmed by its link (the token is replaced by a known one: the
    // mail's own is blanked once delivered).
    await post("/api/privacy-requests", {
      name: "Sam Okoro",
      email: "sam.okoro@example.com",
      kind: "access",
    });
    const privacyToken = "harbor-point-privacy-token-0001";
    await database.handle.db
      .updateTable("privacy_requests")
      .set({ token_hash: createHash("sha256").update(privacyToken).digest("hex") })
      .execute();
    await post("/api/privacy-requests/verify", { token: privacyToken });
    const moved = await book("2026-11-25", "10:00 AM", "lee@example.com");
    await test.app.background.idle();
    const confirmation = (await outbox()).find(
      (mail) => mail.related_id === moved && mail.kind === "appointment.visitor",
    );
    const token = /\/appointments\/manage\/([\w-]{43})\b/.exec(confirmation?.text_body ?? "")?.[1];
    expect(token, "the confirmation's manage link").toBeTruthy();
    await post(`/api/appointments/manage/${token}/reschedule`, {
      date: "2026-11-25",
      time: "11:00 AM",
    });
    await post(`/api/appointments/manage/${token}/cancel`, {});

    // Staff: an invitation and a password reset.
    const admin = await signInAs(test.app, database, "admin");
    await post(
      "/api/users/invite",
      { email: "new.agent@example.com", firstName: "New", isAdmin: false },
      { authorization: `Bearer ${admin.token}` },
    );
    await post("/api/users/forgot-password", { email: admin.email });

    // Staff at work: an email to the lead from the app, and a task given to a colleague,
    // due today, so the colleague's morning list names it.
    const staff = { authorization: `Bearer ${admin.token}` };
    const contactId = message.json().data._id as string;
    await post(
      `/api/contacts/${contactId}/emails`,
      { subject: "Re: Home Insurance", body: "Hi Sam,\nI will call you this afternoon." },
      { ...staff, "idempotency-key": randomUUID() },
    );
    const privacy = await database.handle.db
      .selectFrom("privacy_requests")
      .select("id")
      .executeTakeFirstOrThrow();
    await post(
      `/api/privacy-requests/${privacy.id}/answer`,
      { status: "answered", answer: "Hi Sam,\nAttached is what we hold about you." },
      staff,
    );
    const colleague = await signInAs(test.app, database, "agent");
    await post(
      "/api/tasks",
      {
        subject: { kind: "contact", id: contactId },
        text: "Call Sam about the closing date",
        dueDate: "2026-11-23",
        dueTime: "16:00",
        assignedTo: colleague.userId,
      },
      staff,
    );

    // A person who asked to be erased: their summary email.
    const gone = await post("/api/contacts/send-contact", {
      firstName: "Robin",
      lastName: "Gone",
      email: "robin.gone@example.com",
      phone: "5035550188",
      subject: "Other",
      message: "Please erase my information.",
      notRobot: true,
      formattedPhone: "(503) 555-0188",
    });
    const goneRow = await database.handle.db
      .selectFrom("contacts")
      .select("person_id")
      .where("id", "=", gone.json().data._id)
      .executeTakeFirstOrThrow();
    await post(
      `/api/people/${goneRow.person_id}/erase`,
      { confirmName: "Robin Gone" },
      { ...staff, "idempotency-key": randomUUID() },
    );

    // Monday 5:30 PM: the reminder of Tuesday's 2 PM booking (previous test) and the day list.
    now = new Date("2026-11-23T23:30:00Z");
    await test.app.reminders.runOnce();
    await test.app.taskLists.runOnce();
    await test.app.background.idle();

    // Stored messages (before delivery blanks the ones carrying a link).
    const rows = await outbox();
    expect([...new Set(rows.map((row) => row.kind))].sort()).toEqual(MAIL_KINDS);
    const icsFiles = rows.flatMap((row) =>
      (JSON.parse(row.attachments) as { filename: string; content: string }[]).map(
        (attachment) => ({ kind: row.kind, ...attachment }),
      ),
    );
    expect(icsFiles.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      const { attachments: _, ...message } = row;
      expect(sampleIn(JSON.stringify(message)), `${row.kind} mail`).toEqual([]);
    }
    for (const file of icsFiles) {
      const ics = file.content.replace(/\r\n[ \t]/g, "");
      expect(ics).toContain("harborpoint-insurance.example");
      expect(sampleIn(ics), `${file.kind}: ${file.filename}`).toEqual([]);
    }

    // As delivered with no SMTP server: .eml files in the outbox folder, headers and all.
    // A pass sends a batch; the folder has them all when a pass finds nothing left.
    for (let pass = 0; pass < 10 && (await test.app.mailer.deliverDue()) > 0; pass += 1);
    const outboxDir = path.join(test.app.config.dataDir, "outbox");
    const emls = readdirSync(outboxDir).filter((name) => name.endsWith(".eml"));
    expect(emls.length).toBe(rows.length);
    for (const name of emls) {
      // Quoted-printable: soft line breaks and "=" written as "=3D"; folded headers.
      const eml = readFileSync(path.join(outboxDir, name), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        )
        .replace(/\r?\n[ \t]+/g, " ");
      expect(eml).toContain("Harbor Point Insurance Group");
      expect(sampleIn(eml), name).toEqual([]);
    }
  });

  it("offers the profile's booking hours as slots (08:00 to 15:00), and only those", async () => {
    const slots = await test.app.inject({
      method: "GET",
      url: "/api/appointments/available-slots?date=2026-11-25",
    });
    expect(slots.statusCode, slots.body).toBe(200);
    expect(slots.json().slots.map((slot: { time: string }) => slot.time)).toEqual(
      hourlySlots(8, 15),
    );
    const book = (time: string) =>
      test.app.inject({
        method: "POST",
        url: "/api/appointments/add-appointment",
        payload: bookingRequest({
          email: `sam-${time.slice(0, 2)}@example.com`,
          date: "2026-11-25",
          time,
        }),
      });
    // The sample's last slot is not this agency's; its first slot is.
    const late = await book("05:00 PM");
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain(APPOINTMENT_FIELD_MESSAGES.timeInvalid);
    expect((await book("08:00 AM")).statusCode).toBe(201);
  });

  it("keeps the sample out of the OpenAPI document", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    expect(sampleIn(response.body)).toEqual([]);
  });
});
