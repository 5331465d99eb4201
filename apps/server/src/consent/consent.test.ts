import { randomUUID } from "node:crypto";
import {
  CONTACT_CONSENT_VERSION,
  contactConsentText,
  PRIVACY_FIELD_MESSAGES,
  PRIVACY_NOTICE,
  PrivacyFieldSchema,
} from "@agency/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { parseCsv } from "../test/csv.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";
import { CLIENT, VALID_REQUESTS } from "../test/service-requests.ts";

// Monday 2026-11-23, 10:30 AM in Chicago, a second later at each reading: entries made one
// after the other have times in that order, as they would with a real clock.
const NOW = new Date("2026-11-23T16:30:00Z");
let ticks = 0;
const clock = () => new Date(NOW.getTime() + ++ticks * 1000);
let visitors = 0;

/** The `privacy` field as a form sends it. */
const privacy = (form: string, contactConsent: boolean, page = "/get-quote-today") => ({
  noticeVersion: PRIVACY_NOTICE.version,
  contactConsent,
  consentVersion: contactConsent ? CONTACT_CONSENT_VERSION : "",
  form,
  page,
});

/** Each public form: its route, a valid body for a new visitor, the record it makes. */
const FORMS = {
  quote: {
    url: "/api/auto-quotes/send-auto-quote",
    subject: "auto_quote",
    body: () => {
      const quote = validQuotePayload();
      visitors += 1;
      return {
        ...quote,
        personalInfo: {
          ...quote.personalInfo,
          email: `quote${visitors}@example.com`,
          phone: `(612) 555-${String(3000 + visitors)}`,
        },
      };
    },
  },
  "home-quote": {
    url: "/api/auto-quotes/send-auto-quote",
    subject: "auto_quote",
    body: () => {
      const quote = validQuotePayload();
      visitors += 1;
      return {
        ...quote,
        personalInfo: {
          ...quote.personalInfo,
          state: "TX",
          email: `home${visitors}@example.com`,
          phone: `(612) 555-${String(3000 + visitors)}`,
        },
      };
    },
  },
  contact: {
    url: "/api/contacts/send-contact",
    subject: "contact",
    body: () => ({
      firstName: "Zoë",
      lastName: "Ng",
      email: `contact${++visitors}@example.com`,
      phone: `(612) 555-${String(3000 + visitors)}`,
      subject: "Other",
      message: "Please call me.",
      notRobot: true,
    }),
  },
  booking: {
    url: "/api/appointments/add-appointment",
    subject: "appointment",
    body: () => ({
      name: "Tomás O'Neil-Berg",
      email: `booking${++visitors}@example.com`,
      phone: `(763) 555-${String(3000 + visitors)}`,
      date: "2026-11-24",
      time: ["09:00 AM", "10:00 AM", "11:00 AM", "01:00 PM", "02:00 PM", "03:00 PM"][visitors % 6],
      service: "Home Insurance",
      message: "",
    }),
  },
  "client-center": {
    url: "/api/client-center/requests",
    subject: "service_request",
    body: () => ({
      ...VALID_REQUESTS.other,
      ...CLIENT,
      email: `client${++visitors}@example.com`,
      phone: `(651) 555-${String(3000 + visitors)}`,
    }),
  },
} as const;
type FormKey = keyof typeof FORMS;
const FORM_KEYS = Object.keys(FORMS) as FormKey[];

