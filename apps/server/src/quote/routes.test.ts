import { randomUUID } from "node:crypto";
import { AGENCY, todayInAgencyZone } from "@agency/domain";
import { type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { VALID_QUOTE_AMOUNT, validQuotePayload } from "../test/fixtures.ts";
import { submitQuote } from "./service.ts";

/** Someone who turns 15 tomorrow on the agency's calendar. */
const NOT_YET_FIFTEEN = (() => {
  const today = todayInAgencyZone(new Date());
  const tomorrow = new Date(`${today}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const date = tomorrow.toISOString().slice(0, 10);
  return `${Number(date.slice(0, 4)) - 15}${date.slice(4)}`;
})();

const URL = "/api/auto-quotes/send-auto-quote";

/** Sets a dotted path ("drivers.0.dob") inside a payload. */
function setPath(target: object, dotted: string, value: unknown): void {
  const keys = dotted.split(".");
  const last = keys.pop() as string;
  let node = target as Record<string, unknown>;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  node[last] = value;
}

describe.each(testEngines())("POST /api/auto-quotes/send-auto-quote on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    test.app.inject({ method: "POST", url: URL, payload: payload as object, headers });
  const count = async (table: "auto_quotes" | "quote_drivers" | "mail_outbox") =>
    Number(
      (
        await database.handle.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("prices the quote itself, stores it with its drivers and queues two emails", async () => {
    const response = await post({ ...validQuotePayload(), quoteAmount: 1 });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: "Quote submitted successfully! Someone will contact you soon.",
      data: { quoteAmount: VALID_QUOTE_AMOUNT },
    });
    expect(body.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const db = database.handle.db;
    const quote = await db
      .selectFrom("auto_quotes")
      .selectAll()
      .where("id", "=", body.data._id)
      .executeTakeFirstOrThrow();
    expect(quote).toMatchObject({
      phone: "6125550199",
      quote_amount_cents: 21000,
      deductible: 1000,
    });
    const drivers = await db
      .selectFrom("quote_drivers")
      .selectAll()
      .where("quote_id", "=", body.data._id)
      .orderBy("position")
      .execute();
    expect(drivers.map((d) => [d.first_name, d.relationship, d.violations])).toEqual([
      ["Maria", "primary", 0],
      ["Erik", "spouse", 2],
    ]);
    const mails = await db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("related_id", "=", body.data._id)
      .orderBy("kind")
      .execute();
    expect(mails.map((m) => [m.kind, m.to_address])).toEqual([
      ["quote.agency", AGENCY.email],
      ["quote.visitor", "maria.lindqvist@example.com"],
    ]);
    const agencyMail = mails[0]?.text_body ?? "";
    expect(agencyMail).toContain("•••••••••9012");
    expect(agencyMail).not.toContain("L123456789012");
    expect(agencyMail).toContain("$210.00");
    expect(mails[1]?.text_body).toContain("not bound coverage");
  });

  it("accepts an address in any US state (the home-page dialog offers all 50)", async () => {
    const payload = validQuotePayload();
    payload.personalInfo.state = "WI";
    expect((await post(payload)).statusCode).toBe(201);
  });

  /** [what is wrong, the path set in a valid payload, the value, the field, the message] */
  const invalid: [string, string, unknown, string, string][] = [
    [
      "a missing first name",
      "personalInfo.firstName",
      "",
      "personalInfo.firstName",
      "First name is required",
    ],
    ["an invalid email", "personalInfo.email", "maria@", "personalInfo.email", "Email is invalid"],
    [
      "a 9-digit phone",
      "personalInfo.phone",
      "612555019",
      "personalInfo.phone",
      "Phone number must be 10 digits",
    ],
    ["a 4-digit ZIP", "personalInfo.zip", "5540", "personalInfo.zip", "ZIP code must be 5 digits"],
    [
      "an unknown state",
      "personalInfo.state",
      "XX",
      "personalInfo.state",
      "Please select a state from the list",
    ],
    [
      "a birth date before 1900",
      "personalInfo.dob",
      "1899-12-31",
      "personalInfo.dob",
      "Date of birth must be between 01/01/1900 and today",
    ],
    [
      "a birth date in the future",
      "personalInfo.dob",
      "2999-01-01",
      "personalInfo.dob",
      "Date of birth must be between 01/01/1900 and today",
    ],
    [
      "a driver not yet 15 (decision 0038)",
      "drivers.0.dob",
      NOT_YET_FIFTEEN,
      "drivers.0.dob",
      "Drivers and policyholders must be at least 15 years old",
    ],
    [
      "a model year after next year's",
      "vehicleInfo.year",
      String(Number(todayInAgencyZone(new Date()).slice(0, 4)) + 2),
      "vehicleInfo.year",
      "Please select a vehicle year from the list",
    ],
    [
      "an unknown make",
      "vehicleInfo.make",
      "Yugo",
      "vehicleInfo.make",
      "Please select a vehicle make from the list",
    ],
    [
      "a year outside the list",
      "vehicleInfo.year",
      "1999",
      "vehicleInfo.year",
      "Please select a vehicle year from the list",
    ],
    [
      "an 18-character VIN",
      "vehicleInfo.vin",
      "1HGCM82633A0043521",
      "vehicleInfo.vin",
      "VIN must be at most 17 characters",
    ],
    [
      "a mileage outside the bands",
      "vehicleInfo.mileage",
      "16,000+",
      "vehicleInfo.mileage",
      "Please select an annual mileage from the list",
    ],
    [
      "an unknown safety feature",
      "vehicleInfo.safetyFeatures",
      ["Ejector seat"],
      "vehicleInfo.safetyFeatures.0",
      "Please select safety features from the list",
    ],
    [
      "a 12-character license number",
      "drivers.0.licenseNumber",
      "L12345678901",
      "drivers.0.licenseNumber",
      "License number must be exactly 13 characters",
    ],
    ["no drivers", "drivers", [], "drivers", "At least one driver is required"],
    [
      "a first driver who is not primary",
      "drivers.0.relationship",
      "spouse",
      "drivers.0.relationship",
      "The first driver must be the primary driver",
    ],
    [
      "4 accidents",
      "drivers.1.accidents",
      "4",
      "drivers.1.accidents",
      "Please select a number of accidents from the list",
    ],
    [
      "an unknown liability level",
      "coverage.liability",
      "1_2_3",
      "coverage.liability",
      "Please select a liability limit from the list",
    ],
    [
      "a deductible outside the list",
      "coverage.deductible",
      "600",
      "coverage.deductible",
      "Please select a deductible from the list",
    ],
    [
      "a non-boolean toggle",
      "coverage.collision",
      "yes",
      "coverage.collision",
      "Collision coverage must be true or false",
    ],
  ];
  it.each(invalid)(
    "answers 400 for %s and stores nothing",
    async (_label, at, value, field, message) => {
      const before = await count("auto_quotes");
      const payload = validQuotePayload();
      setPath(payload, at, value);
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.success).toBe(false);
      expect(body.errors).toContainEqual({ field, message });
      expect(await count("auto_quotes")).toBe(before);
    },
  );

  it("strips tags from free text before storing it", async () => {
    const payload = validQuotePayload();
    payload.personalInfo.address = "<b>4120</b> Bryant Ave S<script>x</script>";
    const response = await post(payload);
    expect(response.statusCode).toBe(201);
    const row = await database.handle.db
      .selectFrom("auto_quotes")
      .select("address")
      .where("id", "=", response.json().data._id)
      .executeTakeFirstOrThrow();
    expect(row.address).not.toContain("<");
  });

  it("creates one quote for a retried Idempotency-Key and refuses the key with another body", async () => {
    const before = await count("auto_quotes");
    const key = randomUUID();
    const first = await post(validQuotePayload(), { "idempotency-key": key });
    const retry = await post(validQuotePayload(), { "idempotency-key": key });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await count("auto_quotes")).toBe(before + 1);
    const other = validQuotePayload();
    other.personalInfo.firstName = "Marie";
    expect((await post(other, { "idempotency-key": key })).statusCode).toBe(422);
  });

  it("never leaves a quote without its drivers or mail when a write fails midway", async () => {
    const before = await Promise.all([
      count("auto_quotes"),
      count("quote_drivers"),
      count("mail_outbox"),
    ]);
    // Fails every insert into quote_drivers, after the quote row was written.
    const failDrivers: KyselyPlugin = {
      transformQuery: (args) => {
        const node = args.node as {
          kind: string;
          into?: { table: { identifier: { name: string } } };
        };
        if (
          node.kind === "InsertQueryNode" &&
          node.into?.table.identifier.name === "quote_drivers"
        ) {
          throw new Error("disk full");
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    await expect(
      submitQuote(database.handle.db.withPlugin(failDrivers), validQuotePayload() as never, {
        idempotencyKey: undefined,
        notifyEmail: undefined,
      }),
    ).rejects.toThrow("disk full");
    const after = await Promise.all([
      count("auto_quotes"),
      count("quote_drivers"),
      count("mail_outbox"),
    ]);
    expect(after).toEqual(before);
  });

  it("limits submissions per address with 429 and Retry-After", async () => {
    // On PostgreSQL the counters are shared by every instance: start from a clean slate.
    await database.handle.db.deleteFrom("rate_limit_counters").execute();
    const limited = await createTestApp(database, { config: { rateLimitScale: 0.1 } });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof limited.app.inject>> | undefined;
    for (let i = 0; i < 3; i += 1) {
      last = await limited.app.inject({ method: "POST", url: URL, payload: validQuotePayload() });
      statuses.push(last.statusCode);
    }
    await limited.app.close();
    expect(statuses).toEqual([201, 201, 429]);
    expect(Number(last?.headers["retry-after"])).toBeGreaterThan(0);
    expect(last?.json().error).toMatch(/Too many requests/);
  });
});
