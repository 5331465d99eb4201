import { randomUUID } from "node:crypto";
import {
  OverviewSchema,
  PersonPoliciesSchema,
  POLICY_MESSAGES,
  PolicyAnswerSchema,
} from "@agency/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";

// Monday 2026-11-23, 10:30 AM in Chicago.
let now = new Date("2026-11-23T16:30:00Z");
const UNKNOWN = "00000000-0000-7000-8000-000000000000";

type Signed = Awaited<ReturnType<typeof signInAs>>;

describe.each(testEngines())("policies on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let agent: Signed;
  let support: Signed;
  let plain: Signed;
  let manager: Signed;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => now });
    agent = await signInAs(test.app, database, "agent", "abe@example.com");
    support = await signInAs(test.app, database, "support", "sue@example.com");
    plain = await signInAs(test.app, database, "user");
    manager = await signInAs(test.app, database, "manager", "mona@example.com");
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const call = (
    method: "GET" | "POST" | "PATCH",
    url: string,
    payload?: object,
    token = agent.token,
    headers: Record<string, string> = {},
  ) =>
    test.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${token}`, ...headers },
    });

  /** A quote from the public form (with its person); answers the quote's and the person's ids. */
  const aQuote = async () => {
    sequence += 1;
    now = new Date(now.getTime() + 60_000);
    const quote = validQuotePayload();
    Object.assign(quote.personalInfo, {
      email: `holder.${sequence}@example.com`,
      phone: `612555${String(1000 + sequence).slice(-4)}`,
    });
    const response = await test.app.inject({
      method: "POST",
      url: "/api/auto-quotes/send-auto-quote",
      payload: quote,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data._id as string;
    const row = await database.handle.db
      .selectFrom("auto_quotes")
      .select(["person_id", "status"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { quoteId: id, personId: row.person_id as string };
  };

  const fields = (overrides: Record<string, unknown> = {}) => ({
    carrier: "Sample Mutual Auto (sample)",
    lineOfBusiness: "auto",
    policyNumber: `PN-${randomUUID().slice(0, 8)}`,
    effectiveDate: "2026-12-01",
    termMonths: 12,
    annualPremium: "1,234.56",
    ...overrides,
  });

  const issue = async (body: object, token = agent.token, headers: Record<string, string> = {}) =>
    call("POST", "/api/policies", body, token, headers);

  it("issues a policy from a quote: the lead is Won, the vehicles and drivers carried over", async () => {
    const { quoteId, personId } = await aQuote();
    const response = await issue({ lead: { kind: "quote", id: quoteId }, ...fields() });
    expect(response.statusCode, response.body).toBe(201);
    const policy = PolicyAnswerSchema.parse(response.json()).data;
    expect(policy).toMatchObject({
      personId,
      lead: { kind: "quote", id: quoteId },
      status: "active",
      annualPremiumCents: 123_456,
      expirationDate: "2027-12-01",
      producer: { _id: agent.userId },
    });
    expect(policy.vehicles).toHaveLength(1);
    expect(policy.drivers.length).toBeGreaterThan(0);
    // A driver's date of birth stays masked, as on the lead.
    expect(policy.drivers[0]?.dob).toBe("••••-••-••");
    const lead = await database.handle.db
      .selectFrom("auto_quotes")
      .select("status")
      .where("id", "=", quoteId)
      .executeTakeFirstOrThrow();
    expect(lead.status).toBe("won");
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .select(["action", "target_id"])
      .where("action", "in", ["policy.issued", "record.status"])
      .where("target_id", "in", [quoteId, policy._id])
      .execute();
    expect(audit.map((entry) => entry.action).sort()).toEqual(["policy.issued", "record.status"]);
    // The spec's list has it, in its shape.
    const list = (await call("GET", "/api/policies")).json();
    expect(list.data[0]).toMatchObject({
      _id: policy._id,
      policyNumber: policy.policyNumber,
      product: "Auto",
      status: "active",
      premium: 1234.56,
    });
  });

  it("issues from a message already Won without another status change, and from a booking", async () => {
    now = new Date(now.getTime() + 60_000);
    const sent = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: {
        firstName: "Lena",
        lastName: "Berg",
        email: "lena.berg@example.com",
        phone: "6125558800",
        subject: "Home Insurance",
        message: "Please call me about home insurance.",
        notRobot: true,
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const contactId = sent.json().data._id as string;
    const won = await call("PATCH", `/api/contacts/${contactId}/status`, { status: "won" });
    expect(won.statusCode, won.body).toBe(200);
    const response = await issue({
      lead: { kind: "contact", id: contactId },
      ...fields({ lineOfBusiness: "home" }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ holderName: "Lena Berg", vehicles: [] });
    const statusChanges = await database.handle.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "record.status")
      .where("target_id", "=", contactId)
      .execute();
    expect(statusChanges).toHaveLength(1);

    const booked = await test.app.inject({
      method: "POST",
      url: "/api/appointments/add-appointment",
      payload: {
        name: "Pa Nhia Vang",
        email: "pa.vang@example.com",
        phone: "(763) 555-0104",
        date: "2026-11-25",
        time: "02:00 PM",
        service: "Home Insurance",
        message: "",
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().data._id as string;
    const fromBooking = await issue({
      lead: { kind: "appointment", id: bookingId },
      ...fields({ lineOfBusiness: "renters" }),
    });
    expect(fromBooking.statusCode, fromBooking.body).toBe(201);
    const booking = await database.handle.db
      .selectFrom("appointments")
      .select("status")
      .where("id", "=", bookingId)
      .executeTakeFirstOrThrow();
    expect(booking.status).toBe("won");
  });

  it("issues a policy for a person, and lists it on their page", async () => {
    const { personId } = await aQuote();
    const response = await issue({
      personId,
      ...fields({ lineOfBusiness: "home", annualPremium: "0.10", termMonths: 6 }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const policy = PolicyAnswerSchema.parse(response.json()).data;
    expect(policy).toMatchObject({ lead: null, vehicles: [], annualPremiumCents: 10 });
    expect(policy.expirationDate).toBe("2027-06-01");
    const second = await issue({ personId, ...fields({ annualPremium: "$0.20" }) });
    expect(second.statusCode, second.body).toBe(201);
    const listed = await call("GET", `/api/people/${personId}/policies`, undefined, support.token);
    expect(listed.statusCode).toBe(200);
    const policies = PersonPoliciesSchema.parse(listed.json()).data;
    expect(policies).toHaveLength(2);
    // Exact cents: 0.10 + 0.20 is 30 cents, as stored on both engines.
    const sum = policies.reduce((total, p) => total + p.annualPremiumCents, 0);
    expect(sum).toBe(30);
    const stored = await database.handle.db
      .selectFrom("policies")
      .select((eb) => eb.fn.sum<number>("premium_cents").as("total"))
      .where("person_id", "=", personId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.total)).toBe(30);
  });

  it("computes the expiration across month ends and Feb 29, and takes an edited one", async () => {
    const { personId } = await aQuote();
    const cases: [string, number, string][] = [
      ["2028-02-29", 12, "2029-02-28"],
      ["2028-08-31", 6, "2029-02-28"],
      ["2027-08-31", 6, "2028-02-29"],
      ["2026-12-31", 6, "2027-06-30"],
    ];
    for (const [effectiveDate, termMonths, expected] of cases) {
      const response = await issue({ personId, ...fields({ effectiveDate, termMonths }) });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data.expirationDate).toBe(expected);
    }
    const edited = await issue({
      personId,
      ...fields({ effectiveDate: "2026-12-01", expirationDate: "2027-11-30" }),
    });
    expect(edited.json().data.expirationDate).toBe("2027-11-30");
    const before = await issue({
      personId,
      ...fields({ effectiveDate: "2026-12-01", expirationDate: "2026-12-01" }),
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe(POLICY_MESSAGES.expirationBeforeEffective);
  });

  it("refuses bad input with 400s in words, unknown ids with 404, a lost lead with 409", async () => {
    const { quoteId, personId } = await aQuote();
    const cases: [object, string][] = [
      [fields(), POLICY_MESSAGES.sourceRequired],
      [{ personId, ...fields({ annualPremium: "12.345" }) }, POLICY_MESSAGES.premiumInvalid],
      [{ personId, ...fields({ annualPremium: "1,23" }) }, POLICY_MESSAGES.premiumInvalid],
      [{ personId, ...fields({ annualPremium: 0.1 + 0.2 }) }, POLICY_MESSAGES.premiumInvalid],
      [{ personId, ...fields({ annualPremium: "0" }) }, POLICY_MESSAGES.premiumZero],
      [{ personId, ...fields({ annualPremium: "" }) }, POLICY_MESSAGES.premiumRequired],
      [{ personId, ...fields({ termMonths: 3 }) }, POLICY_MESSAGES.termInvalid],
      [{ personId, ...fields({ lineOfBusiness: "pets" }) }, POLICY_MESSAGES.lineRequired],
      [{ personId, ...fields({ carrier: "  " }) }, POLICY_MESSAGES.carrierRequired],
      [{ personId, ...fields({ effectiveDate: "2027-02-30" }) }, POLICY_MESSAGES.effectiveInvalid],
      [{ personId, lead: { kind: "quote", id: quoteId }, ...fields() }, POLICY_MESSAGES.sourceBoth],
    ];
    for (const [body, message] of cases) {
      const response = await issue(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await issue({ personId: UNKNOWN, ...fields() })).statusCode).toBe(404);
    expect((await issue({ lead: { kind: "contact", id: UNKNOWN }, ...fields() })).statusCode).toBe(
      404,
    );
    expect((await call("GET", `/api/policies/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await call("GET", `/api/people/${UNKNOWN}/policies`)).statusCode).toBe(404);
    expect((await call("POST", `/api/policies/${UNKNOWN}/reinstate`)).statusCode).toBe(404);
    const producer = await issue({ personId, ...fields({ producerId: plain.userId }) });
    expect(producer.statusCode).toBe(400);
    expect(producer.json().message).toBe(POLICY_MESSAGES.producerNotStaff);
    const lost = await call("PATCH", `/api/auto-quotes/${quoteId}/status`, {
      status: "lost",
      lostReason: "price",
    });
    expect(lost.statusCode, lost.body).toBe(200);
    const refused = await issue({ lead: { kind: "quote", id: quoteId }, ...fields() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(POLICY_MESSAGES.leadLost);
    const number = `DUP-${randomUUID().slice(0, 6)}`;
    expect((await issue({ personId, ...fields({ policyNumber: number }) })).statusCode).toBe(201);
    const twice = await issue({ personId, ...fields({ policyNumber: number }) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(POLICY_MESSAGES.numberTaken);
  });

  it("cancels, non-renews and reinstates, refusing impossible moves with 409, each audited", async () => {
    const { personId } = await aQuote();
    const policy = (await issue({ personId, ...fields() })).json().data;
    const url = (action: string) => `/api/policies/${policy._id}/${action}`;
    expect((await call("POST", url("reinstate"))).statusCode).toBe(409);
    const noReason = await call("POST", url("cancel"), { cancelDate: "2027-01-15", reason: "" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(POLICY_MESSAGES.cancelReasonRequired);
    const cancelled = await call("POST", url("cancel"), {
      cancelDate: "2027-01-15",
      reason: "Moved out of state",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      status: "cancelled",
      cancelDate: "2027-01-15",
      cancelReason: "Moved out of state",
    });
    const again = await call("POST", url("cancel"), { cancelDate: "2027-01-15", reason: "x" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("A canceled policy cannot be canceled");
    expect((await call("POST", url("non-renew"))).statusCode).toBe(409);
    const reinstated = await call("POST", url("reinstate"));
    expect(reinstated.json().data).toMatchObject({
      status: "active",
      cancelDate: null,
      cancelReason: null,
    });
    const nonRenewed = await call("POST", url("non-renew"));
    expect(nonRenewed.json().data.status).toBe("non-renewed");
    expect((await call("POST", url("reinstate"))).json().data.status).toBe("active");
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_id", "=", policy._id)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      "policy.issued",
      "policy.cancelled",
      "policy.reinstated",
      "policy.non_renewed",
      "policy.reinstated",
    ]);
    expect(JSON.parse(audit[1]?.details ?? "{}")).toEqual({
      before: { status: "active", cancel_date: null, cancel_reason: null },
      after: {
        status: "cancelled",
        cancel_date: "2027-01-15",
        cancel_reason: "Moved out of state",
      },
    });
  });

  it("changes details with before and after in the audit; the expiration follows the term", async () => {
    const { personId } = await aQuote();
    const policy = (await issue({ personId, ...fields() })).json().data;
    const changed = await call("PATCH", `/api/policies/${policy._id}`, {
      termMonths: 6,
      annualPremium: "99.99",
      notes: "Paid in full",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      termMonths: 6,
      expirationDate: "2027-06-01",
      annualPremiumCents: 9999,
      notes: "Paid in full",
    });
    const entry = await database.handle.db
      .selectFrom("audit_log")
      .select("details")
      .where("target_id", "=", policy._id)
      .where("action", "=", "policy.updated")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details)).toEqual({
      before: {
        term_months: 12,
        expiration_date: "2027-12-01",
        premium_cents: 123_456,
        notes: "",
      },
      after: {
        term_months: 6,
        expiration_date: "2027-06-01",
        premium_cents: 9999,
        notes: "Paid in full",
      },
    });
    const empty = await call("PATCH", `/api/policies/${policy._id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(POLICY_MESSAGES.nothingToChange);
    const backwards = await call("PATCH", `/api/policies/${policy._id}`, {
      expirationDate: "2026-11-01",
    });
    expect(backwards.statusCode).toBe(400);
  });

  it("honors Idempotency-Key on issue: a repeat answers the first policy, stores one", async () => {
    const { quoteId } = await aQuote();
    const key = randomUUID();
    const body = { lead: { kind: "quote", id: quoteId }, ...fields() };
    const first = await issue(body, agent.token, { "idempotency-key": key });
    const second = await issue(body, agent.token, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data._id).toBe(first.json().data._id);
    const rows = await database.handle.db
      .selectFrom("policies")
      .select("id")
      .where("lead_id", "=", quoteId)
      .execute();
    expect(rows).toHaveLength(1);
    const other = await issue({ ...body, policyNumber: "OTHER-1" }, agent.token, {
      "idempotency-key": key,
    });
    expect(other.statusCode).toBe(422);
  });

  it("lets Agent and Support see and issue; refuses plain users and strangers", async () => {
    const { personId } = await aQuote();
    expect((await issue({ personId, ...fields() }, support.token)).statusCode).toBe(201);
    expect((await issue({ personId, ...fields() }, plain.token)).statusCode).toBe(403);
    const anonymous = await test.app.inject({
      method: "POST",
      url: "/api/policies",
      payload: { personId, ...fields() },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await call("GET", "/api/policies", undefined, support.token)).statusCode).toBe(200);
  });

  it("never answers 5xx to Unicode in the policy number and notes", async () => {
    const { personId } = await aQuote();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 60 }),
        fc.string({ unit: "binary", maxLength: 300 }),
        async (number, notes) => {
          const response = await issue({
            personId,
            ...fields({ policyNumber: `${number}-${randomUUID().slice(0, 4)}`, notes }),
          });
          expect([201, 400]).toContain(response.statusCode);
        },
      ),
      { numRuns: 25 },
    );
    const unicode = await issue({
      personId,
      ...fields({ policyNumber: "ÑÜ-😀-42", notes: "Ünïcödé 😀 notes\nline two" }),
    });
    expect(unicode.statusCode, unicode.body).toBe(201);
    expect(unicode.json().data).toMatchObject({
      policyNumber: "ÑÜ-😀-42",
      notes: "Ünïcödé 😀 notes\nline two",
    });
  });

  it("counts active policies on the overview, with the 3 newest and a trend", async () => {
    // The overview's figures are a manager's (decision 0025).
    const response = await call("GET", "/api/dashboard/overview", undefined, manager.token);
    expect(response.statusCode, response.body).toBe(200);
    const overview = OverviewSchema.parse(response.json());
    const active = await database.handle.db
      .selectFrom("policies")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "active")
      .executeTakeFirstOrThrow();
    expect(overview.counts.policies).toBe(Number(active.n));
    expect(overview.counts.policies).toBeGreaterThan(3);
    expect(overview.recent.policies).toHaveLength(3);
    const newest = await database.handle.db
      .selectFrom("policies")
      .select("id")
      .where("status", "=", "active")
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(overview.recent.policies[0]?._id).toBe(newest.id);
    // The trend counts every policy issued in the period, canceled ones too.
    const issued = await database.handle.db
      .selectFrom("policies")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(overview.trends.policies).toMatchObject({
      last30Days: Number(issued.n),
      previous30Days: 0,
      changePercent: null,
    });
  });
});

describe.each(testEngines())("a client's policies through merges and retention on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let manager: Signed;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => now });
    manager = await signInAs(test.app, database, "manager", "mona@example.com");
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const call = (method: "GET" | "POST", url: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${manager.token}` },
    });
  const person = async (email: string, phone: string) => {
    now = new Date(now.getTime() + 60_000);
    const quote = validQuotePayload();
    Object.assign(quote.personalInfo, { email, phone });
    const response = await test.app.inject({
      method: "POST",
      url: "/api/auto-quotes/send-auto-quote",
      payload: quote,
    });
    const row = await database.handle.db
      .selectFrom("auto_quotes")
      .select("person_id")
      .where("id", "=", response.json().data._id)
      .executeTakeFirstOrThrow();
    return row.person_id as string;
  };

  it("moves with a merge, back with its undo; retention keeps a client", async () => {
    const kept = await person("kept@example.com", "6125559001");
    const other = await person("other@example.com", "6125559002");
    const issued = await call("POST", "/api/policies", {
      personId: other,
      carrier: "Other Carrier Co",
      lineOfBusiness: "umbrella",
      policyNumber: "UMB-1",
      effectiveDate: "2026-12-01",
      termMonths: 12,
      annualPremium: "250.00",
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const merged = await call("POST", `/api/people/${kept}/merge`, { otherId: other });
    expect(merged.statusCode, merged.body).toBe(200);
    const ofKept = await call("GET", `/api/people/${kept}/policies`);
    expect(ofKept.json().data.map((p: { policyNumber: string }) => p.policyNumber)).toEqual([
      "UMB-1",
    ]);
    const undone = await call("POST", `/api/people/merges/${merged.json().data.mergeId}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await call("GET", `/api/people/${other}/policies`)).json().data).toHaveLength(1);
    expect((await call("GET", `/api/people/${kept}/policies`)).json().data).toHaveLength(0);

    // Every lead of the client gone: the person stays, with their policy.
    const { purgeExpired } = await import("../operations/retention.ts");
    await database.handle.db.deleteFrom("quote_drivers").execute();
    await database.handle.db.deleteFrom("auto_quotes").execute();
    await purgeExpired(database.handle.db, 1, new Date(now.getTime() + 400 * 86_400_000));
    const left = await database.handle.db.selectFrom("persons").select("id").execute();
    expect(left.map((row) => row.id)).toEqual([other]);
  });
});
