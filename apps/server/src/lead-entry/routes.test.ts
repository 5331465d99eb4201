import { randomUUID } from "node:crypto";
import {
  hasUnsafeCharacters,
  LEAD_ENTRY_MESSAGES,
  leadSearchText,
  MAX_OPEN_BOOKINGS_PER_PERSON,
} from "@agency/domain";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadTable } from "../lead/tables.ts";
import { UNKNOWN_ID } from "../test/admin-routes.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { VALID_QUOTE_AMOUNT, validQuotePayload } from "../test/fixtures.ts";

// Monday 2026-11-23, 10:30 AM in Chicago (16:30 UTC): the clock every booking rule sees.
const NOW = new Date("2026-11-23T16:30:00Z");
const TUESDAY = "2026-11-24";

let people = 0;
const phoneMessage = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Maria",
  lastName: "Ali",
  email: `maria.ali${++people}@example.com`,
  phone: "(612) 555-0382",
  subject: "Auto Insurance",
  message: "Called about adding her son to the policy.",
  source: "phone",
  ...overrides,
});
const phoneBooking = (overrides: Record<string, unknown> = {}) => ({
  name: "Ahmed Hassan",
  email: `ahmed${++people}@example.com`,
  phone: `(763) 555-${String(2000 + people)}`,
  date: TUESDAY,
  time: "09:00 AM",
  service: "Home Insurance",
  message: "",
  source: "walk-in",
  ...overrides,
});

