import { hasUnsafeCharacters } from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "./test/databases.ts";
import { validQuotePayload } from "./test/fixtures.ts";

/**
 * Issue 12, across the three public forms: one submission reaches one mailbox, the visitor
 * confirmation repeats nothing the visitor typed, the phone stored is the number meant, and
 * no character stored by one engine breaks the other.
 */

// Monday 2026-11-23, 10:30 AM in Chicago.
const NOW = new Date("2026-11-23T16:30:00Z");
const SPAM = "Win a prize at spam.example";
/** Open weekdays of December 2026 (Christmas is a holiday): one slot per submission. */
const DECEMBER_WEEKDAYS = [1, 2, 3, 4, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 21, 22, 23];

type Form = {
  name: string;
  url: string;
  table: "contacts" | "appointments" | "auto_quotes";
  payload: (n: number, changes: { email?: string; phone?: string; text?: string }) => object;
  emailField: string;
  invalidEmail: string;
  phoneColumn: string;
};

const FORMS: Form[] = [
  {
    name: "contact",
    url: "/api/contacts/send-contact",
    table: "contacts",
    payload: (n, c) => ({
      firstName: c.text ?? "Maria",
      lastName: "Ali",
      email: c.email ?? `maria${n}@example.com`,
      phone: c.phone ?? "6125550100",
      subject: "Home Insurance",
      message: c.text ?? "Please call me about my cabin.",
      notRobot: true,
    }),
    emailField: "email",
    invalidEmail: "Email is invalid",
    phoneColumn: "phone",
  },
  {
    name: "booking",
    url: "/api/appointments/add-appointment",
    table: "appointments",
    payload: (n, c) => ({
      name: c.text ? `Maria ${c.text.replace(/[^\p{L} ]/gu, "")}` : "Maria Ali",
      email: c.email ?? `maria${n}@example.com`,
      phone: c.phone ?? `612555${String(1000 + n)}`,
      date: `2026-12-${String(DECEMBER_WEEKDAYS[Math.floor(n / 6) % DECEMBER_WEEKDAYS.length]).padStart(2, "0")}`,
      time: ["09:00 AM", "10:00 AM", "11:00 AM", "01:00 PM", "02:00 PM", "03:00 PM"][n % 6],
      service: "Home Insurance",
      message: c.text ?? "Cabin and boat review",
    }),
    emailField: "email",
    invalidEmail: "Please enter a valid email address",
    phoneColumn: "phone",
  },
  {
    name: "quote",
    url: "/api/auto-quotes/send-auto-quote",
    table: "auto_quotes",
    payload: (n, c) => {
      const quote = validQuotePayload();
      quote.personalInfo.email = c.email ?? `maria${n}@example.com`;
      if (c.phone) quote.personalInfo.phone = c.phone;
      if (c.text) {
        quote.personalInfo.firstName = c.text;
        quote.personalInfo.address = c.text;
      }
      return quote;
    },
    emailField: "personalInfo.email",
    invalidEmail: "Email is invalid",
    phoneColumn: "phone",
  },
];

