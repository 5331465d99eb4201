import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import {
  halfStoredProblems,
  type LoadRequest,
  loadRequest,
  loadRequestProblems,
} from "../test/service-requests.ts";

const URL = "/api/client-center/requests";
const REQUESTS = 50;

/**
 * Issue 29 §3: Client Center requests with files arriving all at once, half of them sent
 * twice at the same moment with one Idempotency-Key (a double tap, a retry racing the first
 * try). Each is stored once with every file byte for byte, under a reference of its own.
 */
describe.each(testEngines())("Client Center requests under concurrent load on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  // Friday, December 4, 2026, 10:00 AM Central.
  const now = new Date("2026-12-04T16:00:00Z");
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => now });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const post = (request: LoadRequest, key: string) =>
    test.app.inject({
      method: "POST",
      url: URL,
      payload: request.body,
      headers: { "idempotency-key": key },
    });

  it("stores each of 50 requests with files once, twins included, under distinct references", {
    timeout: 120_000,
  }, async () => {
    const tag = randomUUID().slice(0, 8);
    const sent = Array.from({ length: REQUESTS }, (_, n) => ({
      request: loadRequest(n, tag),
      key: randomUUID(),
      isTwin: n % 2 === 0,
    }));
    const attempts = sent.flatMap((s) => (s.isTwin ? [s, s] : [s]));
    const responses = await Promise.all(attempts.map((s) => post(s.request, s.key)));

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const answers = new Map<string, { _id: string; reference: string }[]>();
    responses.forEach((response, i) => {
      const key = (attempts[i] as { key: string }).key;
      answers.set(key, [...(answers.get(key) ?? []), response.json().data]);
    });

    // A twin answers its first's id and reference.
    for (const s of sent) {
      const [first, ...rest] = answers.get(s.key) ?? [];
      expect(rest).toHaveLength(s.isTwin ? 1 : 0);
      for (const again of rest) expect(again).toEqual(first);
    }
    const references = sent.map((s) => answers.get(s.key)?.[0]?.reference);
    for (const reference of references) expect(reference).toMatch(/^SR-2026-\d{6}$/);
    expect(new Set(references).size).toBe(REQUESTS);

    const problems: string[] = [];
    for (const s of sent) {
      const answer = answers.get(s.key)?.[0];
      problems.push(
        ...(await loadRequestProblems(database.handle.db, s.request, {
          stored: true,
          ...answer,
        })),
      );
    }
    problems.push(...(await halfStoredProblems(database.handle.db)));
    expect(problems).toEqual([]);
    const stored = await database.handle.db
      .selectFrom("service_requests")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(REQUESTS);

    // A retry afterwards, a few at once: the same answer, nothing new stored.
    const retries = await Promise.all(sent.slice(0, 10).map((s) => post(s.request, s.key)));
    retries.forEach((response, i) => {
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toEqual(answers.get((sent[i] as { key: string }).key)?.[0]);
    });
    const after = await database.handle.db
      .selectFrom("service_attachments")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(sent.reduce((sum, s) => sum + s.request.files.length, 0));
  });
});
