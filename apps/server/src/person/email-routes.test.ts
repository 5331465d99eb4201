import { randomUUID } from "node:crypto";
import {
  PERSON_MESSAGES,
  PersonPageSchema,
  STAFF_EMAIL_MESSAGES,
  type StaffEmail,
} from "@agency/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";

let now = new Date("2026-11-23T16:30:00Z");
const clock = () => now;
const UNKNOWN = "00000000-0000-7000-8000-000000000000";
const draft = { subject: "Your renter's quote", body: "Hi Ann, thanks for asking." };

describe.each(testEngines())("a person's emails on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let manager: Awaited<ReturnType<typeof signInAs>>;
  let agent: Awaited<ReturnType<typeof signInAs>>;
  let plain: Awaited<ReturnType<typeof signInAs>>;
  const ids = { ann: "", contact: "", quote: "", bo: "" };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock });
    manager = await signInAs(test.app, database, "manager", "meg@example.com");
    agent = await signInAs(test.app, database, "agent");
    plain = await signInAs(test.app, database, "user");
    const send = async (url: string, payload: object) => {
      now = new Date(now.getTime() + 60_000);
      const response = await test.app.inject({ method: "POST", url, payload });
      if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
      return response.json().data._id as string;
    };
    const contact = (first: string, email: string, phone: string) => ({
      firstName: first,
      lastName: "Tester",
      email,
      phone,
      formattedPhone: phone,
      subject: "Renter's Insurance",
      message: "Please call me.",
      notRobot: true,
    });
    ids.contact = await send(
      "/api/contacts/send-contact",
      contact("Ann", "ann@example.com", "6125550101"),
    );
    const quote = validQuotePayload();
    quote.personalInfo.email = "ann@example.com";
    ids.quote = await send("/api/auto-quotes/send-auto-quote", quote);
    await send("/api/contacts/send-contact", contact("Bo", "bo@example.com", "6125550102"));
    const personOf = async (email: string) =>
      (
        await database.handle.db
          .selectFrom("persons")
          .select("id")
          .where("email", "=", email)
          .executeTakeFirstOrThrow()
      ).id;
    ids.ann = await personOf("ann@example.com");
    ids.bo = await personOf("bo@example.com");
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const call = (
    method: "GET" | "POST" | "PATCH",
    url: string,
    options: { payload?: unknown; token?: string | null; key?: string } = {},
  ) =>
    test.app.inject({
      method,
      url,
      headers: {
        ...(options.token === null
          ? {}
          : { authorization: `Bearer ${options.token ?? manager.token}` }),
        ...(options.key ? { "idempotency-key": options.key } : {}),
      },
      ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
    });
  const emailsOf = async (person: string): Promise<StaffEmail[]> => {
    const response = await call("GET", `/api/people/${person}/emails`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it("emails the person, logged on them, once per key; their list holds their leads' emails too", async () => {
    now = new Date(now.getTime() + 60_000);
    const onLead = await call("POST", `/api/contacts/${ids.contact}/emails`, {
      payload: { subject: "About your message", body: "Calling you today." },
      key: randomUUID(),
    });
    expect(onLead.statusCode, onLead.body).toBe(201);
    now = new Date(now.getTime() + 60_000);
    const key = randomUUID();
    const sent = await call("POST", `/api/people/${ids.ann}/emails`, {
      payload: draft,
      key,
      token: agent.token,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const email = sent.json().data as StaffEmail;
    expect(email).toMatchObject({ to: "ann@example.com", ...draft, state: "queued" });
    const again = await call("POST", `/api/people/${ids.ann}/emails`, {
      payload: draft,
      key,
      token: agent.token,
    });
    expect(again.json().data._id).toBe(email._id);
    const rows = await database.handle.db
      .selectFrom("staff_emails")
      .selectAll()
      .where("about_id", "=", ids.ann)
      .execute();
    expect(rows.map((row) => row.about_type)).toEqual(["person"]);
    expect((await emailsOf(ids.ann)).map((e) => e.subject)).toEqual([
      draft.subject,
      "About your message",
    ]);
    expect(await emailsOf(ids.bo)).toEqual([]);
    // The person page holds the person's own; the lead's is under the lead in the timeline.
    const page = PersonPageSchema.parse((await call("GET", `/api/people/${ids.ann}`)).json()).data;
    expect(page.emails.map((e) => e._id)).toEqual([email._id]);
    const contactItem = page.timeline.find((item) => item._id === ids.contact);
    expect(contactItem?.emails.map((e) => e.subject)).toEqual(["About your message"]);
    // The lead's own list holds only the lead's.
    const leadList = await call("GET", `/api/contacts/${ids.contact}/emails`);
    expect(leadList.json().data.map((e: StaffEmail) => e.subject)).toEqual(["About your message"]);
  });

  it("retries a failed email of the person or of one of their leads; 404 for another person's", async () => {
    // Let the deliveries the sends started finish first, so none overwrites the failure below.
    await test.app.mailer.deliverDue();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [latest, older] = await emailsOf(ids.ann);
    for (const email of [latest, older]) {
      const row = await database.handle.db
        .selectFrom("staff_emails")
        .select("outbox_id")
        .where("id", "=", email?._id ?? "")
        .executeTakeFirstOrThrow();
      await database.handle.db
        .updateTable("mail_outbox")
        .set({ status: "failed", last_error: "connect ECONNREFUSED" })
        .where("id", "=", row.outbox_id)
        .execute();
      const other = await call("POST", `/api/people/${ids.bo}/emails/${email?._id}/retry`);
      expect(other.statusCode).toBe(404);
      const retried = await call("POST", `/api/people/${ids.ann}/emails/${email?._id}/retry`);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().data).toMatchObject({ _id: email?._id, state: "queued" });
      expect(
        (await call("POST", `/api/people/${ids.ann}/emails/${email?._id}/retry`)).statusCode,
      ).toBe(409);
    }
  });

  it("refuses a person without an email (409), an unknown person (404), and anyone without access", async () => {
    const cleared = await call("PATCH", `/api/people/${ids.bo}`, { payload: { email: "" } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const noAddress = await call("POST", `/api/people/${ids.bo}/emails`, {
      payload: draft,
      key: randomUUID(),
    });
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json().message).toBe(STAFF_EMAIL_MESSAGES.personNoAddress);
    for (const response of [
      await call("GET", `/api/people/${UNKNOWN}/emails`),
      await call("POST", `/api/people/${UNKNOWN}/emails`, { payload: draft, key: randomUUID() }),
      await call("POST", `/api/people/${UNKNOWN}/emails/${UNKNOWN}/retry`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(PERSON_MESSAGES.notFound);
    }
    expect((await call("GET", `/api/people/${ids.ann}/emails`, { token: null })).statusCode).toBe(
      401,
    );
    expect(
      (await call("GET", `/api/people/${ids.ann}/emails`, { token: plain.token })).statusCode,
    ).toBe(403);
    const forbidden = await call("POST", `/api/people/${ids.ann}/emails`, {
      payload: draft,
      key: randomUUID(),
      token: plain.token,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await database.handle.db.selectFrom("staff_emails").selectAll().execute()).toHaveLength(
      2,
    );
  });

  it("answers any draft with a 2xx or a 4xx, never a 5xx (whole Unicode)", async () => {
    const text = fc.oneof(fc.string({ unit: "binary", maxLength: 60 }), fc.constant(""));
    const value = fc.oneof(text, fc.constant(null), fc.integer(), fc.boolean());
    const body = fc.oneof(fc.record({ subject: value, body: value }, { requiredKeys: [] }), value);
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await call("POST", `/api/people/${ids.ann}/emails`, {
          payload,
          key: randomUUID(),
        });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});
