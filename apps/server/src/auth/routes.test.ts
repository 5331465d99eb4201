import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROUTES } from "../test/admin-routes.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs, TEST_PASSWORD } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { linkTokenFromMail } from "../test/mail.ts";
import { LAST_SUPER_ADMIN_MESSAGE, upsertUser } from "../user/service.ts";
import { ADDRESS_LOCKOUT_FAILURES } from "./lockout.ts";
import { REFRESH_GRACE_MS } from "./sessions.ts";
import { signAccessToken } from "./tokens.ts";

describe.each(testEngines())("sign-in and access control on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  let user: Awaited<ReturnType<typeof signInAs>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    admin = await signInAs(test.app, database, "admin");
    user = await signInAs(test.app, database, "user");
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const call = (route: (typeof ADMIN_ROUTES)[number], token?: string, selfId = admin.userId) =>
    test.app.inject({
      method: route.method,
      url: route.url.replace("SELF", selfId),
      ...(route.payload ? { payload: route.payload } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  describe("the route × caller matrix", () => {
    let forged = "";
    beforeAll(async () => {
      forged = await signAccessToken(
        { userId: "x", sessionId: "y" },
        "not-the-server-secret-at-all-000000",
      );
    });
    it.each(ADMIN_ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))(
      "%s: anonymous 401, bad token 401, user 403, admin allowed",
      async (_name, route) => {
        expect((await call(route)).statusCode).toBe(401);
        expect((await call(route, "garbage")).statusCode).toBe(401);
        expect((await call(route, forged)).statusCode).toBe(401);
        expect((await call(route, user.token)).statusCode).toBe(403);
        const allowed = await call(route, admin.token);
        expect([200, 201, 404]).toContain(allowed.statusCode);
      },
    );
  });

  it("answers login with the token and the user fields, top level and under user", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: admin.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    for (const shape of [body, body.user]) {
      expect(shape).toMatchObject({
        _id: admin.userId,
        email: admin.email,
        isAdmin: true,
        supperAdmin: false,
        isVerified: true,
      });
      expect(shape).not.toHaveProperty("password_hash");
    }
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toMatch(/^agency_refresh=[\w-]+; Path=\/api\/users; HttpOnly; SameSite=Strict$/);
  });

  it("sets a 7-day cookie only with remember me", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: user.email, password: TEST_PASSWORD, rememberMe: true },
    });
    expect(String(response.headers["set-cookie"])).toContain("Max-Age=604800");
  });

  it("answers unknown emails and wrong passwords alike", async () => {
    const unknown = await test.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: "ghost@example.com", password: "whatever it is" },
    });
    const wrong = await test.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: user.email, password: "not the password" },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().error).toBe("Invalid email or password");
    expect(wrong.json()).toEqual(unknown.json());
  });

  it("takes about as long for an unknown email as for a wrong password", async () => {
    // Interleaved, so both kinds of attempt see the same load from the other test files;
    // five each, so neither reaches the lockout (which answers without hashing).
    const times = { unknown: [] as number[], known: [] as number[] };
    for (let i = 0; i < 5; i += 1) {
      for (const [kind, email] of [
        ["unknown", "timing-ghost@example.com"],
        ["known", user.email],
      ] as const) {
        const started = performance.now();
        await test.app.inject({
          method: "POST",
          url: "/api/users/login",
          payload: { email, password: `guess-${i}` },
          remoteAddress: `10.9.${i}.${kind.length}`,
        });
        times[kind].push(performance.now() - started);
      }
    }
    const median = (values: number[]) =>
      values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const ratio = median(times.unknown) / median(times.known);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it("refreshes with the cookie, rotating it; the old cookie works only briefly, once", async () => {
    const session = await signInAs(test.app, database, "user");
    const refresh = async (cookie: string | undefined) => {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/users/refresh",
        ...(cookie ? { headers: { cookie } } : {}),
      });
      const next = response.headers["set-cookie"];
      return {
        status: response.statusCode,
        body: response.json(),
        cookie: String(next ?? "").split(";")[0],
      };
    };
    const first = await refresh(session.cookie);
    expect(first.status).toBe(200);
    expect(first.body.user._id).toBe(session.userId);
    expect(first.cookie).not.toBe(session.cookie);
    // A reload cut off the answer that carried the new cookie: the old one is sent again,
    // within the grace window, and gets a fresh cookie instead of signing the person out.
    const retried = await refresh(session.cookie);
    expect(retried.status).toBe(200);
    expect(retried.cookie).not.toBe(first.cookie);
    // Used once that way, the old cookie is done.
    expect((await refresh(session.cookie)).status).toBe(401);
    const current = await refresh(retried.cookie);
    expect(current.status).toBe(200);
    expect((await refresh(current.cookie)).status).toBe(200);
    expect((await refresh(undefined)).status).toBe(401);
  });

  it("a refresh cookie replayed after its grace window ends that session, and is audited", async () => {
    const session = await signInAs(test.app, database, "user");
    const other = await test.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: session.email, password: TEST_PASSWORD },
    });
    const refresh = (cookie: string) =>
      test.app.inject({ method: "POST", url: "/api/users/refresh", headers: { cookie } });
    const rotated = await refresh(session.cookie);
    expect(rotated.statusCode).toBe(200);
    const current = String(rotated.headers["set-cookie"]).split(";")[0] ?? "";
    const { token } = rotated.json();
    await database.handle.db
      .updateTable("sessions")
      .set({ rotated_at: new Date(Date.now() - REFRESH_GRACE_MS - 1000).toISOString() })
      .where("user_id", "=", session.userId)
      .where("rotated_at", "is not", null)
      .execute();
    // The stale cookie comes back: whoever holds either copy is signed out.
    expect((await refresh(session.cookie)).statusCode).toBe(401);
    expect((await refresh(current)).statusCode).toBe(401);
    const me = await test.app.inject({
      method: "GET",
      url: `/api/users/list/${session.userId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
    // Only that session: the person's other sign-in goes on.
    const otherCookie = String(other.headers["set-cookie"]).split(";")[0] ?? "";
    expect((await refresh(otherCookie)).statusCode).toBe(200);
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "session.reuse_detected")
      .where("target_id", "=", session.userId)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("logout ends the session at once: the token and the cookie stop working", async () => {
    const session = await signInAs(test.app, database, "admin");
    const headers = { authorization: `Bearer ${session.token}` };
    expect(
      (await test.app.inject({ method: "GET", url: "/api/users/list", headers })).statusCode,
    ).toBe(200);
    const out = await test.app.inject({ method: "POST", url: "/api/users/logout", headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect(
      (await test.app.inject({ method: "GET", url: "/api/users/list", headers })).statusCode,
    ).toBe(401);
    expect(
      (
        await test.app.inject({
          method: "POST",
          url: "/api/users/refresh",
          headers: { cookie: session.cookie },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("demotion takes effect on the very next request", async () => {
    const staff = await signInAs(test.app, database, "admin");
    // Demoting an admin is a super admin's call (decision 0025).
    const owner = await signInAs(test.app, database, "super-admin");
    const headers = { authorization: `Bearer ${staff.token}` };
    expect(
      (await test.app.inject({ method: "GET", url: "/api/policies", headers })).statusCode,
    ).toBe(200);
    const demote = await test.app.inject({
      method: "PUT",
      url: `/api/users/list/update/${staff.userId}`,
      payload: { isAdmin: false },
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(demote.statusCode).toBe(200);
    expect(demote.json().isAdmin).toBe(false);
    expect(
      (await test.app.inject({ method: "GET", url: "/api/policies", headers })).statusCode,
    ).toBe(403);
  });

  it("deactivation (isVerified false) ends every session of that user", async () => {
    const staff = await signInAs(test.app, database, "user");
    const headers = { authorization: `Bearer ${staff.token}` };
    await test.app.inject({
      method: "PUT",
      url: `/api/users/list/update/${staff.userId}`,
      payload: { isVerified: false },
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(
      (await test.app.inject({ method: "GET", url: `/api/users/list/${staff.userId}`, headers }))
        .statusCode,
    ).toBe(401);
    const login = await test.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: staff.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it("lets a user read themselves but not others", async () => {
    const headers = { authorization: `Bearer ${user.token}` };
    expect(
      (
        await test.app.inject({ method: "GET", url: `/api/users/list/${user.userId}`, headers })
      ).json().email,
    ).toBe(user.email);
    expect(
      (await test.app.inject({ method: "GET", url: `/api/users/list/${admin.userId}`, headers }))
        .statusCode,
    ).toBe(403);
  });

  it("updates roles with the full list and refuses unknown fields or roles", async () => {
    const headers = { authorization: `Bearer ${admin.token}` };
    const url = `/api/users/list/update/${user.userId}`;
    const ok = await test.app.inject({
      method: "PUT",
      url,
      payload: { role: ["User", "Agent", "Support"] },
      headers,
    });
    expect(ok.json().role).toEqual(["User", "Agent", "Support"]);
    expect(
      (await test.app.inject({ method: "PUT", url, payload: { role: ["Overlord"] }, headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (await test.app.inject({ method: "PUT", url, payload: { email: "x@y.z" }, headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await test.app.inject({
          method: "PUT",
          url: "/api/users/list/update/nobody",
          payload: { isAdmin: true },
          headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe.each(testEngines())("lockout, last admin and one-time links on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { config: { rateLimitScale: 1000 } });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const login = (email: string, password: string, ip = "203.0.113.7") =>
    test.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email, password },
      remoteAddress: ip,
    });

  it("locks an account from an address after 5 failures there in 15 minutes, even with the right password", async () => {
    await upsertUser(database.handle.db, {
      email: "target@example.com",
      password: TEST_PASSWORD,
      kind: "user",
    });
    for (let i = 0; i < 5; i += 1) {
      expect((await login("target@example.com", `wrong-${i}`, "198.51.100.4")).statusCode).toBe(
        401,
      );
    }
    const locked = await login("target@example.com", TEST_PASSWORD, "198.51.100.4");
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBe(900);
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "like", "login.%")
      .execute();
    expect(audit.filter((a) => a.action === "login.failure")).toHaveLength(5);
    expect(audit.some((a) => a.action === "login.locked")).toBe(true);
  });

  it("locks an address after 25 failures (scaled) whatever the accounts", async () => {
    const strict = await createTestApp(database, { config: { rateLimitScale: 1 } });
    for (let i = 0; i < ADDRESS_LOCKOUT_FAILURES; i += 1) {
      await strict.app.inject({
        method: "POST",
        url: "/api/users/login",
        payload: { email: `nobody${i}@example.com`, password: "x" },
        remoteAddress: "203.0.113.99",
      });
    }
    const blocked = await strict.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: "other@example.com", password: "x" },
      remoteAddress: "203.0.113.99",
    });
    await strict.app.close();
    expect(blocked.statusCode).toBe(429);
  });

  it("never lets the last active admin lose admin rights or be deactivated", async () => {
    const only = await signInAs(test.app, database, "super-admin", "only.admin@example.com");
    const headers = { authorization: `Bearer ${only.token}` };
    const url = `/api/users/list/update/${only.userId}`;
    for (const payload of [{ isAdmin: false, supperAdmin: false }, { isVerified: false }]) {
      const response = await test.app.inject({ method: "PUT", url, payload, headers });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(
        "This is the last active administrator. Make another user an administrator first.",
      );
    }
    // Nor the last super admin their super admin rights (only they manage admins).
    const unsuper = await test.app.inject({
      method: "PUT",
      url,
      payload: { supperAdmin: false },
      headers,
    });
    expect(unsuper.statusCode).toBe(409);
    expect(unsuper.json().error).toBe(LAST_SUPER_ADMIN_MESSAGE);
    // Dropping the admin flag keeps them a (super) admin: allowed.
    expect(
      (await test.app.inject({ method: "PUT", url, payload: { isAdmin: false }, headers }))
        .statusCode,
    ).toBe(200);
  });

  const tokenFromOutbox = (kind: string, to: string) =>
    linkTokenFromMail(test.app, database, kind, to);

  it("resets a password through a one-time, 30-minute link without revealing accounts", async () => {
    await upsertUser(database.handle.db, {
      email: "forgetful@example.com",
      password: TEST_PASSWORD,
      kind: "user",
    });
    const known = await test.app.inject({
      method: "POST",
      url: "/api/users/forgot-password",
      payload: { email: "forgetful@example.com" },
    });
    const unknown = await test.app.inject({
      method: "POST",
      url: "/api/users/forgot-password",
      payload: { email: "nobody@example.com" },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const token = await tokenFromOutbox("password.reset", "forgetful@example.com");
    expect(token.length).toBeGreaterThan(20);
    const reset = (password: string) =>
      test.app.inject({
        method: "POST",
        url: "/api/users/reset-password",
        payload: { token, password },
      });
    expect((await reset("short")).statusCode).toBe(400);
    expect((await reset("a brand new passphrase")).statusCode).toBe(200);
    expect((await reset("another new passphrase")).statusCode).toBe(400);
    expect((await login("forgetful@example.com", TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login("forgetful@example.com", "a brand new passphrase")).statusCode).toBe(200);
  });

  it("signs in and resets by a fullwidth address as by its plain form (decision 0048)", async () => {
    await upsertUser(database.handle.db, {
      email: "wide.keys@example.com",
      password: TEST_PASSWORD,
      kind: "user",
    });
    const typed = "ＷＩＤＥ．ｋｅｙｓ＠ｅｘａｍｐｌｅ．ｃｏｍ";
    expect((await login(typed, TEST_PASSWORD)).statusCode).toBe(200);
    const forgot = await test.app.inject({
      method: "POST",
      url: "/api/users/forgot-password",
      payload: { email: typed },
    });
    expect(forgot.statusCode).toBe(200);
    expect(
      (await tokenFromOutbox("password.reset", "wide.keys@example.com")).length,
    ).toBeGreaterThan(20);
  });

  it("answers forgot-password before any lookup, so known and unknown emails take the same time", async () => {
    await upsertUser(database.handle.db, {
      email: "known.reset@example.com",
      password: TEST_PASSWORD,
      kind: "user",
    });
    const held = await createTestApp(database, { holdBackgroundTasks: true });
    const ask = (email: string) =>
      held.app.inject({ method: "POST", url: "/api/users/forgot-password", payload: { email } });
    const mailsTo = async (email: string) =>
      (
        await database.handle.db
          .selectFrom("mail_outbox")
          .select("id")
          .where("to_address", "=", email)
          .execute()
      ).length;
    const known = await ask("known.reset@example.com");
    const unknown = await ask("unknown.reset@example.com");
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    // Both answers went out before the lookup, the link and the mail: the same work for both.
    expect(held.app.background.held).toBe(2);
    expect(await mailsTo("known.reset@example.com")).toBe(0);
    await held.app.background.idle();
    expect(await mailsTo("known.reset@example.com")).toBe(1);
    expect(await mailsTo("unknown.reset@example.com")).toBe(0);
    await held.app.close();
  });

  it("refuses an expired reset link", async () => {
    await upsertUser(database.handle.db, {
      email: "slow@example.com",
      password: TEST_PASSWORD,
      kind: "user",
    });
    await test.app.inject({
      method: "POST",
      url: "/api/users/forgot-password",
      payload: { email: "slow@example.com" },
    });
    const token = await tokenFromOutbox("password.reset", "slow@example.com");
    const later = await createTestApp(database, {
      clock: () => new Date(Date.now() + 31 * 60 * 1000),
    });
    const response = await later.app.inject({
      method: "POST",
      url: "/api/users/reset-password",
      payload: { token, password: "too late for this one" },
    });
    await later.app.close();
    expect(response.statusCode).toBe(400);
  });

  it("invites staff who set their own password and become verified", async () => {
    const inviter = await signInAs(test.app, database, "admin");
    const invited = await test.app.inject({
      method: "POST",
      url: "/api/users/invite",
      payload: { email: "New.Agent@example.com", firstName: "Nia", lastName: "Agent" },
      headers: { authorization: `Bearer ${inviter.token}` },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: "new.agent@example.com", isVerified: false });
    expect((await login("new.agent@example.com", "anything at all here")).statusCode).toBe(401);
    const token = await tokenFromOutbox("user.invite", "new.agent@example.com");
    const accept = await test.app.inject({
      method: "POST",
      url: "/api/users/reset-password",
      payload: { token, password: "my own passphrase" },
    });
    expect(accept.statusCode).toBe(200);
    const signedIn = await login("new.agent@example.com", "my own passphrase");
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().isVerified).toBe(true);
    const again = await test.app.inject({
      method: "POST",
      url: "/api/users/invite",
      payload: { email: "new.agent@example.com" },
      headers: { authorization: `Bearer ${inviter.token}` },
    });
    expect(again.statusCode).toBe(409);
    const malformed = await test.app.inject({
      method: "POST",
      url: "/api/users/invite",
      payload: { email: "not-an-email" },
      headers: { authorization: `Bearer ${inviter.token}` },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("keeps passwords, tokens and personal data out of the logs", async () => {
    const logs = test.logs();
    expect(logs.length).toBeGreaterThan(1000);
    for (const secret of [
      TEST_PASSWORD,
      "a brand new passphrase",
      "my own passphrase",
      "forgetful@example.com",
      "target@example.com",
      "agency_refresh=",
      "Bearer ",
    ]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
  });
});
