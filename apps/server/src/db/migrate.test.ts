import { emailKey } from "@agency/domain";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newLeadColumns } from "../lead/new-lead-columns.ts";
import { nowIso } from "../lib/ids.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { contactRow } from "../test/fixtures.ts";
import { migrateToLatest } from "./migrate.ts";
import * as searchMigration from "./migrations/20261125110000_search.ts";
import * as tallyMigration from "./migrations/20261125130000_lead_hour_counts.ts";
import * as seatsMigration from "./migrations/20261126090000_appointment_seats.ts";
import * as emailKeyMigration from "./migrations/20261128120000_appointment_email_key.ts";
import * as visitorMovesMigration from "./migrations/20261128120100_appointment_visitor_moves.ts";
import * as serviceRequestsMigration from "./migrations/20261130010000_service_requests.ts";

const TABLES = [
  "agency_day_lists",
  "appointment_reminders",
  "appointments",
  "audit_log",
  "auto_quotes",
  "closures",
  "consent_ledger",
  "contacts",
  "disclosures",
  "duplicate_groups",
  "email_templates",
  "household_members",
  "idempotency_keys",
  "import_mappings",
  "lead_hour_counts",
  "lead_notes",
  "lead_x_dates",
  "login_failures",
  "mail_outbox",
  "notification_reads",
  "password_tokens",
  "person_duplicate_keys",
  "person_keys",
  "person_merges",
  "person_tally",
  "persons",
  "policies",
  "privacy_requests",
  "quote_drivers",
  "rate_limit_counters",
  "renewal_tasks",
  "report_hour_tally",
  "report_policy_tally",
  "service_attachments",
  "service_reference_counters",
  "service_requests",
  "sessions",
  "settings",
  "sign_in_addresses",
  "staff_emails",
  "submission_notices",
  "task_day_lists",
  "tasks",
  "two_factor",
  "two_factor_challenges",
  "two_factor_recovery_codes",
  "users",
];

describe.each(testEngines())("migrations on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("creates every table", async () => {
    const tables = await database.handle.db.introspection.getTables();
    // SQLite's search indexes (an FTS5 table per lead table and its shadow tables) aside.
    const names = tables
      .map((t) => t.name)
      .filter((n) => !n.startsWith("kysely_") && !/_search(_\w+)?$/.test(n));
    expect(names.sort()).toEqual(TABLES);
  });

  it("is idempotent: a second run applies nothing", async () => {
    expect(await migrateToLatest(database.handle.db)).toEqual([]);
  });

  it("refuses two appointments in one seat of a slot, and takes any number holding none", async () => {
    const db = database.handle.db;
    const row = (id: string, seat: number | null = 1) => ({
      id,
      name: "Ana Lee",
      email: "ana@example.com",
      email_key: "ana@example.com",
      phone: "6125550100",
      date: "2030-01-07",
      time: "09:00 AM",
      service: "Auto Insurance",
      message: "",
      status: "new",
      status_changed_at: null,
      created_at: nowIso(),
      ...newLeadColumns({ name: "Ana Lee", email: "ana@example.com", phone: "6125550100" }),
      seat,
      ics_sequence: 0,
      visitor_moves: 0,
    });
    await db.insertInto("appointments").values(row("a1")).execute();
    await expect(db.insertInto("appointments").values(row("a2")).execute()).rejects.toThrow();
    await db.insertInto("appointments").values(row("a3", 2)).execute();
    await db
      .insertInto("appointments")
      .values([row("a4", null), row("a5", null)])
      .execute();
    const count = await db
      .selectFrom("appointments")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });

  it("deletes a quote's drivers with the quote (foreign keys are on)", async () => {
    const db = database.handle.db;
    await db
      .insertInto("auto_quotes")
      .values({
        id: "q1",
        product: "Auto",
        first_name: "Ana",
        last_name: "Lee",
        email: "ana@example.com",
        phone: "6125550100",
        address: "1 Main St",
        city: "Minneapolis",
        state: "MN",
        zip: "55401",
        dob: "1990-01-01",
        vehicle_year: "2020",
        vehicle_make: "Toyota",
        vehicle_model: "Sedan",
        vin: "",
        mileage: "8,000-11,999",
        primary_use: "personal",
        ownership: "owned",
        safety_features: "[]",
        liability: "state_minimum",
        collision: 1,
        comprehensive: 1,
        deductible: 500,
        uninsured_motorist: 1,
        medical_payments: 1,
        rental_reimbursement: 0,
        roadside_assistance: 0,
        quote_amount_cents: 15000,
        status: "new",
        status_changed_at: null,
        created_at: nowIso(),
        ...newLeadColumns({
          firstName: "Ana",
          lastName: "Lee",
          email: "ana@example.com",
          phone: "6125550100",
        }),
      })
      .execute();
    const driver = (id: string, quoteId: string) => ({
      id,
      quote_id: quoteId,
      position: 0,
      first_name: "Ana",
      last_name: "Lee",
      dob: "1990-01-01",
      license_number: "A123456789012",
      license_state: "MN",
      relationship: "primary",
      accidents: 0,
      violations: 0,
    });
    await db.insertInto("quote_drivers").values(driver("d1", "q1")).execute();
    await expect(
      db.insertInto("quote_drivers").values(driver("d2", "no-such-quote")).execute(),
    ).rejects.toThrow();
    await db.deleteFrom("auto_quotes").where("id", "=", "q1").execute();
    const left = await db.selectFrom("quote_drivers").selectAll().execute();
    expect(left).toEqual([]);
  });
});

