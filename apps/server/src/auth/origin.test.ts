import { API_ROUTES, type RouteDefinition } from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { CROSS_SITE_MESSAGE } from "./origin.ts";

const PUBLIC_URL = "https://www.agency.example";

/** Refresh and logout answer only the site itself (decision 0046). */
describe.each(testEngines())("cookie routes check the origin on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  /** Behind a proxy the server trusts (TRUST_PROXY), as in production. */
  let proxied: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { config: { publicUrl: PUBLIC_URL } });
    proxied = await createTestApp(database, {
      config: { publicUrl: PUBLIC_URL, trustProxy: { proxies: ["127.0.0.1"] } },
    });
  });
  afterAll(async () => {
    await test.app.close();
    await proxied.app.close();
    await database.drop();
  });

  /** `inject` sends `Host: localhost:80`: the site's own origin is http://localhost. */
  const call = (
    path: "/api/users/refresh" | "/api/users/logout",
    cookie: string,
    headers: Record<string, string> = {},
    app = test.app,
  ) => app.inject({ method: "POST", url: path, headers: { cookie, ...headers } });

  const refused: [string, Record<string, string>][] = [
    ["another site", { origin: "https://evil.example" }],
    ["another port of the same host", { origin: "http://localhost:8080" }],
    ["a subdomain", { origin: "http://admin.localhost" }],
    ["an opaque origin", { origin: "null" }],
    ["garbage", { origin: "not a url at all" }],
    ["another scheme", { origin: "https://localhost" }],
    ["no Origin, but Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
    ["no Origin, but Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    [
      "another site, whatever Sec-Fetch-Site says",
      { origin: "https://evil.example", "sec-fetch-site": "same-origin" },
    ],
  ];

  it.each(refused)(
    "refuses logout and refresh from %s (403), and ends nothing",
    async (_name, headers) => {
      const session = await signInAs(test.app, database, "agent");
      for (const path of ["/api/users/logout", "/api/users/refresh"] as const) {
        const response = await call(path, session.cookie, headers);
        expect(response.statusCode, path).toBe(403);
        expect(response.json()).toEqual({
          success: false,
          message: CROSS_SITE_MESSAGE,
          error: CROSS_SITE_MESSAGE,
        });
        // Not even the cookie is touched.
        expect(response.headers["set-cookie"]).toBeUndefined();
      }
      expect((await call("/api/users/refresh", session.cookie)).statusCode).toBe(200);
    },
  );

  it.each([
    ["the site's own origin", { origin: "http://localhost" }],
    ["PUBLIC_URL's origin", { origin: PUBLIC_URL }],
    ["Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin" }],
    ["Sec-Fetch-Site: none (typed by the person)", { "sec-fetch-site": "none" }],
    ["neither header (curl, a server)", {}],
  ])("serves refresh, then logout, from %s", async (_name, headers) => {
    const session = await signInAs(test.app, database, "agent");
    const refreshed = await call("/api/users/refresh", session.cookie, headers);
    expect(refreshed.statusCode).toBe(200);
    const cookie = String(refreshed.headers["set-cookie"]).split(";")[0] ?? "";
    expect((await call("/api/users/logout", cookie, headers)).statusCode).toBe(200);
    expect((await call("/api/users/refresh", cookie)).statusCode).toBe(401);
  });

  it("behind a trusted proxy, the origin is the one the browser used (X-Forwarded-Host and -Proto)", async () => {
    const session = await signInAs(test.app, database, "agent");
    const forwarded = { "x-forwarded-host": "agency.internal:8443", "x-forwarded-proto": "https" };
    const own = await call(
      "/api/users/refresh",
      session.cookie,
      { ...forwarded, origin: "https://agency.internal:8443" },
      proxied.app,
    );
    expect(own.statusCode).toBe(200);
    const cookie = String(own.headers["set-cookie"]).split(";")[0] ?? "";
    // Without TRUST_PROXY those headers are anyone's words, and count for nothing.
    const untrusted = await call(
      "/api/users/refresh",
      cookie,
      { ...forwarded, origin: "https://agency.internal:8443" },
      test.app,
    );
    expect(untrusted.statusCode).toBe(403);
  });

  it("the refresh cookie authenticates nothing but refresh and logout", async () => {
    const session = await signInAs(test.app, database, "admin");
    const routes = Object.values(API_ROUTES as Record<string, Record<string, RouteDefinition>>)
      .flatMap((group) => Object.values(group))
      .filter((route) => route.path.startsWith("/api/users/") && route.access !== "public");
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const response = await test.app.inject({
        method: route.method,
        url: route.path.replace(/:[A-Za-z0-9_]+/g, session.userId),
        headers: { cookie: session.cookie },
      });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(401);
    }
  });
});
