import { hasUnsafeCharacters } from "@agency/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/app.ts";
import { signInAs } from "./test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "./test/databases.ts";
import { validQuotePayload } from "./test/fixtures.ts";

type Route = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  admin?: boolean;
  valid?: () => unknown;
};

const validContact = () => ({
  firstName: "Lee",
  lastName: "Vang",
  email: "lee.vang@example.com",
  phone: "6125550111",
  subject: "Other",
  message: "Hello there",
  notRobot: true,
});
const validAppointment = () => ({
  name: "Lee Vang",
  email: "lee.vang@example.com",
  phone: "6125550111",
  date: "2030-03-05",
  time: "10:00 AM",
  service: "Auto Insurance",
  message: "",
});

const ROUTES: Route[] = [
  { method: "POST", url: "/api/auto-quotes/send-auto-quote", valid: validQuotePayload },
  { method: "POST", url: "/api/contacts/send-contact", valid: validContact },
  { method: "POST", url: "/api/appointments/add-appointment", valid: validAppointment },
  { method: "GET", url: "/api/appointments/available-slots" },
  {
    method: "POST",
    url: "/api/users/login",
    valid: () => ({ email: "x@example.com", password: "whatever you like" }),
  },
  {
    method: "POST",
    url: "/api/users/login/second-factor",
    valid: () => ({ challenge: "c".repeat(43), code: "123456" }),
  },
  {
    method: "POST",
    url: "/api/users/login/enrolment",
    valid: () => ({ challenge: "c".repeat(43) }),
  },
  {
    method: "POST",
    url: "/api/users/login/enrolment/confirm",
    valid: () => ({ challenge: "c".repeat(43), code: "123456" }),
  },
  { method: "GET", url: "/api/users/two-factor", admin: true },
  { method: "POST", url: "/api/users/two-factor/setup", admin: true },
  {
    method: "POST",
    url: "/api/users/two-factor/confirm",
    admin: true,
    valid: () => ({ code: "123456" }),
  },
  {
    method: "POST",
    url: "/api/users/two-factor/recovery-codes",
    admin: true,
    valid: () => ({ code: "123456" }),
  },
  {
    method: "POST",
    url: "/api/users/two-factor/disable",
    admin: true,
    valid: () => ({ password: "whatever you like", code: "abcde-fghjk" }),
  },
  { method: "POST", url: "/api/users/refresh" },
  { method: "POST", url: "/api/users/logout" },
  { method: "POST", url: "/api/users/forgot-password", valid: () => ({ email: "x@example.com" }) },
  {
    method: "POST",
    url: "/api/users/reset-password",
    valid: () => ({ token: "t".repeat(40), password: "long enough password" }),
  },
  { method: "POST", url: "/api/users/change-password", admin: true },
  { method: "GET", url: "/api/health" },
  { method: "GET", url: "/api/users/list", admin: true },
  { method: "GET", url: "/api/users/list/ID", admin: true },
  {
    method: "PUT",
    url: "/api/users/list/update/ID",
    admin: true,
    valid: () => ({ role: ["User"] }),
  },
  {
    method: "POST",
    url: "/api/users/invite",
    admin: true,
    valid: () => ({ email: "fuzz@example.com" }),
  },
  { method: "POST", url: "/api/users/list/ID/invitation/resend", admin: true },
  { method: "DELETE", url: "/api/users/list/ID/invitation", admin: true },
  { method: "DELETE", url: "/api/users/list/ID", admin: true },
  {
    method: "PUT",
    url: "/api/users/me/name",
    admin: true,
    valid: () => ({ firstName: "Ada", lastName: "Lovelace" }),
  },
  { method: "GET", url: "/api/auto-quotes/get-all-auto-quotes", admin: true },
  { method: "GET", url: "/api/auto-quotes/export.csv", admin: true },
  {
    method: "PATCH",
    url: "/api/auto-quotes/ID/status",
    admin: true,
    valid: () => ({ status: "won" }),
  },
  { method: "POST", url: "/api/auto-quotes/ID/reveal", admin: true },
  { method: "DELETE", url: "/api/auto-quotes/delete-auto-quote/ID", admin: true },
  { method: "POST", url: "/api/auto-quotes/ID/restore", admin: true },
  { method: "GET", url: "/api/contacts/list-contacts", admin: true },
  { method: "DELETE", url: "/api/contacts/delete-contact/ID", admin: true },
  { method: "POST", url: "/api/contacts/ID/restore", admin: true },
  {
    method: "PATCH",
    url: "/api/contacts/ID/status",
    admin: true,
    valid: () => ({ status: "lost", lostReason: "other", lostDetail: "Chose a bundle elsewhere" }),
  },
  {
    method: "POST",
    url: "/api/contacts/staff-entry",
    admin: true,
    valid: () => ({
      ...validContact(),
      notRobot: undefined,
      source: "phone",
      notifyCustomer: true,
    }),
  },
  {
    method: "POST",
    url: "/api/auto-quotes/staff-entry",
    admin: true,
    valid: () => ({ ...validQuotePayload(), source: "walk-in" }),
  },
  {
    method: "POST",
    url: "/api/appointments/staff-entry",
    admin: true,
    valid: () => ({ ...validAppointment(), source: "email" }),
  },
  {
    method: "PATCH",
    url: "/api/contacts/ID/contact-details",
    admin: true,
    valid: () => ({ firstName: "Lee", email: "lee@example.com", phone: "6125550111" }),
  },
  {
    method: "PATCH",
    url: "/api/auto-quotes/ID/contact-details",
    admin: true,
    valid: () => ({ lastName: "Vang" }),
  },
  {
    method: "PATCH",
    url: "/api/appointments/ID/contact-details",
    admin: true,
    valid: () => ({ name: "Lee Vang" }),
  },
  {
    method: "POST",
    url: "/api/contacts/ID/notes",
    admin: true,
    valid: () => ({ kind: "call", body: "Left a message\nabout renewal", outcome: "reached" }),
  },
  { method: "GET", url: "/api/contacts/ID/notes", admin: true },
  {
    method: "PUT",
    url: "/api/auto-quotes/ID/assignee",
    admin: true,
    valid: () => ({ assignedTo: null }),
  },
  {
    method: "POST",
    url: "/api/tasks",
    admin: true,
    valid: () => ({
      subject: { kind: "contact", id: "0190a8f2-1b2c-7d3e-8f40-123456789abc" },
      text: "Call back",
      dueDate: "2099-01-02",
      dueTime: "09:00",
    }),
  },
  { method: "PATCH", url: "/api/tasks/ID", admin: true, valid: () => ({ text: "Call back" }) },
  { method: "GET", url: "/api/tasks", admin: true },
  { method: "GET", url: "/api/staff/assignable", admin: true },
  { method: "GET", url: "/api/dashboard/my-follow-ups", admin: true },
  { method: "GET", url: "/api/appointments/get-appointments", admin: true },
  { method: "DELETE", url: "/api/appointments/delete-appointment/ID", admin: true },
  { method: "POST", url: "/api/appointments/ID/restore", admin: true },
  { method: "GET", url: "/api/policies", admin: true },
  {
    method: "POST",
    url: "/api/policies",
    admin: true,
    valid: () => ({
      personId: "0190a8f2-1b2c-7d3e-8f40-123456789abc",
      carrier: "Sample Mutual Auto (sample)",
      lineOfBusiness: "auto",
      policyNumber: "FZ-1",
      effectiveDate: "2026-12-01",
      termMonths: 12,
      annualPremium: "1,234.56",
    }),
  },
  { method: "GET", url: "/api/policies/ID", admin: true },
  { method: "PATCH", url: "/api/policies/ID", admin: true, valid: () => ({ notes: "Paid" }) },
  {
    method: "POST",
    url: "/api/policies/ID/cancel",
    admin: true,
    valid: () => ({ cancelDate: "2027-01-15", reason: "Sold the car" }),
  },
  { method: "POST", url: "/api/policies/ID/non-renew", admin: true },
  { method: "POST", url: "/api/policies/ID/reinstate", admin: true },
  { method: "GET", url: "/api/people/ID/policies", admin: true },
  { method: "GET", url: "/api/settings", admin: true },
  { method: "GET", url: "/api/settings/security", admin: true },
  {
    method: "PUT",
    url: "/api/settings/security",
    admin: true,
    valid: () => ({ requireTwoFactor: false }),
  },
  { method: "GET", url: "/api/dashboard/overview", admin: true },
  { method: "POST", url: "/api/dashboard/notifications/seen", admin: true },
  {
    method: "POST",
    url: "/api/dashboard/notifications/read",
    admin: true,
    valid: () => ({ type: "contact", id: "none" }),
  },
  { method: "GET", url: "/api/prospects/timeline", admin: true },
];

