import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";
import { countedLeadGroups, countedPolicyGroups, leadGroups, policyGroups } from "./repository.ts";

// Monday 2026-11-23, 10:30 AM in Chicago.
const now = new Date("2026-11-23T16:30:00Z");

type LeadTable = "auto_quotes" | "contacts" | "appointments";
const TABLES: LeadTable[] = ["auto_quotes", "contacts", "appointments"];

type TallyRow = {
  lead_table: string;
  hour: string;
  assigned_to: string;
  source: string;
  first_touch_source: string;
  minutes: number;
  leads: number;
  won: number;
  lost: number;
};

const keyOf = (row: Omit<TallyRow, "leads" | "won" | "lost">) =>
  [row.lead_table, row.hour, row.assigned_to, row.source, row.first_touch_source, row.minutes].join(
    "|",
  );

/**
 * The report's hourly tally (migration 20261129050000, decision 0074) stays equal to a
 * direct count of the live leads through every write the app and the purge make.
 */
describe.each(testEngines())("the report tally on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let agentId: string;
  let otherId: string;
  const templates = {} as Record<LeadTable, Record<string, unknown>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => now });
    agentId = (await signInAs(test.app, database, "agent", "abe@example.com")).userId;
    otherId = (await signInAs(test.app, database, "agent", "zoë@example.com")).userId;
    const db = database.handle.db;
    const quote = await test.app.inject({
      method: "POST",
      url: "/api/auto-quotes/send-auto-quote",
      payload: validQuotePayload(),
    });
    expect(quote.statusCode, quote.body).toBe(201);
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
    for (const table of TABLES) {
      templates[table] = (await db
        .selectFrom(table)
        .selectAll()
        .executeTakeFirstOrThrow()) as Record<string, unknown>;
    }
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  /** The tally's non-empty rows. */
  async function tally(): Promise<Map<string, string>> {
    const rows = (await database.handle.db
      .selectFrom("report_hour_tally")
      .selectAll()
      .execute()) as TallyRow[];
    const map = new Map<string, string>();
    for (const row of rows) {
      const counts = [Number(row.leads), Number(row.won), Number(row.lost)];
      if (counts.some((n) => n !== 0)) map.set(keyOf(row), counts.join(","));
    }
    return map;
  }

  /** The same rows counted from the leads, row by row in TypeScript. */
  async function direct(): Promise<Map<string, string>> {
    const counts = new Map<string, [number, number, number]>();
    for (const table of TABLES) {
      const rows = (await database.handle.db.selectFrom(table).selectAll().execute()) as Record<
        string,
        unknown
      >[];
      for (const row of rows) {
        if (row.archived_at !== null) continue;
        if (table === "appointments" && row.rescheduled_from !== null) continue;
        const minutes =
          row.first_response_at === null
            ? -1
            : row.first_response_seconds === null
              ? -2
              : Math.floor(Number(row.first_response_seconds) / 60);
        const key = keyOf({
          lead_table: table,
          hour: String(row.created_at).slice(0, 13),
          assigned_to: (row.assigned_to as string | null) ?? "",
          source: String(row.source),
          first_touch_source: (row.first_touch_source as string | null) ?? "",
          minutes,
        });
        const count = counts.get(key) ?? [0, 0, 0];
        count[0] += 1;
        if (row.status === "won") count[1] += 1;
        if (row.status === "lost") count[2] += 1;
        counts.set(key, count);
      }
    }
    return new Map([...counts].map(([key, count]) => [key, count.join(",")]));
  }

  const expectTallyRight = async (step: string) => {
    const [kept, counted] = await Promise.all([tally(), direct()]);
    expect(Object.fromEntries(kept), step).toEqual(Object.fromEntries(counted));
  };

  async function aLead(table: LeadTable, fields: Record<string, unknown> = {}): Promise<string> {
    const id = randomUUID();
    const row: Record<string, unknown> = {
      ...templates[table],
      id,
      person_id: null,
      first_touch_medium: null,
      first_touch_campaign: null,
      ...(table === "appointments"
        ? { seat: null, manage_token_hash: randomUUID(), rescheduled_from: null }
        : {}),
      ...fields,
    };
    await database.handle.db
      .insertInto(table)
      .values(row as never)
      .execute();
    return id;
  }

  const update = (table: LeadTable, id: string, fields: Record<string, unknown>) =>
    database.handle.db
      .updateTable(table)
      .set(fields as never)
      .where("id", "=", id)
      .execute();

  it("is filled from the stored leads by the migration and kept on insert", async () => {
    await expectTallyRight("after the migration (the three form leads)");
    const at = (day: number, hour: number) =>
      new Date(Date.UTC(2026, 10, day, hour, 17)).toISOString();
    for (const table of TABLES) {
      for (let i = 0; i < 12; i += 1) {
        await aLead(table, {
          created_at: at(10 + (i % 3), 5 + (i % 4)),
          status: ["new", "won", "lost", "new"][i % 4],
          assigned_to: [agentId, otherId, null][i % 3],
          source: i % 4 === 0 ? "phone" : "web",
          first_touch_source: i % 4 === 0 ? null : ["direct", "google.com", ""][i % 3],
          archived_at: i === 11 ? now.toISOString() : null,
          first_response_at: i % 3 === 0 ? null : at(10 + (i % 3), 9),
          first_response_seconds: i % 3 === 1 ? 60 * (i + 1) + 7 : null,
        });
      }
    }
    await expectTallyRight("after inserts");
  });

  it("follows archive, restore, delete, status, reassignment, first response, arrival and source changes", async () => {
    for (const table of TABLES) {
      const id = await aLead(table, {
        created_at: "2026-11-20T15:05:00.000Z",
        status: "new",
        assigned_to: null,
        source: "web",
        first_touch_source: "direct",
        archived_at: null,
        first_response_at: null,
        first_response_seconds: null,
      });
      await expectTallyRight(`${table}: inserted`);
      await update(table, id, { archived_at: now.toISOString() });
      await expectTallyRight(`${table}: archived`);
      await update(table, id, { status: "won" });
      await expectTallyRight(`${table}: status changed while archived`);
      await update(table, id, { archived_at: null });
      await expectTallyRight(`${table}: restored`);
      await update(table, id, { status: "lost" });
      await expectTallyRight(`${table}: won → lost`);
      await update(table, id, { assigned_to: agentId });
      await expectTallyRight(`${table}: assigned`);
      await update(table, id, { assigned_to: otherId });
      await expectTallyRight(`${table}: reassigned`);
      await update(table, id, {
        first_response_at: "2026-11-20T16:00:00.000Z",
        first_response_seconds: 3300,
      });
      await expectTallyRight(`${table}: first response`);
      await update(table, id, { source: "referral", first_touch_source: null });
      await expectTallyRight(`${table}: source`);
      await update(table, id, { created_at: "2026-11-19T03:59:59.999Z" });
      await expectTallyRight(`${table}: arrival`);
      // An update that touches none of the report's columns, and one that rewrites them
      // with the same values.
      await update(table, id, { status: "lost", assigned_to: otherId });
      await expectTallyRight(`${table}: same values`);
      await database.handle.db.deleteFrom(table).where("id", "=", id).execute();
      await expectTallyRight(`${table}: deleted`);
    }
    const archived = await aLead("contacts", {
      created_at: "2026-11-18T12:00:00.000Z",
      archived_at: now.toISOString(),
    });
    await database.handle.db.deleteFrom("contacts").where("id", "=", archived).execute();
    await expectTallyRight("an archived lead deleted (the retention purge)");
  });

  it("counts a moved booking once, as its first row", async () => {
    const first = await aLead("appointments", {
      created_at: "2026-11-21T14:00:00.000Z",
      status: "new",
      archived_at: null,
      rescheduled_from: null,
    });
    await expectTallyRight("booked");
    const second = await aLead("appointments", {
      created_at: "2026-11-22T15:30:00.000Z",
      status: "new",
      archived_at: null,
      rescheduled_from: first,
    });
    await update("appointments", first, { rescheduled_to: second });
    await expectTallyRight("moved");
    await update("appointments", second, { rescheduled_from: null });
    await expectTallyRight("the moved row made a first row");
    await update("appointments", second, { rescheduled_from: first });
    await expectTallyRight("and back");
  });

  it("fires last on PostgreSQL (by name), after the person's and the hour's counts: one lock order", async () => {
    if (engine !== "postgres") return;
    for (const table of TABLES) {
      const { rows } = await sql<{ tgname: string }>`select tgname from pg_trigger
        where tgrelid = ${table}::regclass and not tgisinternal order by tgname`.execute(
        database.handle.db,
      );
      const names = rows.map((row) => row.tgname);
      expect(names).toContain(`${table}_hour_counts`);
      expect(names.at(-1)).toBe(`${table}_report_tally`);
    }
  });

  it("answers the report from the tally as the leads' GROUP BY would", async () => {
    const start = "2026-11-01T05:00:00.000Z";
    const end = "2026-11-24T06:00:00.000Z";
    for (const table of TABLES) {
      const summed = new Map<string, number[]>();
      const add = (rows: Awaited<ReturnType<typeof leadGroups>>, column: 0 | 1) => {
        for (const row of rows) {
          const key = [row.assigned_to, row.source, row.first_touch_source, row.minutes].join("|");
          const sums = summed.get(key) ?? [0, 0, 0, 0, 0, 0, 0, 0];
          [row.leads, row.won, row.lost, row.responded].forEach((value, i) => {
            sums[column * 4 + i] = (sums[column * 4 + i] ?? 0) + value;
          });
          summed.set(key, sums);
        }
      };
      const db = database.handle.db;
      add(await leadGroups(db, table, start, end), 0);
      add(await countedLeadGroups(db, table, start, end), 1);
      expect(summed.size, table).toBeGreaterThan(0);
      for (const [key, sums] of summed) {
        expect(sums.slice(0, 4), `${table} ${key}`).toEqual(sums.slice(4));
      }
    }
  });

  it("keeps issued policies' count and premium per hour through issue, edit, origin, producer and delete", async () => {
    const db = database.handle.db;
    const keptPolicies = async () => {
      const rows = await db.selectFrom("report_policy_tally").selectAll().execute();
      return Object.fromEntries(
        rows
          .filter((row) => Number(row.policies) !== 0 || Number(row.premium_cents) !== 0)
          .map((row) => [
            [row.hour, row.producer_id, row.lead_source, row.lead_first_touch_source].join("|"),
            `${Number(row.policies)},${Number(row.premium_cents)}`,
          ]),
      );
    };
    const countedPolicies = async () => {
      const rows = await db.selectFrom("policies").selectAll().execute();
      const counts = new Map<string, [number, number]>();
      for (const row of rows) {
        if (row.origin !== "issued") continue;
        const key = [
          row.created_at.slice(0, 13),
          row.producer_id ?? "",
          row.lead_source ?? "",
          row.lead_first_touch_source ?? "",
        ].join("|");
        const count = counts.get(key) ?? [0, 0];
        count[0] += 1;
        count[1] += Number(row.premium_cents);
        counts.set(key, count);
      }
      return Object.fromEntries([...counts].map(([key, [n, cents]]) => [key, `${n},${cents}`]));
    };
    const expectPoliciesRight = async (step: string) =>
      expect(await keptPolicies(), step).toEqual(await countedPolicies());
    const aPolicy = async (fields: Partial<Database["policies"]>) => {
      const id = randomUUID();
      await db
        .insertInto("policies")
        .values({
          id,
          policy_number: `T-${id}`,
          holder_name: "Zoë Ñandú",
          email: "",
          product: "Auto",
          status: "active",
          premium_cents: 123_456_78,
          effective_date: "2026-11-20",
          expiration_date: "2027-11-20",
          created_at: "2026-11-20T15:00:00.000Z",
          person_id: null,
          lead_type: null,
          lead_id: null,
          lead_source: "web",
          lead_first_touch_source: "direct",
          carrier: "Sample",
          line_of_business: "auto",
          term_months: 12,
          producer_id: agentId,
          cancel_date: null,
          cancel_reason: null,
          notes: "",
          vehicles: "[]",
          drivers: "[]",
          renewal_state: "not-started",
          renewal_of: null,
          origin: "issued",
          updated_at: "2026-11-20T15:00:00.000Z",
          ...fields,
        } satisfies Database["policies"] as never)
        .execute();
      return id;
    };
    const edit = (id: string, fields: Partial<Database["policies"]>) =>
      db
        .updateTable("policies")
        .set(fields as never)
        .where("id", "=", id)
        .execute();
    const a = await aPolicy({});
    await aPolicy({ premium_cents: 99, producer_id: null, lead_source: null });
    await aPolicy({ origin: "renewal", premium_cents: 5 });
    const imported = await aPolicy({ origin: "import", premium_cents: 7 });
    await expectPoliciesRight("issued");
    await edit(a, { premium_cents: 100_000_01 });
    await expectPoliciesRight("premium edited");
    await edit(a, { producer_id: otherId, lead_first_touch_source: null });
    await expectPoliciesRight("producer and touch");
    await edit(a, { created_at: "2026-11-21T04:59:59.999Z" });
    await expectPoliciesRight("issue instant");
    await edit(a, { status: "cancelled", cancel_date: "2026-11-22" });
    await expectPoliciesRight("cancelled (still issued business)");
    await edit(imported, { origin: "issued" });
    await expectPoliciesRight("origin made issued");
    await edit(a, { origin: "renewal" });
    await expectPoliciesRight("origin made renewal");
    await db.deleteFrom("policies").where("id", "=", imported).execute();
    await expectPoliciesRight("deleted");
    const start = "2026-11-01T05:00:00.000Z";
    const end = "2026-12-01T06:00:00.000Z";
    const sorted = (rows: Awaited<ReturnType<typeof policyGroups>>) =>
      rows.map((row) => JSON.stringify(row)).sort();
    expect(sorted(await policyGroups(db, start, end))).toEqual(
      sorted(await countedPolicyGroups(db, start, end)),
    );
  });
});
