import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADDRESS_LOCKOUT_FAILURES } from "../auth/lockout.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { TEST_PASSWORD } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { upsertUser } from "../user/service.ts";
import { SIGN_IN_LIMIT } from "./rate-limit.ts";

/**
 * Sign-in's rate limit is per account and address, with a higher ceiling per address
 * (decision 0020, issue 27): an office's staff behind one address do not lock each other out.
 */
const OFFICE = "203.0.113.40";
const ACCOUNT_MESSAGE =
  /^Too many sign-in attempts for this account from this network\. Wait \d+ minutes? and try again, or ask your administrator\.$/;
const ADDRESS_MESSAGE =
  /^Too many sign-in attempts from this network\. Wait \d+ minutes? and try again, or ask your administrator\.$/;

describe.each(testEngines())("the sign-in rate limit on %s", (engine) => {
  let database: TestDatabase;
  /** Two attempts per account and address, 30 per address, 3 failures lock an address. */
  let office: TestApp;
  /** One attempt per account and address, 3 per address. */
  let strict: TestApp;
  const officeScale = 0.1;
  const strictScale = 0.01;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    office = await createTestApp(database, { config: { rateLimitScale: officeScale } });
    strict = await createTestApp(database, { config: { rateLimitScale: strictScale } });
    for (const name of ["a", "b", "c", "d", "e", "f"]) {
      await upsertUser(database.handle.db, {
        email: `staff.${name}@example.com`,
        password: TEST_PASSWORD,
        kind: "agent",
      });
    }
  });
  afterAll(async () => {
    await office.app.close();
    await strict.app.close();
    await database.drop();
  });
  beforeEach(async () => {
    // Fixed windows: keep clear of a window's end, where a fresh count would let more through.
    const left = SIGN_IN_LIMIT.windowMs - (Date.now() % SIGN_IN_LIMIT.windowMs);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  });

  const login = (test: TestApp, email: string, password: string, ip: string) =>
    test.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email, password },
      remoteAddress: ip,
    });

  it("limits one account at an address without stopping a colleague at the same address", async () => {
    const perPair = Math.ceil(SIGN_IN_LIMIT.perAccountAddress * officeScale);
    // Fewer failures than lock the address: only the rate limit stops staff A.
    expect(perPair).toBeLessThan(Math.ceil(ADDRESS_LOCKOUT_FAILURES * officeScale));
    for (let i = 0; i < perPair; i += 1) {
      expect((await login(office, "staff.a@example.com", `wrong-${i}`, OFFICE)).statusCode).toBe(
        401,
      );
    }
    // The email as the lockout keys it: another spelling of A's address is the same account.
    const limited = await login(office, "  Staff.A@Example.com ", TEST_PASSWORD, OFFICE);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(ACCOUNT_MESSAGE);
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMIT.windowMs / 1000);

    // Staff B at the same office signs in.
    const colleague = await login(office, "staff.b@example.com", TEST_PASSWORD, OFFICE);
    expect(colleague.statusCode).toBe(200);
    // A from another address is not held by the office's pair count.
    expect(
      (await login(office, "staff.a@example.com", TEST_PASSWORD, "198.51.100.41")).statusCode,
    ).toBe(200);
  });

  it("keeps a ceiling per address over every account", async () => {
    const ceiling = Math.ceil(SIGN_IN_LIMIT.perAddress * strictScale);
    const from = "203.0.113.41";
    const accounts = ["c", "d", "e", "f"].map((name) => `staff.${name}@example.com`);
    expect(accounts.length).toBeGreaterThan(ceiling);
    // Right passwords, each account once: within its own pair limit, so only the ceiling counts.
    const statuses: number[] = [];
    for (const email of accounts.slice(0, ceiling))
      statuses.push((await login(strict, email, TEST_PASSWORD, from)).statusCode);
    expect(statuses).toEqual(Array(ceiling).fill(200));
    const over = await login(strict, accounts[ceiling] as string, TEST_PASSWORD, from);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatch(ADDRESS_MESSAGE);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    // The second factor's step shares the ceiling's number and wording (its own counter).
    const steps: number[] = [];
    for (let i = 0; i <= ceiling; i += 1) {
      const step = await strict.app.inject({
        method: "POST",
        url: "/api/users/login/second-factor",
        payload: { challenge: "not-a-challenge", code: "123456" },
        remoteAddress: from,
      });
      steps.push(step.statusCode);
      if (i === ceiling) expect(step.json().error).toMatch(ADDRESS_MESSAGE);
    }
    expect(steps.at(-1)).toBe(429);
    expect(steps.slice(0, ceiling)).not.toContain(429);
    // Another address is not held by this one's ceiling.
    expect(
      (await login(strict, accounts[ceiling] as string, TEST_PASSWORD, "198.51.100.42")).statusCode,
    ).toBe(200);
  });
});