describe.each(testEngines())("the public forms on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let n = 0;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => NOW });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const submit = (form: Form, changes: Parameters<Form["payload"]>[1] = {}) =>
    test.app.inject({ method: "POST", url: form.url, payload: form.payload(++n, changes) });
  const rowCount = async (table: Form["table"] | "mail_outbox") =>
    (await database.handle.db.selectFrom(table).select("id").execute()).length;

  describe.each(FORMS)("$name", (form) => {
    it.each([
      "victim1@example.com, victim2@example.com",
      "victim1@example.com;victim2@example.com",
      "victim1@example.com victim2@example.com",
      "Agency <victim1@example.com>",
      "victim1@example.com\r\nBcc: victim2@example.com",
      "<victim1@example.com>",
    ])("refuses %j: 400 with the field's message, nothing stored, no mail", async (email) => {
      const [records, mails] = [await rowCount(form.table), await rowCount("mail_outbox")];
      const response = await submit(form, { email });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({
        field: form.emailField,
        message: form.invalidEmail,
      });
      expect(await rowCount(form.table)).toBe(records);
      expect(await rowCount("mail_outbox")).toBe(mails);
    });

    it("stores a fullwidth address in its plain form and mails that (decision 0048)", async () => {
      const typed = `ｍａｒｉａ${n + 1}＠ｅｘａｍｐｌｅ．ｃｏｍ`;
      const response = await submit(form, { email: typed });
      expect(response.statusCode).toBe(201);
      const id = response.json().data._id as string;
      const db = database.handle.db;
      const row = await db
        .selectFrom(form.table)
        .select("email")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row.email).toBe(typed.normalize("NFKC"));
      expect(row.email).toMatch(/^maria\d+@example\.com$/);
      const mails = await db
        .selectFrom("mail_outbox")
        .select(["kind", "to_address"])
        .where("related_id", "=", id)
        .execute();
      expect(mails.find((mail) => mail.kind.endsWith(".visitor"))?.to_address).toBe(row.email);
    });

    it("refuses a fullwidth comma's second address with the field's message", async () => {
      const response = await submit(form, { email: "victim1@example.com，victim2@example.com" });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({
        field: form.emailField,
        message: form.invalidEmail,
      });
    });

    it("sends the visitor a confirmation without a word of what they typed", async () => {
      const response = await submit(form, { text: SPAM });
      expect(response.statusCode).toBe(201);
      const id = response.json().data._id as string;
      const mails = await database.handle.db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("related_id", "=", id)
        .execute();
      const visitor = mails.find((mail) => mail.kind.endsWith(".visitor"));
      const agency = mails.find((mail) => mail.kind.endsWith(".agency"));
      expect(visitor?.to_address).toMatch(/^maria\d+@example\.com$/);
      for (const text of [visitor?.subject, visitor?.text_body, visitor?.attachments]) {
        expect(text).not.toContain("spam.example");
        expect(text).not.toContain("Win a prize");
        expect(text).not.toContain("Ali");
      }
      // The agency's own notice keeps what was sent.
      expect(`${agency?.subject}\n${agency?.text_body}`).toMatch(/Win a prize|spam/);
    });

    it.each([
      ["+1 612 555 0121", "6125550121"],
      ["+1 (612) 555-0122", "6125550122"],
      ["1-612-555-0123", "6125550123"],
      ["(612) 555-0124", "6125550124"],
    ])("stores %j as the 10 digits meant", async (phone, digits) => {
      const response = await submit(form, { phone });
      expect(response.statusCode).toBe(201);
      const row = await database.handle.db
        .selectFrom(form.table)
        .select(form.phoneColumn as "phone")
        .where("id", "=", response.json().data._id)
        .executeTakeFirstOrThrow();
      expect(row.phone).toBe(digits);
    });

    it.each([["+1 612 555 012"], ["1612555012"], ["+44 20 7946 0958"], ["2 612 555 0123"]])(
      "refuses %j rather than store a wrong number",
      async (phone) => {
        const response = await submit(form, { phone });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors[0].field).toMatch(/phone$/);
      },
    );

    it("stores text with NUL, controls, bidi overrides and lone surrogates cleaned, never a 500", async () => {
      const hostile = "Ma\u0000ri\u001ba \u202eilA\u202c \u2066x\u2069\ud800\udfff end";
      const response = await submit(form, { text: hostile });
      expect(response.statusCode).toBe(201);
      const row = await database.handle.db
        .selectFrom(form.table)
        .selectAll()
        .where("id", "=", response.json().data._id)
        .executeTakeFirstOrThrow();
      for (const value of Object.values(row)) {
        if (typeof value !== "string") continue;
        expect(hasUnsafeCharacters(value)).toBe(false);
      }
    });
  });
});
