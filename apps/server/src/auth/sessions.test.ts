import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs, TEST_PASSWORD } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { signAccessToken } from "./tokens.ts";

const JWT_SECRET = "test-secret-that-is-long-enough-for-hmac-signing";
const HOUR_S = 60 * 60;
const DAY_S = 24 * HOUR_S;

/** Session lifetimes (decision 0045): 12 idle hours and 24 hours in all, or 7 days with remember me. */
describe.each(testEngines())("session lifetimes on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  const clock = { now: new Date() };
  const tick = (seconds: number) => {
    clock.now = new Date(clock.now.getTime() + seconds * 1000);
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => clock.now });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  async function signIn(rememberMe: boolean) {
    const account = await signInAs(test.app, database, "agent");
    const response = await test.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: account.email, password: TEST_PASSWORD, rememberMe },
    });
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers["set-cookie"]).split(";")[0] ?? "";
    return { ...account, cookie, token: response.json().token as string };
  }

  /** Refreshes with the cookie; answers the status and the rotated cookie (if any). */
  async function refresh(session: { cookie: string }) {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/users/refresh",
      headers: { cookie: session.cookie },
    });
    const setCookie = String(response.headers["set-cookie"] ?? "");
    if (response.statusCode === 200) session.cookie = setCookie.split(";")[0] ?? "";
    return { status: response.statusCode, setCookie, token: response.json().token as string };
  }

  /** A bearer call with a token for the session signed now (access tokens live 15 minutes). */
  async function bearerStatus(token: string) {
    const claims = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    const fresh = await signAccessToken(
      { userId: claims.sub, sessionId: claims.sid },
      JWT_SECRET,
      clock.now,
    );
    const response = await test.app.inject({
      method: "GET",
      url: `/api/users/list/${claims.sub}`,
      headers: { authorization: `Bearer ${fresh}` },
    });
    return response.statusCode;
  }

  it("a browser session slides 12 idle hours, but ends 24 hours after sign-in however active", async () => {
    const session = await signIn(false);
    tick(11 * HOUR_S);
    expect((await refresh(session)).status).toBe(200);
    tick(11 * HOUR_S);
    expect((await refresh(session)).status).toBe(200);
    // 22 hours in, just refreshed: the idle limit would run to 34 h, the cap stops it at 24 h.
    tick(2 * HOUR_S - 1);
    const last = await refresh(session);
    expect(last.status).toBe(200);
    expect(last.setCookie).not.toContain("Max-Age");
    tick(2);
    expect(await bearerStatus(last.token)).toBe(401);
    expect((await refresh(session)).status).toBe(401);
  });

  it("a browser session left alone ends after 12 idle hours", async () => {
    const session = await signIn(false);
    tick(12 * HOUR_S - 1);
    const kept = await refresh(session);
    expect(kept.status).toBe(200);
    tick(12 * HOUR_S + 1);
    expect((await refresh(session)).status).toBe(401);
  });

  it("remember me lasts 7 days from sign-in, and its cookie only as long as what is left", async () => {
    const session = await signIn(true);
    tick(DAY_S);
    const dayOne = await refresh(session);
    expect(dayOne.status).toBe(200);
    expect(dayOne.setCookie).toContain(`Max-Age=${6 * DAY_S}`);
    tick(6 * DAY_S - 2);
    const lastSecond = await refresh(session);
    expect(lastSecond.status).toBe(200);
    expect(lastSecond.setCookie).toMatch(/Max-Age=2(;|$)/);
    tick(3);
    expect(await bearerStatus(lastSecond.token)).toBe(401);
    expect((await refresh(session)).status).toBe(401);
  });

  it("a browser session whose expiry slid past the cap before it existed ends at once", async () => {
    const session = await signIn(false);
    tick(30 * HOUR_S);
    // What the sliding expiry did before decision 0045: refreshed all along, never capped.
    await database.handle.db
      .updateTable("sessions")
      .set({ expires_at: new Date(clock.now.getTime() + 6 * 3600_000).toISOString() })
      .where("user_id", "=", session.userId)
      .execute();
    expect(await bearerStatus(session.token)).toBe(401);
    expect((await refresh(session)).status).toBe(401);
  });
});
