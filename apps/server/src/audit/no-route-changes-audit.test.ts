import { createHash, randomUUID } from "node:crypto";
import { HOUSEHOLD_RELATIONSHIPS } from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditLogTable } from "../db/schema.ts";
import { ADMIN_ROUTES, UNKNOWN_ID } from "../test/admin-routes.ts";
import { ALL_ROUTES } from "../test/all-routes.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";
import { auditRow } from "./audit.ts";

/**
 * No route changes the audit log (issue 30 §3, decision 0084): every route of the contract
 * (the role matrix's walk), called as the most privileged role on real records and as
 * anonymous, with plausible bodies, leaves every entry that existed before byte for byte
 * as it was; routes only add entries.
 */

/**
 * Routes that delete a person's own audit entries on purpose, with the reason; they are
 * not walked here and their own tests say what they remove. None today: an "erase a
 * person" route (issue 30 §2) belongs here when it arrives.
 */
const PURGING_ROUTES: Record<string, string> = {};

/** Plausible bodies of the public forms (the staff routes' come from ADMIN_ROUTES). */
const PUBLIC_BODIES: Record<string, () => object> = {
  "POST /api/contacts/send-contact": () => ({
    firstName: "Ana",
    lastName: "Zimmer",
    email: "ana.zimmer@example.com",
    phone: "6125550101",
    subject: "Home Insurance",
    message: "Please call me about home insurance.",
    notRobot: true,
    formattedPhone: "6125550101",
  }),
  "POST /api/auto-quotes/send-auto-quote": validQuotePayload,
  "POST /api/appointments/add-appointment": () => ({
    name: "Pa Nhia Vang",
    email: "pa@example.com",
    phone: "(763) 555-0104",
    date: "2026-12-01",
    time: "02:00 PM",
    service: "Auto Insurance",
    message: "",
  }),
};

/** Bodies of the routes that change a person's details, naming the other seeded people. */
const PERSON_BODIES: Record<string, (ids: Record<string, string>) => object> = {
  "PATCH /api/people/:id": () => ({ phone: "(612) 555-0199", firstName: "Ána 🦊" }),
  "POST /api/people/:id/merge": (ids) => ({ otherId: ids.quotePerson }),
  "POST /api/people/:id/household": (ids) => ({
    personId: ids.bookingPerson,
    relationship: HOUSEHOLD_RELATIONSHIPS[0],
  }),
};

function bodyFor(
  method: string,
  path: string,
  ids: Record<string, string> = {},
): object | undefined {
  const person = PERSON_BODIES[`${method} ${path}`];
  if (person) return person(ids);
  const pattern = new RegExp(`^${path.replace(/:[A-Za-z0-9_]+/g, "[^/]+")}$`);
  const staff = ADMIN_ROUTES.find(
    (route) => route.method === method && pattern.test(route.url.split("?")[0] ?? ""),
  );
  return staff?.payload ?? PUBLIC_BODIES[`${method} ${path}`]?.();
}

function hashOf(row: AuditLogTable): string {
  const columns = [
    row.id,
    row.actor_user_id,
    row.action,
    row.target_type,
    row.target_id,
    row.ip,
    row.details,
    row.created_at,
  ];
  return createHash("sha256").update(JSON.stringify(columns)).digest("hex");
}

describe.each(testEngines())("no route changes the audit log on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  /** Real records for the routes' first id, by the path's first segment after /api. */
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    const send = async (url: string) => {
      const response = await test.app.inject({
        method: "POST",
        url,
        payload: bodyFor("POST", url),
      });
      if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
      return response.json().data._id as string;
    };
    ids.contacts = await send("/api/contacts/send-contact");
    ids["auto-quotes"] = await send("/api/auto-quotes/send-auto-quote");
    ids.appointments = await send("/api/appointments/add-appointment");
    const contact = await database.handle.db
      .selectFrom("contacts")
      .select("person_id")
      .where("id", "=", ids.contacts as string)
      .executeTakeFirstOrThrow();
    ids.people = contact.person_id ?? UNKNOWN_ID;
    const personOf = async (table: "auto_quotes" | "appointments", id: string | undefined) =>
      (
        await database.handle.db
          .selectFrom(table)
          .select("person_id")
          .where("id", "=", id ?? "")
          .executeTakeFirstOrThrow()
      ).person_id ?? UNKNOWN_ID;
    ids.quotePerson = await personOf("auto_quotes", ids["auto-quotes"]);
    ids.bookingPerson = await personOf("appointments", ids.appointments);
    const other = await signInAs(test.app, database, "agent");
    ids.users = other.userId;
    // Entries of every sort, the personal ones (which retention may delete) among them.
    await database.handle.db
      .insertInto("audit_log")
      .values([
        auditRow({
          actorUserId: other.userId,
          action: "lead.details_changed",
          target: { type: "contact", id: ids.contacts as string },
          ip: "203.0.113.5",
          details: { before: { firstName: "Ána 🦊" }, after: { firstName: "Ana" } },
        }),
        auditRow({
          actorUserId: other.userId,
          action: "person.updated",
          target: { type: "person", id: ids.people as string },
          ip: "2001:db8::5",
          details: { before: { phone: "6125550101" } },
        }),
        auditRow({
          actorUserId: other.userId,
          action: "record.viewed",
          target: { type: "person", id: ids.people as string },
          ip: "203.0.113.5",
        }),
        auditRow({ actorUserId: null, action: "retention.purged", ip: null }),
      ])
      .execute();
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const snapshot = async () =>
    new Map(
      (await database.handle.db.selectFrom("audit_log").selectAll().execute()).map((row) => [
        row.id,
        hashOf(row),
      ]),
    );

  /** The route's path with its first parameter a real record's id where one fits. */
  function urlOf(path: string): string {
    const id = ids[path.split("/")[2] ?? ""] ?? UNKNOWN_ID;
    return path.replace(/:[A-Za-z0-9_]+/, id).replace(/:[A-Za-z0-9_]+/g, UNKNOWN_ID);
  }

  it("names only routes of the contract as purging", () => {
    const known = new Set(ALL_ROUTES.map(({ route }) => `${route.method} ${route.path}`));
    for (const key of Object.keys(PURGING_ROUTES)) expect(known).toContain(key);
  });

  it.each(["super-admin", "anonymous"] as const)(
    "every route as %s leaves every entry as it was and only adds",
    async (caller) => {
      const session =
        caller === "anonymous" ? undefined : await signInAs(test.app, database, caller);
      const before = await snapshot();
      expect(before.size).toBeGreaterThan(4);
      let called = 0;
      for (const { name, route } of ALL_ROUTES) {
        if (`${route.method} ${route.path}` in PURGING_ROUTES) continue;
        const payload = bodyFor(route.method, route.path, ids);
        const response = await test.app.inject({
          method: route.method,
          url: urlOf(route.path),
          headers: {
            ...(session ? { authorization: `Bearer ${session.token}` } : {}),
            "idempotency-key": randomUUID(),
          },
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
        called += 1;
      }
      expect(called).toBe(ALL_ROUTES.length - Object.keys(PURGING_ROUTES).length);
      const after = await snapshot();
      const changed = [...before].filter(([id, hash]) => after.get(id) !== hash);
      expect(changed).toEqual([]);
      expect(after.size).toBeGreaterThanOrEqual(before.size);
    },
  );
});
