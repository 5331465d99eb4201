import { randomUUID } from "node:crypto";
import {
  cleanMultilineText,
  cleanText,
  PRIVACY_REQUEST_FIELD_MESSAGES,
  PRIVACY_REQUEST_MESSAGES,
} from "@agency/domain";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

const URL = "/api/privacy-requests";
const LINK = /\/privacy\/verify\/([A-Za-z0-9_-]+)/;
const M = PRIVACY_REQUEST_FIELD_MESSAGES;

describe.each(testEngines())("privacy requests on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let manager: { token: string; userId: string };
  let agent: { token: string };
  // Friday, December 4, 2026, 10:00 AM Central.
  const clock = { now: new Date("2026-12-04T16:00:00Z") };
  let visitors = 0;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, {
      clock: () => clock.now,
      config: { publicUrl: "https://agency.example", agencyNotifyEmail: "office@agency.example" },
    });
    // Links are read from the outbox: nothing is delivered (and blanked) meanwhile.
    await test.app.mailer.stop();
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });
  // Sessions are short: a test that moves the clock ends them, so each test signs in anew.
  beforeEach(async () => {
    clock.now = new Date("2026-12-04T16:00:00Z");
    manager = await signInAs(test.app, database, "manager");
    agent = await signInAs(test.app, database, "agent");
  });

  const db = () => database.handle.db;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    test.app.inject({ method: "POST", url, payload: payload as object, headers });
  const as = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });
  const count = async () =>
    Number(
      (
        await db()
          .selectFrom("privacy_requests")
          .select(sql<number>`count(*)`.as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const fresh = (over: Record<string, unknown> = {}) => {
    visitors += 1;
    return {
      name: "Zoë Ng",
      email: `person${visitors}@example.com`,
      phone: "(612) 555-0199",
      kind: "access",
      details: "Please send me what you hold.",
      ...over,
    };
  };
  /** Sends a request and returns its emailed token. */
  const send = async (over: Record<string, unknown> = {}) => {
    const body = fresh(over);
    const response = await post(URL, body);
    expect(response.statusCode, response.body).toBe(202);
    const mail = await db()
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("kind", "=", "privacy.verify")
      .where("to_address", "=", body.email as string)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const token = LINK.exec(mail.text_body)?.[1];
    if (!token) throw new Error("no link in the verification mail");
    expect(mail.text_body).toContain(`https://agency.example/privacy/verify/${token}`);
    return { token, email: body.email as string };
  };
  const verify = (token: string) => post(`${URL}/verify`, { token });
  const list = (query = "", who: { token: string } = manager) =>
    test.app.inject({ method: "GET", url: `${URL}${query}`, headers: as(who) });
  const idOf = async (email: string) =>
    (
      await db()
        .selectFrom("privacy_requests")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).id;

  it("answers the same whether or not the address is known, and stores only the token's hash", async () => {
    const before = await count();
    const { token, email } = await send();
    const response = await post(URL, fresh({ email }));
    expect(response.json()).toEqual({
      success: true,
      message: PRIVACY_REQUEST_MESSAGES.checkEmail,
    });
    expect(await count()).toBe(before + 2);
    const rows = await db().selectFrom("privacy_requests").selectAll().execute();
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(token);
    const mail = await db()
      .selectFrom("mail_outbox")
      .selectAll()
      .where("kind", "=", "privacy.verify")
      .where("to_address", "=", email)
      .executeTakeFirstOrThrow();
    expect(mail.secret_expires_at).toBe("2026-12-11T16:00:00.000Z");
    // What the person typed never goes into the mail.
    expect(mail.text_body).not.toContain("Please send me");
  });

  it("lists nothing and shows nothing before the link is clicked", async () => {
    const { email } = await send({ name: "Unverified Person" });
    const id = await idOf(email);
    const listed = await list("?q=unverified");
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ data: [], total: 0 });
    const one = await test.app.inject({ method: "GET", url: `${URL}/${id}`, headers: as(manager) });
    expect(one.statusCode).toBe(404);
    const answer = await post(
      `${URL}/${id}/answer`,
      { status: "answered", answer: "x" },
      as(manager),
    );
    expect(answer.statusCode).toBe(404);
    const notice = await db()
      .selectFrom("mail_outbox")
      .select("id")
      .where("kind", "=", "privacy.agency")
      .where("related_id", "=", id)
      .execute();
    expect(notice).toEqual([]);
  });

  it("verifies once: sets the due date, matches the person, tells the agency; a second click answers the same", async () => {
    // A person the agency knows by this email (a message through the contact form).
    const contact = await post("/api/contacts/send-contact", {
      firstName: "Known",
      lastName: "Person",
      email: "known@example.com",
      phone: "6125550100",
      subject: "Other",
      message: "Hello",
      notRobot: true,
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const { token } = await send({ email: "KNOWN@example.com", name: "Known Person" });
    const first = await verify(token);
    expect(first.statusCode, first.body).toBe(200);
    // Friday, December 4, 2026 + 30 business days: Christmas (Friday), New Year's Day
    // (Friday) and Martin Luther King Jr. Day (January 18) are skipped.
    expect(first.json()).toEqual({
      success: true,
      message: PRIVACY_REQUEST_MESSAGES.verified,
      data: { kind: "access", dueOn: "2027-01-20" },
    });
    clock.now = new Date("2026-12-05T16:00:00Z");
    const second = await verify(token);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const row = await db()
      .selectFrom("privacy_requests")
      .selectAll()
      .where("email", "=", "KNOWN@example.com")
      .executeTakeFirstOrThrow();
    const person = await db()
      .selectFrom("contacts")
      .select("person_id")
      .where("email", "=", "known@example.com")
      .executeTakeFirstOrThrow();
    expect(row.person_id).toBe(person.person_id);
    expect(row.verified_at).toBe("2026-12-04T16:00:00.000Z");
    const notices = await db()
      .selectFrom("mail_outbox")
      .selectAll()
      .where("kind", "=", "privacy.agency")
      .where("related_id", "=", row.id)
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.to_address).toBe("office@agency.example");
    expect(notices[0]?.text_body).toContain(`https://agency.example/dashboard/privacy/${row.id}`);
    const audits = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", row.id)
      .execute();
    expect(audits.map((a) => a.action)).toEqual(["privacy_request.verified"]);
  });

  it("makes no person for an address nobody has", async () => {
    const people = async () =>
      Number(
        (
          await db()
            .selectFrom("persons")
            .select(sql<number>`count(*)`.as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await people();
    const { token, email } = await send();
    expect((await verify(token)).statusCode).toBe(200);
    expect(await people()).toBe(before);
    const row = await db()
      .selectFrom("privacy_requests")
      .select("person_id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(row.person_id).toBeNull();
  });

  it("refuses an expired link (410), an unknown or forged one (404) and a malformed one (400)", async () => {
    const { token } = await send();
    clock.now = new Date("2026-12-11T16:00:00Z");
    const expired = await verify(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe(PRIVACY_REQUEST_MESSAGES.linkExpired);
    const forged = await verify(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error).toBe(PRIVACY_REQUEST_MESSAGES.linkNotFound);
    for (const bad of ["", "short", "a".repeat(101), "../../etc/passwd", 42, null]) {
      const response = await verify(bad as string);
      expect(response.statusCode, String(bad)).toBe(400);
    }
  });

  it("purges unverified requests whose link expired, and keeps verified ones", async () => {
    const stale = await send({ name: "Never Clicked" });
    const kept = await send({ name: "Clicked In Time" });
    expect((await verify(kept.token)).statusCode).toBe(200);
    clock.now = new Date("2026-12-12T16:00:00Z");
    const { purgeExpired } = await import("../operations/retention.ts");
    const result = await purgeExpired(db(), 36, clock.now);
    expect(result.privacy_requests).toBeGreaterThanOrEqual(1);
    const left = await db().selectFrom("privacy_requests").select("email").execute();
    expect(left.map((r) => r.email)).not.toContain(stale.email);
    expect(left.map((r) => r.email)).toContain(kept.email);
    expect((await verify(stale.token)).statusCode).toBe(404);
  });

  it("validates hostile input: lists of mailboxes, controls, huge values, unknown kinds", async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "a@example.com, b@example.com" }, M.emailInvalid],
      [{ email: "a@example.com\nBcc: b@example.com" }, M.emailInvalid],
      [{ email: "<a@example.com>; b@example.com" }, M.emailInvalid],
      [{ name: "" }, M.nameRequired],
      [{ name: "\u0000\u0007" }, M.nameRequired],
      [{ name: "x".repeat(101) }, M.nameTooLong],
      [{ kind: "sell" }, M.kindInvalid],
      [{ kind: "" }, M.kindRequired],
      [{ details: "y".repeat(2001) }, M.detailsTooLong],
      [{ phone: "12" }, M.phoneInvalid],
      [{ details: { $gt: "" } }, M.detailsInvalid],
    ];
    for (const [over, message] of cases) {
      const response = await post(URL, fresh(over));
      expect(response.statusCode, JSON.stringify(over)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const huge = await post(URL, fresh({ details: "z".repeat(200_000) }));
    expect(huge.statusCode).toBe(413);
    expect(await count()).toBe(before);
  });

  it("stores any Unicode cleaned, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 120 }),
        fc.string({ unit: "binary", maxLength: 300 }),
        async (name, details) => {
          const response = await post(URL, fresh({ name, details }));
          expect([202, 400]).toContain(response.statusCode);
          if (response.statusCode === 202) {
            const row = await db()
              .selectFrom("privacy_requests")
              .select(["name", "details"])
              .orderBy("created_at", "desc")
              .orderBy("id", "desc")
              .executeTakeFirstOrThrow();
            // Stored as the cleaning leaves it: cleaning again changes nothing.
            expect(cleanText(row.name)).toBe(row.name);
            expect(cleanMultilineText(row.details)).toBe(row.details);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("stores nothing for a robot (honeypot) and answers the same", async () => {
    const before = await count();
    const response = await post(URL, fresh({ website: "http://spam.example" }));
    expect(response.statusCode).toBe(202);
    expect(response.json().message).toBe(PRIVACY_REQUEST_MESSAGES.checkEmail);
    expect(await count()).toBe(before);
  });

  it("stores a request once per Idempotency-Key", async () => {
    const before = await count();
    const key = randomUUID();
    const body = fresh();
    const first = await post(URL, body, { "idempotency-key": key });
    const again = await post(URL, body, { "idempotency-key": key });
    expect(again.json()).toEqual(first.json());
    expect(await count()).toBe(before + 1);
    const other = await post(URL, { ...body, kind: "delete" }, { "idempotency-key": key });
    expect(other.statusCode).toBe(422);
  });

  it("is for privacy.manage only: an agent and a stranger are refused", async () => {
    expect((await list("", agent)).statusCode).toBe(403);
    expect((await test.app.inject({ method: "GET", url: URL })).statusCode).toBe(401);
    const { token, email } = await send();
    await verify(token);
    const id = await idOf(email);
    const answer = await post(
      `${URL}/${id}/answer`,
      { status: "answered", answer: "x" },
      as(agent),
    );
    expect(answer.statusCode).toBe(403);
  });

  it("lists verified requests by due date, searched and filtered, with overdue shown", async () => {
    const a = await send({ name: "Ada Overdue", kind: "correct" });
    clock.now = new Date("2026-10-01T16:00:00Z");
    const old = await send({ name: "Olga Older", kind: "delete" });
    expect((await verify(old.token)).statusCode).toBe(200);
    clock.now = new Date("2026-12-04T16:00:00Z");
    expect((await verify(a.token)).statusCode).toBe(200);
    const all = await list("?sort=due&limit=200");
    const names = all.json().data.map((r: { name: string }) => r.name);
    expect(names.indexOf("Olga Older")).toBeLessThan(names.indexOf("Ada Overdue"));
    const overdue = await list("?overdue=true");
    expect(overdue.json().data.map((r: { name: string }) => r.name)).toContain("Olga Older");
    expect(overdue.json().data.every((r: { overdue: boolean }) => r.overdue)).toBe(true);
    const searched = await list("?q=ada%20overdue");
    expect(searched.json()).toMatchObject({
      total: 1,
      data: [{ name: "Ada Overdue", kind: "correct" }],
    });
    const byEmail = await list(`?q=${encodeURIComponent(old.email)}`);
    expect(byEmail.json().data).toHaveLength(1);
    const byKind = await list("?kind=delete");
    expect(byKind.json().data.every((r: { kind: string }) => r.kind === "delete")).toBe(true);
    const paged = await list("?limit=1&offset=1");
    expect(paged.json()).toMatchObject({ limit: 1, offset: 1 });
    expect(paged.json().data).toHaveLength(1);
    expect((await list("?status=lost")).statusCode).toBe(400);
    expect((await list("?sort=name")).statusCode).toBe(400);
  });

  it("changes status and assignee, answers once and emails the answer (logged and audited)", async () => {
    const { token, email } = await send({ kind: "correct" });
    await verify(token);
    const id = await idOf(email);
    const patch = (body: unknown, who = manager) =>
      test.app.inject({
        method: "PATCH",
        url: `${URL}/${id}`,
        payload: body as object,
        headers: as(who),
      });
    const moved = await patch({ status: "in-progress", assignedTo: manager.userId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ status: "in-progress", assignedTo: manager.userId });
    const wrongAssignee = await patch({
      assignedTo: (await signInAs(test.app, database, "agent")).userId,
    });
    expect(wrongAssignee.statusCode).toBe(400);
    expect(wrongAssignee.json().message).toBe(M.assigneeNotAllowed);
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ status: "answered" })).statusCode).toBe(400);

    const answered = await post(
      `${URL}/${id}/answer`,
      { status: "answered", answer: "We corrected your address.\nThank you." },
      as(manager),
    );
    expect(answered.statusCode, answered.body).toBe(200);
    const page = answered.json();
    expect(page.data).toMatchObject({
      status: "answered",
      answer: "We corrected your address.\nThank you.",
      answeredBy: manager.userId,
      overdue: false,
    });
    expect(page.timeline.map((e: { action: string }) => e.action)).toEqual([
      "privacy_request.received",
      "privacy_request.verified",
      "privacy_request.updated",
      "privacy_request.answered",
    ]);
    const mail = await db()
      .selectFrom("mail_outbox")
      .selectAll()
      .where("kind", "=", "privacy.answer")
      .where("related_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe(email);
    expect(mail.text_body).toContain("We corrected your address.");
    const again = await post(
      `${URL}/${id}/answer`,
      { status: "answered", answer: "Again" },
      as(manager),
    );
    expect(again.statusCode).toBe(409);
    expect((await patch({ status: "new" })).statusCode).toBe(409);
    const answers = await db()
      .selectFrom("mail_outbox")
      .select("id")
      .where("kind", "=", "privacy.answer")
      .where("related_id", "=", id)
      .execute();
    expect(answers).toHaveLength(1);
  });
});