/**
 * Characters that broke or could break a database or a reader: NUL (PostgreSQL refuses it
 * in text), other C0 and C1 controls, DEL, lone surrogates of both halves, bidirectional
 * overrides and isolates, line and paragraph separators, BOM and noncharacters.
 */
const HOSTILE_CHARACTERS = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009f",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
  "\u202a",
  "\u202e",
  "\u2066",
  "\u2069",
  "\u2028",
  "\u2029",
  "\ufeff",
  "\ufffe",
  "\uffff",
  "\u{10ffff}",
  "\r\n",
];

/**
 * Strings over the whole Unicode range (every code point, lone surrogates included), the
 * classes above, and strings that tend to break things: tags, SQL, prototype keys.
 */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.string({ unit: "binary-ascii" }),
  fc.string({ unit: "grapheme" }),
  fc
    .array(fc.oneof(fc.constantFrom(...HOSTILE_CHARACTERS), fc.string({ maxLength: 3 })), {
      maxLength: 6,
    })
    .map((parts) => parts.join("")),
  fc.constantFrom(
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "' OR 1=1 --",
    "'; DROP TABLE contacts; --",
    "__proto__",
    "constructor",
    "prototype",
    "𝓤𝓷𝓲𝓬𝓸𝓭𝓮",
    "%00",
    "../../etc/passwd",
    "a@example.com, b@example.com",
    "Eve <a@example.com>",
    "9".repeat(400),
    "",
    " ",
  ),
);