describe.each(testEngines())("notice and consent on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let manager: { authorization: string };
  let agent: { authorization: string; userId: string };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock });
    manager = { authorization: `Bearer ${(await signInAs(test.app, database, "manager")).token}` };
    const signedIn = await signInAs(test.app, database, "agent");
    agent = { authorization: `Bearer ${signedIn.token}`, userId: signedIn.userId };
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });
  const db = () => database.handle.db;

  const submit = (form: FormKey, body: object, headers: Record<string, string> = {}) =>
    test.app.inject({ method: "POST", url: FORMS[form].url, payload: body, headers });
  const noticeOf = (subject: string, id: string) =>
    db()
      .selectFrom("submission_notices")
      .selectAll()
      .where("subject_type", "=", subject)
      .where("subject_id", "=", id)
      .execute();
  const ledgerOfSubject = (subject: string, id: string) =>
    db()
      .selectFrom("consent_ledger")
      .selectAll()
      .where("subject_type", "=", subject)
      .where("subject_id", "=", id)
      .execute();
  const personOf = async (subject: string, id: string) => {
    const table = {
      auto_quote: "auto_quotes",
      contact: "contacts",
      appointment: "appointments",
      service_request: "service_requests",
    }[subject] as "auto_quotes" | "contacts" | "appointments" | "service_requests";
    const row = await db()
      .selectFrom(table)
      .select("person_id")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return row.person_id as string;
  };
  const consentOf = (personId: string, headers: Record<string, string> = manager) =>
    test.app.inject({ method: "GET", url: `/api/people/${personId}/consent`, headers });

  describe.each(FORM_KEYS)("the %s form", (form) => {
    const { subject } = FORMS[form];

    it("stores the notice and the consent with their exact versions, the phone and the page, on the person", async () => {
      const response = await submit(form, {
        ...FORMS[form].body(),
        privacy: privacy(form, true, "/contact-us"),
      });
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().data._id as string;
      const personId = await personOf(subject, id);
      const [notice] = await noticeOf(subject, id);
      expect(notice).toMatchObject({
        person_id: personId,
        notice_version: PRIVACY_NOTICE.version,
        contact_consent: 1,
        consent_version: CONTACT_CONSENT_VERSION,
        form,
        page: "/contact-us",
      });
      const ledger = await ledgerOfSubject(subject, id);
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({
        person_id: personId,
        event: "given",
        via: "web-form",
        wording_version: CONTACT_CONSENT_VERSION,
        form,
        page: "/contact-us",
        by_user_id: null,
      });
      expect(ledger[0]?.phone).toMatch(/^\d{10}$/);
      const consent = (await consentOf(personId)).json().data;
      expect(consent.standing).toBe("given");
      expect(consent.since.wording).toBe(contactConsentText(CONTACT_CONSENT_VERSION));
    });

    it("stores the notice but no consent when the box was left unticked", async () => {
      const response = await submit(form, { ...FORMS[form].body(), privacy: privacy(form, false) });
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().data._id as string;
      const [notice] = await noticeOf(subject, id);
      expect(notice).toMatchObject({
        notice_version: PRIVACY_NOTICE.version,
        contact_consent: 0,
        consent_version: "",
      });
      expect(notice?.person_id).toBe(await personOf(subject, id));
      expect(await ledgerOfSubject(subject, id)).toEqual([]);
      expect((await consentOf(await personOf(subject, id))).json().data.standing).toBe("none");
    });

    it("takes a submission without the field as the spec sends it: 'no notice recorded', no consent", async () => {
      const response = await submit(form, FORMS[form].body());
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().data._id as string;
      expect(await noticeOf(subject, id)).toMatchObject([{ notice_version: "", form: "" }]);
      expect(await ledgerOfSubject(subject, id)).toEqual([]);
    });

    it("stores the notice and the consent once when the same submission is retried", async () => {
      const body = { ...FORMS[form].body(), privacy: privacy(form, true) };
      const key = randomUUID();
      const first = await submit(form, body, { "idempotency-key": key });
      const second = await submit(form, body, { "idempotency-key": key });
      expect(first.statusCode, first.body).toBe(201);
      expect(second.json().data._id).toBe(first.json().data._id);
      const id = first.json().data._id as string;
      expect(await noticeOf(subject, id)).toHaveLength(1);
      expect(await ledgerOfSubject(subject, id)).toHaveLength(1);
      expect(
        (await consentOf(await personOf(subject, id))).json().data.entries as unknown[],
      ).toHaveLength(1);
    });

    it("refuses versions nobody was shown with the domain's messages, storing nothing", async () => {
      const cases = [
        [
          { ...privacy(form, true), noticeVersion: "notice-1999" },
          PRIVACY_FIELD_MESSAGES.unknownNotice,
        ],
        [
          { ...privacy(form, true), consentVersion: "contact-1999" },
          PRIVACY_FIELD_MESSAGES.unknownConsent,
        ],
        [
          { ...privacy(form, true), consentVersion: "" },
          PRIVACY_FIELD_MESSAGES.consentWithoutVersion,
        ],
        [{ ...privacy(form, true), page: "/".repeat(201) }, PRIVACY_FIELD_MESSAGES.pageTooLong],
        ["yes", PRIVACY_FIELD_MESSAGES.invalid],
      ] as const;
      const before = await db().selectFrom("submission_notices").select("subject_id").execute();
      for (const [value, message] of cases) {
        const response = await submit(form, { ...FORMS[form].body(), privacy: value });
        expect(response.statusCode, JSON.stringify(value)).toBe(400);
        expect(response.json().message).toBe(message);
      }
      const after = await db().selectFrom("submission_notices").select("subject_id").execute();
      expect(after).toHaveLength(before.length);
    });
  });

  it("keeps any page text a browser sends, cleaned as other fields are (full Unicode)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 100 }), async (page) => {
        const response = await submit("contact", {
          ...FORMS.contact.body(),
          privacy: privacy("contact", true, page),
        });
        expect(response.statusCode, response.body).toBe(201);
        const id = response.json().data._id as string;
        const expected = PrivacyFieldSchema.parse(privacy("contact", true, page)).page;
        expect((await noticeOf("contact", id))[0]?.page).toBe(expected);
        expect((await ledgerOfSubject("contact", id))[0]?.page).toBe(expected);
      }),
      { numRuns: 15 },
    );
  });

  it("stores no notice and no consent for a lead staff entered", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/contacts/staff-entry",
      payload: {
        ...FORMS.contact.body(),
        source: "phone",
        privacy: privacy("contact", true),
      },
      headers: manager,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data._id as string;
    expect(await noticeOf("contact", id)).toEqual([]);
    expect(await ledgerOfSubject("contact", id)).toEqual([]);
  });

  /** A new person who consented on the contact form; their id. */
  const consentingPerson = async () => {
    const response = await submit("contact", {
      ...FORMS.contact.body(),
      privacy: privacy("contact", true, "/contact-us"),
    });
    expect(response.statusCode, response.body).toBe(201);
    return personOf("contact", response.json().data._id);
  };
  const revoke = (personId: string, body: object, headers: Record<string, string> = agent) =>
    test.app.inject({
      method: "POST",
      url: `/api/people/${personId}/consent/revocations`,
      payload: body,
      headers,
    });

  describe("a revocation said by phone", () => {
    it("is honoured at once, recorded by the caller with the note, and audited", async () => {
      const personId = await consentingPerson();
      const response = await revoke(
        personId,
        { note: "  Asked us to stop calling — 日本語 😀 " },
        { authorization: agent.authorization },
      );
      expect(response.statusCode, response.body).toBe(201);
      const data = response.json().data;
      expect(data.standing).toBe("revoked");
      expect(data.lastGiven.form).toBe("contact");
      expect(data.since).toMatchObject({
        event: "revoked",
        via: "phone-call",
        note: "Asked us to stop calling — 日本語 😀",
        by: { _id: agent.userId },
      });
      expect((await consentOf(personId)).json().data).toEqual(data);
      const audit = await db()
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "person.consent_revoked")
        .where("target_id", "=", personId)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]?.actor_user_id).toBe(agent.userId);
    });

    it("is recorded once per Idempotency-Key", async () => {
      const personId = await consentingPerson();
      const key = randomUUID();
      const headers = { ...agent, "idempotency-key": key };
      const first = await revoke(personId, { note: "" }, headers);
      const second = await revoke(personId, { note: "" }, headers);
      expect(first.statusCode, first.body).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      const entries = (await consentOf(personId)).json().data.entries as { event: string }[];
      expect(entries.map((entry) => entry.event)).toEqual(["given", "revoked"]);
      const different = await revoke(personId, { note: "other" }, headers);
      expect(different.statusCode).toBe(422);
    });

    it("refuses a long note, an unknown person, and callers who may not work leads", async () => {
      const personId = await consentingPerson();
      const long = await revoke(personId, { note: "x".repeat(501) });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe("The note must be at most 500 characters");
      expect((await revoke("00000000-0000-4000-8000-000000000000", {})).statusCode).toBe(404);
      expect((await revoke(personId, {}, {})).statusCode).toBe(401);
      const user = await signInAs(test.app, database, "user");
      expect(
        (await revoke(personId, {}, { authorization: `Bearer ${user.token}` })).statusCode,
      ).toBe(403);
      expect((await consentOf(personId)).json().data.standing).toBe("given");
    });
  });

  describe("the ledger's CSV", () => {
    it("lists every entry with its wording, guarded against formulas, for staff who may export", async () => {
      const personId = await consentingPerson();
      expect((await revoke(personId, { note: '=HYPERLINK("http://x")' })).statusCode).toBe(201);
      const response = await test.app.inject({
        method: "GET",
        url: `/api/people/${personId}/consent.csv`,
        headers: manager,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/csv/);
      expect(response.headers["content-disposition"]).toMatch(/attachment; filename="consent-/);
      const rows = parseCsv(response.body.replace(/^\uFEFF/, ""));
      expect(rows[0]?.slice(0, 4)).toEqual(["id", "when", "event", "how"]);
      expect(rows).toHaveLength(3);
      expect(rows[1]?.[2]).toBe("given");
      expect(rows[1]?.[8]).toBe(contactConsentText(CONTACT_CONSENT_VERSION));
      expect(rows[2]?.[2]).toBe("revoked");
      expect(rows[2]?.[10]).toBe('\'=HYPERLINK("http://x")');
      const forbidden = await test.app.inject({
        method: "GET",
        url: `/api/people/${personId}/consent.csv`,
        headers: { authorization: agent.authorization },
      });
      expect(forbidden.statusCode).toBe(403);
    });
  });

  describe("merging people", () => {
    const merge = (kept: string, other: string) =>
      test.app.inject({
        method: "POST",
        url: `/api/people/${kept}/merge`,
        payload: { otherId: other },
        headers: manager,
      });
    const undo = (mergeId: string) =>
      test.app.inject({
        method: "POST",
        url: `/api/people/merges/${mergeId}/undo`,
        headers: manager,
      });
    const events = async (personId: string) =>
      ((await consentOf(personId)).json().data.entries as { _id: string; event: string }[]).map(
        (entry) => entry.event,
      );

    it("gives the kept person the merged one's ledger and standing, through merges of merges; undo gives it back", async () => {
      const kept = await consentingPerson();
      expect((await revoke(kept, {})).statusCode).toBe(201);
      // The other consented later: the kept person now stands as consenting.
      const other = await consentingPerson();
      const third = await consentingPerson();
      const first = await merge(other, third);
      expect(first.statusCode, first.body).toBe(200);
      const second = await merge(kept, other);
      expect(second.statusCode, second.body).toBe(200);
      const consent = (await consentOf(kept)).json().data;
      expect(consent.entries).toHaveLength(4);
      expect(consent.standing).toBe("given");
      const undone = await undo(second.json().data.mergeId);
      expect(undone.statusCode, undone.body).toBe(200);
      expect(await events(kept)).toEqual(["given", "revoked"]);
      expect(await events(other)).toEqual(["given", "given"]);
      expect((await undo(first.json().data.mergeId)).statusCode).toBe(200);
      expect(await events(other)).toEqual(["given"]);
      expect(await events(third)).toEqual(["given"]);
    });

    it("keeps a revocation made while merged on the person who comes back (the stricter side)", async () => {
      const kept = await consentingPerson();
      const other = await consentingPerson();
      const merged = await merge(kept, other);
      expect(merged.statusCode, merged.body).toBe(200);
      expect((await revoke(kept, { note: "Stop" })).statusCode).toBe(201);
      expect((await undo(merged.json().data.mergeId)).statusCode).toBe(200);
      expect((await consentOf(kept)).json().data.standing).toBe("revoked");
      const back = (await consentOf(other)).json().data;
      expect(back.standing).toBe("revoked");
      expect(back.since.via).toBe("phone-call");
    });
  });
});
