import { TWO_FACTOR_MESSAGES } from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs, TEST_PASSWORD } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { linkTokensFromMail } from "../test/mail.ts";
import { base32Decode, totpAt } from "../test/totp.ts";
import { upsertUser } from "../user/service.ts";

/** Reset links, their per-account limit and current-password checks (issue 24). */
describe.each(testEngines())("passwords and reset links on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let address = 0;
  /** A fresh client address per request, so no per-address limit is what a test measures. */
  const nextAddress = () => {
    address += 1;
    return `198.51.100.${address}`;
  };

  const clock = { now: new Date() };
  const tick = (seconds: number) => {
    clock.now = new Date(clock.now.getTime() + seconds * 1000);
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // RATE_LIMIT_SCALE 1000 (the tests' usual): the per-account limits must not scale.
    test = await createTestApp(database, { clock: () => clock.now });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const forgot = (email: string) =>
    test.app.inject({
      method: "POST",
      url: "/api/users/forgot-password",
      payload: { email },
      remoteAddress: nextAddress(),
    });
  const resetWith = (token: string, password = "a brand new passphrase") =>
    test.app.inject({
      method: "POST",
      url: "/api/users/reset-password",
      payload: { token, password },
      remoteAddress: nextAddress(),
    });
  const resetLinks = (email: string) =>
    linkTokensFromMail(test.app, database, "password.reset", email);

  /** An account with two reset links out (asked for twice). */
  async function withTwoLinks() {
    const account = await signInAs(test.app, database, "agent");
    await forgot(account.email);
    await forgot(account.email);
    const links = await resetLinks(account.email);
    expect(links).toHaveLength(2);
    return { ...account, links };
  }

  it("completing one reset link revokes the account's other links", async () => {
    const { links } = await withTwoLinks();
    expect((await resetWith(links[1] ?? "")).statusCode).toBe(200);
    const other = await resetWith(links[0] ?? "", "someone else's choice");
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe(
      "This link is invalid or has expired. Please ask for a new one.",
    );
  });

  it("changing one's password revokes every reset link still out", async () => {
    const account = await withTwoLinks();
    const changed = await test.app.inject({
      method: "POST",
      url: "/api/users/change-password",
      payload: { currentPassword: TEST_PASSWORD, newPassword: "my own new passphrase" },
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(changed.statusCode).toBe(200);
    for (const link of account.links) expect((await resetWith(link)).statusCode).toBe(400);
  });

  it("create-user setting a password revokes every reset link still out", async () => {
    const account = await withTwoLinks();
    await upsertUser(database.handle.db, {
      email: account.email,
      password: "an operator's new passphrase",
      kind: "agent",
    });
    for (const link of account.links) expect((await resetWith(link)).statusCode).toBe(400);
    const rows = await database.handle.db
      .selectFrom("password_tokens")
      .select(["used_at", "revoked_at"])
      .where("user_id", "=", account.userId)
      .execute();
    expect(rows.map((row) => [row.used_at, row.revoked_at !== null])).toEqual([
      [null, true],
      [null, true],
    ]);
  });

  describe("at most 3 reset links per account per hour, from any addresses", () => {
    const auditOf = (action: string, userId: string) =>
      database.handle.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", action)
        .where("target_id", "=", userId)
        .execute();

    it("later requests get the same answer, and no link or mail; audited as suppressed", async () => {
      const account = await signInAs(test.app, database, "agent");
      const answers = [];
      for (let i = 0; i < 5; i += 1) answers.push(await forgot(account.email));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual(answers[0]?.json());
      }
      expect(await resetLinks(account.email)).toHaveLength(3);
      expect(await auditOf("password.reset.requested", account.userId)).toHaveLength(3);
      const suppressed = await auditOf("password.reset.suppressed", account.userId);
      expect(suppressed.map((row) => JSON.parse(row.details))).toEqual([
        { limit: 3, windowMinutes: 60 },
        { limit: 3, windowMinutes: 60 },
      ]);
      // An hour on, the first links no longer count.
      tick(60 * 60 + 1);
      await forgot(account.email);
      expect(await resetLinks(account.email)).toHaveLength(4);
    });

    it("holds for requests at the same moment", async () => {
      const account = await signInAs(test.app, database, "agent");
      const answers = await Promise.all(Array.from({ length: 8 }, () => forgot(account.email)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
      expect(await resetLinks(account.email)).toHaveLength(3);
    });

    it("an unknown address is answered the same", async () => {
      const known = await signInAs(test.app, database, "agent");
      const answers = [await forgot(known.email), await forgot("nobody.at.all@example.com")];
      expect(answers[1]?.json()).toEqual(answers[0]?.json());
    });
  });

  describe("current-password checks count as failed sign-ins (decision 0020)", () => {
    const login = (email: string, ip: string) =>
      test.app.inject({
        method: "POST",
        url: "/api/users/login",
        payload: { email, password: TEST_PASSWORD },
        remoteAddress: ip,
      });
    const postAs = (url: string, token: string, payload: object, ip: string) =>
      test.app.inject({
        method: "POST",
        url,
        payload,
        remoteAddress: ip,
        headers: { authorization: `Bearer ${token}` },
      });

    it("change-password: 5 wrong current passwords lock the pair, for sign-in too; not scaled", async () => {
      const account = await signInAs(test.app, database, "agent");
      const ip = nextAddress();
      const change = (currentPassword: string) =>
        postAs(
          "/api/users/change-password",
          account.token,
          { currentPassword, newPassword: "a brand new passphrase" },
          ip,
        );
      for (let i = 0; i < 5; i += 1) {
        const wrong = await change(`not it ${i}`);
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().error).toBe("Your current password is not correct");
      }
      // RATE_LIMIT_SCALE is 1000 here: the pair's 5 are never scaled.
      const locked = await change(TEST_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.headers["retry-after"]).toBe("900");
      expect((await login(account.email, ip)).statusCode).toBe(429);
      // The password did not change, and from another address the owner still signs in.
      expect((await login(account.email, nextAddress())).statusCode).toBe(200);
      const failures = await database.handle.db
        .selectFrom("audit_log")
        .select("details")
        .where("action", "=", "login.failure")
        .where("target_id", "=", account.userId)
        .execute();
      expect(failures.map((row) => JSON.parse(row.details))).toEqual(
        Array(5).fill({ reason: "wrong password", step: "change password" }),
      );
    });

    it("wrong sign-ins and wrong current passwords add up", async () => {
      const account = await signInAs(test.app, database, "agent");
      const ip = nextAddress();
      for (let i = 0; i < 4; i += 1) {
        const wrong = await test.app.inject({
          method: "POST",
          url: "/api/users/login",
          payload: { email: account.email, password: `guess ${i}` },
          remoteAddress: ip,
        });
        expect(wrong.statusCode).toBe(401);
      }
      const change = () =>
        postAs(
          "/api/users/change-password",
          account.token,
          { currentPassword: "guess 5", newPassword: "a brand new passphrase" },
          ip,
        );
      expect((await change()).statusCode).toBe(400);
      expect((await change()).statusCode).toBe(429);
    });

    it("turning two-factor off: 5 wrong passwords lock the pair", async () => {
      const account = await signInAs(test.app, database, "agent");
      const ip = nextAddress();
      const setup = await postAs("/api/users/two-factor/setup", account.token, {}, ip);
      const secret = base32Decode(setup.json().secret);
      const confirm = await postAs(
        "/api/users/two-factor/confirm",
        account.token,
        { code: totpAt(secret, clock.now) },
        ip,
      );
      expect(confirm.statusCode).toBe(200);
      const disable = (password: string) =>
        postAs("/api/users/two-factor/disable", account.token, { password, code: "123456" }, ip);
      for (let i = 0; i < 5; i += 1) {
        const wrong = await disable(`not it ${i}`);
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().error).toBe(TWO_FACTOR_MESSAGES.wrongPassword);
      }
      expect((await disable(TEST_PASSWORD)).statusCode).toBe(429);
      expect((await login(account.email, ip)).statusCode).toBe(429);
      const locked = await database.handle.db
        .selectFrom("audit_log")
        .select("details")
        .where("action", "=", "login.locked")
        .where("target_id", "=", account.userId)
        .execute();
      // The sign-in just above is locked too: rows come in no particular order.
      expect(locked.map((row) => JSON.parse(row.details ?? "{}"))).toContainEqual({
        scope: "pair",
        step: "disable two-factor",
      });
    });
  });
});
