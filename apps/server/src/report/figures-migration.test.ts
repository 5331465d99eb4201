import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as figures from "../db/migrations/20261129030000_figures.ts";
import * as reportTally from "../db/migrations/20261129050000_report_tally.ts";
import * as policyTally from "../db/migrations/20261129050100_policy_tally.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { contactRow } from "../test/fixtures.ts";
import { upsertUser } from "../user/service.ts";

/** Migration 20261129030000 on data from before it: the backfill, and down() on both engines. */
describe.each(testEngines())("the figures migration on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("backfills each lead's first response from its earliest staff note, status change or email, and a policy's lead source", async () => {
    const db = database.handle.db;
    const { id: userId } = await upsertUser(db, {
      email: "mig@example.com",
      password: "a-long-enough-password",
      kind: "agent",
    });
    // The report's tallies read the columns this migration adds: taken down first.
    await db.transaction().execute((trx) => policyTally.down(trx));
    await db.transaction().execute((trx) => reportTally.down(trx));
    await db.transaction().execute((trx) => figures.down(trx));
    // Rows as they were before the migration: no first touch, no first response.
    const {
      first_touch_source: _s,
      first_touch_medium: _m,
      first_touch_campaign: _c,
      first_response_at: _a,
      first_response_seconds: _r,
      ...before
    } = contactRow("c1");
    const lead = (id: string) => ({ ...before, id, created_at: "2026-03-02T15:00:00.000Z" });
    await db
      .insertInto("contacts")
      .values([lead("c1"), lead("c2"), lead("c3")] as never)
      .execute();
    await db
      .insertInto("lead_notes")
      .values([
        note("c1", userId, "2026-03-02T18:00:00.000Z"),
        note("c1", userId, "2026-03-02T16:00:00.000Z"),
        // A note without an author (a user since removed) is no staff response.
        note("c3", null, "2026-03-02T16:00:00.000Z"),
      ])
      .execute();
    await db
      .insertInto("audit_log")
      .values({
        id: randomUUID(),
        actor_user_id: userId,
        action: "record.status",
        target_type: "contact",
        target_id: "c2",
        ip: null,
        details: "{}",
        created_at: "2026-03-03T15:30:00.000Z",
      })
      .execute();
    await db
      .insertInto("policies")
      .values({
        id: randomUUID(),
        policy_number: "MIG-1",
        holder_name: "A B",
        email: "",
        product: "Auto",
        status: "active",
        premium_cents: 100,
        effective_date: "2026-04-01",
        expiration_date: "2027-04-01",
        created_at: "2026-03-04T15:00:00.000Z",
        person_id: null,
        lead_type: "contact",
        lead_id: "c1",
        carrier: "X",
        line_of_business: "auto",
        term_months: 12,
        producer_id: null,
        cancel_date: null,
        cancel_reason: null,
        notes: "",
        vehicles: "[]",
        drivers: "[]",
        updated_at: "2026-03-04T15:00:00.000Z",
      } as never)
      .execute();

    await db.transaction().execute((trx) => figures.up(trx));
    const rows = await db
      .selectFrom("contacts")
      .select(["id", "first_response_at", "first_response_seconds", "first_touch_source"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      {
        id: "c1",
        first_response_at: "2026-03-02T16:00:00.000Z",
        first_response_seconds: null,
        first_touch_source: null,
      },
      {
        id: "c2",
        first_response_at: "2026-03-03T15:30:00.000Z",
        first_response_seconds: null,
        first_touch_source: null,
      },
      { id: "c3", first_response_at: null, first_response_seconds: null, first_touch_source: null },
    ]);
    const policy = await db
      .selectFrom("policies")
      .select(["lead_source", "lead_first_touch_source"])
      .executeTakeFirstOrThrow();
    expect(policy).toEqual({ lead_source: "web", lead_first_touch_source: null });

    // The report's tally, filled from these rows: two answered but untimed, one not yet.
    await db.transaction().execute((trx) => reportTally.up(trx));
    await db.transaction().execute((trx) => policyTally.up(trx));
    const tally = await db
      .selectFrom("report_hour_tally")
      .select(["lead_table", "hour", "minutes", "leads"])
      .orderBy("minutes")
      .execute();
    expect(tally.map((row) => ({ ...row, leads: Number(row.leads) }))).toEqual([
      { lead_table: "contacts", hour: "2026-03-02T15", minutes: -2, leads: 2 },
      { lead_table: "contacts", hour: "2026-03-02T15", minutes: -1, leads: 1 },
    ]);
  });
});

function note(leadId: string, author: string | null, at: string) {
  return {
    id: randomUUID(),
    lead_type: "contact" as const,
    lead_id: leadId,
    author_user_id: author,
    kind: "note" as const,
    body: "called",
    outcome: null,
    created_at: at,
  };
}
