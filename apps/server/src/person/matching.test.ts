import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachPeople, type PersonLink } from "../db/person-matching.ts";
import type { ContactsTable } from "../db/schema.ts";
import { newLeadColumns } from "../lead/new-lead-columns.ts";
import { markArchived } from "../lead/repository.ts";
import { newId } from "../lib/ids.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { contactRow, validQuotePayload } from "../test/fixtures.ts";

// Monday 2026-11-23, 10:30 AM in Chicago: the clock every booking rule sees.
const NOW = new Date("2026-11-23T16:30:00Z");

const message = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Dana",
  lastName: "Olson",
  email: "dana.olson@example.com",
  phone: "6515550123",
  subject: "Home Insurance",
  message: "We just bought a house in Roseville and need a quote.",
  notRobot: true,
  formattedPhone: "(651) 555-0123",
  ...overrides,
});

describe.each(testEngines())("matching a new lead to its person on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let staff: { token: string };
  let manager: { token: string };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => NOW });
    staff = await signInAs(test.app, database, "agent");
    manager = await signInAs(test.app, database, "manager");
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });
  const db = () => database.handle.db;

  const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const response = await test.app.inject({ method: "POST", url, payload, headers });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data._id as string;
  };
  const personOf = async (table: "contacts" | "auto_quotes" | "appointments", id: string) =>
    (
      await db()
        .selectFrom(table)
        .select("person_id")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).person_id as string;
  const personRow = (id: string) =>
    db().selectFrom("persons").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const keysOf = async (personId: string) =>
    (
      await db()
        .selectFrom("person_keys")
        .select("key")
        .where("person_id", "=", personId)
        .orderBy("key")
        .execute()
    ).map((row) => row.key);

  it("makes a person from a first lead, and attaches a second by its email in another case", async () => {
    const first = await post(
      "/api/contacts/send-contact",
      message({ email: "Case.Test@Example.com" }),
    );
    const person = await personOf("contacts", first);
    expect(await personRow(person)).toMatchObject({
      first_name: "Dana",
      last_name: "Olson",
      email: "Case.Test@Example.com",
      phone: "6515550123",
      latest_at: NOW.toISOString(),
    });
    expect(await keysOf(person)).toEqual(["e:case.test@example.com", "p:6515550123"]);
    // The lead page's record links its person.
    const record = await test.app.inject({
      method: "GET",
      url: `/api/contacts/${first}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(record.json().data.personId).toBe(person);
    const second = await post(
      "/api/contacts/send-contact",
      message({
        email: "  case.test@EXAMPLE.COM ",
        phone: "7635550100",
        formattedPhone: "(763) 555-0100",
      }),
    );
    expect(await personOf("contacts", second)).toBe(person);
    // The new phone is the person's too from now on.
    expect(await keysOf(person)).toEqual([
      "e:case.test@example.com",
      "p:6515550123",
      "p:7635550100",
    ]);
  });

  it("attaches by the phone in any format, a new email included, across kinds (quote, then booking)", async () => {
    const quote = validQuotePayload();
    quote.personalInfo.email = "quoter@example.com";
    quote.personalInfo.phone = "(952) 555-0142";
    const quoteId = await post("/api/auto-quotes/send-auto-quote", quote);
    const person = await personOf("auto_quotes", quoteId);
    expect(await personRow(person)).toMatchObject({
      first_name: "Maria",
      last_name: "Lindqvist",
      street: "4120 Bryant Ave S",
      zip: "55409",
    });
    const booked = await post("/api/appointments/add-appointment", {
      name: "Maria Lindqvist",
      email: "maria.new@example.com",
      phone: "+1 952 555 0142",
      date: "2026-11-24",
      time: "02:00 PM",
      service: "Auto Insurance",
      message: "",
    });
    expect(await personOf("appointments", booked)).toBe(person);
    expect(await keysOf(person)).toEqual([
      "e:maria.new@example.com",
      "e:quoter@example.com",
      "p:9525550142",
    ]);
    // A move by staff is a new row of the same booking: the same person.
    const moved = await test.app.inject({
      method: "POST",
      url: `/api/appointments/${booked}/move`,
      payload: { date: "2026-11-24", time: "03:00 PM" },
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await personOf("appointments", moved.json().data._id)).toBe(person);
    // Counted once (its old row is Rescheduled), and an archived lead not at all.
    expect(await personRow(person)).toMatchObject({ live_quotes: 1, live_appointments: 1 });
    const archived = await test.app.inject({
      method: "DELETE",
      url: `/api/auto-quotes/delete-auto-quote/${quoteId}`,
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await personRow(person)).toMatchObject({ live_quotes: 0, live_appointments: 1 });
  });

  it("lets the email win when the email and the phone belong to two people, merging nothing", async () => {
    const a = await personOf(
      "contacts",
      await post(
        "/api/contacts/send-contact",
        message({
          email: "ann@example.com",
          phone: "6125550001",
          formattedPhone: "(612) 555-0001",
        }),
      ),
    );
    const b = await personOf(
      "contacts",
      await post(
        "/api/contacts/send-contact",
        message({ email: "bo@example.com", phone: "6125550002", formattedPhone: "(612) 555-0002" }),
      ),
    );
    expect(a).not.toBe(b);
    const mixed = await post(
      "/api/contacts/send-contact",
      message({ email: "ann@example.com", phone: "6125550002", formattedPhone: "(612) 555-0002" }),
    );
    expect(await personOf("contacts", mixed)).toBe(a);
    expect(await keysOf(b)).toEqual(["e:bo@example.com", "p:6125550002"]);
  });

  it("matches a staff lead without an email by its phone alone, and gives no one the empty email", async () => {
    const auth = { authorization: `Bearer ${staff.token}` };
    const entry = (phone: string) => ({
      firstName: "Walk",
      lastName: "In",
      email: "",
      phone,
      subject: "Auto Insurance",
      message: "Came by the office.",
      source: "walk-in",
    });
    const first = await post("/api/contacts/staff-entry", entry("(320) 555-0177"), auth);
    const person = await personOf("contacts", first);
    expect(await keysOf(person)).toEqual(["p:3205550177"]);
    expect((await personRow(person)).email).toBe("");
    const again = await post("/api/contacts/staff-entry", entry("320.555.0177"), auth);
    expect(await personOf("contacts", again)).toBe(person);
    const other = await post("/api/contacts/staff-entry", entry("(320) 555-0178"), auth);
    expect(await personOf("contacts", other)).not.toBe(person);
    // Their first email arrives with a web form: the person takes it.
    const web = await post(
      "/api/contacts/send-contact",
      message({
        email: "walk.in@example.com",
        phone: "3205550177",
        formattedPhone: "(320) 555-0177",
      }),
    );
    expect(await personOf("contacts", web)).toBe(person);
    expect((await personRow(person)).email).toBe("walk.in@example.com");
  });

  it("makes one person of two submissions that arrive together with the same email", async () => {
    const ids = await Promise.all(
      ["6515550301", "6515550302", "6515550303"].map((phone) =>
        post(
          "/api/contacts/send-contact",
          message({ email: "together@example.com", phone, formattedPhone: phone }),
        ),
      ),
    );
    const people = new Set(await Promise.all(ids.map((id) => personOf("contacts", id))));
    expect(people.size).toBe(1);
  });

  it("makes one person of two transactions that claim the same phone at once", async () => {
    const claim = (email: string): PersonLink => ({
      claim: {
        firstName: "Con",
        lastName: "Current",
        email,
        phone: "(218) 555-0199",
        at: NOW.toISOString(),
      },
      lead: { person_id: null },
    });
    const first = claim("con1@example.com");
    const second = claim("con2@example.com");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const one = db()
      .transaction()
      .execute(async (trx) => {
        await attachPeople(trx, [first]);
        await held;
      });
    // The second starts while the first holds its (uncommitted) keys.
    await sleep(100);
    const two = db()
      .transaction()
      .execute((trx) => attachPeople(trx, [second]));
    await sleep(100);
    release();
    await Promise.all([one, two]);
    expect(first.lead.person_id).toBeTruthy();
    expect(second.lead.person_id).toBe(first.lead.person_id);
    const people = await db()
      .selectFrom("persons")
      .select(sql<number>`count(*)`.as("n"))
      .where("first_name", "=", "Con")
      .executeTakeFirstOrThrow();
    expect(Number(people.n)).toBe(1);
  });

  type Who = { firstName: string; lastName: string; email: string; phone: string };
  /** A message of this person at this time, waiting for its person, and its claim. */
  const leadOf = (who: Who, at: string): PersonLink & { lead: ContactsTable } => ({
    claim: { ...who, at },
    lead: {
      ...contactRow(newId()),
      first_name: who.firstName,
      last_name: who.lastName,
      email: who.email,
      phone: who.phone,
      created_at: at,
      ...newLeadColumns(who),
    },
  });
  /** Stores a lead as a submission does: its person matched, then its row, in one transaction. */
  const storeLead = (
    entry: PersonLink & { lead: ContactsTable },
    between: () => Promise<unknown> = async () => {},
  ) =>
    db()
      .transaction()
      .execute(async (trx) => {
        await attachPeople(trx, [entry]);
        await between();
        await trx.insertInto("contacts").values(entry.lead).execute();
      });
  /** A promise and the function that settles it. */
  const gate = () => {
    let open: () => void = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { open, opened };
  };

  it("stores two leads of one person at once whatever their times, without a deadlock", async () => {
    // The person exists, last seen at 10:03. Two transactions store a lead of theirs in the
    // same hour: the later one (10:05) holds the person while the earlier one (10:01, so its
    // newest arrival changes nothing) stores its lead, whose insert takes the hour's tally
    // row and then the person's row; the later one then inserts its own lead (the tally
    // row). Each must wait for the other in one order only.
    const who = {
      firstName: "Dee",
      lastName: "Lock",
      email: "dee.lock@example.com",
      phone: "7635550142",
    };
    await storeLead(leadOf(who, "2026-11-23T16:03:00.000Z"));
    const { open, opened } = gate();
    const later = leadOf(who, "2026-11-23T16:05:00.000Z");
    const laterDone = storeLead(later, () => opened);
    await sleep(100);
    const earlier = leadOf(who, "2026-11-23T16:01:00.000Z");
    const earlierDone = storeLead(earlier);
    await sleep(200);
    open();
    await Promise.all([laterDone, earlierDone]);
    expect(earlier.lead.person_id).toBe(later.lead.person_id);
    const row = await personRow(later.lead.person_id as string);
    expect(row.live_contacts).toBe(3);
    expect(row.latest_at).toBe("2026-11-23T16:05:00.000Z");
  });

  it("archives a lead of a person while another of theirs is stored, without a deadlock", async () => {
    // Archiving takes the person's row (live count) and the lead's hour tally row; storing a
    // lead of the same person in that hour takes them too: in the same order.
    const who = {
      firstName: "Arch",
      lastName: "Ived",
      email: "arch.ived@example.com",
      phone: "7635550143",
    };
    const first = leadOf(who, "2026-11-23T16:02:00.000Z");
    await storeLead(first);
    const { open, opened } = gate();
    const stored = storeLead(leadOf(who, "2026-11-23T16:20:00.000Z"), () => opened);
    await sleep(100);
    const archived = markArchived(db(), "contacts", first.lead.id, "staff", NOW);
    await sleep(200);
    open();
    const [, isArchived] = await Promise.all([stored, archived]);
    expect(isArchived).toBe(true);
    expect((await personRow(first.lead.person_id as string)).live_contacts).toBe(1);
  });
});
