import {
  buildOpenApiDocument,
  PERMISSIONS,
  type Permission,
  permissionDeniedMessage,
  type RouteDefinition,
  roleHas,
  type StaffRole,
  toOpenApiPath,
} from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN_ID } from "../test/admin-routes.ts";
import { ALL_ROUTES } from "../test/all-routes.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import type { AccountKind } from "../user/service.ts";

/**
 * Every route of the contract × every kind of caller (decision 0025). Derived from
 * API_ROUTES, so a route added later is walked too. "Allowed" means anything but 401/403:
 * the requests carry no body and ids that do not exist, so an allowed caller gets 400 or
 * 404 as often as 200; the guard runs before validation, so a refused one gets 401/403.
 */

/**
 * Paths of staff work: the dashboard's data, settings, lead lists and exports (the service
 * pipeline's under /api/service-requests, the page /dashboard/service), a lead by
 * id, staff entry, other people's accounts. A route on one of them must name a permission,
 * never "public" or "user" (public forms, sign-in and one's own account live elsewhere).
 */
const STAFF_PATH =
  /^\/api\/(dashboard|prospects|policies|renewals|imports|reports|settings|notes|leads|tasks|service-requests)(\/|$)|^\/api\/privacy-requests\/(?!verify$)|\/:id(\/|$)|export|staff-entry|get-all|list-contacts|get-appointments|^\/api\/users\/(list|invite)/;
/** On a staff path, yet about the caller's own account (others' need users.manage, in the handler). */
const SELF_ROUTES = new Set(["GET /api/users/list/:id"]);

type Caller = "anonymous" | AccountKind;
const CALLERS: Caller[] = [
  "anonymous",
  "user",
  "agent",
  "support",
  "manager",
  "admin",
  "super-admin",
];
/** Written out here rather than derived, so the test checks the server's reading of roles. */
const STAFF_ROLE: Record<AccountKind, StaffRole | null> = {
  user: null,
  agent: "agent",
  support: "agent",
  manager: "manager",
  admin: "admin",
  "super-admin": "superAdmin",
};

const ROUTES = ALL_ROUTES;

function expectedFor(caller: Caller, access: RouteDefinition["access"]): "allowed" | 401 | 403 {
  if (access === "public") return "allowed";
  if (caller === "anonymous") return 401;
  if (access === "user") return "allowed";
  return roleHas(STAFF_ROLE[caller], access) ? "allowed" : 403;
}

describe("the contract's access declarations", () => {
  it.each(ROUTES.map(({ name, route }) => [name, route] as const))(
    "%s names a known permission, or is no staff work",
    (_name, route) => {
      const key = `${route.method} ${route.path}`;
      if (route.access === "public" || route.access === "user") {
        const isStaffWork = STAFF_PATH.test(route.path) && !SELF_ROUTES.has(key);
        expect(isStaffWork, `${key} is staff work: give it a permission`).toBe(false);
      } else {
        expect(PERMISSIONS).toContain(route.access as Permission);
      }
    },
  );
});

describe.each(testEngines())("every route × every role on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  const sessions = new Map<Caller, { token: string; userId: string }>();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    for (const caller of CALLERS) {
      if (caller !== "anonymous") sessions.set(caller, await signInAs(test.app, database, caller));
    }
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  it.each(CALLERS)("%s is allowed exactly what the matrix grants", async (caller) => {
    const session = sessions.get(caller);
    const outcomes: string[] = [];
    const wrong: string[] = [];
    for (const { name, route } of ROUTES) {
      // A user-level route about one account is called on the caller's own; others on no one
      // (a well-formed id: a malformed one names no route and answers 404 before the guard).
      const id = route.access === "user" ? (session?.userId ?? UNKNOWN_ID) : UNKNOWN_ID;
      const response = await test.app.inject({
        method: route.method,
        url: route.path.replace(/:[A-Za-z0-9_]+/g, id),
        headers: session ? { authorization: `Bearer ${session.token}` } : {},
      });
      const got = response.statusCode;
      expect(got, `${name}: ${response.body}`).toBeLessThan(500);
      const expected = expectedFor(caller, route.access);
      // Refresh and logout check their own credential (the cookie): their 401 is not the guard's.
      const refused = got === 403 || (got === 401 && route.access !== "public");
      const ok = expected === "allowed" ? !refused : got === expected;
      outcomes.push(`${name} ${got}`);
      if (!ok)
        wrong.push(`${name} (${route.access}): expected ${expected}, got ${got} ${response.body}`);
      if (ok && expected === 403) {
        expect(response.json().error).toBe(permissionDeniedMessage(route.access as Permission));
      }
    }
    expect(wrong).toEqual([]);
    expect(outcomes).toHaveLength(ROUTES.length);
  });
});

/** Every route with a path parameter, and a value of it that its `params` schema refuses. */
const PARAM_ROUTES = ROUTES.filter(({ route }) => route.path.includes("/:")).map(
  ({ name, route }) => {
    const malformed = ["no-such-action", "x".repeat(37), "%00"].find(
      (value) => route.params?.safeParse(paramsOf(route.path, value)).success === false,
    );
    return { name, route, malformed };
  },
);

function paramsOf(path: string, value: string): Record<string, string> {
  return Object.fromEntries(
    [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => [match[1], decodeURI(value)]),
  );
}

describe.each(testEngines())("an unknown path under a route's prefix on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  it("GET /api/contacts/no-such-action is 404 whoever asks, before authentication", async () => {
    const user = await signInAs(test.app, database, "user");
    for (const headers of [{}, { authorization: `Bearer ${user.token}` }]) {
      const response = await test.app.inject({
        method: "GET",
        url: "/api/contacts/no-such-action",
        headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: "Not found", error: "Not found" });
    }
  });

  it.each(PARAM_ROUTES.map((entry) => [entry.name, entry] as const))(
    "%s: a malformed parameter is 404, a well-formed unknown one is the guard's",
    async (_name, { route, malformed }) => {
      const url = (value: string) => route.path.replace(/:[A-Za-z0-9_]+/g, value);
      if (malformed !== undefined) {
        const response = await test.app.inject({ method: route.method, url: url(malformed) });
        expect(response.statusCode, `${route.method} ${url(malformed)}`).toBe(404);
        expect(response.json().error).toBe("Not found");
      }
      // Only a parameter with no shape at all (a manage link's token) has nothing malformed.
      if (malformed === undefined) expect(route.access).toBe("public");
      const known = await test.app.inject({ method: route.method, url: url(UNKNOWN_ID) });
      const where = `${route.method} ${url(UNKNOWN_ID)}`;
      if (route.access === "public") expect(known.statusCode, where).toBeLessThan(500);
      else expect(known.statusCode, where).toBe(401);
    },
  );
});

describe("the OpenAPI document", () => {
  it("shows each operation's access as x-access", () => {
    const document = buildOpenApiDocument();
    for (const { route } of ROUTES) {
      const operation = document.paths[toOpenApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toMatchObject({
        "x-access": route.access,
      });
    }
  });
});
