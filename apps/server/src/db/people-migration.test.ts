import { leadSearchText, personEmailKey, personPhoneKey } from "@agency/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newLeadColumns } from "../lead/new-lead-columns.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { contactRow } from "../test/fixtures.ts";
import * as peopleMigration from "./migrations/20261129000000_people.ts";
import * as personLiveBeforeTally from "./migrations/20261129000450_person_live_before_tally.ts";
import * as duplicateKeysMigration from "./migrations/20261129000500_duplicate_keys.ts";
import * as policiesMigration from "./migrations/20261129010000_policies.ts";
import * as renewalsMigration from "./migrations/20261129020000_renewals.ts";
import * as figuresMigration from "./migrations/20261129030000_figures.ts";
import * as reportTallyMigration from "./migrations/20261129050000_report_tally.ts";
import * as policyTallyMigration from "./migrations/20261129050100_policy_tally.ts";
import * as serviceRequestsMigration from "./migrations/20261130010000_service_requests.ts";

const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.emailAddress(),
  fc.constantFrom("(612) 555-0100", "+1 612 555 0100", "1-612-555-0100", "612.555.0100"),
);

describe("the people migration's frozen rules", () => {
  it("agree with the domain's keys and search text over the whole Unicode range (else a new migration recomputes)", () => {
    fc.assert(
      fc.property(anyText, anyText, anyText, (name, email, phone) => {
        expect(peopleMigration.frozenPersonEmailKey(email)).toBe(personEmailKey(email));
        expect(peopleMigration.frozenPersonPhoneKey(phone)).toBe(personPhoneKey(phone));
        expect(
          peopleMigration.frozenPersonSearchText({
            firstName: name,
            lastName: email,
            email,
            phone,
          }),
        ).toBe(leadSearchText({ firstName: name, lastName: email, email, phone }));
      }),
      { numRuns: 1000 },
    );
  });

  it("splits an appointment's one name at its last word", () => {
    expect(peopleMigration.frozenSplitName("Pa Nhia Vang")).toEqual({
      firstName: "Pa Nhia",
      lastName: "Vang",
    });
    expect(peopleMigration.frozenSplitName("  Cher ")).toEqual({ firstName: "Cher", lastName: "" });
  });
});

/**
 * A row as the table was before the migration: no person_id column to fill, nor the later
 * columns of 20261129030000 (taken down first).
 */
const withoutPerson = <T extends { person_id: unknown }>(row: T) => {
  const {
    person_id: _,
    first_touch_source: _source,
    first_touch_medium: _medium,
    first_touch_campaign: _campaign,
    first_response_at: _at,
    first_response_seconds: _seconds,
    ...rest
  } = row as T & Record<string, unknown>;
  return rest as never;
};