/** Leaves that are near what a form sends, and structure that is anything at all. */
const leaf = fc.oneof(nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const anyJson = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, leaf, tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 4 }),
  object: fc.dictionary(
    fc.oneof(nasty, fc.constantFrom("__proto__", "constructor", "email", "isAdmin")),
    tie("value"),
    { maxKeys: 5 },
  ),
})).value;

/**
 * A valid payload with hostile characters put inside one of its strings (at any depth):
 * the value stays valid, so it reaches the database, which is where NUL used to fail.
 */
function withHostileCharacters(valid: unknown) {
  return fc
    .tuple(
      fc.nat(),
      fc.nat(),
      fc.array(fc.constantFrom(...HOSTILE_CHARACTERS), { minLength: 1, maxLength: 3 }),
    )
    .map(([pick, at, pieces]) => {
      const copy = structuredClone(valid) as Record<string | number, unknown>;
      const strings: [Record<string | number, unknown>, string | number][] = [];
      const walk = (node: unknown) => {
        if (!node || typeof node !== "object") return;
        const record = node as Record<string | number, unknown>;
        for (const [key, child] of Object.entries(record)) {
          if (typeof child === "string") strings.push([record, key]);
          else walk(child);
        }
      };
      walk(copy);
      const target = strings[pick % Math.max(1, strings.length)];
      if (target) {
        const [holder, key] = target;
        const text = holder[key] as string;
        const position = at % (text.length + 1);
        holder[key] = text.slice(0, position) + pieces.join("") + text.slice(position);
      }
      return copy;
    });
}

