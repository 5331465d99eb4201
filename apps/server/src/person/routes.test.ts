import { PERSON_MESSAGES, PeopleListSchema, PersonPageSchema } from "@agency/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { parseCsv } from "../test/csv.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";

// Monday 2026-11-23, 10:30 AM in Chicago: the clock every booking rule sees.
let now = new Date("2026-11-23T16:30:00Z");
const UNKNOWN = "00000000-0000-7000-8000-000000000000";

describe.each(testEngines())("the people routes on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let auth: { authorization: string };
  let manager: { userId: string };
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => now });
    const signedIn = await signInAs(test.app, database, "manager");
    manager = signedIn;
    auth = { authorization: `Bearer ${signedIn.token}` };
    const send = async (url: string, payload: object) => {
      now = new Date(now.getTime() + 60_000);
      const response = await test.app.inject({ method: "POST", url, payload });
      if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
      return response.json().data._id as string;
    };
    const message = (first: string, last: string, email: string, phone: string) =>
      send("/api/contacts/send-contact", {
        firstName: first,
        lastName: last,
        email,
        phone,
        subject: "Home Insurance",
        message: "Please call me about home insurance.",
        notRobot: true,
        formattedPhone: phone,
      });
    ids.ana = await message("Ana", "Zimmer", "ana.zimmer@example.com", "6125550101");
    ids.jose = await message("José", "Álvarez", "jose@example.com", "6125550102");
    const quote = validQuotePayload();
    Object.assign(quote.personalInfo, { email: "ANA.ZIMMER@example.com", phone: "6515550103" });
    ids.anaQuote = await send("/api/auto-quotes/send-auto-quote", quote);
    ids.booking = await send("/api/appointments/add-appointment", {
      name: "Pa Nhia Vang",
      email: "pa@example.com",
      phone: "(763) 555-0104",
      date: "2026-11-24",
      time: "02:00 PM",
      service: "Auto Insurance",
      message: "",
    });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const get = (url: string) => test.app.inject({ method: "GET", url, headers: auth });
  const patch = (id: string, payload: unknown) =>
    test.app.inject({
      method: "PATCH",
      url: `/api/people/${id}`,
      payload: payload as object,
      headers: auth,
    });
  const list = async (query: string) => {
    const response = await get(`/api/people?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return PeopleListSchema.parse(response.json());
  };
  const personOf = async (table: "contacts" | "appointments", id: string) =>
    (
      await database.handle.db
        .selectFrom(table)
        .select("person_id")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).person_id as string;

  it("lists people newest first with their lead counts, a page at a time with the total", async () => {
    const all = await list("");
    expect(all.total).toBe(3);
    expect(all.data.map((p) => p.lastName)).toEqual(["Vang", "Zimmer", "Álvarez"]);
    // The details of the lead that made them; their quote (another case, a new phone) is theirs.
    const ana = all.data[1];
    expect(ana).toMatchObject({
      firstName: "Ana",
      email: "ana.zimmer@example.com",
      phone: "6125550101",
      leadCounts: { quotes: 1, contacts: 1, appointments: 0 },
    });
    const page = await list("limit=1&offset=1");
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.data.map((p) => p.lastName)).toEqual(["Zimmer"]);
  });

  it("sorts by name or by when they were first seen, either way round", async () => {
    // By the stored text, as the lead lists sort names.
    expect((await list("sort=name")).data.map((p) => p.lastName)).toEqual([
      "Vang",
      "Zimmer",
      "Álvarez",
    ]);
    expect((await list("sort=name:desc")).data.map((p) => p.lastName)).toEqual([
      "Álvarez",
      "Zimmer",
      "Vang",
    ]);
    expect((await list("sort=created:asc")).data.map((p) => p.lastName)).toEqual([
      "Zimmer",
      "Álvarez",
      "Vang",
    ]);
    expect((await list("sort=latest:asc")).data.map((p) => p.lastName)).toEqual([
      "Álvarez",
      "Zimmer",
      "Vang",
    ]);
  });

  it("searches name, email and phone as the lead lists do, and filters by kind of lead", async () => {
    const names = async (query: string) => (await list(query)).data.map((p) => p.lastName);
    expect(await names("q=alvarez")).toEqual(["Álvarez"]);
    expect(await names("q=vang%20pa")).toEqual(["Vang"]);
    expect(await names(`q=${encodeURIComponent("(763) 555-0104")}`)).toEqual(["Vang"]);
    expect(await names("q=ANA.ZIM")).toEqual(["Zimmer"]);
    expect(await names("q=zz")).toEqual([]);
    expect(await names("has=appointment")).toEqual(["Vang"]);
    expect(await names("has=quote")).toEqual(["Zimmer"]);
    expect((await list("has=contact&q=ez")).total).toBe(1);
    const bad = await get("/api/people?has=policy");
    expect(bad.statusCode).toBe(400);
  });

  it("exports the searched and filtered people as CSV", async () => {
    const response = await get("/api/people/export.csv?has=contact&sort=name");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const rows = parseCsv(response.body.replace(/^\uFEFF/, ""));
    expect(rows[0]?.slice(0, 5)).toEqual(["id", "first name", "last name", "email", "phone"]);
    expect(rows.slice(1).map((row) => row[2])).toEqual(["Zimmer", "Álvarez"]);
  });

  it("shows one person with every lead on one timeline, newest first; 404 for an unknown id", async () => {
    const person = await personOf("contacts", ids.ana as string);
    const response = await get(`/api/people/${person}`);
    expect(response.statusCode).toBe(200);
    const page = PersonPageSchema.parse(response.json()).data;
    expect(page.person._id).toBe(person);
    expect(page.timeline.map((item) => [item.type, item._id])).toEqual([
      ["quote", ids.anaQuote],
      ["contact", ids.ana],
    ]);
    expect(page.timelineTotal).toBe(2);
    const unknown = await get(`/api/people/${UNKNOWN}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message ?? unknown.json().error).toBe(PERSON_MESSAGES.notFound);
  });

  it("changes a person's details, audited before and after, and their new email finds them", async () => {
    const person = await personOf("appointments", ids.booking as string);
    const response = await patch(person, {
      firstName: " Pa Nhia ",
      email: "PA.VANG@example.com",
      mailingAddress: { street: "1 Main St", city: "Saint Paul", state: "MN", zip: "55104" },
      preferredContact: "text",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      firstName: "Pa Nhia",
      email: "PA.VANG@example.com",
      mailingAddress: { street: "1 Main St", city: "Saint Paul", state: "MN", zip: "55104" },
      preferredContact: "text",
      leadCounts: { appointments: 1 },
    });
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id", "details"])
      .where("target_id", "=", person)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "person.updated", actor_user_id: manager.userId });
    expect(JSON.parse(audit[0]?.details ?? "{}")).toEqual({
      before: {
        email: "pa@example.com",
        street: "",
        city: "",
        state: "",
        zip: "",
        preferredContact: null,
      },
      after: {
        email: "PA.VANG@example.com",
        street: "1 Main St",
        city: "Saint Paul",
        state: "MN",
        zip: "55104",
        preferredContact: "text",
      },
    });
    expect((await list("q=pa.vang")).data.map((p) => p._id)).toEqual([person]);
    // A new lead with the new email is theirs.
    now = new Date(now.getTime() + 60_000);
    const message = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: {
        firstName: "Pa",
        lastName: "Vang",
        email: "pa.vang@example.com",
        phone: "2185550199",
        subject: "Other",
        message: "Hello again.",
        notRobot: true,
        formattedPhone: "2185550199",
      },
    });
    expect(await personOf("contacts", message.json().data._id)).toBe(person);
    // The same values again change nothing and audit nothing.
    expect((await patch(person, { firstName: "Pa Nhia" })).statusCode).toBe(200);
    const again = await database.handle.db
      .selectFrom("audit_log")
      .select("id")
      .where("target_id", "=", person)
      .execute();
    expect(again).toHaveLength(1);
  });

  it("refuses an email or phone that belongs to another person (409), and a person left unreachable (400)", async () => {
    const jose = await personOf("contacts", ids.jose as string);
    const taken = await patch(jose, { email: "ana.zimmer@EXAMPLE.com" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message ?? taken.json().error).toBe(PERSON_MESSAGES.emailTaken);
    const phone = await patch(jose, { phone: "(651) 555-0103" });
    expect(phone.statusCode).toBe(409);
    expect(phone.json().message ?? phone.json().error).toBe(PERSON_MESSAGES.phoneTaken);
    const nothing = await patch(jose, { email: "", phone: "" });
    expect(nothing.statusCode).toBe(400);
    const row = await database.handle.db
      .selectFrom("persons")
      .select(["email", "phone"])
      .where("id", "=", jose)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: "jose@example.com", phone: "6125550102" });
    expect((await patch(UNKNOWN, { notes: "x" })).statusCode).toBe(404);
    expect((await patch(jose, { preferredContact: "fax" })).statusCode).toBe(400);
    expect((await patch(jose, { mailingAddress: { zip: "5510" } })).statusCode).toBe(400);
  });

  it("answers any search and any edit with a 2xx or a 4xx, never a 5xx (whole Unicode)", async () => {
    const jose = await personOf("contacts", ids.jose as string);
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.string({ unit: fc.constantFrom(..."aZ9 |%_\\\"'@.-()+\u00e9\u2019"), maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.constantFrom("latest", "name:desc", "created", "x"),
        async (q, sort) => {
          const response = await get(
            `/api/people?q=${encodeURIComponent(q)}&sort=${encodeURIComponent(sort)}`,
          );
          expect(response.statusCode, response.body).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    const value = fc.oneof(text, fc.constant(null), fc.integer(), fc.constant(""), fc.boolean());
    const body = fc.record(
      {
        firstName: value,
        lastName: value,
        email: fc.oneof(value, fc.emailAddress()),
        phone: fc.oneof(value, fc.constantFrom("(612) 555-0177", "+1 612 555 0178")),
        mailingAddress: fc.oneof(
          value,
          fc.record(
            { street: value, city: value, state: fc.oneof(value, fc.constant("MN")), zip: value },
            { requiredKeys: [] },
          ),
        ),
        preferredContact: fc.oneof(value, fc.constantFrom("email", "phone", "text")),
        notes: value,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const response = await patch(jose, payload);
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it("suggests people with the same name and ZIP or date of birth as possible duplicates, merging nothing", async () => {
    const quote = async (email: string, phone: string, zip: string, dob: string) => {
      const body = validQuotePayload();
      Object.assign(body.personalInfo, { email, phone, zip, dob });
      now = new Date(now.getTime() + 60_000);
      const response = await test.app.inject({
        method: "POST",
        url: "/api/auto-quotes/send-auto-quote",
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(201);
      const row = await database.handle.db
        .selectFrom("auto_quotes")
        .select("person_id")
        .where("id", "=", response.json().data._id)
        .executeTakeFirstOrThrow();
      return row.person_id as string;
    };
    const first = await quote("m.one@example.com", "9525550111", "55409", "1986-04-12");
    const sameZip = await quote("m.two@example.com", "9525550112", "55409", "1990-01-01");
    const sameBirth = await quote("m.three@example.com", "9525550113", "55101", "1986-04-12");
    const neither = await quote("m.four@example.com", "9525550114", "55102", "1970-02-02");
    const response = await get(`/api/people/${first}/duplicates`);
    expect(response.statusCode, response.body).toBe(200);
    const found = (response.json().data as { person: { _id: string }; reasons: string[] }[]).map(
      (d) => [d.person._id, d.reasons],
    );
    expect(found).toEqual([
      [sameBirth, ["same-name-and-date-of-birth"]],
      [sameZip, ["same-name-and-zip"]],
    ]);
    expect(found.map(([id]) => id)).not.toContain(neither);
    expect((await get(`/api/people/${UNKNOWN}/duplicates`)).statusCode).toBe(404);
  });
});
