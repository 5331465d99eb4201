import { randomUUID } from "node:crypto";
import {
  businessSecondsBetween,
  type Figures,
  medianOf,
  periodBounds,
  ReportAnswerSchema,
  rateOf,
  sourceKeyOf,
} from "@agency/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { BOOK_MAPPING, bookCsv } from "../test/book-csv.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";

// Monday 2026-11-23, 10:30 AM in Chicago.
const now = new Date("2026-11-23T16:30:00Z");

type Signed = Awaited<ReturnType<typeof signInAs>>;
type LeadTable = "auto_quotes" | "contacts" | "appointments";
const KIND_OF: Record<LeadTable, string> = {
  auto_quotes: "quote",
  contacts: "contact",
  appointments: "appointment",
};

/** One generated lead, as the direct count sees it. */
type Lead = {
  table: LeadTable;
  id: string;
  createdAt: string;
  status: string;
  assignedTo: string | null;
  source: string;
  touch: string | null;
  archived: boolean;
  moved: boolean;
  respondedAt: string | null;
  seconds: number | null;
};
type Policy = {
  createdAt: string;
  expiration: string;
  status: string;
  cancelDate: string | null;
  premiumCents: number;
  producer: string | null;
  lead: number | null;
};

describe.each(testEngines())("reports on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let agent: Signed;
  let manager: Signed;
  let other: Signed;
  const templates = {} as Record<LeadTable, Record<string, unknown>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => now });
    agent = await signInAs(test.app, database, "agent", "abe@example.com");
    manager = await signInAs(test.app, database, "manager", "mona@example.com");
    other = await signInAs(test.app, database, "agent", "zoë@example.com");
    // One lead of each kind through the public forms: the rows the generated ones copy.
    const quote = await test.app.inject({
      method: "POST",
      url: "/api/auto-quotes/send-auto-quote",
      payload: validQuotePayload(),
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const db = database.handle.db;
    templates.auto_quotes = (await db
      .selectFrom("auto_quotes")
      .selectAll()
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    const contact = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: {
        firstName: "Ann",
        lastName: "Lee",
        email: "ann@example.com",
        phone: "(612) 555-0100",
        subject: "Other",
        message: "Call me",
        notRobot: true,
      },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    templates.contacts = (await db
      .selectFrom("contacts")
      .selectAll()
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    templates.appointments = {
      ...templates.contacts,
    };
    const booking = await test.app.inject({
      method: "POST",
      url: "/api/appointments/add-appointment",
      payload: {
        name: "Bo Li",
        email: "bo@example.com",
        phone: "(612) 555-0101",
        date: "2026-11-24",
        time: "10:00 AM",
        service: "Home Insurance",
      },
    });
    expect(booking.statusCode, booking.body).toBe(201);
    templates.appointments = (await db
      .selectFrom("appointments")
      .selectAll()
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    await db.deleteFrom("mail_outbox").execute();
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const get = (url: string, token = manager.token) =>
    test.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });

  it("refuses Agents (403) and anonymous callers (401); answers Managers", async () => {
    expect((await get("/api/reports", agent.token)).statusCode).toBe(403);
    expect((await get("/api/reports/export.csv", agent.token)).statusCode).toBe(403);
    expect((await test.app.inject({ method: "GET", url: "/api/reports" })).statusCode).toBe(401);
    const response = await get("/api/reports");
    expect(response.statusCode, response.body).toBe(200);
    const report = ReportAnswerSchema.parse(response.json()).data;
    // This month by default, in Central days.
    expect(report).toMatchObject({ from: "2026-11-01", to: "2026-11-23" });
  });

  it("refuses a bad period in words (400), never a 5xx", async () => {
    for (const query of [
      "from=2026-11-30&to=2026-11-01",
      "from=2026-02-30&to=2026-03-01",
      "preset=someday",
      "preset=this-month&from=2026-11-01",
      "from=2000-01-01&to=2026-01-01",
    ]) {
      const response = await get(`/api/reports?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
    }
  });

  it("records the first response with the first note, and the business time to it", async () => {
    // Arrived Friday 2026-11-20 at 6:00 PM Central; the office (weekdays until 7:30 PM, weekends
    // 1:00 PM–8:00 PM in the sample profile) counts what it is open until Monday 10:30 AM.
    const arrived = new Date("2026-11-21T00:00:00Z");
    const row = await aLead("contacts", { createdAt: arrived.toISOString() });
    const note = await test.app.inject({
      method: "POST",
      url: `/api/contacts/${row}/notes`,
      headers: { authorization: `Bearer ${agent.token}` },
      payload: { kind: "note", body: "Left a voicemail" },
    });
    expect(note.statusCode, note.body).toBe(201);
    const second = await test.app.inject({
      method: "PATCH",
      url: `/api/contacts/${row}/status`,
      headers: { authorization: `Bearer ${agent.token}` },
      payload: { status: "contacted" },
    });
    expect(second.statusCode, second.body).toBe(200);
    const stored = await database.handle.db
      .selectFrom("contacts")
      .select(["first_response_at", "first_response_seconds"])
      .where("id", "=", row)
      .executeTakeFirstOrThrow();
    expect(stored.first_response_at).toBe(now.toISOString());
    expect(stored.first_response_seconds).toBe(businessSecondsBetween(arrived, now));
    expect(stored.first_response_seconds).toBeGreaterThan(0);
    expect(stored.first_response_seconds).toBeLessThan((now.getTime() - arrived.getTime()) / 1000);
  });

  it("keeps a public form's first touch, cleaned; refuses one too long", async () => {
    const payload = {
      firstName: "Ann",
      lastName: "Lee",
      email: "touch@example.com",
      phone: "(612) 555-0102",
      subject: "Other",
      message: "Hello",
      notRobot: true,
      leadSource: { source: " Newsletter\u202E ", medium: "Email", campaign: "Fall <b>2026</b>" },
    };
    const sent = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const row = await database.handle.db
      .selectFrom("contacts")
      .select(["first_touch_source", "first_touch_medium", "first_touch_campaign", "source"])
      .where("email", "=", "touch@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      source: "web",
      first_touch_source: "newsletter",
      first_touch_medium: "email",
      first_touch_campaign: "Fall 2026",
    });
    const tooLong = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: { ...payload, email: "long@example.com", leadSource: { source: "x".repeat(101) } },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain("leadSource.source must be at most 100 characters");
  });

  it("counts a policy issued from a newsletter quote under that source and its producer", async () => {
    const payload = validQuotePayload();
    Object.assign(payload.personalInfo, { email: "news@example.com", phone: "6125550177" });
    const sent = await test.app.inject({
      method: "POST",
      url: "/api/auto-quotes/send-auto-quote",
      payload: { ...payload, leadSource: { source: "Newsletter", medium: "email", campaign: "" } },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const quoteId = sent.json().data._id as string;
    const issued = await test.app.inject({
      method: "POST",
      url: "/api/policies",
      headers: { authorization: `Bearer ${agent.token}` },
      payload: {
        lead: { kind: "quote", id: quoteId },
        carrier: "Sample Mutual Auto (sample)",
        lineOfBusiness: "auto",
        policyNumber: `NL-${randomUUID().slice(0, 8)}`,
        effectiveDate: "2026-12-01",
        termMonths: 12,
        annualPremium: "1,000.10",
      },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const report = ReportAnswerSchema.parse(
      (await get("/api/reports?from=2026-11-23&to=2026-11-23")).json(),
    ).data;
    const newsletter = report.bySource.find((row) => row.key === "web:newsletter");
    expect(newsletter?.label).toBe("Website: newsletter");
    expect(newsletter?.figures).toMatchObject({
      leadsIn: 2,
      won: 1,
      policiesIssued: 1,
      newPremiumCents: 100_010,
    });
    const abe = report.byAgent.find((row) => row.agentId === agent.userId);
    expect(abe?.figures.policiesIssued).toBe(1);
    // Issuing marked the lead Won: its first response, as a status change.
    const lead = await database.handle.db
      .selectFrom("auto_quotes")
      .select(["status", "first_response_at"])
      .where("id", "=", quoteId)
      .executeTakeFirstOrThrow();
    expect(lead).toEqual({ status: "won", first_response_at: now.toISOString() });
  });

  it("counts new business only: a renewal's next term and an imported book are not issued", async () => {
    const totals = async () =>
      ReportAnswerSchema.parse((await get("/api/reports?from=2026-11-23&to=2026-11-23")).json())
        .data.totals;
    const issued = await test.app.inject({
      method: "POST",
      url: "/api/policies",
      headers: { authorization: `Bearer ${agent.token}` },
      payload: {
        personId: (
          await database.handle.db.selectFrom("persons").select("id").executeTakeFirstOrThrow()
        ).id,
        carrier: "Sample Mutual Auto (sample)",
        lineOfBusiness: "home",
        policyNumber: `NB-${randomUUID().slice(0, 8)}`,
        effectiveDate: "2025-12-01",
        termMonths: 12,
        annualPremium: "700.07",
      },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const before = await totals();
    const renewed = await test.app.inject({
      method: "POST",
      url: `/api/policies/${issued.json().data._id}/renew`,
      headers: { authorization: `Bearer ${agent.token}`, "idempotency-key": randomUUID() },
      payload: { annualPremium: "750.00" },
    });
    expect(renewed.statusCode, renewed.body).toBe(201);
    const admin = await signInAs(test.app, database, "admin", "ida@example.com");
    const imported = await test.app.inject({
      method: "POST",
      url: "/api/imports",
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { csv: bookCsv(3, "NBI"), mapping: BOOK_MAPPING },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.created).toBe(3);
    const after = await totals();
    expect(after.policiesIssued).toBe(before.policiesIssued);
    expect(after.newPremiumCents).toBe(before.newPremiumCents);
  });

  /** A lead row copied from its kind's template. */
  async function aLead(table: LeadTable, lead: Partial<Lead> = {}): Promise<string> {
    const id = lead.id ?? randomUUID();
    const row: Record<string, unknown> = {
      ...templates[table],
      id,
      created_at: lead.createdAt ?? now.toISOString(),
      status: lead.status ?? "new",
      assigned_to: lead.assignedTo ?? null,
      source: lead.source ?? "web",
      first_touch_source: lead.touch === undefined ? "direct" : lead.touch,
      first_touch_medium: null,
      first_touch_campaign: null,
      archived_at: lead.archived ? now.toISOString() : null,
      first_response_at: lead.respondedAt ?? null,
      first_response_seconds: lead.seconds ?? null,
      person_id: null,
    };
    if (table === "appointments") {
      Object.assign(row, {
        seat: null,
        manage_token_hash: randomUUID(),
        rescheduled_from: lead.moved ? randomUUID() : null,
      });
    }
    await database.handle.db
      .insertInto(table)
      .values(row as never)
      .execute();
    return id;
  }

  const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 });

  it("counts every figure as a direct count over random records does (totals, by agent, by source)", async () => {
    let year = 2030;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            table: fc.constantFrom<LeadTable>("auto_quotes", "contacts", "appointments"),
            day: fc.integer({ min: 0, max: 59 }),
            minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
            status: fc.constantFrom("new", "contacted", "won", "lost"),
            agent: fc.integer({ min: 0, max: 2 }),
            channel: fc.constantFrom("web", "web", "phone", "walk-in", "referral", "email"),
            touch: fc.option(text, { nil: null }),
            archived: fc.integer({ min: 0, max: 6 }).map((n) => n === 0),
            moved: fc.boolean(),
            response: fc.option(
              fc.record({ after: fc.integer({ min: 0, max: 5 * 86_400 }), timed: fc.boolean() }),
              { nil: null },
            ),
          }),
          { maxLength: 40 },
        ),
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 59 }),
            expiresDay: fc.integer({ min: 0, max: 59 }),
            status: fc.constantFrom("active", "renewed", "cancelled", "non-renewed", "expired"),
            cancelBefore: fc.boolean(),
            premiumCents: fc.integer({ min: 0, max: 5_000_000 }),
            agent: fc.integer({ min: 0, max: 2 }),
            lead: fc.option(fc.nat(), { nil: null }),
          }),
          { maxLength: 25 },
        ),
        fc.integer({ min: 0, max: 29 }),
        fc.integer({ min: 30, max: 59 }),
        async (leadSpecs, policySpecs, fromDay, toDay) => {
          year += 1;
          const agents = [null, agent.userId, other.userId];
          const dayOf = (index: number) => {
            const date = new Date(Date.UTC(year, 0, 1 + index));
            return date.toISOString().slice(0, 10);
          };
          const leads: Lead[] = [];
          for (const spec of leadSpecs) {
            const created = new Date(
              Date.UTC(year, 0, 1 + spec.day, 0, spec.minute) + 6 * 3_600_000,
            );
            const respondedAt = spec.response
              ? new Date(created.getTime() + spec.response.after * 1000).toISOString()
              : null;
            const lead: Lead = {
              table: spec.table,
              id: randomUUID(),
              createdAt: created.toISOString(),
              status: spec.status,
              assignedTo: agents[spec.agent] ?? null,
              source: spec.channel,
              touch: spec.channel === "web" ? spec.touch : null,
              archived: spec.archived,
              moved: spec.table === "appointments" && spec.moved,
              respondedAt,
              seconds: spec.response?.timed ? spec.response.after : null,
            };
            await aLead(lead.table, lead);
            leads.push(lead);
          }
          const policies: Policy[] = [];
          for (const spec of policySpecs) {
            const expiration = dayOf(spec.expiresDay);
            const linked =
              spec.lead === null || leads.length === 0 ? null : spec.lead % leads.length;
            const policy: Policy = {
              createdAt: new Date(Date.UTC(year, 0, 1 + spec.day, 18)).toISOString(),
              expiration,
              status: spec.status,
              cancelDate:
                spec.status === "cancelled" ? (spec.cancelBefore ? dayOf(0) : expiration) : null,
              premiumCents: spec.premiumCents,
              producer: agents[spec.agent] ?? null,
              lead: linked,
            };
            const lead = linked === null ? undefined : leads[linked];
            await database.handle.db
              .insertInto("policies")
              .values({
                id: randomUUID(),
                policy_number: `R-${randomUUID()}`,
                holder_name: "Zoë Ñandú",
                email: "",
                product: "Auto",
                status: policy.status,
                premium_cents: policy.premiumCents,
                effective_date: dayOf(0),
                expiration_date: policy.expiration,
                created_at: policy.createdAt,
                person_id: null,
                lead_type: lead ? KIND_OF[lead.table] : null,
                lead_id: lead?.id ?? null,
                lead_source: lead?.source ?? null,
                lead_first_touch_source: lead?.touch ?? null,
                carrier: "Sample",
                line_of_business: "auto",
                term_months: 12,
                producer_id: policy.producer,
                cancel_date: policy.cancelDate,
                cancel_reason: policy.cancelDate ? "moved" : null,
                notes: "",
                vehicles: "[]",
                drivers: "[]",
                renewal_state: "not-started",
                renewal_of: null,
                origin: "issued",
                updated_at: policy.createdAt,
              } satisfies Database["policies"] as never)
              .execute();
            policies.push(policy);
          }

          const from = dayOf(fromDay);
          const to = dayOf(toDay);
          const response = await get(`/api/reports?from=${from}&to=${to}`);
          expect(response.statusCode, response.body).toBe(200);
          const report = ReportAnswerSchema.parse(response.json()).data;

          // The direct count.
          const { start, end } = periodBounds(from, to);
          type Acc = { f: Figures; responses: number[] };
          const groups = new Map<string, Acc>();
          const acc = (key: string) => {
            let found = groups.get(key);
            if (!found) {
              found = {
                f: {
                  leadsIn: 0,
                  quotes: 0,
                  won: 0,
                  lost: 0,
                  conversionRate: null,
                  responded: 0,
                  medianFirstResponseSeconds: null,
                  policiesIssued: 0,
                  newPremiumCents: 0,
                  upForRenewal: 0,
                  renewed: 0,
                  retentionRate: null,
                },
                responses: [],
              };
              groups.set(key, found);
            }
            return found;
          };
          const keysOf = (producer: string | null, lead: Lead | undefined) => [
            "total",
            `agent:${producer ?? ""}`,
            `source:${sourceKeyOf(lead ? lead.source : null, lead ? lead.touch : null).key}`,
          ];
          for (const lead of leads) {
            if (lead.archived || lead.moved) continue;
            if (lead.createdAt < start || lead.createdAt >= end) continue;
            for (const key of keysOf(lead.assignedTo, lead)) {
              const { f, responses } = acc(key);
              f.leadsIn += 1;
              if (lead.table === "auto_quotes") f.quotes += 1;
              if (lead.status === "won") f.won += 1;
              if (lead.status === "lost") f.lost += 1;
              if (lead.respondedAt) {
                f.responded += 1;
                const seconds =
                  lead.seconds ??
                  businessSecondsBetween(new Date(lead.createdAt), new Date(lead.respondedAt));
                // Counted in whole business minutes.
                responses.push(Math.floor(seconds / 60));
              }
            }
          }
          for (const policy of policies) {
            const lead = policy.lead === null ? undefined : leads[policy.lead];
            if (policy.createdAt >= start && policy.createdAt < end) {
              for (const key of keysOf(policy.producer, lead)) {
                acc(key).f.policiesIssued += 1;
                acc(key).f.newPremiumCents += policy.premiumCents;
              }
            }
            const cancelledBefore =
              policy.status === "cancelled" &&
              policy.cancelDate !== null &&
              policy.cancelDate < policy.expiration;
            if (policy.expiration >= from && policy.expiration <= to && !cancelledBefore) {
              for (const key of keysOf(policy.producer, lead)) {
                acc(key).f.upForRenewal += 1;
                if (policy.status === "renewed") acc(key).f.renewed += 1;
              }
            }
          }
          const finish = ({ f, responses }: Acc): Figures => ({
            ...f,
            conversionRate: rateOf(f.won, f.won + f.lost),
            medianFirstResponseSeconds: ((m) => (m === null ? null : m * 60))(medianOf(responses)),
            retentionRate: rateOf(f.renewed, f.upForRenewal),
          });
          const expected = new Map([...groups].map(([key, value]) => [key, finish(value)]));
          const got = new Map<string, Figures>([["total", report.totals]]);
          for (const row of report.byAgent) got.set(`agent:${row.agentId ?? ""}`, row.figures);
          for (const row of report.bySource) got.set(`source:${row.key}`, row.figures);
          if (!expected.has("total")) expected.set("total", finish(acc("total")));
          expect(Object.fromEntries(got)).toEqual(Object.fromEntries(expected));
          // Premium sums are integers, exact.
          expect(Number.isInteger(report.totals.newPremiumCents)).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
  });

  it("sums premiums exactly in cents, CSV included", async () => {
    const db = database.handle.db;
    const day = "2045-06-15";
    for (const cents of [1, 10, 20, 2_147_483_000, 2_147_483_000]) {
      await db
        .insertInto("policies")
        .values({
          id: randomUUID(),
          policy_number: `C-${randomUUID()}`,
          holder_name: "A",
          email: "",
          product: "Auto",
          status: "active",
          premium_cents: cents,
          effective_date: day,
          expiration_date: "2046-06-15",
          created_at: "2045-06-15T18:00:00.000Z",
          person_id: null,
          lead_type: null,
          lead_id: null,
          lead_source: null,
          lead_first_touch_source: null,
          carrier: "Sample",
          line_of_business: "auto",
          term_months: 12,
          producer_id: manager.userId,
          cancel_date: null,
          cancel_reason: null,
          notes: "",
          vehicles: "[]",
          drivers: "[]",
          renewal_state: "not-started",
          renewal_of: null,
          origin: "issued",
          updated_at: "2045-06-15T18:00:00.000Z",
        })
        .execute();
    }
    const response = await get(`/api/reports?from=${day}&to=${day}`);
    const report = ReportAnswerSchema.parse(response.json()).data;
    expect(report.totals.newPremiumCents).toBe(4_294_966_031);
    expect(report.totals.policiesIssued).toBe(5);
    const csv = await get(`/api/reports/export.csv?from=${day}&to=${day}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("42949660.31");
    expect(csv.body.startsWith("\uFEFF")).toBe(true);
  });
});
