import { leadSearchTerm } from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

/**
 * A search lists exactly the leads whose search text holds the term: near-miss surnames
 * ("Rlmzrljpgt" / "Rlctkrjwcg", as e2e's uniqueTag("Rl") makes them) never stand in for
 * each other, after edits, archive and restore too.
 */
describe.each(testEngines())("searching near-miss surnames on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    auth = { authorization: `Bearer ${(await signInAs(test.app, database, "admin")).token}` };
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const call = (method: "GET" | "POST" | "DELETE" | "PATCH", url: string, payload?: object) =>
    test.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  let sent = 0;
  const send = async (lastName: string) => {
    sent += 1;
    const response = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: {
        firstName: "Rowan",
        lastName,
        email: `${lastName.toLowerCase()}@example.com`,
        phone: `612-555-${String(1000 + sent)}`,
        subject: "Other",
        message: "Please call me about a home policy.",
        notRobot: true,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data._id as string;
  };
  const listed = async (q: string) => {
    const q1 = encodeURIComponent(q);
    const all = (await call("GET", `/api/contacts/list-contacts?q=${q1}`)).json();
    const paged = (
      await call("GET", `/api/contacts/list-contacts?q=${q1}&limit=100&sort=name:asc`)
    ).json();
    const header = (await call("GET", `/api/prospects/search?q=${q1}`)).json();
    const lastNames = (rows: { lastName: string }[]) => rows.map((r) => r.lastName).sort();
    expect(lastNames(paged.contacts)).toEqual(lastNames(all.contacts));
    expect(paged.total).toBe(all.contacts.length);
    return {
      list: lastNames(all.contacts),
      header: (header.people as { email: string }[]).map((p) => p.email).sort(),
    };
  };

  it("finds one surname and not its near miss, through edits, archive and restore", async () => {
    const a = await send("Rlmzrljpgt");
    const b = await send("Rlctkrjwcg");
    const check = async (present: string[]) => {
      for (const name of ["Rlmzrljpgt", "Rlctkrjwcg", "Rlxxxxxxxx"]) {
        const expected = present.filter((p) => p === name);
        const found = await listed(name);
        expect(found.list, name).toEqual(expected);
        expect(found.header, name).toEqual(expected.map((p) => `${p.toLowerCase()}@example.com`));
      }
      expect((await listed("Rl")).list).toEqual([...present].sort());
    };
    await check(["Rlmzrljpgt", "Rlctkrjwcg"]);
    // Edit one's details (and back): the index follows.
    const edited = await call("PATCH", `/api/contacts/${b}/contact-details`, {
      lastName: "Rlqqqqqqqq",
      email: "rlqqqqqqqq@example.com",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await listed("Rlctkrjwcg")).list).toEqual([]);
    expect((await listed("Rlqqqqqqqq")).list).toEqual(["Rlqqqqqqqq"]);
    await call("PATCH", `/api/contacts/${b}/contact-details`, {
      lastName: "Rlctkrjwcg",
      email: "rlctkrjwcg@example.com",
    });
    await check(["Rlmzrljpgt", "Rlctkrjwcg"]);
    // Archive and restore either one.
    for (const id of [a, b]) {
      expect((await call("DELETE", `/api/contacts/delete-contact/${id}`)).statusCode).toBe(200);
      await check(id === a ? ["Rlctkrjwcg"] : ["Rlmzrljpgt"]);
      expect((await call("POST", `/api/contacts/${id}/restore`)).statusCode).toBe(200);
      await check(["Rlmzrljpgt", "Rlctkrjwcg"]);
    }
  });

  it("agrees with a plain substring test over many random Rl surnames", async () => {
    // Seeded, so a failure repeats.
    let seed = 20261124;
    const letter = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return String.fromCharCode(97 + (Math.floor(seed / 65536) % 26));
    };
    const names: string[] = [];
    for (let i = 0; i < 40; i++) {
      const letters = Array.from({ length: 8 }, letter).join("");
      names.push(`Rl${letters}`);
    }
    for (const name of names) await send(name);
    const { rows } = await database.handle.db
      .selectFrom("contacts")
      .select(["last_name", "search_text", "archived_at"])
      .execute()
      .then((r) => ({ rows: r.filter((x) => x.archived_at === null) }));
    for (const name of names) {
      for (const q of [name, name.slice(1, 6), name.slice(-4), name.slice(2, 4)]) {
        const term = leadSearchTerm(q);
        const expected = rows
          .filter((r) => r.search_text.includes(term))
          .map((r) => r.last_name)
          .sort();
        expect((await listed(q)).list, q).toEqual(expected);
      }
    }
  });
});
