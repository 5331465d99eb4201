import { randomUUID } from "node:crypto";
import { AGENCY } from "@agency/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

const URL = "/api/contacts/send-contact";
const valid = () => ({
  firstName: "Dana",
  lastName: "Olson",
  email: "dana.olson@example.com",
  phone: "6515550123",
  subject: "Home Insurance",
  message: "We just bought a house in Roseville and need a quote before closing on the 15th.",
  notRobot: true,
  formattedPhone: "(651) 555-0123",
});

describe.each(testEngines())("POST /api/contacts/send-contact on %s", (engine) => {
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
  const contactCount = async () =>
    Number(
      (
        await database.handle.db
          .selectFrom("contacts")
          .select(sql<number>`count(*)`.as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("stores the message and queues the agency notice and the visitor confirmation", async () => {
    const response = await post(valid());
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    const row = await database.handle.db
      .selectFrom("contacts")
      .selectAll()
      .where("id", "=", data._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      first_name: "Dana",
      phone: "6515550123",
      subject: "Home Insurance",
    });
    const mails = await database.handle.db
      .selectFrom("mail_outbox")
      .select(["kind", "to_address"])
      .where("related_id", "=", data._id)
      .orderBy("kind")
      .execute();
    expect(mails).toEqual([
      { kind: "contact.agency", to_address: AGENCY.email },
      { kind: "contact.visitor", to_address: "dana.olson@example.com" },
    ]);
  });

  it.each([
    ["firstName", "", "First name is required"],
    ["lastName", "  ", "Last name is required"],
    ["email", "", "Email is required"],
    ["email", "dana@example", "Email is invalid"],
    ["phone", "", "Phone number is required"],
    ["phone", "555-0123", "Invalid phone number format (10 digits required)"],
    ["subject", "", "Subject is required"],
    ["message", "", "Message is required"],
    ["notRobot", false, "Please verify you are not a robot"],
  ])("answers 400 when %s is %j with the spec's message", async (field, value, message) => {
    const before = await contactCount();
    const response = await post({ ...valid(), [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ field, message });
    expect(await contactCount()).toBe(before);
  });

  it("strips anything that looks like a tag before storing", async () => {
    const response = await post({
      ...valid(),
      firstName: "<img src=x onerror=alert(1)>Dana",
      message: "Hello <script>alert('x')</script>there <b>friend</b>, 3 < 4 is true",
    });
    expect(response.statusCode).toBe(201);
    const row = await database.handle.db
      .selectFrom("contacts")
      .selectAll()
      .where("id", "=", response.json().data._id)
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe("Dana");
    expect(row.message).not.toMatch(/<[a-z/!?]/i);
    expect(row.message).toContain("3 < 4 is true");
  });

  it("answers a bot that filled the honeypot like a person, and stores nothing", async () => {
    const before = await contactCount();
    const response = await post({ ...valid(), website: "http://spam.example" });
    expect(response.statusCode).toBe(201);
    expect(response.json().success).toBe(true);
    expect(await contactCount()).toBe(before);
  });

  it("replays a retried submission instead of storing it twice", async () => {
    const before = await contactCount();
    const key = randomUUID();
    const first = await post(valid(), { "idempotency-key": key });
    const second = await post(valid(), { "idempotency-key": key });
    expect(second.json()).toEqual(first.json());
    expect(await contactCount()).toBe(before + 1);
  });

  it("limits messages per address: 429 with a friendly message and Retry-After", async () => {
    // On PostgreSQL the counters are shared by every instance: start from a clean slate.
    await database.handle.db.deleteFrom("rate_limit_counters").execute();
    const limited = await createTestApp(database, { config: { rateLimitScale: 1 } });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof limited.app.inject>> | undefined;
    for (let i = 0; i < 6; i += 1) {
      last = await limited.app.inject({ method: "POST", url: URL, payload: valid() });
      statuses.push(last.statusCode);
    }
    await limited.app.close();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(Number(last?.headers["retry-after"])).toBeGreaterThan(0);
    expect(last?.json().error).toMatch(
      /^Too many requests from your connection\. Please try again in \d+ minutes?, or give us a call\.$/,
    );
  });

  it("holds the limit for a burst at once, across two instances on PostgreSQL", async () => {
    await database.handle.db.deleteFrom("rate_limit_counters").execute();
    const first = await createTestApp(database, { config: { rateLimitScale: 1 } });
    // On SQLite the second "instance" is the same app: the file belongs to one process.
    const second =
      engine === "postgres"
        ? await createTestApp(database, { config: { rateLimitScale: 1 } })
        : first;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? first : second).app.inject({ method: "POST", url: URL, payload: valid() }),
      ),
    );
    await first.app.close();
    if (second !== first) await second.app.close();
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
  });
});
