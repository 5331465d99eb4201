import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  doNotContactLabel,
  formatRevokedSince,
  MAIL_KIND_AUDIENCES,
  mailAudienceOf,
  personEmailKey,
  STOP_LINK_MESSAGES,
} from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueMail } from "../mail/outbox.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { appendConsent, consentLedgerOf } from "./ledger.ts";
import { peopleWithEmailKey } from "./stop-link.ts";
import { signStopToken } from "./stop-token.ts";

const PUBLIC_URL = "https://agency.example";
/** Each person a phone of their own: people sharing a phone are matched as one. */
const PHONES: Record<string, string> = { Ann: "6125550101", Bo: "6125550102", Zoë: "6125550103" };
const contact = (firstName: string, email: string) => ({
  firstName,
  lastName: "Tester",
  email,
  phone: PHONES[firstName] ?? "6125550199",
  subject: "Renter's Insurance",
  message: "Please call me about renters insurance.",
  notRobot: true,
});

describe("which mail is transactional", () => {
  it("places every kind the server sends; an unknown kind is optional (the stricter side)", () => {
    expect(mailAudienceOf("staff.email")).toBe("optional");
    expect(mailAudienceOf("staff.email", true)).toBe("transactional");
    expect(mailAudienceOf("contact.visitor")).toBe("transactional");
    expect(mailAudienceOf("contact.agency")).toBe("staff");
    expect(mailAudienceOf("renewal.marketing")).toBe("optional");
    // The kinds of agency-profile.test.ts's MAIL_KINDS (the source's), each placed.
    expect(Object.keys(MAIL_KIND_AUDIENCES)).toHaveLength(19);
  });
});

