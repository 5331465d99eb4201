import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { TWO_FACTOR_MESSAGES as M } from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs, TEST_PASSWORD } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { base32Decode, totpAt } from "../test/totp.ts";
import { createSession } from "./sessions.ts";
import { signAccessToken } from "./tokens.ts";
import { decryptTotpSecret } from "./two-factor-crypto.ts";

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, "../cli/create-user.ts");
const JWT_SECRET = "test-secret-that-is-long-enough-for-hmac-signing";

it("the tests' own TOTP matches RFC 6238's SHA-1 test vectors", () => {
  const secret = Buffer.from("12345678901234567890");
  expect(totpAt(secret, new Date(59_000), 8)).toBe("94287082");
  expect(totpAt(secret, new Date(1_111_111_109_000), 8)).toBe("07081804");
  expect(totpAt(secret, new Date(20_000_000_000_000), 8)).toBe("65353130");
});

describe.each(testEngines())("two-factor sign-in on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  /** A second instance on the same database, as behind a load balancer. */
  let other: TestApp;
  const clock = { now: new Date() };
  const tick = (seconds: number) => {
    clock.now = new Date(clock.now.getTime() + seconds * 1000);
  };
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let address = 0;
  /** A fresh client address per test, so the lockout of one test never reaches another. */
  const nextAddress = () => {
    address += 1;
    return `203.0.113.${address}`;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => clock.now });
    other = await createTestApp(database, { clock: () => clock.now });
    admin = await signInAs(test.app, database, "super-admin");
  });
  afterAll(async () => {
    await test.app.close();
    await other.app.close();
    await database.drop();
  });

  /**
   * The test clock runs ahead of the 15-minute access tokens: each call re-signs the
   * token for the same session at the clock's time (the session itself stays live).
   */
  const bearer = async (token: string) => {
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    const fresh = await signAccessToken(
      { userId: claims.sub, sessionId: claims.sid },
      JWT_SECRET,
      clock.now,
    );
    return { authorization: `Bearer ${fresh}` };
  };
  const post = async (
    url: string,
    payload: object,
    options: { token?: string; ip?: string } = {},
  ) =>
    test.app.inject({
      method: "POST",
      url,
      payload,
      remoteAddress: options.ip ?? "127.0.0.1",
      headers: options.token ? await bearer(options.token) : {},
    });
  const get = async (url: string, token: string, app = test.app) =>
    app.inject({ method: "GET", url, headers: await bearer(token) });
  const login = (email: string, ip: string, rememberMe = false) =>
    post("/api/users/login", { email, password: TEST_PASSWORD, rememberMe }, { ip });
  const codeOf = (secret: Buffer, offsetSeconds = 0) =>
    totpAt(secret, new Date(clock.now.getTime() + offsetSeconds * 1000));
  const setRequirement = async (requireTwoFactor: boolean, token = admin.token) =>
    test.app.inject({
      method: "PUT",
      url: "/api/settings/security",
      payload: { requireTwoFactor },
      headers: await bearer(token),
    });
  const auditOf = (action: string, userId: string) =>
    database.handle.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", action)
      .where("target_id", "=", userId)
      .execute();

  /** A staff member who enrolled from Settings. */
  async function enrolledStaff(kind: "user" | "admin" = "admin") {
    return enrol(await signInAs(test.app, database, kind));
  }

  /** Enrols a signed-in account from Settings. */
  async function enrol<Account extends { token: string }>(account: Account) {
    const setup = await post("/api/users/two-factor/setup", {}, { token: account.token });
    expect(setup.statusCode).toBe(200);
    const secret = base32Decode(setup.json().secret);
    const confirm = await post(
      "/api/users/two-factor/confirm",
      { code: codeOf(secret) },
      { token: account.token },
    );
    expect(confirm.statusCode).toBe(200);
    tick(30);
    return { ...account, secret, recoveryCodes: confirm.json().recoveryCodes as string[] };
  }

  /** Step 1 of an enrolled account: answers the challenge. */
  async function challengeFor(email: string, ip: string, rememberMe = false) {
    const response = await login(email, ip, rememberMe);
    expect(response.statusCode).toBe(200);
    return response.json().challenge as string;
  }

  it("an account without a second factor signs in exactly as the contract says", async () => {
    const account = await signInAs(test.app, database, "admin");
    const response = await login(account.email, nextAddress());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body).toMatchObject({ _id: account.userId, user: { _id: account.userId } });
    expect(body).not.toHaveProperty("secondFactorRequired");
    expect(body).not.toHaveProperty("challenge");
    expect(String(response.headers["set-cookie"])).toMatch(/^agency_refresh=/);
  });

  it("enrols from Settings: a QR code and a manual key, active only once a code confirms it", async () => {
    const account = await signInAs(test.app, database, "admin");
    const before = await get("/api/users/two-factor", account.token);
    expect(before.json()).toEqual({
      enabled: false,
      enrolledAt: null,
      recoveryCodesRemaining: 0,
      required: false,
    });
    const setup = (await post("/api/users/two-factor/setup", {}, { token: account.token })).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.manualKey).toBe(setup.secret.match(/.{4}/g).join(" "));
    const uri = new URL(setup.otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret: setup.secret,
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
    expect(setup.qrCodeSvg).toMatch(/^<svg [^>]*viewBox/);
    expect(setup.qrCodeSvg).not.toMatch(/<script|on\w+=/i);
    // Not active yet: the password alone still signs in.
    expect((await login(account.email, nextAddress())).json()).toHaveProperty("token");

    const secret = base32Decode(setup.secret);
    const wrong = await post(
      "/api/users/two-factor/confirm",
      { code: codeOf(secret, 300) },
      { token: account.token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(M.wrongCode);
    const confirm = await post(
      "/api/users/two-factor/confirm",
      { code: codeOf(secret) },
      { token: account.token },
    );
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const after = (await get("/api/users/two-factor", account.token)).json();
    expect(after).toMatchObject({ enabled: true, recoveryCodesRemaining: 10, required: false });
    expect(await auditOf("two_factor.enrolled", account.userId)).toHaveLength(1);
    // A second enrolment is refused while one is active.
    const again = await post("/api/users/two-factor/setup", {}, { token: account.token });
    expect(again.statusCode).toBe(409);
  });

  it("keeps the secret encrypted at rest (AES-256-GCM, key from JWT_SECRET, bound to the user)", async () => {
    const staff = await enrolledStaff();
    const row = await database.handle.db
      .selectFrom("two_factor")
      .selectAll()
      .where("user_id", "=", staff.userId)
      .executeTakeFirstOrThrow();
    const base32 = (
      await database.handle.db.selectFrom("two_factor").select("secret_encrypted").execute()
    ).map((r) => r.secret_encrypted);
    expect(base32.join()).not.toContain(staff.secret.toString("hex"));
    expect(row.secret_encrypted).toMatch(/^v1\.[\w-]+$/);
    expect(row.secret_encrypted).not.toContain(staff.secret.toString("base64url"));
    const decrypted = decryptTotpSecret(row.secret_encrypted, staff.userId, JWT_SECRET);
    expect(Buffer.from(decrypted ?? [])).toEqual(staff.secret);
    expect(decryptTotpSecret(row.secret_encrypted, staff.userId, "x".repeat(40))).toBeUndefined();
    expect(decryptTotpSecret(row.secret_encrypted, admin.userId, JWT_SECRET)).toBeUndefined();
    // Recovery codes are stored only as hashes.
    const hashes = await database.handle.db
      .selectFrom("two_factor_recovery_codes")
      .select("code_hash")
      .where("user_id", "=", staff.userId)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const code of staff.recoveryCodes) {
      expect(hashes.map((h) => h.code_hash).join()).not.toContain(code.replace("-", ""));
    }
  });

  it("an enrolled account gets no token and no cookie from the password, only a challenge", async () => {
    const staff = await enrolledStaff();
    const response = await login(staff.email, nextAddress(), true);
    expect(response.statusCode).toBe(200);
    expect(response.headers["set-cookie"]).toBeUndefined();
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(["challenge", "secondFactorRequired"]);
    expect(body.secondFactorRequired).toBe(true);
    expect(body.challenge).toMatch(/^[\w-]{40,}$/);
    // Stored hashed only.
    const stored = await database.handle.db
      .selectFrom("two_factor_challenges")
      .select("token_hash")
      .execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(body.challenge);

    // Step 2 answers exactly the contract's login answer, with remember me carried over.
    const second = await post("/api/users/login/second-factor", {
      challenge: body.challenge,
      code: codeOf(staff.secret),
    });
    expect(second.statusCode).toBe(200);
    const session = second.json();
    expect(session.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    for (const shape of [session, session.user]) {
      expect(shape).toMatchObject({ _id: staff.userId, email: staff.email, isAdmin: true });
    }
    expect(String(second.headers["set-cookie"])).toMatch(
      /^agency_refresh=[\w-]+; Max-Age=604800; Path=\/api\/users; HttpOnly; SameSite=Strict$/,
    );
    expect((await get("/api/users/two-factor", session.token)).statusCode).toBe(200);
    const success = await auditOf("login.second_factor.success", staff.userId);
    expect(success.map((row) => JSON.parse(row.details))).toEqual([{ method: "authenticator" }]);
    // The challenge is single-use.
    tick(30);
    const reused = await post("/api/users/login/second-factor", {
      challenge: body.challenge,
      code: codeOf(staff.secret),
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe(M.challengeMissing);
  });

  it("without remember me, the cookie after step 2 is a browser-session cookie", async () => {
    const staff = await enrolledStaff();
    const challenge = await challengeFor(staff.email, nextAddress());
    const second = await post("/api/users/login/second-factor", {
      challenge,
      code: codeOf(staff.secret),
    });
    expect(String(second.headers["set-cookie"])).not.toContain("Max-Age");
  });

  it("accepts one time step of drift either way, not two", async () => {
    const staff = await enrolledStaff();
    // Past the step the enrolment used.
    tick(60);
    const ip = nextAddress();
    const late = await post(
      "/api/users/login/second-factor",
      { challenge: await challengeFor(staff.email, ip), code: codeOf(staff.secret, -30) },
      { ip },
    );
    expect(late.statusCode).toBe(200);
    tick(120);
    const early = await post(
      "/api/users/login/second-factor",
      { challenge: await challengeFor(staff.email, ip), code: codeOf(staff.secret, 30) },
      { ip },
    );
    expect(early.statusCode).toBe(200);
    tick(120);
    const tooOld = await post(
      "/api/users/login/second-factor",
      { challenge: await challengeFor(staff.email, ip), code: codeOf(staff.secret, -60) },
      { ip },
    );
    expect(tooOld.statusCode).toBe(401);
    expect(tooOld.json().error).toBe(M.wrongCode);
  });

  it("refuses a replayed code, also on another instance", async () => {
    const staff = await enrolledStaff();
    const ip = nextAddress();
    const code = codeOf(staff.secret);
    const first = await post(
      "/api/users/login/second-factor",
      { challenge: await challengeFor(staff.email, ip), code },
      { ip },
    );
    expect(first.statusCode).toBe(200);
    const replay = await other.app.inject({
      method: "POST",
      url: "/api/users/login/second-factor",
      payload: { challenge: await challengeFor(staff.email, ip), code },
      remoteAddress: ip,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe(M.replayedCode);
    expect(replay.headers["set-cookie"]).toBeUndefined();
    // An earlier code that was never used is refused too once a later one was.
    const earlier = await post(
      "/api/users/login/second-factor",
      { challenge: await challengeFor(staff.email, ip), code: codeOf(staff.secret, -30) },
      { ip },
    );
    expect(earlier.statusCode).toBe(401);
    // The next step's code works.
    tick(30);
    const next = await other.app.inject({
      method: "POST",
      url: "/api/users/login/second-factor",
      payload: { challenge: await challengeFor(staff.email, ip), code: codeOf(staff.secret) },
      remoteAddress: ip,
    });
    expect(next.statusCode).toBe(200);
  });

  it("two parallel uses of one code: exactly one session", async () => {
    const staff = await enrolledStaff();
    const ip = nextAddress();
    const code = codeOf(staff.secret);
    const [a, b] = await Promise.all([
      challengeFor(staff.email, ip),
      challengeFor(staff.email, ip),
    ]);
    const answers = await Promise.all([
      post("/api/users/login/second-factor", { challenge: a, code }, { ip }),
      other.app.inject({
        method: "POST",
        url: "/api/users/login/second-factor",
        payload: { challenge: b, code },
        remoteAddress: ip,
      }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it("a wrong code is refused and audited; five spend the challenge and lock the address", async () => {
    const staff = await enrolledStaff();
    const ip = nextAddress();
    const challenge = await challengeFor(staff.email, ip);
    for (let i = 1; i <= 5; i += 1) {
      const wrong = await post(
        "/api/users/login/second-factor",
        {
          challenge,
          code: String((Number(codeOf(staff.secret)) + 500_000 + i) % 1_000_000).padStart(6, "0"),
        },
        { ip },
      );
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toBe(i < 5 ? M.wrongCode : M.tooManyCodes);
    }
    const right = await post(
      "/api/users/login/second-factor",
      { challenge, code: codeOf(staff.secret) },
      { ip },
    );
    expect(right.statusCode).toBe(401);
    expect(right.json().error).toBe(M.challengeMissing);
    // The wrong codes count towards the sign-in lockout of that account from that address.
    expect((await login(staff.email, ip)).statusCode).toBe(429);
    const failures = await auditOf("login.second_factor.failure", staff.userId);
    expect(failures).toHaveLength(5);
    expect(JSON.parse(failures[0]?.details ?? "{}")).toMatchObject({
      method: "authenticator",
      reason: "wrong",
    });
    // From another address the owner still gets in.
    const elsewhere = nextAddress();
    const ok = await post(
      "/api/users/login/second-factor",
      { challenge: await challengeFor(staff.email, elsewhere), code: codeOf(staff.secret) },
      { ip: elsewhere },
    );
    expect(ok.statusCode).toBe(200);
  });

  it("a challenge expires after 5 minutes", async () => {
    const staff = await enrolledStaff();
    const ip = nextAddress();
    const challenge = await challengeFor(staff.email, ip);
    tick(5 * 60 + 1);
    const late = await post(
      "/api/users/login/second-factor",
      { challenge, code: codeOf(staff.secret) },
      { ip },
    );
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe(M.challengeMissing);
  });

  it("a recovery code signs in once; the count left shows in Settings", async () => {
    const staff = await enrolledStaff();
    const ip = nextAddress();
    const [first] = staff.recoveryCodes;
    const used = await post(
      "/api/users/login/second-factor",
      { challenge: await challengeFor(staff.email, ip), code: first?.toUpperCase() },
      { ip },
    );
    expect(used.statusCode).toBe(200);
    const again = await post(
      "/api/users/login/second-factor",
      { challenge: await challengeFor(staff.email, ip), code: first },
      { ip },
    );
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe(M.wrongRecoveryCode);
    const status = (await get("/api/users/two-factor", used.json().token)).json();
    expect(status.recoveryCodesRemaining).toBe(9);
    const audit = await auditOf("two_factor.recovery_code_used", staff.userId);
    expect(audit.map((row) => JSON.parse(row.details))).toEqual([{ remaining: 9 }]);
  });

  it("regenerates recovery codes with an authenticator code; the old ones stop working", async () => {
    const staff = await enrolledStaff();
    const ip = nextAddress();
    const wrong = await post(
      "/api/users/two-factor/recovery-codes",
      { code: staff.recoveryCodes[0] },
      { token: staff.token },
    );
    expect(wrong.statusCode).toBe(400);
    const fresh = await post(
      "/api/users/two-factor/recovery-codes",
      { code: codeOf(staff.secret) },
      { token: staff.token },
    );
    expect(fresh.statusCode).toBe(200);
    const codes: string[] = fresh.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(codes.some((code) => staff.recoveryCodes.includes(code))).toBe(false);
    tick(30);
    const old = await post(
      "/api/users/login/second-factor",
      { challenge: await challengeFor(staff.email, ip), code: staff.recoveryCodes[1] },
      { ip },
    );
    expect(old.statusCode).toBe(401);
    const ok = await post(
      "/api/users/login/second-factor",
      { challenge: await challengeFor(staff.email, ip), code: codes[0] },
      { ip },
    );
    expect(ok.statusCode).toBe(200);
    expect(await auditOf("two_factor.recovery_codes.regenerated", staff.userId)).toHaveLength(1);
  });

  it("wrong codes from Settings: 400 each, then 429 after five in 15 minutes", async () => {
    const staff = await enrolledStaff();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post(
        "/api/users/two-factor/recovery-codes",
        { code: codeOf(staff.secret, 600 + i * 30) },
        { token: staff.token },
      );
      expect(wrong.statusCode).toBe(400);
    }
    const held = await post(
      "/api/users/two-factor/recovery-codes",
      { code: codeOf(staff.secret) },
      { token: staff.token },
    );
    expect(held.statusCode).toBe(429);
    expect(held.headers["retry-after"]).toBe("900");
    tick(15 * 60 + 1);
    const later = await post(
      "/api/users/two-factor/recovery-codes",
      { code: codeOf(staff.secret) },
      { token: staff.token },
    );
    expect(later.statusCode).toBe(200);
    expect(await auditOf("two_factor.code_failure", staff.userId)).toHaveLength(5);
  });

  it("disables with the password and a code; then the password alone signs in", async () => {
    const staff = await enrolledStaff();
    const wrongPassword = await post(
      "/api/users/two-factor/disable",
      { password: "not the password", code: codeOf(staff.secret) },
      { token: staff.token },
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toBe(M.wrongPassword);
    const wrongCode = await post(
      "/api/users/two-factor/disable",
      { password: TEST_PASSWORD, code: "000000" },
      { token: staff.token },
    );
    expect(wrongCode.statusCode).toBe(400);
    const off = await post(
      "/api/users/two-factor/disable",
      { password: TEST_PASSWORD, code: codeOf(staff.secret) },
      { token: staff.token },
    );
    expect(off.statusCode).toBe(200);
    expect((await login(staff.email, nextAddress())).json()).toHaveProperty("token");
    expect(await auditOf("two_factor.disabled", staff.userId)).toHaveLength(1);
    const left = await database.handle.db
      .selectFrom("two_factor_recovery_codes")
      .selectAll()
      .where("user_id", "=", staff.userId)
      .execute();
    expect(left).toEqual([]);
  });

  describe("the requirement for all staff", () => {
    /** Refreshes with a session's cookie; on `app` (another instance, say). */
    const refreshWith = (cookie: string, app = test.app) =>
      app.inject({ method: "POST", url: "/api/users/refresh", headers: { cookie } });

    it("is refused (409) to an admin without a second factor, who stays signed in", async () => {
      const unenrolled = await signInAs(test.app, database, "admin");
      const refused = await setRequirement(true, unenrolled.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(M.enrolBeforeRequiring);
      expect((await get("/api/settings/security", unenrolled.token)).json().requireTwoFactor).toBe(
        false,
      );
      expect((await get("/api/users/two-factor", unenrolled.token)).statusCode).toBe(200);
      expect((await refreshWith(unenrolled.cookie)).statusCode).toBe(200);
      // Turning it off needs no second factor.
      expect((await setRequirement(false, unenrolled.token)).statusCode).toBe(200);
    });

    describe("once the admin has a second factor", () => {
      beforeAll(async () => {
        await enrol(admin);
      });
      afterAll(async () => {
        await setRequirement(false);
      });

      it("turning it on ends every session of staff without a second factor, audited; others go on", async () => {
        const agent = await signInAs(test.app, database, "agent");
        const remembered = await login(agent.email, nextAddress(), true);
        const agentCookies = [
          agent.cookie,
          String(remembered.headers["set-cookie"]).split(";")[0] ?? "",
        ];
        // Set up but never confirmed: no second factor yet.
        const pending = await signInAs(test.app, database, "agent");
        await post("/api/users/two-factor/setup", {}, { token: pending.token });
        const enrolled = await enrolledStaff("user");

        const switchedBefore = new Set(
          (await auditOf("settings.updated", "security.requireTwoFactor")).map((row) => row.id),
        );
        const on = await setRequirement(true);
        expect(on.statusCode).toBe(200);
        for (const cookie of [...agentCookies, pending.cookie]) {
          expect((await refreshWith(cookie, other.app)).statusCode).toBe(401);
        }
        expect((await get(`/api/users/list/${agent.userId}`, agent.token)).statusCode).toBe(401);
        expect((await get(`/api/users/list/${pending.userId}`, pending.token)).statusCode).toBe(
          401,
        );
        // Staff with a second factor, the admin among them, stay signed in.
        expect((await refreshWith(enrolled.cookie, other.app)).statusCode).toBe(200);
        expect((await get("/api/settings/security", admin.token)).statusCode).toBe(200);

        const revoked = await auditOf("sessions.revoked", agent.userId);
        expect(revoked.map((row) => JSON.parse(row.details))).toEqual([
          { reason: "two-factor sign-in required", sessions: 2 },
        ]);
        expect(revoked[0]?.actor_user_id).toBe(admin.userId);
        expect(await auditOf("sessions.revoked", enrolled.userId)).toEqual([]);
        const switched = (await auditOf("settings.updated", "security.requireTwoFactor")).filter(
          (row) => !switchedBefore.has(row.id),
        );
        expect(switched).toHaveLength(1);
        expect(JSON.parse(switched[0]?.details ?? "{}")).toMatchObject({
          requireTwoFactor: { from: false, to: true },
        });
        await setRequirement(false);
      });

      it("while it is required, refresh refuses a session without a second factor (opened in a race)", async () => {
        const agent = await signInAs(test.app, database, "agent");
        expect((await setRequirement(true)).statusCode).toBe(200);
        // A sign-in that read "not required" just before the switch commits its session after.
        const raced = await createSession(database.handle.db, agent.userId, true, clock.now);
        const cookie = `agency_refresh=${raced.refreshToken}`;
        const refused = await refreshWith(cookie, other.app);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().error).toBe(M.requiredSignInAgain);
        expect(await auditOf("sessions.revoked", agent.userId)).toHaveLength(2);
        // The session is over, not only refused once.
        await setRequirement(false);
        expect((await refreshWith(cookie)).statusCode).toBe(401);
        // Without the requirement, the same kind of session refreshes as before.
        const calm = await createSession(database.handle.db, agent.userId, true, clock.now);
        expect((await refreshWith(`agency_refresh=${calm.refreshToken}`)).statusCode).toBe(200);
      });

      it("only admins may read or switch it; switching is audited and holds across instances", async () => {
        const user = await signInAs(test.app, database, "user");
        expect((await setRequirement(true, user.token)).statusCode).toBe(403);
        expect((await get("/api/settings/security", user.token)).statusCode).toBe(403);
        const anonymous = await test.app.inject({
          method: "PUT",
          url: "/api/settings/security",
          payload: { requireTwoFactor: true },
        });
        expect(anonymous.statusCode).toBe(401);
        expect((await setRequirement("yes" as unknown as boolean)).statusCode).toBe(400);

        const settingsAudit = () =>
          database.handle.db
            .selectFrom("audit_log")
            .selectAll()
            .where("action", "=", "settings.updated")
            .execute();
        // Earlier tests switched it too; the switch's row is the one that was not there
        // before (rows come back in no fixed order, PostgreSQL's differs from SQLite's).
        const before = new Set((await settingsAudit()).map((row) => row.id));
        const on = await setRequirement(true);
        expect(on.statusCode).toBe(200);
        expect(on.json()).toMatchObject({ requireTwoFactor: true });
        const seenElsewhere = await get("/api/settings/security", admin.token, other.app);
        expect(seenElsewhere.json().requireTwoFactor).toBe(true);
        const added = (await settingsAudit()).filter((row) => !before.has(row.id));
        expect(added).toHaveLength(1);
        expect(JSON.parse(added[0]?.details ?? "{}")).toMatchObject({
          requireTwoFactor: { from: false, to: true },
        });
        expect(added[0]?.actor_user_id).toBe(admin.userId);
      });

      it("forces an unenrolled staff member to enrol at sign-in before any session", async () => {
        const account = await signInAs(test.app, database, "user");
        expect((await setRequirement(true)).statusCode).toBe(200);
        const ip = nextAddress();
        const step1 = await login(account.email, ip, true);
        expect(step1.statusCode).toBe(200);
        expect(step1.headers["set-cookie"]).toBeUndefined();
        expect(Object.keys(step1.json()).sort()).toEqual(["challenge", "enrolmentRequired"]);
        const { challenge } = step1.json();
        // The challenge is not a sign-in challenge.
        const asSignIn = await post(
          "/api/users/login/second-factor",
          { challenge, code: "123456" },
          { ip },
        );
        expect(asSignIn.statusCode).toBe(401);

        const setup = await post("/api/users/login/enrolment", { challenge }, { ip });
        expect(setup.statusCode).toBe(200);
        const secret = base32Decode(setup.json().secret);
        const wrong = await post(
          "/api/users/login/enrolment/confirm",
          { challenge, code: codeOf(secret, 300) },
          { ip },
        );
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json().error).toBe(M.wrongCode);
        const confirm = await post(
          "/api/users/login/enrolment/confirm",
          { challenge, code: codeOf(secret) },
          { ip },
        );
        expect(confirm.statusCode).toBe(200);
        const body = confirm.json();
        expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
        expect(body).toMatchObject({ _id: account.userId, user: { _id: account.userId } });
        expect(body.recoveryCodes).toHaveLength(10);
        expect(String(confirm.headers["set-cookie"])).toContain("Max-Age=604800");
        // From now on, the second step.
        tick(30);
        expect((await login(account.email, ip)).json().secondFactorRequired).toBe(true);
        // Enrolled accounts cannot turn it off while it is required.
        const off = await post(
          "/api/users/two-factor/disable",
          { password: TEST_PASSWORD, code: codeOf(secret) },
          { token: body.token },
        );
        expect(off.statusCode).toBe(409);
        expect(off.json().error).toBe(M.requiredCannotDisable);
        const status = (await get("/api/users/two-factor", body.token)).json();
        expect(status).toMatchObject({ enabled: true, required: true });
      });

      it("an enrolment challenge expires too, and never opens a session without a code", async () => {
        const account = await signInAs(test.app, database, "admin");
        expect((await setRequirement(true)).statusCode).toBe(200);
        const ip = nextAddress();
        const { challenge } = (await login(account.email, ip)).json();
        tick(5 * 60 + 1);
        const setup = await post("/api/users/login/enrolment", { challenge }, { ip });
        expect(setup.statusCode).toBe(401);
        expect(setup.json().error).toBe(M.challengeMissing);
      });
    });
  });

  it("npm run create-user --reset-two-factor clears a lost second factor; a password alone does not", async () => {
    const staff = await enrolledStaff();
    const env = { ...process.env, DATABASE_URL: database.url, JWT_SECRET };
    await run(
      process.execPath,
      [CLI, "--email", staff.email, "--password", "an operator's new one", "--role", "admin"],
      { env },
    );
    const withPassword = await post(
      "/api/users/login",
      { email: staff.email, password: "an operator's new one" },
      { ip: nextAddress() },
    );
    expect(withPassword.json().secondFactorRequired).toBe(true);

    const { stdout } = await run(
      process.execPath,
      [CLI, "--email", staff.email, "--reset-two-factor"],
      { env },
    );
    expect(stdout.trim()).toBe(staff.userId);
    const after = await post(
      "/api/users/login",
      { email: staff.email, password: "an operator's new one" },
      { ip: nextAddress() },
    );
    expect(after.statusCode).toBe(200);
    expect(after.json()).toHaveProperty("token");
    const reset = await auditOf("two_factor.reset", staff.userId);
    expect(reset.map((row) => JSON.parse(row.details))).toEqual([
      { via: "create-user", hadOne: true },
    ]);
  });

  it("never answers 5xx to odd input on the new routes", async () => {
    const bodies = [
      {},
      { challenge: 5, code: [] },
      { challenge: "x".repeat(500), code: "1".repeat(500) },
      { challenge: "a".repeat(43), code: "12 34 56" },
      { challenge: "a".repeat(43), code: "\u0000\u202e" },
    ];
    for (const url of [
      "/api/users/login/second-factor",
      "/api/users/login/enrolment",
      "/api/users/login/enrolment/confirm",
    ]) {
      for (const payload of bodies) {
        const response = await post(url, payload, { ip: nextAddress() });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
        expect([400, 401]).toContain(response.statusCode);
      }
    }
  });

  it("logs and the audit trail hold no code, secret or challenge", async () => {
    const staff = await enrolledStaff();
    const ip = nextAddress();
    const challenge = await challengeFor(staff.email, ip);
    const code = codeOf(staff.secret);
    await post("/api/users/login/second-factor", { challenge, code: "999999" }, { ip });
    await post("/api/users/login/second-factor", { challenge, code }, { ip });
    const secretText = staff.secret.toString("hex");
    const audit = JSON.stringify(
      await database.handle.db.selectFrom("audit_log").selectAll().execute(),
    );
    for (const text of [test.logs(), other.logs(), audit]) {
      expect(text).not.toContain(challenge);
      expect(text).not.toContain(secretText);
      for (const recovery of staff.recoveryCodes) expect(text).not.toContain(recovery);
    }
    expect(test.logs()).not.toContain(`"${code}"`);
  });
});