describe.each(testEngines())("search text on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("recomputes search_text for stored leads and indexes it", async () => {
    const db = database.handle.db;
    // Leads stored before this migration: an empty search text, as the foundation left it.
    for (let i = 0; i < 1200; i += 1) {
      await db
        .insertInto("contacts")
        .values({ ...contactRow(`old-${String(i).padStart(4, "0")}`), search_text: "" })
        .execute();
    }
    await db
      .updateTable("contacts")
      .set({ first_name: "José", last_name: "Ali", phone: "(612) 555-0382" })
      .where("id", "=", "old-0007")
      .execute();
    await db.transaction().execute(async (trx) => {
      await searchMigration.down(trx);
      await searchMigration.up(trx);
    });
    const rows = await db.selectFrom("contacts").select(["id", "search_text"]).execute();
    expect(rows.filter((r) => r.search_text === "")).toEqual([]);
    expect(rows.find((r) => r.id === "old-0007")?.search_text).toBe(
      "jose ali|ali jose|a@b.co|6125550382",
    );
    if (engine === "sqlite") {
      const { rows: hits } = await sql<{ id: string }>`
        select id from contacts where rowid in
          (select rowid from contacts_search where contacts_search match '"jose ali"')`.execute(db);
      expect(hits).toEqual([{ id: "old-0007" }]);
    } else {
      const { rows: indexes } = await sql<{ indexname: string }>`
        select indexname from pg_indexes where indexname like '%search%' order by 1`.execute(db);
      expect(indexes.map((r) => r.indexname)).toEqual([
        "appointments_search_text_trgm_idx",
        "auto_quotes_search_text_trgm_idx",
        "contacts_search_text_trgm_idx",
        "persons_search_text_trgm_idx",
        "service_requests_search_text_trgm_idx",
      ]);
    }
  });

  it("tallies the live leads already stored per hour, then keeps the tally", async () => {
    const db = database.handle.db;
    // The requests' hour counts (a later migration) come off with the tally and back after it.
    await db.transaction().execute(async (trx) => {
      await serviceRequestsMigration.down(trx);
      await tallyMigration.down(trx);
    });
    await db.deleteFrom("contacts").execute();
    const at = ["2026-11-24T18:05:00.000Z", "2026-11-24T18:59:59.999Z", "2026-11-24T19:00:00.000Z"];
    for (const [i, createdAt] of at.entries()) {
      await db
        .insertInto("contacts")
        .values({ ...contactRow(`tally-${i}`), created_at: createdAt })
        .execute();
    }
    await db
      .updateTable("contacts")
      .set({ archived_at: nowIso(new Date()) })
      .where("id", "=", "tally-2")
      .execute();
    await db.transaction().execute(async (trx) => {
      await tallyMigration.up(trx);
      await serviceRequestsMigration.up(trx);
    });
    const tally = () =>
      db
        .selectFrom("lead_hour_counts")
        .select(["hour", "live"])
        .where("lead_table", "=", "contacts")
        .where("live", "<>", 0)
        .orderBy("hour")
        .execute()
        .then((rows) => rows.map((r) => [r.hour, Number(r.live)]));
    expect(await tally()).toEqual([["2026-11-24T18", 2]]);
    await db
      .updateTable("contacts")
      .set({ archived_at: null })
      .where("id", "=", "tally-2")
      .execute();
    await db.deleteFrom("contacts").where("id", "=", "tally-0").execute();
    expect(await tally()).toEqual([
      ["2026-11-24T18", 1],
      ["2026-11-24T19", 1],
    ]);
  });

  it("gives each live appointment stored before seats seat 1, keeping search and tally working", async () => {
    const db = database.handle.db;
    await db.transaction().execute((trx) => seatsMigration.down(trx));
    const row = (id: string, time: string, archivedAt: string | null) => ({
      id,
      name: "Nguyễn Thị Ánh",
      email: `${id}@example.com`,
      email_key: `${id}@example.com`,
      phone: "6125550100",
      date: "2031-03-04",
      time,
      service: "Auto Insurance",
      message: "",
      status: "new",
      status_changed_at: null,
      created_at: "2026-11-24T18:30:00.000Z",
      ...newLeadColumns({
        name: "Nguyễn Thị Ánh",
        email: `${id}@example.com`,
        phone: "6125550100",
      }),
      archived_at: archivedAt,
    });
    for (const r of [
      row("seat-live", "09:00 AM", null),
      row("seat-archived", "10:00 AM", nowIso(new Date())),
    ]) {
      // The table as it was before seats: no seat column to fill.
      await db
        .insertInto("appointments")
        .values(r as never)
        .execute();
    }
    await db.transaction().execute((trx) => seatsMigration.up(trx));
    const seats = await db
      .selectFrom("appointments")
      .select(["id", "seat"])
      .where("id", "like", "seat-%")
      .orderBy("id")
      .execute();
    expect(seats).toEqual([
      { id: "seat-archived", seat: null },
      { id: "seat-live", seat: 1 },
    ]);
    if (engine === "sqlite") {
      const { rows: hits } = await sql<{ id: string }>`
        select id from appointments where rowid in
          (select rowid from appointments_search where appointments_search match '"nguyen thi"')
        order by id`.execute(db);
      expect(hits.map((h) => h.id)).toEqual(["seat-archived", "seat-live"]);
    }
    const tallied = await db
      .selectFrom("lead_hour_counts")
      .select("live")
      .where("lead_table", "=", "appointments")
      .where("hour", "=", "2026-11-24T18")
      .executeTakeFirst();
    await db
      .updateTable("appointments")
      .set({ archived_at: null })
      .where("id", "=", "seat-archived")
      .execute();
    const after = await db
      .selectFrom("lead_hour_counts")
      .select("live")
      .where("lead_table", "=", "appointments")
      .where("hour", "=", "2026-11-24T18")
      .executeTakeFirstOrThrow();
    expect(Number(after.live)).toBe(Number(tallied?.live ?? 0) + 1);
  });
});

