import { randomUUID } from "node:crypto";
import { defineRoute } from "@agency/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { contactRow } from "../test/fixtures.ts";
import { hashPayload, IDEMPOTENCY_WINDOW_MS, runIdempotent } from "./idempotency.ts";
import { newId } from "./ids.ts";

/** A route that answers 201 with an id: its `METHOD path` scopes the keys. */
const TEST_ROUTE = defineRoute({
  method: "POST",
  path: "/test",
  summary: "A test submission",
  access: "public",
  responses: { 201: z.object({ success: z.literal(true), data: z.object({ _id: z.string() }) }) },
});

describe.each(testEngines())("idempotent submissions on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  const countContacts = async () =>
    Number(
      (
        await database.handle.db
          .selectFrom("contacts")
          .select(sql<number>`count(*)`.as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A submission that stores one contact row and answers 201 with its id. */
  const submit = (key: string | undefined, payload: unknown, now?: () => Date) =>
    runIdempotent<typeof TEST_ROUTE>(
      database.handle.db,
      { route: TEST_ROUTE, key, payload },
      () => {
        const id = newId();
        return {
          inserts: [
            {
              table: "contacts",
              rows: [contactRow(id)],
            },
          ],
          response: { statusCode: 201, body: { success: true, data: { _id: id } } },
        };
      },
      now,
    );

  it("replays the first response for the same key and body and stores nothing new", async () => {
    const before = await countContacts();
    const key = randomUUID();
    const first = await submit(key, { a: 1, b: [1, 2] });
    const again = await submit(key, { b: [1, 2], a: 1 });
    expect(again).toEqual(first);
    expect(await countContacts()).toBe(before + 1);
  });

  it("answers 422 for the same key with a different body", async () => {
    const key = randomUUID();
    await submit(key, { a: 1 });
    await expect(submit(key, { a: 2 })).rejects.toMatchObject({ statusCode: 422 });
  });

  it("creates one record when the same key arrives many times at once", async () => {
    const before = await countContacts();
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => submit(key, { x: 1 })));
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(await countContacts()).toBe(before + 1);
  });

  it("treats a key older than 24 hours as new", async () => {
    const key = randomUUID();
    const past = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS - 60_000);
    const old = await submit(key, { y: 1 }, () => past);
    const fresh = await submit(key, { y: 2 });
    expect(fresh).not.toEqual(old);
  });

  it("refuses a key that is not a UUID", async () => {
    await expect(submit("not-a-uuid", {})).rejects.toMatchObject({ statusCode: 400 });
  });

  it("runs without a key, every time", async () => {
    const before = await countContacts();
    await submit(undefined, { z: 1 });
    await submit(undefined, { z: 1 });
    expect(await countContacts()).toBe(before + 2);
  });

  it("hashes payloads independently of key order", () => {
    expect(hashPayload({ a: 1, b: { c: 2, d: 3 } })).toBe(hashPayload({ b: { d: 3, c: 2 }, a: 1 }));
    expect(hashPayload({ a: 1 })).not.toBe(hashPayload({ a: "1" }));
  });
});
