import { HOUSEHOLD_MESSAGES, HouseholdAnswerSchema, PersonPageSchema } from "@agency/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

let now = new Date("2026-11-23T16:30:00Z");
const UNKNOWN = "00000000-0000-7000-8000-000000000000";

describe.each(testEngines())("the household routes on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let auth: { authorization: string };
  let agentAuth: { authorization: string };
  let userAuth: { authorization: string };
  let manager: { userId: string };
  const people: Record<string, string> = {};
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => now });
    const signedIn = await signInAs(test.app, database, "manager");
    manager = signedIn;
    auth = { authorization: `Bearer ${signedIn.token}` };
    agentAuth = {
      authorization: `Bearer ${(await signInAs(test.app, database, "agent")).token}`,
    };
    userAuth = { authorization: `Bearer ${(await signInAs(test.app, database, "user")).token}` };
    const names = ["Ana", "Ben", "Cal", "Dee", "Eve"];
    for (const [index, first] of names.entries()) {
      now = new Date(now.getTime() + 60_000);
      const response = await test.app.inject({
        method: "POST",
        url: "/api/contacts/send-contact",
        payload: {
          firstName: first,
          lastName: "Lind",
          email: `${first.toLowerCase()}@example.com`,
          phone: `612555010${index}`,
          formattedPhone: `612555010${index}`,
          subject: "Home Insurance",
          message: "Please call me about home insurance.",
          notRobot: true,
        },
      });
      if (response.statusCode !== 201) throw new Error(response.body);
      const row = await database.handle.db
        .selectFrom("contacts")
        .select("person_id")
        .where("id", "=", response.json().data._id)
        .executeTakeFirstOrThrow();
      people[first.toLowerCase()] = row.person_id as string;
    }
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const id = (name: string) => {
    const found = people[name];
    if (!found) throw new Error(`no ${name}`);
    return found;
  };
  const link = (primary: string, payload: unknown, headers = auth) =>
    test.app.inject({
      method: "POST",
      url: `/api/people/${primary}/household`,
      payload: payload as object,
      headers,
    });
  const change = (primary: string, member: string, payload: unknown, headers = auth) =>
    test.app.inject({
      method: "PATCH",
      url: `/api/people/${primary}/household/${member}`,
      payload: payload as object,
      headers,
    });
  const unlink = (primary: string, member: string, headers = auth) =>
    test.app.inject({
      method: "DELETE",
      url: `/api/people/${primary}/household/${member}`,
      headers,
    });
  const householdOf = async (person: string) => {
    const response = await test.app.inject({
      method: "GET",
      url: `/api/people/${person}`,
      headers: auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    return PersonPageSchema.parse(response.json()).data.household;
  };
  const auditOf = (action: string) =>
    database.handle.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", action)
      .orderBy("created_at")
      .execute();

  it("links a spouse and a child into one household, shown on each member's page", async () => {
    expect(await householdOf(id("ana"))).toBeNull();
    const first = await link(id("ana"), { personId: id("ben"), relationship: "spouse" });
    expect(first.statusCode, first.body).toBe(201);
    expect(HouseholdAnswerSchema.parse(first.json()).message).toBe(HOUSEHOLD_MESSAGES.linked);
    // Through a member's page: the child joins the primary's household.
    const second = await link(id("ben"), { personId: id("cal"), relationship: "child" }, agentAuth);
    expect(second.statusCode, second.body).toBe(201);
    const expected = {
      primaryId: id("ana"),
      members: [
        { _id: id("ana"), firstName: "Ana", lastName: "Lind", relationship: "primary" },
        { _id: id("ben"), firstName: "Ben", lastName: "Lind", relationship: "spouse" },
        { _id: id("cal"), firstName: "Cal", lastName: "Lind", relationship: "child" },
      ],
    };
    expect(second.json().data).toEqual(expected);
    for (const person of ["ana", "ben", "cal"])
      expect(await householdOf(id(person))).toEqual(expected);
    expect(await householdOf(id("dee"))).toBeNull();
    const [audit] = await auditOf("household.linked");
    expect(audit).toMatchObject({
      actor_user_id: manager.userId,
      target_type: "person",
      target_id: id("ben"),
    });
    expect(JSON.parse(audit?.details as string)).toEqual({
      before: null,
      after: { primaryId: id("ana"), relationship: "spouse" },
    });
  });

  it("refuses the person themselves (400), an unknown person (404) and anyone already in a household (409)", async () => {
    const self = await link(id("ana"), { personId: id("ana"), relationship: "spouse" });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(HOUSEHOLD_MESSAGES.self);
    const viaMember = await link(id("ben"), { personId: id("ana"), relationship: "other" });
    expect(viaMember.statusCode).toBe(400);
    const unknownMember = await link(id("ana"), { personId: UNKNOWN, relationship: "child" });
    expect(unknownMember.statusCode).toBe(404);
    expect(unknownMember.json().message).toBe(HOUSEHOLD_MESSAGES.memberNotFound);
    const unknownPrimary = await link(UNKNOWN, { personId: id("dee"), relationship: "child" });
    expect(unknownPrimary.statusCode).toBe(404);
    expect(unknownPrimary.json().message).toBe(HOUSEHOLD_MESSAGES.personNotFound);
    // Ben is Ana's member; Ana heads a household: neither joins Dee's.
    for (const person of ["ben", "ana"]) {
      const twice = await link(id("dee"), { personId: id(person), relationship: "other" });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(HOUSEHOLD_MESSAGES.alreadyInHousehold);
    }
    expect(await householdOf(id("dee"))).toBeNull();
    expect(await auditOf("household.linked")).toHaveLength(2);
  });

  it("changes a relationship, audited before and after; the primary is fixed; 404 for a non-member", async () => {
    const changed = await change(id("ben"), id("cal"), { relationship: "other" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.members[2]).toMatchObject({ _id: id("cal"), relationship: "other" });
    const [audit] = await auditOf("household.changed");
    expect(JSON.parse(audit?.details as string)).toEqual({
      before: { relationship: "child" },
      after: { relationship: "other" },
    });
    // The same again changes nothing and writes nothing.
    expect((await change(id("ana"), id("cal"), { relationship: "other" })).statusCode).toBe(200);
    expect(await auditOf("household.changed")).toHaveLength(1);
    const primary = await change(id("ben"), id("ana"), { relationship: "spouse" });
    expect(primary.statusCode).toBe(409);
    expect(primary.json().message).toBe(HOUSEHOLD_MESSAGES.primaryFixed);
    const outsider = await change(id("ana"), id("dee"), { relationship: "spouse" });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().message).toBe(HOUSEHOLD_MESSAGES.notMember);
    expect((await change(UNKNOWN, id("cal"), { relationship: "spouse" })).statusCode).toBe(404);
  });

  it("removes members (the person stays); the household ends with its last member", async () => {
    expect((await unlink(id("ana"), id("ana"))).statusCode).toBe(409);
    expect((await unlink(id("ana"), id("dee"))).statusCode).toBe(404);
    const removed = await unlink(id("ana"), id("cal"));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.members.map((m: { _id: string }) => m._id)).toEqual([
      id("ana"),
      id("ben"),
    ]);
    expect(await householdOf(id("cal"))).toBeNull();
    const [audit] = await auditOf("household.unlinked");
    expect(JSON.parse(audit?.details as string)).toEqual({
      before: { primaryId: id("ana"), relationship: "other" },
      after: null,
    });
    const last = await unlink(id("ben"), id("ben"));
    expect(last.statusCode).toBe(200);
    expect(last.json().data).toBeNull();
    expect(await householdOf(id("ana"))).toBeNull();
    // Cal is free again: now Ana can join Cal's household.
    expect((await link(id("cal"), { personId: id("ana"), relationship: "other" })).statusCode).toBe(
      201,
    );
    expect((await unlink(id("cal"), id("ana"))).statusCode).toBe(200);
  });

  it("links at once never put a person in two households, nor a primary in another's", async () => {
    const [first, second] = await Promise.all([
      link(id("dee"), { personId: id("eve"), relationship: "spouse" }),
      link(id("cal"), { personId: id("eve"), relationship: "child" }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([201, 409]);
    const rows = await database.handle.db
      .selectFrom("household_members")
      .selectAll()
      .where("person_id", "=", id("eve"))
      .execute();
    expect(rows).toHaveLength(1);
    // And a person joining while their own household gains a member: never both.
    const primary = rows[0]?.primary_person_id ?? "";
    expect((await unlink(primary, id("eve"))).statusCode).toBe(200);
    const [join, gain] = await Promise.all([
      link(id("cal"), { personId: id("dee"), relationship: "other" }),
      link(id("dee"), { personId: id("eve"), relationship: "spouse" }),
    ]);
    // Dee joins Cal's household first (Eve then joins it through Dee, or is refused while
    // Dee's own household was being made), or Dee's gains Eve first (Dee is then refused).
    expect(join?.statusCode === 201 || gain?.statusCode === 201).toBe(true);
    for (const response of [join, gain]) expect([201, 409]).toContain(response?.statusCode);
    const all = await database.handle.db.selectFrom("household_members").selectAll().execute();
    const primaries = new Set(all.map((row) => row.primary_person_id));
    expect(all.filter((row) => primaries.has(row.person_id))).toEqual([]);
    for (const row of all)
      expect((await unlink(row.primary_person_id, row.person_id)).statusCode).toBe(200);
  });

  it("is for staff who work leads: 401 without a session, 403 for an account without access", async () => {
    const body = { personId: id("eve"), relationship: "spouse" };
    expect((await link(id("dee"), body, {} as typeof auth)).statusCode).toBe(401);
    expect((await link(id("dee"), body, userAuth)).statusCode).toBe(403);
    expect(
      (await change(id("dee"), id("eve"), { relationship: "child" }, userAuth)).statusCode,
    ).toBe(403);
    expect((await unlink(id("dee"), id("eve"), userAuth)).statusCode).toBe(403);
    expect(await householdOf(id("dee"))).toBeNull();
  });

  it("answers any body and any path with a 2xx or a 4xx, never a 5xx (whole Unicode)", async () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.constantFrom("spouse", "child", "other", "primary", "Spouse", "", " spouse"),
    );
    const value = fc.oneof(text, fc.constant(null), fc.integer(), fc.boolean(), fc.object());
    const personId = fc.oneof(value, fc.constantFrom(id("eve"), id("dee"), UNKNOWN));
    const body = fc.oneof(
      fc.record({ personId, relationship: value }, { requiredKeys: [] }),
      value,
    );
    await fc.assert(
      fc.asyncProperty(body, text, async (payload, segment) => {
        for (const response of [
          await link(id("dee"), payload),
          await link(encodeURIComponent(segment) || "x", payload),
          await change(id("dee"), encodeURIComponent(segment) || "x", payload),
          await unlink(encodeURIComponent(segment) || "x", id("eve")),
        ]) {
          expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
          expect(response.statusCode, response.body).toBeLessThan(500);
        }
        // Whatever happened, Dee's household is whole: Dee first, each member once.
        const household = await householdOf(id("dee"));
        if (household) {
          expect(household.members[0]?._id).toBe(id("dee"));
          await unlink(id("dee"), id("eve"));
        }
      }),
      { numRuns: 60 },
    );
  });
});
