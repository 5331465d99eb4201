import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { hasUnsafeCharacters, STAFF_EMAIL_MESSAGES, type StaffEmail } from "@agency/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeLeads } from "../operations/repository.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";

const contact = (firstName: string, email: string) => ({
  firstName,
  lastName: "Tester",
  email,
  phone: "6125550100",
  subject: "Renter's Insurance",
  message: "Please call me about renters insurance.",
  notRobot: true,
});
// 2030-03-05 15:00 UTC is 09:00 in Chicago: the booking below lies ahead.
const clock = () => new Date("2030-03-05T15:00:00Z");
const draft = { subject: "Re: Renter's Insurance", body: "Hi Ann,\nThanks for writing." };

describe.each(testEngines())("email from the app on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  /** The same database, with a mail server that refuses every connection (a closed port). */
  let broken: TestApp;
  let manager: Awaited<ReturnType<typeof signInAs>>;
  let agent: Awaited<ReturnType<typeof signInAs>>;
  let plain: Awaited<ReturnType<typeof signInAs>>;
  const ids = { ann: "", bo: "", quote: "", appointment: "", noEmail: "" };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock });
    broken = await createTestApp(database, { clock, config: { smtpUrl: "smtp://127.0.0.1:1" } });
    manager = await signInAs(test.app, database, "manager", "meg@example.com");
    await database.handle.db
      .updateTable("users")
      .set({ first_name: "Meg", last_name: "Manager" })
      .where("id", "=", manager.userId)
      .execute();
    agent = await signInAs(test.app, database, "agent");
    plain = await signInAs(test.app, database, "user");
    const send = (url: string, payload: object, token?: string) =>
      test.app
        .inject({
          method: "POST",
          url,
          payload,
          ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
        })
        .then((r) => {
          if (r.statusCode !== 201) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
          return r.json().data._id as string;
        });
    ids.ann = await send("/api/contacts/send-contact", contact("Ann", "ann@example.com"));
    ids.bo = await send("/api/contacts/send-contact", contact("Bo", "bo@example.com"));
    const quote = validQuotePayload();
    quote.personalInfo.email = "ann@example.com";
    ids.quote = await send("/api/auto-quotes/send-auto-quote", quote);
    ids.appointment = await send("/api/appointments/add-appointment", {
      name: "Cy Tester",
      email: "cy@example.com",
      phone: "6125550101",
      date: "2030-03-07",
      time: "10:00 AM",
      service: "Auto Insurance",
      message: "",
    });
    ids.noEmail = await send(
      "/api/contacts/staff-entry",
      { ...contact("Walk", ""), notRobot: undefined, source: "walk-in" },
      manager.token,
    );
  });
  afterAll(async () => {
    await broken.app.close();
    await test.app.close();
    await database.drop();
  });

  const call = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    options: { payload?: object; token?: string; key?: string; app?: TestApp } = {},
  ) =>
    (options.app ?? test).app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${options.token ?? manager.token}`,
        ...(options.key ? { "idempotency-key": options.key } : {}),
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const emailsOf = async (url: string): Promise<StaffEmail[]> => {
    const response = await call("GET", url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const rowsOf = (table: "staff_emails" | "mail_outbox", column: string, value: string) =>
    database.handle.db
      .selectFrom(table)
      .selectAll()
      .where(column as "id", "=", value)
      .execute();
  /** Delivery passes until the email leaves "queued" (the outbox's own retries are hastened). */
  const settle = async (app: TestApp, url: string, id: string): Promise<StaffEmail> => {
    for (let pass = 0; pass < 20; pass += 1) {
      await database.handle.db
        .updateTable("mail_outbox")
        .set({ next_attempt_at: "2000-01-01T00:00:00.000Z" })
        .where("status", "=", "pending")
        .execute();
      await app.app.mailer.deliverDue();
      const email = (await emailsOf(url)).find((e) => e._id === id);
      if (email && email.state !== "queued") return email;
    }
    throw new Error("the email stayed queued");
  };

  it("sends one email per submission: a repeat with the same key answers the same email", async () => {
    const key = randomUUID();
    const url = `/api/contacts/${ids.ann}/emails`;
    const first = await call("POST", url, { payload: draft, key });
    expect(first.statusCode, first.body).toBe(201);
    const email = first.json().data as StaffEmail;
    expect(email).toMatchObject({
      to: "ann@example.com",
      subject: draft.subject,
      body: draft.body,
      sender: { _id: manager.userId, name: "Meg Manager" },
      state: "queued",
      attempts: 0,
      error: null,
    });
    const again = await call("POST", url, { payload: draft, key });
    expect(again.statusCode).toBe(201);
    expect(again.json().data._id).toBe(email._id);
    expect(await rowsOf("staff_emails", "about_id", ids.ann)).toHaveLength(1);
    const [outbox, ...more] = await database.handle.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("kind", "=", "staff.email")
      .where("related_id", "=", ids.ann)
      .execute();
    expect(more).toHaveLength(0);
    expect(outbox).toMatchObject({
      to_address: "ann@example.com",
      reply_to: "meg@example.com",
      related_type: "contact",
    });
    // The same key with another text, or on another lead, is refused and stores nothing.
    const other = await call("POST", url, { payload: { ...draft, body: "Other" }, key });
    expect(other.statusCode).toBe(422);
    const elsewhere = await call("POST", `/api/contacts/${ids.bo}/emails`, { payload: draft, key });
    expect(elsewhere.statusCode).toBe(422);
    expect(await rowsOf("staff_emails", "about_id", ids.bo)).toHaveLength(0);
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "record.emailed")
      .where("target_id", "=", ids.ann)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).not.toContain("Thanks");

    // Delivered from the agency's address with Reply-To the staff member.
    const sent = await settle(test, url, email._id);
    expect(sent).toMatchObject({ state: "sent", attempts: 1, error: null });
    expect(sent.sentAt).not.toBeNull();
    const dir = path.join(test.app.config.dataDir, "outbox");
    const eml = readdirSync(dir).find((name) => name.includes(outbox?.id ?? "?"));
    const message = readFileSync(path.join(dir, eml ?? ""), "utf8");
    expect(message).toMatch(/^Reply-To: meg@example\.com$/m);
    expect(message).toMatch(/^To: ann@example\.com$/m);
    expect(message).toMatch(/^Subject: Re: Renter's Insurance$/m);
  });

  it("shows the email on the lead's timeline with its text, sender and state", async () => {
    const response = await call("GET", "/api/prospects/timeline?email=ann%40example.com");
    expect(response.statusCode).toBe(200);
    const item = (response.json().items as { _id: string; emails: StaffEmail[] }[]).find(
      (i) => i._id === ids.ann,
    );
    expect(item?.emails).toHaveLength(1);
    expect(item?.emails[0]).toMatchObject({
      body: draft.body,
      sender: { name: "Meg Manager" },
      state: "sent",
    });
    const quoteItem = (response.json().items as { _id: string; emails: unknown[] }[]).find(
      (i) => i._id === ids.quote,
    );
    expect(quoteItem?.emails).toEqual([]);
  });

  it("marks an email failed when the mail server cannot be reached, and Retry sends it", async () => {
    const url = `/api/appointments/${ids.appointment}/emails`;
    const sent = await call("POST", url, {
      payload: { subject: "Re: Your appointment", body: "See you Thursday." },
      app: broken,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().data._id as string;
    const failed = await settle(broken, url, id);
    expect(failed).toMatchObject({
      state: "failed",
      attempts: 3,
      error: "The mail server could not be reached",
      sentAt: null,
    });

    // Only a failed email can be retried; an unknown one is a 404.
    const retried = await call("POST", `${url}/${id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ state: "queued", attempts: 3, error: null });
    const twice = await call("POST", `${url}/${id}/retry`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(STAFF_EMAIL_MESSAGES.notFailed);
    expect((await call("POST", `${url}/${randomUUID()}/retry`)).statusCode).toBe(404);
    expect((await call("POST", `/api/contacts/${ids.ann}/emails/${id}/retry`)).statusCode).toBe(
      404,
    );

    const delivered = await settle(test, url, id);
    expect(delivered).toMatchObject({ state: "sent", attempts: 4, error: null });
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", ids.appointment)
      .where("action", "in", ["record.emailed", "record.email_retried"])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["record.email_retried", "record.emailed"]);
  });

  it("refuses a lead without an email, an unknown lead, and callers who may not work leads", async () => {
    const none = await call("POST", `/api/contacts/${ids.noEmail}/emails`, { payload: draft });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(STAFF_EMAIL_MESSAGES.noAddress);
    expect(await rowsOf("staff_emails", "about_id", ids.noEmail)).toHaveLength(0);
    const unknown = await call("POST", `/api/contacts/${randomUUID()}/emails`, { payload: draft });
    expect(unknown.statusCode).toBe(404);
    expect((await call("GET", `/api/contacts/${randomUUID()}/emails`)).statusCode).toBe(404);
    expect(
      (
        await call("POST", `/api/contacts/${ids.ann}/emails`, {
          payload: draft,
          token: plain.token,
        })
      ).statusCode,
    ).toBe(403);
    const byAgent = await call("POST", `/api/auto-quotes/${ids.quote}/emails`, {
      payload: { subject: "Re: Your auto quote", body: "Hello" },
      token: agent.token,
    });
    expect(byAgent.statusCode).toBe(201);
    const anonymous = await test.app.inject({
      method: "POST",
      url: `/api/contacts/${ids.ann}/emails`,
      payload: draft,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("never answers 5xx to any Unicode in a subject or a message, and stores it clean", async () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.string({ unit: "grapheme", maxLength: 60 }),
      fc.constantFrom("\u0000", "\ud800x", "\u202eevil", "<script>x</script>", "a\r\nBcc: x@y.z"),
    );
    await fc.assert(
      fc.asyncProperty(text, text, async (subject, body) => {
        const response = await call("POST", `/api/auto-quotes/${ids.quote}/emails`, {
          payload: { subject, body },
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect([201, 400]).toContain(response.statusCode);
        const template = await call("POST", "/api/settings/email-templates", {
          payload: { name: subject, subject, body },
        });
        expect(template.statusCode, template.body).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    for (const bad of [{}, { subject: "x" }, { subject: 5, body: "x" }, []]) {
      const response = await call("POST", `/api/auto-quotes/${ids.quote}/emails`, { payload: bad });
      expect(response.statusCode).toBe(400);
    }
    const stored = await database.handle.db.selectFrom("staff_emails").selectAll().execute();
    for (const row of stored) {
      expect(hasUnsafeCharacters(row.subject + row.body)).toBe(false);
      expect(row.subject).not.toMatch(/[\r\n]/);
    }
    await database.handle.db.deleteFrom("email_templates").execute();
  });

  describe("templates", () => {
    const base = "/api/settings/email-templates";
    const welcome = {
      name: "Welcome",
      subject: "Hello {{firstName}}",
      body: "Hi {{firstName}},\nThis is {{agentName}} from the agency.",
    };

    it("lets Managers and above keep them and everyone who works leads read them", async () => {
      const created = await call("POST", base, { payload: welcome });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data._id as string;
      expect((await call("POST", base, { payload: welcome, token: agent.token })).statusCode).toBe(
        403,
      );
      expect(
        (await call("PUT", `${base}/${id}`, { payload: welcome, token: agent.token })).statusCode,
      ).toBe(403);
      expect((await call("DELETE", `${base}/${id}`, { token: agent.token })).statusCode).toBe(403);
      expect((await call("GET", base, { token: plain.token })).statusCode).toBe(403);
      const list = await call("GET", base, { token: agent.token });
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toEqual([expect.objectContaining(welcome)]);

      const duplicate = await call("POST", base, { payload: { ...welcome, name: "WELCOME" } });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().message).toBe(STAFF_EMAIL_MESSAGES.templateNameTaken);
      const unknownPlaceholder = await call("POST", base, {
        payload: { ...welcome, name: "Other", body: "Hi {{lastName}}" },
      });
      expect(unknownPlaceholder.statusCode).toBe(400);
      expect(unknownPlaceholder.json().errors[0]).toMatchObject({ field: "body" });

      const changed = await call("PUT", `${base}/${id}`, {
        payload: { ...welcome, name: "Welcome back" },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.name).toBe("Welcome back");
      const second = await call("POST", base, { payload: { ...welcome, name: "Second" } });
      const renamed = await call("PUT", `${base}/${second.json().data._id}`, {
        payload: { ...welcome, name: "welcome back" },
      });
      expect(renamed.statusCode).toBe(409);
      expect((await call("PUT", `${base}/${randomUUID()}`, { payload: welcome })).statusCode).toBe(
        404,
      );

      expect((await call("DELETE", `${base}/${id}`)).statusCode).toBe(200);
      expect((await call("DELETE", `${base}/${id}`)).statusCode).toBe(404);
      const audit = await database.handle.db
        .selectFrom("audit_log")
        .select("action")
        .where("target_id", "=", id)
        .execute();
      expect(audit.map((a) => a.action).sort()).toEqual([
        "email_template.deleted",
        "email_template.saved",
        "email_template.saved",
      ]);
    });
  });

  it("forgets a lead's emails when retention purges the lead", async () => {
    expect(await rowsOf("staff_emails", "about_id", ids.appointment)).toHaveLength(1);
    await database.handle.db
      .transaction()
      .execute((trx) => purgeLeads(trx, "appointments", [ids.appointment]));
    expect(await rowsOf("staff_emails", "about_id", ids.appointment)).toHaveLength(0);
    expect(await rowsOf("mail_outbox", "related_id", ids.appointment)).toHaveLength(0);
  });
});
