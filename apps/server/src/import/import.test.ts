import { csvLine, IMPORT_MESSAGES, ImportReportSchema, POLICY_MESSAGES } from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as importMappingsMigration from "../db/migrations/20261129040000_import_mappings.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { BOOK_HEADER, BOOK_MAPPING, bookCsv, bookRow } from "../test/book-csv.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

const now = new Date("2026-11-23T16:30:00Z");
type Signed = Awaited<ReturnType<typeof signInAs>>;

describe.each(testEngines())("importing a book on %s (decision 0075)", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let admin: Signed;
  let manager: Signed;
  let agent: Signed;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => now });
    admin = await signInAs(test.app, database, "admin", "ada@example.com");
    manager = await signInAs(test.app, database, "manager", "mona@example.com");
    agent = await signInAs(test.app, database, "agent", "abe@example.com");
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const post = (url: string, payload: object, token = admin.token) =>
    test.app.inject({
      method: "POST",
      url,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
  const run = async (csv: string, mapping: object = BOOK_MAPPING) => {
    const response = await post("/api/imports", { csv, mapping });
    expect(response.statusCode, response.body).toBe(200);
    return ImportReportSchema.parse(response.json().data);
  };
  const count = async (table: "policies" | "persons") =>
    Number(
      (
        await database.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("imports people and policies, and a second time creates nothing", async () => {
    const csv = bookCsv(150, "RP");
    const first = await run(csv);
    expect(first).toEqual({ rows: 150, created: 150, existing: 0, peopleCreated: 150, errors: [] });
    const policies = await count("policies");
    const people = await count("persons");
    const again = await run(csv);
    expect(again).toEqual({ rows: 150, created: 0, existing: 150, peopleCreated: 0, errors: [] });
    expect(await count("policies")).toBe(policies);
    expect(await count("persons")).toBe(people);

    const row = await database.handle.db
      .selectFrom("policies")
      .innerJoin("persons", "persons.id", "policies.person_id")
      .select([
        "policies.carrier",
        "policies.line_of_business",
        "policies.premium_cents",
        "policies.effective_date",
        "policies.expiration_date",
        "policies.term_months",
        "policies.status",
        "policies.notes",
        "policies.producer_id",
        "persons.first_name",
        "persons.last_name",
        "persons.phone",
      ])
      .where("policies.policy_number", "=", "RP-0000013")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      carrier: "Prairie Casualty",
      line_of_business: "auto",
      effective_date: "2025-02-14",
      expiration_date: "2026-02-14",
      term_months: 12,
      status: "active",
      notes: 'Paid in full,\nsee "old" file',
      producer_id: admin.userId,
      first_name: "Ann13",
      last_name: "Støre-13",
    });
    expect(Number(row.premium_cents)).toBe(11313);

    const audits = await database.handle.db
      .selectFrom("audit_log")
      .select(["details", "actor_user_id"])
      .where("action", "=", "book.imported")
      .execute();
    expect(audits).toHaveLength(2);
    expect(JSON.parse(audits[0]?.details ?? "")).toEqual({
      rows: 150,
      created: 150,
      existing: 0,
      peopleCreated: 150,
      errors: 0,
    });
    expect(audits[0]?.details).not.toContain("example.com");
  });

  it("matches people by email or phone, and an existing policy by carrier in any case", async () => {
    const byEmail = bookRow(900_001, "MP");
    const samePersonByPhone = bookRow(900_001, "MQ");
    samePersonByPhone[2] = "";
    const caseFolded = bookRow(900_001, "MP");
    caseFolded[8] = (caseFolded[8] as string).toUpperCase();
    const report = await run(
      csvLine(BOOK_HEADER) + csvLine(byEmail) + csvLine(samePersonByPhone) + csvLine(caseFolded),
    );
    expect(report.created).toBe(2);
    expect(report.peopleCreated).toBe(1);
    expect(report.errors).toEqual([{ line: 4, reason: IMPORT_MESSAGES.repeatedInFile(2) }]);
    const again = await run(csvLine(BOOK_HEADER) + csvLine(caseFolded));
    expect(again).toMatchObject({ created: 0, existing: 1, errors: [] });
  });

  it("imports a number another carrier uses already: numbers are unique per carrier and term", async () => {
    // Decision 0073: a policy number is unique per carrier, number and effective date.
    await run(csvLine(BOOK_HEADER) + csvLine(bookRow(700_001, "OC")));
    const sameNumber = bookRow(700_001, "OC");
    sameNumber[2] = "someone.else@example.com";
    sameNumber[3] = "";
    sameNumber[8] = "Other Carrier Co";
    const report = await run(
      csvLine(BOOK_HEADER) +
        csvLine(bookRow(700_002, "OC")) +
        csvLine(sameNumber) +
        csvLine(bookRow(700_003, "OC")),
    );
    expect(report).toEqual({ rows: 3, created: 3, existing: 0, peopleCreated: 3, errors: [] });
    const policies = await database.handle.db
      .selectFrom("policies")
      .select("carrier")
      .where("policy_number", "=", sameNumber[10] as string)
      .orderBy("carrier")
      .execute();
    expect(policies.map((policy) => policy.carrier).length).toBe(2);
    const again = await run(csvLine(BOOK_HEADER) + csvLine(sameNumber));
    expect(again).toMatchObject({ created: 0, existing: 1, errors: [] });
  });

  it("reports bad rows by line with their reasons and imports the rest", async () => {
    const rows = [1, 2, 3, 4, 5].map((n) => bookRow(800_000 + n, "BAD"));
    (rows[1] as string[])[14] = "12.345";
    (rows[2] as string[])[11] = "1/15/9999";
    (rows[3] as string[])[9] = "Spaceship";
    (rows[3] as string[])[2] = "";
    (rows[3] as string[])[3] = "";
    // A quoted field with a line break moves the next rows' line numbers down by one.
    (rows[0] as string[])[16] = "two\nlines";
    const csv = csvLine(BOOK_HEADER) + rows.map(csvLine).join("");
    const report = await run(csv);
    expect(report).toMatchObject({ rows: 5, created: 2, existing: 0 });
    expect(report.errors).toEqual([
      { line: 4, reason: POLICY_MESSAGES.premiumInvalid },
      { line: 5, reason: POLICY_MESSAGES.dateOutOfRange },
      {
        line: 6,
        reason: ["A person needs an email or a phone number", IMPORT_MESSAGES.lineUnknown].join(
          "; ",
        ),
      },
    ]);
    const stored = await database.handle.db
      .selectFrom("policies")
      .select("policy_number")
      .where("policy_number", "like", "BAD-%")
      .orderBy("policy_number")
      .execute();
    expect(stored.map((row) => row.policy_number)).toEqual(["BAD-0800001", "BAD-0800005"]);
  });

  it("refuses a file that cannot be read, and a mapping that lacks a field, with a 400", async () => {
    const unclosed = await post("/api/imports", {
      csv: `${csvLine(BOOK_HEADER)}"Ann,Lee\r\n`,
      mapping: BOOK_MAPPING,
    });
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().error).toBe(IMPORT_MESSAGES.unclosedQuote(2));
    const headerOnly = await post("/api/imports", {
      csv: csvLine(BOOK_HEADER),
      mapping: BOOK_MAPPING,
    });
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().error).toBe(IMPORT_MESSAGES.empty);
    const { carrier: _carrier, ...withoutCarrier } = BOOK_MAPPING;
    const unmapped = await post("/api/imports", { csv: bookCsv(1, "UM"), mapping: withoutCarrier });
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json().error).toBe(IMPORT_MESSAGES.fieldUnmapped("carrier"));
  });

  it("takes a file above the server's usual 100 KB body limit", async () => {
    const csv = bookCsv(2000, "BIG");
    expect(csv.length).toBeGreaterThan(200 * 1024);
    const report = await run(csv);
    expect(report).toMatchObject({ rows: 2000, created: 2000, errors: [] });
  });

  it("remembers the mapping by the header and offers it next time, else guesses", async () => {
    const header = [
      "Vorname",
      "Nachname",
      "Mail",
      "Versicherer",
      "Sparte",
      "Nr",
      "Beginn",
      "Laufzeit",
      "Beitrag",
    ];
    const guessed = await post("/api/imports/mapping", { header });
    expect(guessed.json().data).toEqual({ mapping: { email: 2 }, remembered: false });
    const mapping = {
      firstName: 0,
      lastName: 1,
      email: 2,
      carrier: 3,
      lineOfBusiness: 4,
      policyNumber: 5,
      effectiveDate: 6,
      termMonths: 7,
      annualPremium: 8,
    };
    await run(
      csvLine(header) +
        csvLine([
          "Jörg",
          "Müller",
          "jm@example.com",
          "Acme",
          "Home",
          "DE-1",
          "2025-03-01",
          "12",
          "900",
        ]),
      mapping,
    );
    const remembered = await post("/api/imports/mapping", { header });
    expect(remembered.json().data).toEqual({ mapping, remembered: true });
    const standard = await post("/api/imports/mapping", { header: BOOK_HEADER });
    expect(standard.json().data.mapping).toMatchObject({ firstName: 0, policyNumber: 10 });
  });

  it("takes its migration down and up again", async () => {
    const db = database.handle.db;
    await db.transaction().execute((trx) => importMappingsMigration.down(trx));
    await expect(db.selectFrom("import_mappings").selectAll().execute()).rejects.toThrow();
    await db.transaction().execute((trx) => importMappingsMigration.up(trx));
    expect(await db.selectFrom("import_mappings").selectAll().execute()).toEqual([]);
  });

  it("is Admin work: a Manager and an Agent are refused with a 403", async () => {
    for (const signed of [manager, agent]) {
      const response = await post(
        "/api/imports",
        { csv: bookCsv(1, "NO"), mapping: BOOK_MAPPING },
        signed.token,
      );
      expect(response.statusCode).toBe(403);
      const mapping = await post("/api/imports/mapping", { header: BOOK_HEADER }, signed.token);
      expect(mapping.statusCode).toBe(403);
    }
    const stored = await database.handle.db
      .selectFrom("policies")
      .select("id")
      .where("policy_number", "like", "NO-%")
      .execute();
    expect(stored).toEqual([]);
  });
});