describe.each(testEngines())("the stop-contacting-me link on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let manager: Awaited<ReturnType<typeof signInAs>>;
  // The sender keeps real time (it stamps the links it sends, and sends what is due by it):
  // the app's clock follows it, a step at a time, so the order of events is certain.
  const clock = { now: new Date() };
  const ids = { ann: "", bo: "", cy: "" };
  const later = async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    clock.now = new Date();
  };

  const db = () => database.handle.db;
  const submit = async (firstName: string, email: string) => {
    const r = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: contact(firstName, email),
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data._id as string;
  };
  const staffEmail = (id: string, extra: object = {}) =>
    test.app.inject({
      method: "POST",
      url: `/api/contacts/${id}/emails`,
      headers: { authorization: `Bearer ${manager.token}`, "idempotency-key": randomUUID() },
      payload: { subject: "Your renters quote", body: "Hi,\nHere it is.", ...extra },
    });
  const deliver = () => test.app.mailer.deliverDue();
  /** The .eml of the newest outbox row of a kind to an address, quoted-printable undone. */
  const emlOf = (kind: string, to: string) =>
    db()
      .selectFrom("mail_outbox")
      .select(["id", "status"])
      .where("kind", "=", kind)
      .where("to_address", "=", to)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow()
      .then((row) => {
        const dir = path.join(test.app.config.dataDir, "outbox");
        const file = readdirSync(dir).find((name) => name.includes(row.id));
        if (!file) throw new Error(`${kind} to ${to} was not sent (${row.status})`);
        return readFileSync(path.join(dir, file), "utf8")
          .replace(/=\r?\n/g, "")
          .replace(/=3D/g, "=");
      });
  const tokenIn = (eml: string) => {
    const match = /\/stop\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(eml);
    if (!match?.[1]) throw new Error("no stop link in the message");
    return match[1];
  };
  const stop = (token: string, init: { payload?: string | object; headers?: object } = {}) =>
    test.app.inject({
      method: "POST",
      url: `/api/consent/stop/${token}`,
      ...(init.payload === undefined ? {} : { payload: init.payload }),
      ...(init.headers ? { headers: init.headers as Record<string, string> } : {}),
    });
  const ledgerOfAddress = async (address: string) => {
    const [personId] = await peopleWithEmailKey(db(), personEmailKey(address));
    return personId ? consentLedgerOf(db(), personId) : [];
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    clock.now = new Date();
    test = await createTestApp(database, {
      clock: () => clock.now,
      config: { publicUrl: PUBLIC_URL },
    });
    manager = await signInAs(test.app, database, "manager", "meg@example.com");
    ids.ann = await submit("Ann", "ann@example.com");
    ids.bo = await submit("Bo", "bo@example.com");
    ids.cy = await submit("Zoë", "zoë.ünïcode@exämple.com");
    await later();
    await deliver();
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  it("puts the footer link in every mail to a person and none to staff", async () => {
    const toAnn = await emlOf("contact.visitor", "ann@example.com");
    expect(toAnn).toContain(
      `Don't want to hear from us? Stop contacting me: ${PUBLIC_URL}/stop/${tokenIn(toAnn)}`,
    );
    // A confirmation of the person's own message is transactional: no List-Unsubscribe.
    expect(toAnn).not.toMatch(/^List-Unsubscribe/im);
    const agency = await db()
      .selectFrom("mail_outbox")
      .select("to_address")
      .where("kind", "=", "contact.agency")
      .executeTakeFirstOrThrow();
    const toAgency = await emlOf("contact.agency", agency.to_address);
    expect(toAgency).not.toContain("/stop/");
    expect(toAgency).not.toContain("Stop contacting me");
  });

  it("puts RFC 8058 headers on mail staff write from the app", async () => {
    expect((await staffEmail(ids.ann)).statusCode).toBe(201);
    await later();
    await deliver();
    // Headers unfolded (a long one is folded onto a second line).
    const eml = (await emlOf("staff.email", "ann@example.com")).replace(/\r?\n[ \t]+/g, " ");
    const token = tokenIn(eml);
    expect(eml).toMatch(
      new RegExp(
        `^List-Unsubscribe: <${PUBLIC_URL}/api/consent/stop/${token.replace(".", "\\.")}>`,
        "m",
      ),
    );
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(eml).toContain(`Stop contacting me: ${PUBLIC_URL}/stop/${token}`);
  });

  it("refuses a forged or altered link with 404 and records nothing", async () => {
    const forged = signStopToken(
      "ann@example.com",
      "not-the-servers-secret-at-all-no-no",
      clock.now,
    );
    const forgedAnswer = await stop(forged);
    expect(forgedAnswer.statusCode).toBe(404);
    expect(forgedAnswer.json().message).toBe(STOP_LINK_MESSAGES.invalid);
    const real = tokenIn(await emlOf("contact.visitor", "ann@example.com"));
    const altered = `${real.slice(0, 3)}${real[3] === "A" ? "B" : "A"}${real.slice(4)}`;
    expect((await stop(altered)).statusCode).toBe(404);
    expect((await stop("not-a-token")).statusCode).toBe(404);
    expect(await ledgerOfAddress("ann@example.com")).toHaveLength(0);
  });

  it("records one revocation for one click; a second click answers the same and adds nothing", async () => {
    const token = tokenIn(await emlOf("contact.visitor", "ann@example.com"));
    await later();
    const first = await stop(token, { payload: {} });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, message: STOP_LINK_MESSAGES.done });
    const ledger = await ledgerOfAddress("ann@example.com");
    expect(ledger).toMatchObject([{ event: "revoked", via: "email-link", by_user_id: null }]);
    await later();
    const second = await stop(token);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(await ledgerOfAddress("ann@example.com")).toHaveLength(1);
    const audit = await db()
      .selectFrom("audit_log")
      .select(["target_id", "details"])
      .where("action", "=", "consent.stop_link")
      .execute();
    expect(audit.map((row) => JSON.parse(row.details).outcome)).toEqual(["recorded", "already"]);
  });

  it("shows staff since when, and refuses their email unless it answers the person's request", async () => {
    const standing = await test.app.inject({
      method: "GET",
      url: `/api/consent/do-not-contact/contact/${ids.ann}`,
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(standing.statusCode).toBe(200);
    const since = standing.json().data.since as string;
    expect(Date.parse(since)).toBeGreaterThan(Date.now() - 60_000);
    expect(doNotContactLabel("Mar 5, 2030")).toBe("Asked not to be contacted since Mar 5, 2030");

    const refused = await staffEmail(ids.ann);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STOP_LINK_MESSAGES.staffRefused(formatRevokedSince(since)));
    const allowed = await staffEmail(ids.ann, { answersOwnRequest: true });
    expect(allowed.statusCode, allowed.body).toBe(201);
    await later();
    await deliver();
    // Sent, as an answer (transactional): the link, no List-Unsubscribe.
    const eml = await emlOf("staff.email", "ann@example.com");
    expect(eml).toContain("Stop contacting me:");
    expect(eml).not.toMatch(/^List-Unsubscribe/im);
    // The person's own new message is confirmed as ever.
    await submit("Ann", "ANN@example.com");
    await later();
    await deliver();
    expect(await emlOf("contact.visitor", "ANN@example.com")).toContain("Stop contacting me:");
  });

  it("takes a mail program's RFC 8058 one-click POST and holds back queued optional mail", async () => {
    expect((await staffEmail(ids.bo)).statusCode).toBe(201);
    const token = signStopToken("bo@example.com", test.app.config.jwtSecret, clock.now);
    await later();
    const answer = await stop(token, {
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await ledgerOfAddress("bo@example.com")).toMatchObject([
      { event: "revoked", via: "one-click" },
    ]);
    const held = await db()
      .selectFrom("mail_outbox")
      .select(["status", "last_error"])
      .where("kind", "=", "staff.email")
      .where("to_address", "=", "bo@example.com")
      .execute();
    expect(held).toEqual([
      { status: "suppressed", last_error: STOP_LINK_MESSAGES.suppressedError },
    ]);
    // Staff see it as not sent, and why.
    const emails = await test.app.inject({
      method: "GET",
      url: `/api/contacts/${ids.bo}/emails`,
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(emails.json().data[0]).toMatchObject({ state: "suppressed" });

    // Optional mail queued afterwards by any path is held back by the sender.
    const id = await queueMail(db(), {
      kind: "staff.email",
      to: "Bo@Example.com",
      subject: "News",
      text: "Hello",
    });
    await deliver();
    const row = await db()
      .selectFrom("mail_outbox")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("suppressed");
  });

  it("refuses a link older than the person's latest consent, recording nothing", async () => {
    const old = tokenIn(await emlOf("contact.visitor", "zoë.ünïcode@exämple.com"));
    const [personId] = await peopleWithEmailKey(db(), personEmailKey("Zoë.Ünïcode@exämple.com"));
    expect(personId).toBeDefined();
    await later();
    await appendConsent(
      db(),
      {
        personId: personId ?? "",
        event: "given",
        via: "web-form",
        wordingVersion: "contact-2026-11-29",
        phone: "6125550103",
        form: "contact",
        page: "/contact-us",
      },
      clock.now,
    );
    await later();
    const replayed = await stop(old);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json().message).toBe(STOP_LINK_MESSAGES.replayed);
    expect((await ledgerOfAddress("zoë.ünïcode@exämple.com")).map((e) => e.event)).toEqual([
      "given",
    ]);
    // A link from a newer email works.
    const fresh = signStopToken("ZOË.ünïcode@exämple.com", test.app.config.jwtSecret, clock.now);
    await later();
    expect((await stop(fresh)).statusCode).toBe(200);
    expect((await ledgerOfAddress("zoë.ünïcode@exämple.com")).map((e) => e.event)).toEqual([
      "given",
      "revoked",
    ]);
  });

  it("answers an address nobody has the same 200", async () => {
    const token = signStopToken("nobody@example.com", test.app.config.jwtSecret, clock.now);
    const answer = await stop(token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: STOP_LINK_MESSAGES.done });
  });

  it("sends a form without scripts back to the page with the result", async () => {
    const token = signStopToken("bo@example.com", test.app.config.jwtSecret, clock.now);
    const form = { "content-type": "application/x-www-form-urlencoded", accept: "text/html" };
    const done = await stop(token, { payload: "", headers: form });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`/stop/${token}?result=done`);
    const bad = await stop(`${token}x`, { payload: "", headers: form });
    expect(bad.headers.location).toBe(`/stop/${token}x?result=invalid`);
    // Elsewhere, a form body is still refused (415): only this endpoint takes one.
    const elsewhere = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: "firstName=Ann",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(elsewhere.statusCode).toBe(415);
  });
});
