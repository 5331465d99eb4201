import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { ACCOUNT_LIMIT } from "./rate-limit.ts";

/** At this scale an account may make 3 calls a window (300 × 0.01). */
const SCALE = 0.01;
const MAX = Math.ceil(ACCOUNT_LIMIT.max * SCALE);
const LIST = "/api/auto-quotes/get-all-auto-quotes?limit=1";
const MESSAGE = /^Too many requests from your account\. Please try again in 1 minute\.$/;

describe.each(testEngines())("the per-account limit on staff calls on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  /** Signs staff in (its per-address sign-in limits scaled as in every test) for `test`. */
  let signer: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { config: { rateLimitScale: SCALE } });
    signer = await createTestApp(database);
  });
  afterAll(async () => {
    await test.app.close();
    await signer.app.close();
    await database.drop();
  });
  beforeEach(async () => {
    // The counters are fixed windows of a minute: keep clear of a window's end, where a
    // fresh count would let more through.
    const left = ACCOUNT_LIMIT.windowMs - (Date.now() % ACCOUNT_LIMIT.windowMs);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  });

  const call = (app: TestApp["app"], token: string, remoteAddress: string, url = LIST) =>
    app.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress,
    });

  it("answers 429 with Retry-After once an account is over its limit, from any address", async () => {
    const { token } = await signInAs(signer.app, database, "agent");
    const statuses: number[] = [];
    for (let i = 0; i < MAX; i += 1)
      statuses.push((await call(test.app, token, `203.0.113.${i + 1}`)).statusCode);
    expect(statuses).toEqual(Array(MAX).fill(200));
    // A new address does not reset the account's count (the key is the user id).
    const over = await call(test.app, token, "198.51.100.7");
    expect(over.statusCode).toBe(429);
    const retryAfter = Number(over.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_LIMIT.windowMs / 1000);
    expect(over.json().error).toMatch(MESSAGE);
    // Every signed-in route counts, not only the lists: a lead page, the bell, a write.
    expect(
      (await call(test.app, token, "198.51.100.7", "/api/dashboard/notifications")).statusCode,
    ).toBe(429);
    const write = await test.app.inject({
      method: "POST",
      url: "/api/dashboard/notifications/seen",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(write.statusCode).toBe(429);
  });

  it("counts each account on its own: a colleague at the same address is not limited", async () => {
    const first = await signInAs(signer.app, database, "manager");
    const second = await signInAs(signer.app, database, "manager");
    for (let i = 0; i <= MAX; i += 1) await call(test.app, first.token, "192.0.2.10");
    expect((await call(test.app, first.token, "192.0.2.10")).statusCode).toBe(429);
    expect((await call(test.app, second.token, "192.0.2.10")).statusCode).toBe(200);
  });

  it("counts a refused call too (403), so probing routes one may not use costs the same", async () => {
    const { token } = await signInAs(signer.app, database, "agent");
    const statuses: number[] = [];
    for (let i = 0; i <= MAX; i += 1)
      statuses.push((await call(test.app, token, "192.0.2.20", "/api/users/list")).statusCode);
    expect(statuses).toEqual([...Array(MAX).fill(403), 429]);
  });

  it("scales with RATE_LIMIT_SCALE", async () => {
    const doubled = await createTestApp(database, { config: { rateLimitScale: SCALE * 2 } });
    try {
      const { token } = await signInAs(signer.app, database, "agent");
      const statuses: number[] = [];
      for (let i = 0; i <= 2 * MAX; i += 1)
        statuses.push((await call(doubled.app, token, "192.0.2.30")).statusCode);
      expect(statuses).toEqual([...Array(2 * MAX).fill(200), 429]);
    } finally {
      await doubled.app.close();
    }
  });

  // PostgreSQL keeps the count in the database, so two instances share it; SQLite is one
  // instance by design (docs/operations.md) and keeps it in the process's memory.
  it(
    engine === "postgres"
      ? "holds across two instances on PostgreSQL (the count is in the database)"
      : "counts in each process's memory on SQLite (one instance by design)",
    async () => {
      const other = await createTestApp(database, { config: { rateLimitScale: SCALE } });
      try {
        const { token } = await signInAs(signer.app, database, "agent");
        const statuses = await Promise.all(
          Array.from({ length: 2 * MAX }, (_, i) =>
            call(i % 2 ? other.app : test.app, token, "192.0.2.40").then((r) => r.statusCode),
          ),
        );
        expect(statuses.sort()).toEqual(
          engine === "postgres"
            ? [...Array(MAX).fill(200), ...Array(MAX).fill(429)]
            : Array(2 * MAX).fill(200),
        );
      } finally {
        await other.app.close();
      }
    },
  );
});
