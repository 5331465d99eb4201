import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { TEST_PASSWORD } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { upsertUser } from "../user/service.ts";
import { ACCOUNT_LOCKOUT_FAILURES, PAIR_LOCKOUT_FAILURES } from "./lockout.ts";
import { createPasswordToken } from "./service.ts";

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, "../cli/create-user.ts");

describe.each(testEngines())("the sign-in lockout on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // Per-address limits scaled up, as in every test: the per-account lockout must hold anyway.
    test = await createTestApp(database, { config: { rateLimitScale: 1000 } });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const login = (email: string, password: string, ip: string) =>
    test.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email, password },
      remoteAddress: ip,
    });

  const owner = async (email: string) => {
    const { id } = await upsertUser(database.handle.db, {
      email,
      password: TEST_PASSWORD,
      kind: "super-admin",
    });
    return id;
  };

  /** A stranger's failures spread over addresses: five per address, each pair then locked. */
  const attackFromMany = async (email: string, prefix: string) => {
    const addresses = ACCOUNT_LOCKOUT_FAILURES / PAIR_LOCKOUT_FAILURES;
    for (let a = 0; a < addresses; a += 1) {
      for (let i = 0; i < PAIR_LOCKOUT_FAILURES; i += 1) {
        expect((await login(email, `guess-${a}-${i}`, `${prefix}.${a}`)).statusCode).toBe(401);
      }
      expect((await login(email, "one more guess", `${prefix}.${a}`)).statusCode).toBe(429);
    }
  };

  it("a stranger's failures lock only the stranger's address: the owner still signs in from theirs", async () => {
    await owner("pair.owner@example.com");
    for (let i = 0; i < PAIR_LOCKOUT_FAILURES; i += 1) {
      await login("pair.owner@example.com", `wrong-${i}`, "198.51.100.10");
    }
    expect((await login("pair.owner@example.com", TEST_PASSWORD, "198.51.100.10")).statusCode).toBe(
      429,
    );
    expect((await login("pair.owner@example.com", TEST_PASSWORD, "192.0.2.10")).statusCode).toBe(
      200,
    );
  });

  it("the per-account ceiling locks new addresses, never one the owner has signed in from", async () => {
    await owner("ceiling.owner@example.com");
    expect((await login("ceiling.owner@example.com", TEST_PASSWORD, "192.0.2.20")).statusCode).toBe(
      200,
    );
    await attackFromMany("ceiling.owner@example.com", "198.51.101");
    const fromNewAddress = await login("ceiling.owner@example.com", TEST_PASSWORD, "192.0.2.99");
    expect(fromNewAddress.statusCode).toBe(429);
    const fromUsualAddress = await login("ceiling.owner@example.com", TEST_PASSWORD, "192.0.2.20");
    expect(fromUsualAddress.statusCode).toBe(200);
    const locks = await database.handle.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "login.locked")
      .execute();
    expect(locks.map((row) => JSON.parse(row.details).scope)).toContain("account");
  });

  it("a password reset by link lifts every lock on the account", async () => {
    const id = await owner("reset.owner@example.com");
    await attackFromMany("reset.owner@example.com", "198.51.102");
    expect((await login("reset.owner@example.com", TEST_PASSWORD, "192.0.2.30")).statusCode).toBe(
      429,
    );
    const { token } = await createPasswordToken(database.handle.db, id, "reset", new Date());
    const reset = await test.app.inject({
      method: "POST",
      url: "/api/users/reset-password",
      payload: { token, password: "a fresh passphrase here" },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await login("reset.owner@example.com", "a fresh passphrase here", "192.0.2.30")).statusCode,
    ).toBe(200);
    // Even the addresses the stranger used start from zero: the owner may be there too.
    expect(
      (await login("reset.owner@example.com", "a fresh passphrase here", "198.51.102.0"))
        .statusCode,
    ).toBe(200);
  });

  it("npm run create-user lifts every lock on the account", async () => {
    await owner("cli.owner@example.com");
    await attackFromMany("cli.owner@example.com", "198.51.103");
    expect((await login("cli.owner@example.com", TEST_PASSWORD, "192.0.2.40")).statusCode).toBe(
      429,
    );
    const env = { ...process.env, DATABASE_URL: database.url, JWT_SECRET: "y".repeat(40) };
    await run(
      process.execPath,
      [CLI, "--email", "cli.owner@example.com", "--password", "an operator's new one"],
      { env },
    );
    expect(
      (await login("cli.owner@example.com", "an operator's new one", "192.0.2.40")).statusCode,
    ).toBe(200);
  });

  it("counts unknown emails the same way, so the lockout reveals no accounts", async () => {
    for (let i = 0; i < PAIR_LOCKOUT_FAILURES; i += 1) {
      expect((await login("ghost@example.com", `x-${i}`, "198.51.104.1")).statusCode).toBe(401);
    }
    expect((await login("ghost@example.com", "x", "198.51.104.1")).statusCode).toBe(429);
    expect((await login("ghost@example.com", "x", "198.51.104.2")).statusCode).toBe(401);
  });
});