/** A valid payload with one field (at any depth) replaced by something hostile. */
function mutated(valid: unknown) {
  return fc.tuple(fc.nat(), leaf).map(([index, replacement]) => {
    const copy = structuredClone(valid) as Record<string, unknown>;
    const paths: (string | number)[][] = [];
    const walk = (node: unknown, path: (string | number)[]) => {
      if (node && typeof node === "object") {
        for (const [key, child] of Object.entries(node)) {
          paths.push([...path, Array.isArray(node) ? Number(key) : key]);
          walk(child, [...path, Array.isArray(node) ? Number(key) : key]);
        }
      }
    };
    walk(copy, []);
    const path = paths[index % paths.length] ?? [];
    let target = copy as Record<string | number, unknown>;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
    const last = path.at(-1);
    if (last !== undefined) target[last] = replacement;
    return copy;
  });
}

const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=latin1",
);

describe.each(testEngines())("fuzzing every route on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let token: string;
  let adminId: string;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    const admin = await signInAs(test.app, database, "super-admin");
    token = admin.token;
    adminId = admin.userId;
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.url}`, route] as const))(
    "%s never answers 5xx",
    async (_name, route) => {
      const body = route.valid
        ? fc.oneof(anyJson, mutated(route.valid()), withHostileCharacters(route.valid()))
        : anyJson;
      await fc.assert(
        fc.asyncProperty(
          body,
          contentTypes,
          fc.option(fc.oneof(fc.uuid(), nasty), { nil: undefined }),
          fc.dictionary(
            fc.constantFrom(
              "limit",
              "offset",
              "q",
              "sort",
              "status",
              "assigned",
              "date",
              "email",
              "__proto__",
            ),
            nasty,
            { maxKeys: 3 },
          ),
          fc.oneof(
            fc.constant("ID"),
            fc.constant(adminId),
            // Any string, lone surrogates too: encodeURIComponent cannot encode those, so
            // they are sent as the replacement character a browser would send.
            nasty.filter((s) => s.length > 0).map((s) => s.toWellFormed()),
          ),
          async (payload, contentType, idempotencyKey, query, id) => {
            const search = new URLSearchParams(query).toString();
            const url = `${route.url.replace("ID", encodeURIComponent(id))}${search ? `?${search}` : ""}`;
            const response = await test.app.inject({
              method: route.method,
              url,
              headers: {
                "content-type": contentType,
                ...(idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey }),
                ...(route.admin ? { authorization: `Bearer ${token}` } : {}),
              },
              ...(route.method === "GET" || route.method === "DELETE"
                ? {}
                : { payload: JSON.stringify(payload) }),
            });
            if (response.statusCode >= 500) {
              throw new Error(
                `${response.statusCode} for ${route.method} ${url}: ${response.body}`,
              );
            }
          },
        ),
        { numRuns: 150 },
      );
    },
  );

  it("left the server healthy, unpolluted and without a stored tag", async () => {
    const probe = {} as Record<string, unknown>;
    expect(probe.isAdmin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("isAdmin");
    expect((await test.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    const db = database.handle.db;
    const tables = [
      await db.selectFrom("contacts").selectAll().execute(),
      await db.selectFrom("appointments").selectAll().execute(),
      await db.selectFrom("auto_quotes").selectAll().execute(),
      await db.selectFrom("quote_drivers").selectAll().execute(),
    ];
    for (const rows of tables) {
      for (const row of rows) {
        for (const value of Object.values(row)) {
          if (typeof value !== "string") continue;
          expect(value).not.toMatch(/<[a-z!/?]/i);
          // Decision 0022: no control (but tab and newline), bidi control or lone surrogate.
          expect(hasUnsafeCharacters(value)).toBe(false);
        }
      }
    }
  });
});
