import { DuplicateGroupsSchema, personDuplicateKeys } from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgePeople } from "../operations/repository.ts";
import { purgeExpired } from "../operations/retention.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";

let now = new Date("2026-11-23T16:30:00Z");

describe.each(testEngines())("the Duplicates list on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let manager: { authorization: string };
  let agent: { authorization: string };
  let plain: { authorization: string };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => now });
    await signInAll();
  });
  /** Signed in again after a purge a month on (it deletes the sessions that ended). */
  const signInAll = async () => {
    const bearer = async (kind: "manager" | "agent" | "user") => ({
      authorization: `Bearer ${(await signInAs(test.app, database, kind)).token}`,
    });
    manager = await bearer("manager");
    agent = await bearer("agent");
    plain = await bearer("user");
  };
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });
  const db = () => database.handle.db;

  const personOf = async (table: "auto_quotes" | "contacts", id: string) =>
    (
      await db()
        .selectFrom(table)
        .select("person_id")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).person_id as string;

  /** A quote from the form; its person's id. */
  const quote = async (info: {
    first: string;
    last: string;
    email: string;
    phone: string;
    zip: string;
    dob: string;
  }) => {
    const body = validQuotePayload();
    Object.assign(body.personalInfo, {
      firstName: info.first,
      lastName: info.last,
      email: info.email,
      phone: info.phone,
      zip: info.zip,
      dob: info.dob,
    });
    now = new Date(now.getTime() + 60_000);
    const response = await test.app.inject({
      method: "POST",
      url: "/api/auto-quotes/send-auto-quote",
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return personOf("auto_quotes", response.json().data._id);
  };
  /** A message from the form; its person's id. */
  const message = async (first: string, last: string, email: string, phone: string) => {
    now = new Date(now.getTime() + 60_000);
    const response = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: {
        firstName: first,
        lastName: last,
        email,
        phone,
        subject: "Other",
        message: "Hello.",
        notRobot: true,
        formattedPhone: phone,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return personOf("contacts", response.json().data._id);
  };
  const groups = async (query = "", headers = manager) => {
    const response = await test.app.inject({
      method: "GET",
      url: `/api/people/duplicates${query}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return DuplicateGroupsSchema.parse(response.json());
  };
  /** Each group as its reason and its people's ids, sorted. */
  const shape = (list: Awaited<ReturnType<typeof groups>>) =>
    list.data.map((group) => [group.reason, group.people.map((person) => person._id).sort()]);

  /**
   * The stored keys are what the rule gives every person from scratch, and each group's
   * count is how many people hold its key.
   */
  const expectKeysRight = async () => {
    const people = await db()
      .selectFrom("persons")
      .select(["id", "first_name", "last_name", "zip", "email"])
      .execute();
    const dates = await db()
      .selectFrom("auto_quotes")
      .select(["person_id", "dob"])
      .where("person_id", "is not", null)
      .execute();
    const expected = people
      .flatMap((person) =>
        personDuplicateKeys(
          {
            firstName: person.first_name,
            lastName: person.last_name,
            zip: person.zip,
            email: person.email,
          },
          dates.filter((row) => row.person_id === person.id).map((row) => row.dob),
        ).map((key) => `${key} ${person.id}`),
      )
      .sort();
    const stored = (await db().selectFrom("person_duplicate_keys").selectAll().execute())
      .map((row) => `${row.key} ${row.person_id}`)
      .sort();
    expect(stored).toEqual(expected);
    const counts = new Map<string, number>();
    for (const row of stored) {
      const key = row.slice(0, row.lastIndexOf(" "));
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const groupRows = await db().selectFrom("duplicate_groups").selectAll().execute();
    expect(Object.fromEntries(groupRows.map((row) => [row.key, Number(row.people)]))).toEqual(
      Object.fromEntries(counts),
    );
  };

  it("keeps every person's keys as they are made, edited, merged, unmerged and purged, and lists the groups", async () => {
    expect((await groups()).total).toBe(0);
    const a = await quote({
      first: "Maya",
      last: "Lind",
      email: "maya.lind+quotes@gmail.com",
      phone: "6125550201",
      zip: "55409",
      dob: "1980-05-05",
    });
    const b = await quote({
      first: "MAYA",
      last: "Lind ",
      email: "maya.one@example.com",
      phone: "6125550202",
      zip: "55409",
      dob: "1980-05-05",
    });
    const c = await message("Sam", "Other", "MayaLind@gmail.com", "6125550203");
    await message("Nobody", "Else", "nobody@example.com", "6125550204");
    await expectKeysRight();
    const first = await groups();
    expect(first.total).toBe(3);
    // The email groups first, then by name; each group's people most recently heard from first.
    expect(first.data.map((group) => group.reason)).toEqual([
      "similar-email",
      "same-name-and-date-of-birth",
      "same-name-and-zip",
    ]);
    expect(first.data[1]?.people.map((person) => person._id)).toEqual([b, a]);
    expect(first.data[1]?.size).toBe(2);
    expect(shape(first)[0]).toEqual(["similar-email", [a, c].sort()]);
    // The person page's suggestions read the same keys.
    const suggested = await test.app.inject({
      method: "GET",
      url: `/api/people/${a}/duplicates`,
      headers: manager,
    });
    expect(
      suggested
        .json()
        .data.map((entry: { person: { _id: string }; reasons: string[] }) => [
          entry.person._id,
          entry.reasons,
        ]),
    ).toEqual([
      [c, ["similar-email"]],
      [b, ["same-name-and-zip", "same-name-and-date-of-birth"]],
    ]);

    // Paging: a page at a time, the total each time.
    const page = await groups("?limit=1&offset=1");
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(shape(page)).toEqual([shape(first)[1]]);

    // An edit: a new name leaves the name groups, a new email the email group.
    const renamed = await test.app.inject({
      method: "PATCH",
      url: `/api/people/${b}`,
      headers: manager,
      payload: { firstName: "Mia" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const emailed = await test.app.inject({
      method: "PATCH",
      url: `/api/people/${c}`,
      headers: manager,
      payload: { email: "sam.other@example.com" },
    });
    expect(emailed.statusCode, emailed.body).toBe(200);
    await expectKeysRight();
    expect((await groups()).total).toBe(0);
    const back = await test.app.inject({
      method: "PATCH",
      url: `/api/people/${b}`,
      headers: manager,
      payload: { firstName: "Maya" },
    });
    expect(back.statusCode, back.body).toBe(200);
    await expectKeysRight();
    expect((await groups()).total).toBe(2);

    // A merge ends the groups (one person holds the keys); its undo brings them back.
    const merged = await test.app.inject({
      method: "POST",
      url: `/api/people/${a}/merge`,
      headers: manager,
      payload: { otherId: b },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    await expectKeysRight();
    expect((await groups()).total).toBe(0);
    const undone = await test.app.inject({
      method: "POST",
      url: `/api/people/merges/${merged.json().data.mergeId}/undo`,
      headers: manager,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    await expectKeysRight();
    expect(shape(await groups())).toEqual([
      ["same-name-and-date-of-birth", [a, b].sort()],
      ["same-name-and-zip", [a, b].sort()],
    ]);

    // A new quote of a known person brings its date of birth to their keys.
    const later = await quote({
      first: "Otto",
      last: "Berg",
      email: "otto.berg@example.com",
      phone: "6125550205",
      zip: "55111",
      dob: "1975-01-01",
    });
    const again = await quote({
      first: "Otto",
      last: "Berg",
      email: "otto.berg@example.com",
      phone: "6125550205",
      zip: "55111",
      dob: "1975-02-02",
    });
    expect(again).toBe(later);
    const twin = await message("Otto", "Berg", "otto.b@example.com", "6125550206");
    await expectKeysRight();
    expect((await groups()).total).toBe(2);
    // Filling in the message's person's ZIP (an edit) puts them with Otto.
    const zipped = await test.app.inject({
      method: "PATCH",
      url: `/api/people/${twin}`,
      headers: manager,
      payload: {
        mailingAddress: { street: "1 Main St", city: "Minneapolis", state: "MN", zip: "55111" },
      },
    });
    expect(zipped.statusCode, zipped.body).toBe(200);
    await expectKeysRight();
    expect((await groups()).total).toBe(3);

    // Retention: the older leads go (every quote here), and with each quote its date of
    // birth from its person's keys; a person who goes takes their keys with them.
    const keep = await message("Otto", "Berg", "otto.berg@example.com", "6125550205");
    expect(keep).toBe(later);
    const purgeAt = new Date(now.getTime() - 30_000);
    purgeAt.setUTCMonth(purgeAt.getUTCMonth() + 1);
    const purged = await purgeExpired(db(), 1, purgeAt);
    expect(purged.auto_quotes).toBeGreaterThanOrEqual(4);
    await signInAll();
    await expectKeysRight();
    const ottoKeys = await db()
      .selectFrom("person_duplicate_keys")
      .select("key")
      .where("person_id", "=", later)
      .execute();
    expect(ottoKeys.map((row) => row.key)).toEqual([
      "em:otto.berg@example.com",
      "n:otto berg|zip:55111",
    ]);
    // The second Maya and the message's Otto had no lead left and were last changed before
    // the cutoff: gone, and their keys with them, so no group is left.
    const left = (await db().selectFrom("persons").select("id").execute()).map((row) => row.id);
    expect(left).toContain(later);
    expect(left).not.toContain(b);
    expect(left).not.toContain(twin);
    expect((await groups()).total).toBe(0);
    expect(await purgePeople(db(), [later])).toBe(1);
    await expectKeysRight();
    const ottoLeft = await db()
      .selectFrom("person_duplicate_keys")
      .select("key")
      .where("person_id", "=", later)
      .execute();
    expect(ottoLeft).toEqual([]);
  });

  it("lets staff who see leads read it; 401 without signing in, 403 without the dashboard; 400 for a bad page", async () => {
    expect((await groups("", agent)).success).toBe(true);
    const anonymous = await test.app.inject({ method: "GET", url: "/api/people/duplicates" });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await test.app.inject({
      method: "GET",
      url: "/api/people/duplicates",
      headers: plain,
    });
    expect(forbidden.statusCode).toBe(403);
    for (const query of ["limit=0", "limit=101", "limit=ten", "offset=-1"]) {
      const response = await test.app.inject({
        method: "GET",
        url: `/api/people/duplicates?${query}`,
        headers: manager,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/limit|offset/);
    }
  });
});