describe.each(testEngines())("staff-entered leads and contact details on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let admin: { token: string; userId: string };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => NOW });
    admin = await signInAs(test.app, database, "admin");
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const send = (
    method: "POST" | "PATCH",
    url: string,
    payload: unknown,
    headers: Record<string, string> = {},
  ) =>
    test.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${admin.token}`, ...headers },
    });
  const db = () => database.handle.db;
  const mailsAbout = (id: string) =>
    db()
      .selectFrom("mail_outbox")
      .select(["kind", "to_address"])
      .where("related_id", "=", id)
      .orderBy("kind")
      .execute();
  const auditOf = (id: string) =>
    db()
      .selectFrom("audit_log")
      .select(["action", "actor_user_id", "target_type", "details"])
      .where("target_id", "=", id)
      .orderBy("created_at")
      .execute();
  const count = async (table: LeadTable) =>
    Number(
      (await db().selectFrom(table).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow())
        .n,
    );

  describe("entering a lead", () => {
    it("refuses callers who are not staff", async () => {
      const anonymous = await test.app.inject({
        method: "POST",
        url: "/api/contacts/staff-entry",
        payload: phoneMessage(),
      });
      expect(anonymous.statusCode).toBe(401);
      const user = await signInAs(test.app, database, "user");
      const plain = await test.app.inject({
        method: "POST",
        url: "/api/contacts/staff-entry",
        payload: phoneMessage(),
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(plain.statusCode).toBe(403);
    });

    it("lets every staff role that works leads enter one (an Agent included)", async () => {
      for (const kind of ["agent", "support", "manager"] as const) {
        const staff = await signInAs(test.app, database, kind);
        const response = await test.app.inject({
          method: "POST",
          url: "/api/contacts/staff-entry",
          payload: phoneMessage(),
          headers: { authorization: `Bearer ${staff.token}` },
        });
        expect(response.statusCode, kind).toBe(201);
        const edit = await test.app.inject({
          method: "PATCH",
          url: `/api/contacts/${response.json().data._id}/contact-details`,
          payload: { lastName: "Changed" },
          headers: { authorization: `Bearer ${staff.token}` },
        });
        expect(edit.statusCode, kind).toBe(200);
        expect((await auditOf(response.json().data._id))[0]?.actor_user_id).toBe(staff.userId);
      }
    });

    it("stores a phone message with its source and search text, audits who entered it, and mails no one", async () => {
      const body = phoneMessage();
      const response = await send("POST", "/api/contacts/staff-entry", body);
      expect(response.statusCode).toBe(201);
      const { data } = response.json();
      const row = await db()
        .selectFrom("contacts")
        .selectAll()
        .where("id", "=", data._id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        first_name: "Maria",
        last_name: "Ali",
        phone: "6125550382",
        source: "phone",
        status: "new",
      });
      expect(row.search_text).toBe(
        leadSearchText({
          firstName: "Maria",
          lastName: "Ali",
          email: body.email,
          phone: body.phone,
        }),
      );
      expect(await mailsAbout(data._id)).toEqual([]);
      const [entry, ...rest] = await auditOf(data._id);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({
        action: "lead.entered",
        actor_user_id: admin.userId,
        target_type: "contact",
      });
      expect(JSON.parse(entry?.details ?? "{}")).toEqual({
        source: "phone",
        notifyCustomer: false,
      });
      const list = await test.app.inject({
        method: "GET",
        url: `/api/contacts/list-contacts?q=${encodeURIComponent(body.email)}`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(list.json().contacts).toMatchObject([{ _id: data._id, source: "phone" }]);
    });

    it("emails the customer's confirmation (never the agency notice) only when ticked", async () => {
      const body = phoneMessage({ notifyCustomer: true, source: "email" });
      const response = await send("POST", "/api/contacts/staff-entry", body);
      expect(response.statusCode).toBe(201);
      expect(await mailsAbout(response.json().data._id)).toEqual([
        { kind: "contact.visitor", to_address: body.email },
      ]);
    });

    it.each([
      ["source", undefined, "How the lead reached you is required"],
      ["source", "web", LEAD_ENTRY_MESSAGES.sourceInvalid],
      ["source", "fax", LEAD_ENTRY_MESSAGES.sourceInvalid],
      ["notifyCustomer", "yes", "Notify customer must be true or false"],
      ["email", "a@example.com, b@example.com", "Email is invalid"],
      ["email", "Eve <eve@example.com>", "Email is invalid"],
      ["phone", "555-0382", "Invalid phone number format (10 digits required)"],
      ["phone", "(112) 555-0382", "Invalid phone number format (10 digits required)"],
      ["firstName", "<b></b>", "First name is required"],
      ["message", "", "Message is required"],
    ])("answers 400 when %s is %j, storing nothing", async (field, value, message) => {
      const before = await count("contacts");
      const response = await send("POST", "/api/contacts/staff-entry", {
        ...phoneMessage(),
        [field]: value,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
      expect(await count("contacts")).toBe(before);
    });

    it("stores a double click once (the same Idempotency-Key), and refuses the key for another body", async () => {
      const before = await count("contacts");
      const key = randomUUID();
      const body = phoneMessage();
      const [first, second] = await Promise.all([
        send("POST", "/api/contacts/staff-entry", body, { "idempotency-key": key }),
        send("POST", "/api/contacts/staff-entry", body, { "idempotency-key": key }),
      ]);
      expect(first?.statusCode).toBe(201);
      expect(second?.json()).toEqual(first?.json());
      expect(await count("contacts")).toBe(before + 1);
      expect(await auditOf(first?.json().data._id)).toHaveLength(1);
      const other = await send(
        "POST",
        "/api/contacts/staff-entry",
        { ...body, notifyCustomer: true },
        { "idempotency-key": key },
      );
      expect(other.statusCode).toBe(422);
    });

    it("enters a walk-in quote request priced by the server, emailing only when ticked", async () => {
      const quiet = await send("POST", "/api/auto-quotes/staff-entry", {
        ...validQuotePayload(),
        source: "walk-in",
      });
      expect(quiet.statusCode).toBe(201);
      expect(quiet.json().data.quoteAmount).toBe(VALID_QUOTE_AMOUNT);
      const id = quiet.json().data._id;
      const row = await db()
        .selectFrom("auto_quotes")
        .select(["source", "phone"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ source: "walk-in", phone: "6125550199" });
      expect(await mailsAbout(id)).toEqual([]);
      expect(await auditOf(id)).toMatchObject([
        { action: "lead.entered", target_type: "auto_quote" },
      ]);

      const told = await send("POST", "/api/auto-quotes/staff-entry", {
        ...validQuotePayload(),
        source: "phone",
        notifyCustomer: true,
      });
      expect(await mailsAbout(told.json().data._id)).toEqual([
        { kind: "quote.visitor", to_address: "maria.lindqvist@example.com" },
      ]);
      const invalid = await send("POST", "/api/auto-quotes/staff-entry", {
        ...validQuotePayload(),
        source: "phone",
        drivers: [],
      });
      expect(invalid.statusCode).toBe(400);
    });

    it("books a slot with every calendar rule of the public form", async () => {
      const booked = await send("POST", "/api/appointments/staff-entry", phoneBooking());
      expect(booked.statusCode).toBe(201);
      expect(booked.json().data).toMatchObject({ date: TUESDAY, time: "09:00 AM" });
      const id = booked.json().data._id;
      expect(await mailsAbout(id)).toEqual([]);
      const row = await db()
        .selectFrom("appointments")
        .select(["source"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.source).toBe("walk-in");

      const taken = await send("POST", "/api/appointments/staff-entry", phoneBooking());
      expect(taken.statusCode).toBe(409);
      const refused = async (overrides: Record<string, unknown>, field: string) => {
        const response = await send("POST", "/api/appointments/staff-entry", {
          ...phoneBooking(),
          ...overrides,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      };
      await refused({ date: "2026-11-28" }, "date"); // a Saturday
      await refused({ date: "2026-11-26" }, "date"); // Thanksgiving
      await refused({ date: "2026-11-20" }, "date"); // past
      await refused({ date: "2027-06-01" }, "date"); // beyond the 90-day horizon
      await refused({ date: "2026-11-23", time: "09:00 AM" }, "time"); // started today
      await refused({ time: "08:00 AM" }, "time");
      await refused({ name: "R2-D2" }, "name");
    });

    it.each([
      ["/api/contacts/staff-entry", "contacts", () => phoneMessage()],
      [
        "/api/appointments/staff-entry",
        "appointments",
        () => phoneBooking({ date: "2026-12-14", time: "10:00 AM" }),
      ],
      [
        "/api/auto-quotes/staff-entry",
        "auto_quotes",
        () => ({ ...validQuotePayload(), source: "email" }),
      ],
    ] as const)(
      "%s stores a fullwidth address in its plain form, as the public form does (decision 0048)",
      async (url, table, payload) => {
        const body = payload() as Record<string, unknown> & {
          personalInfo?: { email: string };
        };
        const typed = "ｗｉｄｅ．ｋｅｙｓ＋ｌｅａｄ＠ｅｘａｍｐｌｅ．ｃｏｍ";
        if (body.personalInfo) body.personalInfo.email = typed;
        else body.email = typed;
        const response = await send("POST", url, body);
        expect(response.statusCode).toBe(201);
        const row = await db()
          .selectFrom(table)
          .select("email")
          .where("id", "=", response.json().data._id)
          .executeTakeFirstOrThrow();
        expect(row.email).toBe("wide.keys+lead@example.com");
      },
    );

    it("lets staff book past the per-person limit, and emails the confirmation only when ticked", async () => {
      const person = { email: "busy.family@example.com", phone: "6515550177" };
      for (const time of ["10:00 AM", "11:00 AM"]) {
        const own = await test.app.inject({
          method: "POST",
          url: "/api/appointments/add-appointment",
          payload: { ...phoneBooking(person), time, source: undefined },
        });
        expect(own.statusCode).toBe(201);
      }
      const publicThird = await test.app.inject({
        method: "POST",
        url: "/api/appointments/add-appointment",
        payload: { ...phoneBooking(person), time: "01:00 PM", source: undefined },
      });
      expect(publicThird.statusCode).toBe(409);
      expect(MAX_OPEN_BOOKINGS_PER_PERSON).toBe(2);
      const staffThird = await send("POST", "/api/appointments/staff-entry", {
        ...phoneBooking(person),
        time: "01:00 PM",
        source: "phone",
        notifyCustomer: true,
      });
      expect(staffThird.statusCode).toBe(201);
      expect(await mailsAbout(staffThird.json().data._id)).toEqual([
        { kind: "appointment.visitor", to_address: person.email },
      ]);
    });
  });

  describe("a lead without an email (issue 27; decision 0063)", () => {
    const get = (url: string) =>
      test.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${admin.token}` } });
    const rowEmail = async (table: LeadTable, id: string) =>
      (await db().selectFrom(table).select("email").where("id", "=", id).executeTakeFirstOrThrow())
        .email;

    it.each([
      {
        kind: "message",
        url: "/api/contacts/staff-entry",
        table: "contacts",
        list: "/api/contacts/list-contacts",
        one: "/api/contacts",
        exportUrl: "/api/contacts/export.csv",
        name: "Noemail Caller",
        phone: "(612) 555-0711",
        body: (phone: string) => {
          const { email: _none, ...rest } = phoneMessage({
            firstName: "Noemail",
            lastName: "Caller",
            phone,
          });
          return { ...rest, notifyCustomer: true };
        },
      },
      {
        kind: "quote request",
        url: "/api/auto-quotes/staff-entry",
        table: "auto_quotes",
        list: "/api/auto-quotes/get-all-auto-quotes",
        one: "/api/auto-quotes",
        exportUrl: "/api/auto-quotes/export.csv",
        name: "Noemail Walker",
        phone: "(612) 555-0712",
        body: (phone: string) => {
          const quote = validQuotePayload();
          return {
            ...quote,
            personalInfo: {
              ...quote.personalInfo,
              firstName: "Noemail",
              lastName: "Walker",
              email: "",
              phone,
            },
            source: "walk-in",
            notifyCustomer: true,
          };
        },
      },
      {
        kind: "booking",
        url: "/api/appointments/staff-entry",
        table: "appointments",
        list: "/api/appointments/get-appointments",
        one: "/api/appointments",
        exportUrl: "/api/appointments/export.csv",
        name: "Noemail Booker",
        phone: "(612) 555-0713",
        body: (phone: string) => ({
          ...phoneBooking({ name: "Noemail Booker", email: "  ", phone }),
          date: "2026-12-15",
          time: "10:00 AM",
          notifyCustomer: true,
        }),
      },
    ] as const)(
      "saves a $kind taken with a phone and no email, and every reader copes",
      async (c) => {
        const created = await send("POST", c.url, c.body(c.phone));
        expect(created.statusCode).toBe(201);
        const id = created.json().data._id as string;
        expect(await rowEmail(c.table, id)).toBe("");
        // No mail to a missing address, though "notify customer" was ticked.
        expect(await mailsAbout(id)).toEqual([]);

        const digits = c.phone.replace(/\D/g, "");
        const listed = await get(`${c.list}?q=${digits}`);
        expect(listed.statusCode).toBe(200);
        // The spec's contact list answers under "contacts", the others under "data".
        const rows = (listed.json().data ?? listed.json().contacts) as { _id: string }[];
        expect(rows.map((lead) => lead._id)).toContain(id);

        const one = await get(`${c.one}/${id}`);
        expect(one.statusCode).toBe(200);

        const csv = await get(`${c.exportUrl}?q=${digits}`);
        expect(csv.statusCode).toBe(200);
        expect(csv.body).toContain(c.name.split(" ")[1]);

        // The header search: one person by phone, with no email; the timeline of "no address"
        // is refused as a bad query, never a server error.
        const people = await get(`/api/prospects/search?q=${digits}`);
        expect(people.statusCode).toBe(200);
        expect(people.json().people).toMatchObject([{ email: "", phone: digits }]);
        expect((await get("/api/prospects/timeline?email=")).statusCode).toBe(400);
      },
    );

    it("keeps leads without an email apart in the header search (one person per phone)", async () => {
      for (const phone of ["(651) 555-0721", "(651) 555-0722"]) {
        const { email: _none, ...body } = phoneMessage({ lastName: "Apart", phone });
        expect((await send("POST", "/api/contacts/staff-entry", body)).statusCode).toBe(201);
      }
      const people = await get("/api/prospects/search?q=Apart");
      expect(people.statusCode).toBe(200);
      expect(
        people
          .json()
          .people.map((p: { phone: string }) => p.phone)
          .sort(),
      ).toEqual(["6515550721", "6515550722"]);
    });

    it("refuses a bad email, and a lead with neither phone nor email names both", async () => {
      const { email: _none, phone: _nor, ...bare } = phoneMessage();
      const refused = await send("POST", "/api/contacts/staff-entry", bare);
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json())).toMatch(/Phone number is required.*email/);
      const bad = await send("POST", "/api/contacts/staff-entry", phoneMessage({ email: "nope" }));
      expect(bad.statusCode).toBe(400);
    });
  });

  describe("editing contact details", () => {
    const enter = async () => {
      const response = await send("POST", "/api/contacts/staff-entry", phoneMessage());
      return response.json().data._id as string;
    };

    it("changes only what differs, recomputes the search text, and audits before and after", async () => {
      const id = await enter();
      const response = await send("PATCH", `/api/contacts/${id}/contact-details`, {
        firstName: "Maria",
        lastName: "Al-Sayed",
        phone: "612-555-0999",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: "Contact details saved.",
        data: { _id: id, firstName: "Maria", lastName: "Al-Sayed", phone: "6125550999" },
      });
      const row = await db()
        .selectFrom("contacts")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.search_text).toBe(
        leadSearchText({
          firstName: "Maria",
          lastName: "Al-Sayed",
          email: row.email,
          phone: "6125550999",
        }),
      );
      expect(row.updated_at).toBe(NOW.toISOString());
      const entries = await auditOf(id);
      expect(entries.map((e) => e.action)).toEqual(["lead.entered", "lead.details_changed"]);
      expect(entries[1]?.actor_user_id).toBe(admin.userId);
      expect(JSON.parse(entries[1]?.details ?? "{}")).toEqual({
        changes: {
          lastName: { before: "Ali", after: "Al-Sayed" },
          phone: { before: "6125550382", after: "6125550999" },
        },
      });

      const missing = await send("PATCH", "/api/contacts/none/contact-details", { lastName: "X" });
      expect(missing.statusCode).toBe(404);
      const list = await test.app.inject({
        method: "GET",
        url: "/api/contacts/list-contacts?q=al-sayed",
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(list.json().contacts.map((c: { _id: string }) => c._id)).toContain(id);
      const overview = await test.app.inject({
        method: "GET",
        url: "/api/dashboard/overview",
        headers: { authorization: `Bearer ${admin.token}` },
      });
      const feed = overview.json().activity.map((entry: { text: string }) => entry.text);
      expect(
        feed.some((text: string) => text.endsWith("edited the contact details of a contact")),
      ).toBe(true);
      expect(feed.some((text: string) => text.endsWith("entered a contact"))).toBe(true);
    });

    it("writes nothing for a change that changes nothing", async () => {
      const id = await enter();
      const response = await send("PATCH", `/api/contacts/${id}/contact-details`, {
        firstName: "  Maria ",
        phone: "6125550382",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe("Nothing was changed.");
      expect((await auditOf(id)).map((e) => e.action)).toEqual(["lead.entered"]);
    });

    it.each([
      [{}, "", "Change at least one field"],
      [{ address: "1 Main St" }, "", "Change at least one field"],
      [{ email: "" }, "email", "Email is required"],
      [{ email: "a@example.com; b@example.com" }, "email", "Email is invalid"],
      [{ phone: "12345" }, "phone", "Invalid phone number format (10 digits required)"],
      [{ lastName: "x".repeat(51) }, "lastName", "Last name must be at most 50 characters"],
    ])("answers 400 for %j", async (payload, field, message) => {
      const id = await enter();
      const response = await send("PATCH", `/api/contacts/${id}/contact-details`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
      expect(await auditOf(id)).toHaveLength(1);
    });

    it("answers 404 for an unknown lead and 401 without a token", async () => {
      const missing = await send("PATCH", `/api/appointments/${UNKNOWN_ID}/contact-details`, {
        phone: "6125550100",
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe("Appointment not found");
      const anonymous = await test.app.inject({
        method: "PATCH",
        url: `/api/appointments/${UNKNOWN_ID}/contact-details`,
        payload: { phone: "6125550100" },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it("edits an appointment's one name field with the booking form's rules", async () => {
      const booked = await send(
        "POST",
        "/api/appointments/staff-entry",
        phoneBooking({ time: "03:00 PM" }),
      );
      const id = booked.json().data._id;
      const bad = await send("PATCH", `/api/appointments/${id}/contact-details`, { name: "A" });
      expect(bad.json().errors).toContainEqual({
        field: "name",
        message: "Name must be at least 2 characters long",
      });
      const good = await send("PATCH", `/api/appointments/${id}/contact-details`, {
        name: "Zoë Ångström",
        email: "zoe@example.com",
      });
      expect(good.statusCode).toBe(200);
      expect(good.json().data).toMatchObject({ name: "Zoë Ångström", email: "zoe@example.com" });
      const row = await db()
        .selectFrom("appointments")
        .select(["search_text", "phone"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.search_text).toBe(
        leadSearchText({ name: "Zoë Ångström", email: "zoe@example.com", phone: row.phone }),
      );
      const [, change] = await auditOf(id);
      expect(Object.keys(JSON.parse(change?.details ?? "{}").changes)).toEqual(["name", "email"]);
    });

    it("moves an appointment to its new address's person for the booking limit (decision 0048)", async () => {
      const visitor = (date: string, email: string) => ({
        ...phoneBooking({ email, date, time: "04:00 PM" }),
        source: undefined,
      });
      const book = (payload: object) =>
        test.app.inject({ method: "POST", url: "/api/appointments/add-appointment", payload });
      const first = await book(visitor("2026-12-07", "Mover@example.com"));
      expect((await book(visitor("2026-12-08", "mover+2@example.com"))).statusCode).toBe(201);
      expect((await book(visitor("2026-12-09", "ｍｏｖｅｒ@example.com"))).statusCode).toBe(409);
      const id = first.json().data._id;
      const edit = await send("PATCH", `/api/appointments/${id}/contact-details`, {
        email: "Ｓｔａｙｅｒ+home@Example.com",
      });
      expect(edit.statusCode).toBe(200);
      expect(edit.json().data.email).toBe("Stayer+home@Example.com");
      const row = await db()
        .selectFrom("appointments")
        .select(["email", "email_key"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ email: "Stayer+home@Example.com", email_key: "stayer@example.com" });
      // The place it held is the first address's again; the new address holds one.
      expect((await book(visitor("2026-12-09", "mover@example.com"))).statusCode).toBe(201);
      expect((await book(visitor("2026-12-10", "stayer@example.com"))).statusCode).toBe(201);
      expect((await book(visitor("2026-12-11", "STAYER@example.com"))).statusCode).toBe(409);
    });

    it("edits a quote's applicant and answers the record still masked", async () => {
      const entered = await send("POST", "/api/auto-quotes/staff-entry", {
        ...validQuotePayload(),
        source: "phone",
      });
      const id = entered.json().data._id;
      const response = await send("PATCH", `/api/auto-quotes/${id}/contact-details`, {
        email: "maria.l@example.com",
      });
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.personalInfo.email).toBe("maria.l@example.com");
      expect(data.personalInfo.dob).not.toBe("1986-04-12");
      expect(data.drivers).toHaveLength(2);
    });

    it("stores any Unicode a name may hold cleanly, keeps the search text in step, and never fails", async () => {
      const id = await enter();
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.string({ unit: "binary", maxLength: 60 }),
            fc.string({ unit: "grapheme", maxLength: 20 }),
            fc.constantFrom("\u0000Ann", "Ann\u202e", "\ud800x", "Anne\u2028Marie", "𝓐𝓷𝓷"),
          ),
          fc.constantFrom("firstName", "lastName", "email", "phone"),
          async (value, field) => {
            const response = await send("PATCH", `/api/contacts/${id}/contact-details`, {
              [field]: value,
            });
            expect([200, 400]).toContain(response.statusCode);
            const row = await db()
              .selectFrom("contacts")
              .selectAll()
              .where("id", "=", id)
              .executeTakeFirstOrThrow();
            for (const text of [row.first_name, row.last_name, row.email, row.phone]) {
              expect(hasUnsafeCharacters(text)).toBe(false);
              expect(text).not.toMatch(/<[a-z!/?]/i);
            }
            expect(row.search_text).toBe(
              leadSearchText({
                firstName: row.first_name,
                lastName: row.last_name,
                email: row.email,
                phone: row.phone,
              }),
            );
          },
        ),
        { numRuns: 60 },
      );
    });
  });
});