describe.each(testEngines())("the people migration on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("groups every stored lead into people by the same email or phone key, transitively", async () => {
    const db = database.handle.db;
    await db.transaction().execute(async (trx) => {
      // Later migrations that touch what this one made are undone first, as a rollback would.
      await serviceRequestsMigration.down(trx);
      await policyTallyMigration.down(trx);
      await reportTallyMigration.down(trx);
      await figuresMigration.down(trx);
      await renewalsMigration.down(trx);
      await policiesMigration.down(trx);
      await duplicateKeysMigration.down(trx);
      await personLiveBeforeTally.down(trx);
      await peopleMigration.down(trx);
    });
    const contact = (
      id: string,
      first: string,
      last: string,
      email: string,
      phone: string,
      createdAt: string,
    ) => ({
      ...contactRow(id),
      first_name: first,
      last_name: last,
      email,
      phone,
      created_at: createdAt,
      ...newLeadColumns({ firstName: first, lastName: last, email, phone }),
    });
    await db
      .insertInto("contacts")
      .values(
        [
          contact("c1", "Ann", "Lee", "Ann@X.com", "(612) 555-0100", "2026-01-01T00:00:00.000Z"),
          contact("c2", "Bo", "Nobody", "", "", "2026-01-02T00:00:00.000Z"),
          contact("c3", "Cy", "Phone", "", "612-555-0199", "2026-01-03T00:00:00.000Z"),
          contact("c4", "Cyrus", "Phone", "", "+1 612 555 0199", "2026-01-04T00:00:00.000Z"),
          ...Array.from({ length: 1500 }, (_, i) =>
            contact(
              `bulk-${String(i).padStart(4, "0")}`,
              "Bulk",
              `Person${i}`,
              `bulk${i}@example.com`,
              "",
              "2026-01-05T00:00:00.000Z",
            ),
          ),
        ].map(withoutPerson),
      )
      .execute();
    // The quote shares c1's email (another case) and brings a second phone.
    const quote = {
      id: "q1",
      product: "Auto",
      first_name: "Ann",
      last_name: "Lee",
      email: "ann@x.com",
      phone: "6515550111",
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
      collision: 1 as const,
      comprehensive: 1 as const,
      deductible: 500,
      uninsured_motorist: 1 as const,
      medical_payments: 1 as const,
      rental_reimbursement: 0 as const,
      roadside_assistance: 0 as const,
      quote_amount_cents: 15000,
      status: "new",
      status_changed_at: null,
      created_at: "2026-01-02T00:00:00.000Z",
      ...newLeadColumns({
        firstName: "Ann",
        lastName: "Lee",
        email: "ann@x.com",
        phone: "6515550111",
      }),
    };
    await db.insertInto("auto_quotes").values(withoutPerson(quote)).execute();
    // The newest lead: another email, the quote's phone in another format.
    const name = "Ann Marie Lee-Smith";
    await db
      .insertInto("appointments")
      .values(
        withoutPerson({
          id: "a1",
          name,
          email: "other@y.com",
          email_key: "other@y.com",
          phone: "+1 651 555 0111",
          date: "2031-03-04",
          time: "09:00 AM",
          service: "Auto Insurance",
          message: "",
          status: "new",
          status_changed_at: null,
          created_at: "2026-02-01T00:00:00.000Z",
          ...newLeadColumns({ name, email: "other@y.com", phone: "+1 651 555 0111" }),
          seat: null,
          manage_token_hash: null,
          ics_uid: null,
          ics_sequence: 0,
          rescheduled_from: null,
          rescheduled_to: null,
          cancelled_at: null,
          cancel_reason: null,
          visitor_moves_on: null,
          visitor_moves: 0,
        }),
      )
      .execute();
    await db.transaction().execute(async (trx) => {
      await peopleMigration.up(trx);
      await personLiveBeforeTally.up(trx);
      await duplicateKeysMigration.up(trx);
      await policiesMigration.up(trx);
      await renewalsMigration.up(trx);
    });

    const personOf = async (table: "contacts" | "auto_quotes" | "appointments", id: string) =>
      (
        await db
          .selectFrom(table)
          .select("person_id")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).person_id;
    const ann = await personOf("contacts", "c1");
    expect(ann).toBeTruthy();
    expect(await personOf("auto_quotes", "q1")).toBe(ann);
    expect(await personOf("appointments", "a1")).toBe(ann);
    const cy = await personOf("contacts", "c3");
    expect(await personOf("contacts", "c4")).toBe(cy);
    expect(cy).not.toBe(ann);
    const bo = await personOf("contacts", "c2");
    expect([ann, cy]).not.toContain(bo);

    const person = await db
      .selectFrom("persons")
      .selectAll()
      .where("id", "=", ann as string)
      .executeTakeFirstOrThrow();
    expect(person).toMatchObject({
      first_name: "Ann Marie",
      last_name: "Lee-Smith",
      email: "other@y.com",
      phone: "6515550111",
      street: "1 Main St",
      city: "Minneapolis",
      state: "MN",
      zip: "55401",
      latest_at: "2026-02-01T00:00:00.000Z",
      live_quotes: 1,
      live_contacts: 1,
      live_appointments: 1,
      created_at: "2026-01-01T00:00:00.000Z",
      search_text: "ann marie lee-smith|lee-smith ann marie|other@y.com|6515550111",
    });
    const keys = await db
      .selectFrom("person_keys")
      .select("key")
      .where("person_id", "=", ann as string)
      .orderBy("key")
      .execute();
    expect(keys.map((k) => k.key)).toEqual([
      "e:ann@x.com",
      "e:other@y.com",
      "p:6125550100",
      "p:6515550111",
    ]);
    const cyrus = await db
      .selectFrom("persons")
      .select(["first_name", "phone"])
      .where("id", "=", cy as string)
      .executeTakeFirstOrThrow();
    expect(cyrus).toEqual({ first_name: "Cyrus", phone: "6125550199" });
    // From then on the triggers keep the counts: an archive, a new lead.
    await db
      .updateTable("contacts")
      .set({ archived_at: "2026-03-01T00:00:00.000Z" })
      .where("id", "=", "c1")
      .execute();
    await db
      .insertInto("contacts")
      .values({ ...(withoutPerson(contactRow("c9")) as object), person_id: ann } as never)
      .execute();
    await db.deleteFrom("appointments").where("id", "=", "a1").execute();
    expect(
      await db
        .selectFrom("persons")
        .select(["live_quotes", "live_contacts", "live_appointments"])
        .where("id", "=", ann as string)
        .executeTakeFirstOrThrow(),
    ).toEqual({ live_quotes: 1, live_contacts: 1, live_appointments: 0 });
    const counted = await db
      .selectFrom("persons")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(3 + 1500);
    const unlinked = await db
      .selectFrom("contacts")
      .select("id")
      .where("person_id", "is", null)
      .execute();
    expect(unlinked).toEqual([]);
  });
});
