import { randomUUID } from "node:crypto";
import {
  PersonPoliciesSchema,
  POLICY_MESSAGES,
  PolicyAnswerSchema,
  RENEWAL_MESSAGES,
  RenewalsPageSchema,
  xDateTaskDay,
} from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/database.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";
import { createRenewalScheduler } from "./index.ts";

// Monday 2026-11-23, 10:30 AM in Chicago.
let now = new Date("2026-11-23T16:30:00Z");
type Signed = Awaited<ReturnType<typeof signInAs>>;
const silent = { info: () => undefined, warn: () => undefined };

describe.each(testEngines())("renewals and X-dates on %s", (engine) => {
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
    method: "GET" | "POST" | "PATCH" | "PUT",
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

  /** A quote from the public form; answers the quote's and its person's ids. */
  const aQuote = async () => {
    sequence += 1;
    const quote = validQuotePayload();
    Object.assign(quote.personalInfo, {
      email: `renewing.${sequence}@example.com`,
      phone: `651555${String(1000 + sequence).slice(-4)}`,
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
      .select("person_id")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { quoteId: id, personId: row.person_id as string };
  };
  const issue = async (personId: string, overrides: Record<string, unknown> = {}) => {
    const response = await call("POST", "/api/policies", {
      personId,
      carrier: "Acme Mutual",
      lineOfBusiness: "home",
      policyNumber: `H-${randomUUID().slice(0, 8)}`,
      effectiveDate: "2025-12-10",
      termMonths: 12,
      annualPremium: "1,200.00",
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return PolicyAnswerSchema.parse(response.json()).data;
  };
  const tasksOf = (personId: string) =>
    database.handle.db
      .selectFrom("tasks")
      .selectAll()
      .where("subject_id", "=", personId)
      .orderBy("created_at")
      .execute();

  it("keeps a policy number unique per carrier (any case) and term: a renewal keeps it", async () => {
    const { personId } = await aQuote();
    const number = `U-${randomUUID().slice(0, 6)}`;
    await issue(personId, { policyNumber: number, effectiveDate: "2026-01-01" });
    // Another term, or another carrier, may have the number.
    await issue(personId, { policyNumber: number, effectiveDate: "2027-01-01" });
    await issue(personId, { policyNumber: number, effectiveDate: "2026-01-01", carrier: "Other" });
    for (const carrier of ["Acme Mutual", "ACME MUTUAL"]) {
      const clash = await call("POST", "/api/policies", {
        personId,
        carrier,
        lineOfBusiness: "home",
        policyNumber: number,
        effectiveDate: "2026-01-01",
        termMonths: 12,
        annualPremium: "10",
      });
      expect(clash.statusCode, carrier).toBe(409);
      expect(clash.json().message).toBe(POLICY_MESSAGES.numberTaken);
    }
    // The index decides even when the check is passed by (case folded on both engines).
    const row = await database.handle.db
      .selectFrom("policies")
      .selectAll()
      .where("policy_number", "=", number)
      .executeTakeFirstOrThrow();
    await expect(
      database.handle.db
        .insertInto("policies")
        .values({ ...row, id: randomUUID(), carrier: "acme mutual" })
        .execute(),
    ).rejects.toThrow();
  });

  it("lists policies expiring in the next 30/60/90 days, soonest first, a page at a time", async () => {
    now = new Date("2026-11-23T16:30:00Z");
    const { personId } = await aQuote();
    // Today in Chicago is 2026-11-23: expirations today, in 20, 50, 80 and 100 days, and a
    // canceled one.
    const made = [];
    for (const expirationDate of [
      "2026-11-23",
      "2026-12-13",
      "2027-01-12",
      "2027-02-11",
      "2027-03-03",
    ]) {
      made.push(
        await issue(personId, {
          carrier: "Window Co",
          effectiveDate: "2026-01-01",
          expirationDate,
          policyNumber: `W-${expirationDate}`,
        }),
      );
    }
    const canceled = await issue(personId, {
      carrier: "Window Co",
      effectiveDate: "2026-01-02",
      expirationDate: "2026-12-01",
    });
    await call("POST", `/api/policies/${canceled._id}/cancel`, {
      cancelDate: "2026-06-01",
      reason: "Moved",
    });
    const numbers = async (query: string, token = agent.token) => {
      const response = await call("GET", `/api/renewals${query}`, undefined, token);
      expect(response.statusCode, response.body).toBe(200);
      const page = RenewalsPageSchema.parse(response.json());
      return {
        page,
        numbers: page.data.filter((r) => r.carrier === "Window Co").map((r) => r.policyNumber),
      };
    };
    const thirty = await numbers("", support.token);
    expect(thirty.numbers).toEqual(["W-2026-11-23", "W-2026-12-13"]);
    expect(thirty.page).toMatchObject({ from: "2026-11-23", to: "2026-12-23" });
    const row = thirty.page.data.find((r) => r.policyNumber === "W-2026-12-13");
    expect(row).toMatchObject({
      person: { _id: personId },
      lineOfBusiness: "home",
      annualPremiumCents: 120_000,
      producer: { _id: agent.userId },
      status: "active",
      renewalState: "not-started",
      renewedBy: null,
    });
    expect((await numbers("?window=60")).numbers).toHaveLength(3);
    const ninety = await numbers("?window=90");
    expect(ninety.numbers).toEqual([
      "W-2026-11-23",
      "W-2026-12-13",
      "W-2027-01-12",
      "W-2027-02-11",
    ]);
    // Sorted by expiration across every page.
    const all = ninety.page.data.map((r) => r.expirationDate);
    expect([...all].sort()).toEqual(all);
    const first = await numbers("?window=90&limit=1");
    const second = await numbers("?window=90&limit=1&offset=1");
    expect(first.page.total).toBe(ninety.page.total);
    expect(second.page.data[0]?._id).toBe(ninety.page.data[1]?._id);
    for (const bad of ["?window=45", "?window=x", "?limit=0", "?offset=-1"]) {
      const response = await call("GET", `/api/renewals${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
    expect((await call("GET", "/api/renewals", undefined, plain.token)).statusCode).toBe(403);
  });

  it("renews a term: the next one linked and prefilled, the term renewed, once", async () => {
    now = new Date("2026-11-23T16:30:00Z");
    const { personId } = await aQuote();
    const term = await issue(personId, {
      lineOfBusiness: "auto",
      effectiveDate: "2025-12-10",
      termMonths: 12,
      annualPremium: "980.10",
    });
    const key = randomUUID();
    const renew = (
      body: object = {},
      headers: Record<string, string> = { "idempotency-key": key },
    ) => call("POST", `/api/policies/${term._id}/renew`, body, agent.token, headers);
    const renewed = await renew({ annualPremium: "1,010.25" });
    expect(renewed.statusCode, renewed.body).toBe(201);
    const next = PolicyAnswerSchema.parse(renewed.json()).data;
    expect(next).toMatchObject({
      personId,
      carrier: term.carrier,
      policyNumber: term.policyNumber,
      lineOfBusiness: "auto",
      termMonths: 12,
      effectiveDate: "2026-12-10",
      expirationDate: "2027-12-10",
      annualPremiumCents: 101_025,
      producer: { _id: agent.userId },
      status: "active",
      renewalState: "not-started",
      renewalOf: term._id,
    });
    // The same key and body answers the same term; renewing again is a 409 in words.
    const replay = await renew({ annualPremium: "1,010.25" });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data._id).toBe(next._id);
    const twice = await renew({}, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(RENEWAL_MESSAGES.alreadyRenewed);
    const previous = (await call("GET", `/api/policies/${term._id}`)).json().data;
    expect(previous).toMatchObject({ status: "renewed", renewalState: "renewed" });
    const listed = PersonPoliciesSchema.parse(
      (await call("GET", `/api/people/${personId}/policies`)).json(),
    ).data;
    expect(listed.map((p) => [p._id, p.renewalOf])).toEqual([
      [next._id, term._id],
      [term._id, null],
    ]);
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_id", "=", term._id)
      .where("action", "=", "policy.renewed")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.details ?? "{}")).toMatchObject({
      before: { status: "active", renewal_state: "not-started" },
      after: { status: "renewed", renewal_state: "renewed" },
    });
    // Bad input: 400 in words and nothing written; unknown: 404; a canceled term: 409.
    const other = await issue(personId, { effectiveDate: "2025-12-11" });
    const bad = await call("POST", `/api/policies/${other._id}/renew`, {
      effectiveDate: "2026-12-11",
      expirationDate: "2026-12-01",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(POLICY_MESSAGES.expirationBeforeEffective);
    const premium = await call("POST", `/api/policies/${other._id}/renew`, {
      annualPremium: "1.234",
    });
    expect(premium.statusCode).toBe(400);
    expect((await call("GET", `/api/policies/${other._id}`)).json().data.status).toBe("active");
    const unknown = await call("POST", `/api/policies/${randomUUID()}/renew`, {});
    expect(unknown.statusCode).toBe(404);
    await call("POST", `/api/policies/${other._id}/cancel`, {
      cancelDate: "2026-01-01",
      reason: "x",
    });
    const canceled = await call("POST", `/api/policies/${other._id}/renew`, {});
    expect(canceled.statusCode).toBe(409);
    expect(
      (await call("POST", `/api/policies/${term._id}/renew`, {}, support.token)).statusCode,
    ).toBe(409);
    expect(
      (await call("POST", `/api/policies/${term._id}/renew`, {}, plain.token)).statusCode,
    ).toBe(403);
  });

  it("gives the next term to the caller when the term's producer has left", async () => {
    const { personId } = await aQuote();
    const leaving = await signInAs(test.app, database, "agent", "lee@example.com");
    const term = await issue(personId, { effectiveDate: "2025-12-13", producerId: leaving.userId });
    await database.handle.db
      .updateTable("users")
      .set({ is_active: 0 })
      .where("id", "=", leaving.userId)
      .execute();
    const renewed = await call("POST", `/api/policies/${term._id}/renew`, {});
    expect(renewed.statusCode, renewed.body).toBe(201);
    expect(renewed.json().data.producer).toMatchObject({ _id: agent.userId });
  });

  it("two renewals of one term at once make one next term", async () => {
    const { personId } = await aQuote();
    const term = await issue(personId, { effectiveDate: "2025-12-12" });
    const answers = await Promise.all(
      [0, 1, 2].map(() => call("POST", `/api/policies/${term._id}/renew`, {})),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const next = await database.handle.db
      .selectFrom("policies")
      .select("id")
      .where("renewal_of", "=", term._id)
      .execute();
    expect(next).toHaveLength(1);
  });

  it("sets re-marketing and lost (non-renewed), audited; reinstating brings it back", async () => {
    const { personId } = await aQuote();
    const term = await issue(personId, { effectiveDate: "2025-12-14" });
    const url = `/api/policies/${term._id}/renewal-state`;
    const marketing = await call("PUT", url, { state: "re-marketing" });
    expect(marketing.statusCode, marketing.body).toBe(200);
    expect(marketing.json().data).toMatchObject({ renewalState: "re-marketing", status: "active" });
    const bad = await call("PUT", url, { state: "renewed" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(RENEWAL_MESSAGES.stateInvalid);
    const lost = await call("PUT", url, { state: "lost" });
    expect(lost.json().data).toMatchObject({ renewalState: "lost", status: "non-renewed" });
    const again = await call("PUT", url, { state: "re-marketing" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RENEWAL_MESSAGES.stateNotActive);
    const reinstated = await call("POST", `/api/policies/${term._id}/reinstate`);
    expect(reinstated.json().data).toMatchObject({ status: "active", renewalState: "not-started" });
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_id", "=", term._id)
      .where("action", "=", "policy.renewal_state")
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => JSON.parse(a.details))).toEqual([
      { before: { renewal_state: "not-started" }, after: { renewal_state: "re-marketing" } },
      {
        before: { renewal_state: "re-marketing", status: "active" },
        after: { renewal_state: "lost", status: "non-renewed" },
      },
    ]);
    expect((await call("PUT", url, { state: "lost" }, plain.token)).statusCode).toBe(403);
  });

  it("keeps the renewal task's days: Manager and above, 1 to 365", async () => {
    const read = await call("GET", "/api/settings/renewals", undefined, manager.token);
    expect(read.json().data).toMatchObject({ days: 45, updatedAt: null });
    expect((await call("GET", "/api/settings/renewals")).statusCode).toBe(403);
    expect((await call("PUT", "/api/settings/renewals", { days: 30 })).statusCode).toBe(403);
    for (const days of [0, 366, 1.5, "30"]) {
      const response = await call("PUT", "/api/settings/renewals", { days }, manager.token);
      expect(response.statusCode, String(days)).toBe(400);
      expect(response.json().message).toBe(RENEWAL_MESSAGES.taskDaysInvalid);
    }
    const saved = await call("PUT", "/api/settings/renewals", { days: 30 }, manager.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.days).toBe(30);
    await call("PUT", "/api/settings/renewals", { days: 45 }, manager.token);
  });

  it("makes each term's renewal task once across two schedulers on one database", async () => {
    // Clean slate: only this test's policies are active.
    await database.handle.db
      .updateTable("policies")
      .set({ status: "cancelled" })
      .where("status", "=", "active")
      .execute();
    now = new Date("2026-11-23T16:30:00Z");
    const { personId } = await aQuote();
    const soon = await issue(personId, {
      carrier: "Task Co",
      lineOfBusiness: "auto",
      policyNumber: "T-1",
      effectiveDate: "2026-04-10",
      expirationDate: "2027-04-10", // 40 days on: within 45
    });
    const later = await issue(personId, {
      carrier: "Task Co",
      policyNumber: "T-2",
      effectiveDate: "2026-05-01",
      expirationDate: "2027-05-01", // 61 days on
    });
    const gone = await issue(personId, {
      carrier: "Task Co",
      policyNumber: "T-3",
      effectiveDate: "2026-04-01",
      expirationDate: "2027-04-01",
      producerId: support.userId,
    });
    const lost = await issue(personId, {
      carrier: "Task Co",
      policyNumber: "T-4",
      effectiveDate: "2026-04-02",
      expirationDate: "2027-04-02",
    });
    await call("PUT", `/api/policies/${lost._id}/renewal-state`, { state: "lost" });
    const lapsed = await issue(personId, {
      carrier: "Task Co",
      policyNumber: "T-5",
      effectiveDate: "2026-02-01",
      expirationDate: "2027-02-27",
    });
    // Sue (the producer of T-3) is deactivated: her renewal task needs an owner.
    await database.handle.db
      .updateTable("users")
      .set({ is_active: 0 })
      .where("id", "=", support.userId)
      .execute();
    now = new Date("2027-03-01T16:00:00Z"); // Monday 1 March 2027, 10 AM Central
    const other: DatabaseHandle =
      engine === "postgres" ? openDatabase(database.url) : database.handle;
    const schedulers = [database.handle.db, other.db].map((db) =>
      createRenewalScheduler({ db, now: () => now, log: silent, intervalMs: 3_600_000 }),
    );
    try {
      // Both instances' passes at once (a second call while one runs joins it).
      const results = await Promise.all(schedulers.map((s) => s.runOnce()));
      const made = results.reduce((sum, r) => sum + r.tasks, 0);
      expect(made).toBe(2);
      expect(results.reduce((sum, r) => sum + r.expired, 0)).toBe(1);
      let tasks = await tasksOf(personId);
      expect(tasks.map((t) => [t.text, t.assigned_to, t.due_at])).toEqual(
        expect.arrayContaining([
          [
            "Renewal: Task Co Auto T-1 expires 2027-04-10",
            agent.userId,
            "2027-03-01T15:00:00.000Z",
          ],
          ["Renewal: Task Co Home T-3 expires 2027-04-01", null, "2027-03-01T15:00:00.000Z"],
        ]),
      );
      expect(tasks).toHaveLength(2);
      // The unowned one is on "Needs an owner".
      const boss = await signInAs(test.app, database, "manager", "max@example.com");
      const unowned = await call("GET", "/api/tasks?scope=unowned", undefined, boss.token);
      expect(unowned.statusCode, unowned.body).toBe(200);
      expect(unowned.json().data.map((t: { text: string }) => t.text)).toContain(
        "Renewal: Task Co Home T-3 expires 2027-04-01",
      );
      const expired = await database.handle.db
        .selectFrom("policies")
        .select("status")
        .where("id", "=", lapsed._id)
        .executeTakeFirstOrThrow();
      expect(expired.status).toBe("expired");
      // Later passes (a restart, another day) make nothing again; the later term gets its
      // task on its own day (45 days before 1 May is 17 March).
      now = new Date("2027-03-16T16:00:00Z");
      await Promise.all(schedulers.map((s) => s.runOnce()));
      expect(await tasksOf(personId)).toHaveLength(2);
      now = new Date("2027-03-17T16:00:00Z");
      await Promise.all(schedulers.map((s) => s.runOnce()));
      tasks = await tasksOf(personId);
      expect(tasks).toHaveLength(3);
      expect(tasks.at(-1)).toMatchObject({
        text: "Renewal: Task Co Home T-2 expires 2027-05-01",
        due_at: "2027-03-17T14:00:00.000Z", // 9 AM CDT
      });
      const keys = await database.handle.db
        .selectFrom("renewal_tasks")
        .select("policy_id")
        .where("policy_id", "in", [soon._id, later._id, gone._id, lost._id])
        .execute();
      expect(keys).toHaveLength(3);
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
      if (other !== database.handle) await other.close();
      await database.handle.db
        .updateTable("users")
        .set({ is_active: 1 })
        .where("id", "=", support.userId)
        .execute();
    }
  });

  it("records an X-date on a lost lead with a task 60 days before, moved when it changes", async () => {
    now = new Date("2026-11-23T16:30:00Z");
    const { quoteId } = await aQuote();
    const url = `/api/auto-quotes/${quoteId}/x-date`;
    expect((await call("GET", url)).json()).toEqual({ success: true, data: null });
    const notLost = await call("PUT", url, { carrier: "Acme", xDate: "2027-01-15" });
    expect(notLost.statusCode).toBe(409);
    expect(notLost.json().message).toBe(RENEWAL_MESSAGES.xDateNotLost);
    await call("PATCH", `/api/auto-quotes/${quoteId}/status`, {
      status: "lost",
      lostReason: "another-agency",
    });
    for (const [body, message] of [
      [{ carrier: "", xDate: "2027-01-15" }, RENEWAL_MESSAGES.xDateCarrierRequired],
      [{ carrier: "Acme", xDate: "2027-02-30" }, RENEWAL_MESSAGES.xDateInvalid],
    ] as const) {
      const response = await call("PUT", url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    // Across the year's end: X-date Jan 15 → task Nov 16 the year before, 9 AM Central.
    const saved = await call("PUT", url, { carrier: "Acme", xDate: "2028-01-15" }, support.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      carrier: "Acme",
      xDate: "2028-01-15",
      task: { dueAt: "2027-11-16T15:00:00.000Z", done: false },
    });
    const taskId = saved.json().data.task._id;
    // The lead is unassigned: the task is the caller's; it is on the lead's tasks.
    const tasks = await database.handle.db
      .selectFrom("tasks")
      .selectAll()
      .where("subject_id", "=", quoteId)
      .execute();
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ assigned_to: support.userId, subject_type: "quote" });
    // Changing the X-date moves that task, adding none.
    // 2028 is a leap year: 60 days before March 1 is January 1.
    const moved = await call("PUT", url, { carrier: "Acme", xDate: "2028-03-01" });
    expect(moved.json().data.task).toMatchObject({
      _id: taskId,
      dueAt: "2028-01-01T15:00:00.000Z",
    });
    // Passed: next year's X-date (2026-12-01 - 60 days is in the past).
    const passed = await call("PUT", url, { carrier: "Acme", xDate: "2026-12-01" });
    expect(passed.json().data.task).toMatchObject({
      _id: taskId,
      dueAt: "2027-10-02T14:00:00.000Z",
    });
    // Done: a new X-date makes a new task.
    await database.handle.db
      .updateTable("tasks")
      .set({ completed_at: now.toISOString() })
      .where("id", "=", taskId)
      .execute();
    const renewedXDate = await call("PUT", url, { carrier: "Other Co", xDate: "2027-06-30" });
    expect(renewedXDate.json().data.task._id).not.toBe(taskId);
    expect(
      await database.handle.db
        .selectFrom("tasks")
        .select("id")
        .where("subject_id", "=", quoteId)
        .execute(),
    ).toHaveLength(2);
    expect(
      (await call("PUT", url, { carrier: "A", xDate: "2027-06-30" }, plain.token)).statusCode,
    ).toBe(403);
    expect(
      (
        await call("PUT", `/api/contacts/${randomUUID()}/x-date`, {
          carrier: "A",
          xDate: "2027-06-30",
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("the X-date task's day", () => {
  it("is 60 days before, across year ends and leap days, next year's once passed", () => {
    expect(xDateTaskDay("2027-01-15", "2026-06-01")).toEqual({
      xDate: "2027-01-15",
      taskDay: "2026-11-16",
    });
    expect(xDateTaskDay("2027-01-15", "2026-11-16").taskDay).toBe("2026-11-16");
    expect(xDateTaskDay("2027-01-15", "2026-11-17")).toEqual({
      xDate: "2028-01-15",
      taskDay: "2027-11-16",
    });
    // A leap year's Feb 29: 60 days before is Dec 31; next year it is Feb 28.
    expect(xDateTaskDay("2028-02-29", "2027-06-01")).toEqual({
      xDate: "2028-02-29",
      taskDay: "2027-12-31",
    });
    expect(xDateTaskDay("2028-02-29", "2028-01-01")).toEqual({
      xDate: "2029-02-28",
      taskDay: "2028-12-30",
    });
    // Mar 1 in a leap year counts Feb 29: 60 days before is Jan 1.
    expect(xDateTaskDay("2028-03-01", "2027-01-01").taskDay).toBe("2028-01-01");
    // An X-date long past: the next one still to come.
    expect(xDateTaskDay("2020-05-10", "2026-11-23")).toEqual({
      xDate: "2027-05-10",
      taskDay: "2027-03-11",
    });
  });
});