describe("the email key migration's frozen rule", () => {
  it("agrees with the domain's emailKey over the whole Unicode range (else a new migration recomputes)", () => {
    const address = fc.oneof(
      fc.string({ unit: "binary", maxLength: 30 }),
      fc.emailAddress(),
      fc
        .tuple(fc.emailAddress(), fc.string({ unit: "binary", maxLength: 6 }))
        .map(([email, tag]) => email.replace("@", `+${tag}@`).toUpperCase()),
    );
    fc.assert(
      fc.property(address, (value) => {
        expect(emailKeyMigration.frozenEmailKey(value)).toBe(emailKey(value));
      }),
      { numRuns: 1000 },
    );
  });
});

describe.each(testEngines())("the email key on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("is computed for every appointment stored before, and required of every new one (and the move count starts at none)", async () => {
    const db = database.handle.db;
    await db.transaction().execute((trx) => emailKeyMigration.down(trx));
    const emails = [
      ...Array.from({ length: 1100 }, (_, i) => `person${i}@example.com`),
      "Ana.Lee+Quotes@Example.COM",
      "ＡＮＡ．ＬＥＥ@example.com",
      "straße@example.de",
    ];
    for (let start = 0; start < emails.length; start += 250) {
      const rows = emails.slice(start, start + 250).map((email, i) => ({
        id: `key-${String(start + i).padStart(5, "0")}`,
        name: "Ana Lee",
        email,
        phone: "6125550100",
        date: "2031-03-04",
        time: "09:00 AM",
        service: "Auto Insurance",
        message: "",
        status: "new",
        status_changed_at: null,
        created_at: "2026-11-24T18:30:00.000Z",
        ...newLeadColumns({ name: "Ana Lee", email, phone: "6125550100" }),
        seat: null,
        ics_sequence: 0,
      }));
      // The table as it was before the key: no email_key column to fill.
      await db
        .insertInto("appointments")
        .values(rows as never)
        .execute();
    }
    await db.transaction().execute((trx) => emailKeyMigration.up(trx));
    const rows = await db
      .selectFrom("appointments")
      .select(["email", "email_key"])
      .where("id", "like", "key-%")
      .execute();
    expect(rows).toHaveLength(emails.length);
    expect(rows.filter((row) => row.email_key !== emailKey(row.email))).toEqual([]);
    expect(new Set(rows.slice(-3).map((row) => row.email_key))).toEqual(
      new Set(["ana.lee@example.com", "strasse@example.de"]),
    );
    // Stored bookings start the visitor's move count at none.
    await db.transaction().execute((trx) => visitorMovesMigration.down(trx));
    await db.transaction().execute((trx) => visitorMovesMigration.up(trx));
    const counts = await db
      .selectFrom("appointments")
      .select(["visitor_moves", "visitor_moves_on"])
      .where("id", "like", "key-%")
      .distinct()
      .execute();
    expect(counts.map((row) => [Number(row.visitor_moves), row.visitor_moves_on])).toEqual([
      [0, null],
    ]);
    // A row without its key is refused, not silently left out of the limit.
    await expect(
      sql`insert into appointments (id, name, email, email_key, phone, date, time, service, message, status, created_at, source, search_text, ics_sequence)
          values ('key-null', 'A', 'a@example.com', null, '6125550100', '2031-03-05', '09:00 AM', 'Auto Insurance', '', 'new', '2026-11-24T18:30:00.000Z', 'web', '', 0)`.execute(
        db,
      ),
    ).rejects.toThrow();
  });
});
