import { leadSearchText } from "@agency/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frozenSearchText } from "../db/migrations/20261125110000_search.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { contactRow, validQuotePayload } from "../test/fixtures.ts";
import { refreshSearchText } from "./repository.ts";

// Tuesday 2026-11-24, 10:00 AM in Chicago (16:00 UTC). Weeks begin on Sunday the 22nd.
const NOW = new Date("2026-11-24T16:00:00Z");

type Person = { first: string; last: string; email: string; phone: string };
const MARIA: Person = {
  first: "Maria",
  last: "Ali",
  email: "Maria.Ali@example.com",
  phone: "(612) 555-0382",
};
const JOSE: Person = {
  first: "José",
  last: "O’Brien",
  email: "jose@example.net",
  phone: "651-555-0199",
};
const PA: Person = {
  first: "Pa Nhia",
  last: "Vang",
  email: "pnv_100%@example.org",
  phone: "7635550123",
};
const HASSAN: Person = {
  first: "Ali",
  last: "Hassan",
  email: "hassan@example.com",
  phone: "6125550400",
};

type Body = { data?: Item[]; contacts?: Item[] };

const LISTS = {
  quotes: {
    url: "/api/auto-quotes/get-all-auto-quotes",
    pick: (b: Body) => b.data,
    table: "auto_quotes",
  },
  contacts: {
    url: "/api/contacts/list-contacts",
    pick: (b: Body) => b.contacts,
    table: "contacts",
  },
  appointments: {
    url: "/api/appointments/get-appointments",
    pick: (b: Body) => b.data,
    table: "appointments",
  },
} as const;
/** Who sent what: quotes from Maria and Pa; messages from Maria, José and Hassan; bookings from Maria, Pa and José. */
const SENT = {
  quotes: [MARIA, PA],
  contacts: [MARIA, JOSE, HASSAN],
  appointments: [MARIA, PA, JOSE],
};

type Item = { email?: string; personalInfo?: { email: string } };
const emailOf = (item: Item): string =>
  (item.personalInfo?.email ?? item.email ?? "").toLowerCase();

describe("the migration's frozen copy of the search text", () => {
  it("still agrees with the domain's leadSearchText (else a new migration must recompute)", () => {
    // Any text, and text that is mostly printable ASCII with runs of spaces, bars, tabs and
    // a curly quote (where normaliseSearchText's ASCII shortcut and its full path meet).
    const text = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.string({ unit: fc.constantFrom(..."aZ9 |  @.-'\t\n\u00a0\u2019\u00e9~"), maxLength: 30 }),
    );
    fc.assert(
      fc.property(
        fc.option(text, { nil: undefined }),
        text,
        text,
        text,
        text,
        (name, first, last, email, phone) => {
          const person =
            name === undefined
              ? { firstName: first, lastName: last, email, phone }
              : { name, email, phone };
          expect(frozenSearchText(person)).toBe(leadSearchText(person));
        },
      ),
    );
  });
});

describe.each(testEngines())("finding people on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => NOW });
    auth = { authorization: `Bearer ${(await signInAs(test.app, database, "admin")).token}` };
    const send = async (url: string, payload: object) => {
      const response = await test.app.inject({ method: "POST", url, payload });
      if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
    };
    for (const p of SENT.quotes) {
      const quote = validQuotePayload();
      Object.assign(quote.personalInfo, {
        firstName: p.first,
        lastName: p.last,
        email: p.email,
        phone: p.phone,
      });
      await send("/api/auto-quotes/send-auto-quote", quote);
    }
    for (const p of SENT.contacts) {
      await send("/api/contacts/send-contact", {
        firstName: p.first,
        lastName: p.last,
        email: p.email,
        phone: p.phone,
        subject: "Other",
        message: "Please call me back about my policy.",
        notRobot: true,
      });
    }
    for (const [i, p] of SENT.appointments.entries()) {
      await send("/api/appointments/add-appointment", {
        name: `${p.first} ${p.last}`,
        email: p.email,
        phone: p.phone,
        date: "2026-11-25",
        time: ["10:00 AM", "11:00 AM", "02:00 PM"][i],
        service: "Home Insurance",
        message: "",
      });
    }
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const get = (url: string) => test.app.inject({ method: "GET", url, headers: auth });
  const emails = async (kind: keyof typeof LISTS, query: string) => {
    const response = await get(`${LISTS[kind].url}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return (LISTS[kind].pick(response.json()) ?? []).map(emailOf).sort();
  };
  const who = (kind: keyof typeof LISTS, ...people: Person[]) =>
    SENT[kind]
      .filter((p) => people.includes(p))
      .map((p) => p.email.toLowerCase())
      .sort();

  describe.each(Object.keys(LISTS) as (keyof typeof LISTS)[])("the %s list", (kind) => {
    it.each([
      ["Maria Ali", [MARIA]],
      ["  maria   ALI ", [MARIA]],
      ["Ali Maria", [MARIA]],
      ["mari", [MARIA]],
      ["ali", [MARIA, HASSAN]],
      ["al", [MARIA, HASSAN]],
      ["Vang", [PA]],
      ["pa nhia", [PA]],
      ["maria.ali@", [MARIA]],
      ["EXAMPLE.COM", [MARIA, HASSAN]],
      ["_100%", [PA]],
      ["%", [PA]],
      ["(612) 555-0382", [MARIA]],
      ["612-555-0382", [MARIA]],
      ["6125550382", [MARIA]],
      ["+1 612 555 0382", [MARIA]],
      ["555-0382", [MARIA]],
      ["612555", [MARIA, HASSAN]],
      ["jose o'brien", [JOSE]],
      ["JOSÉ", [JOSE]],
      ["Maria Olson", []],
    ] as const)("q=%j", async (q, people) => {
      const expected = who(kind, ...people);
      expect(await emails(kind, `q=${encodeURIComponent(q)}`)).toEqual(expected);
      // Paged, sorted and searched on the server: the same rows.
      expect(await emails(kind, `q=${encodeURIComponent(q)}&limit=25&sort=name:asc`)).toEqual(
        expected,
      );
    });

    it("treats a blank search as no search", async () => {
      expect(await emails(kind, "q=%20%20")).toEqual(who(kind, ...SENT[kind]));
    });
  });

  describe("date filters, on the agency's calendar", () => {
    // Arrival instants at the edges of Central days; each list gets the same ones.
    const ARRIVALS = {
      sat2359: "2026-11-22T05:59:59.999Z", // Saturday 21st, 23:59:59.999 CST
      sun0000: "2026-11-22T06:00:00.000Z", // Sunday 22nd, 00:00 CST: this week begins
      mon2359: "2026-11-24T05:59:59.999Z", // Monday 23rd, 23:59:59.999 CST (UTC says the 24th)
      tue0000: "2026-11-24T06:00:00.000Z", // Tuesday 24th, 00:00 CST: today begins
      nov1Cdt: "2026-11-01T05:00:00.000Z", // Sunday 1st, 00:00 CDT: DST ends at 2 AM
      nov1Late: "2026-11-02T05:59:59.999Z", // Sunday 1st, 23:59:59.999 CST (a 25-hour day)
      mar8Cst: "2026-03-08T06:00:00.000Z", // Sunday 8 March, 00:00 CST: DST begins at 2 AM
      mar8Late: "2026-03-09T04:59:59.999Z", // Sunday 8 March, 23:59:59.999 CDT (a 23-hour day)
      mar9: "2026-03-09T05:00:00.000Z", // Monday 9 March, 00:00 CDT
      oct26: "2026-10-26T05:00:00.000Z", // Monday 26 October, 00:00 CDT: 30 days ago today
      oct25Late: "2026-10-26T04:59:59.999Z", // Sunday 25 October, 23:59:59.999 CDT
    } as const;
    type Arrival = keyof typeof ARRIVALS;
    const ids = {} as Record<Arrival, string>;

    beforeAll(async () => {
      const db = database.handle.db;
      for (const [name, at] of Object.entries(ARRIVALS) as [Arrival, string][]) {
        const person = {
          firstName: "Dana",
          lastName: `Edge ${name}`,
          email: `${name}@edge.example`,
          phone: "6125550999",
        };
        const row = {
          ...contactRow(`arrival-${name}`),
          first_name: person.firstName,
          last_name: person.lastName,
          email: person.email,
          phone: person.phone,
          status_changed_at: at,
          created_at: at,
          search_text: leadSearchText(person),
        };
        await db.insertInto("contacts").values(row).execute();
        ids[name] = row.id;
      }
    });

    const found = async (query: string) => {
      const response = await get(`/api/contacts/list-contacts?q=edge&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().contacts as { _id: string }[])
        .map((c) => c._id.replace("arrival-", ""))
        .sort();
    };

    it.each([
      ["received=today", ["tue0000"]],
      ["received=this-week", ["mon2359", "sun0000", "tue0000"]],
      [
        "received=last-30-days",
        ["mon2359", "nov1Cdt", "nov1Late", "oct26", "sat2359", "sun0000", "tue0000"],
      ],
      ["from=2026-11-01&to=2026-11-01", ["nov1Cdt", "nov1Late"]],
      ["from=2026-03-08&to=2026-03-08", ["mar8Cst", "mar8Late"]],
      [
        "from=2026-03-09",
        [
          "mar9",
          "mon2359",
          "nov1Cdt",
          "nov1Late",
          "oct25Late",
          "oct26",
          "sat2359",
          "sun0000",
          "tue0000",
        ],
      ],
      ["to=2026-03-08", ["mar8Cst", "mar8Late"]],
      ["from=2026-11-23&to=2026-11-23", ["mon2359"]],
      ["from=2026-11-22&to=2026-11-23&limit=25&offset=0&sort=date:asc", ["mon2359", "sun0000"]],
    ])("%s", async (query, expected) => {
      expect(await found(query)).toEqual([...expected].sort());
    });

    it("filters every list, and the export, the same way", async () => {
      expect(await emails("quotes", "received=today")).toEqual(who("quotes", ...SENT.quotes));
      expect(await emails("appointments", "received=this-week")).toEqual(
        who("appointments", ...SENT.appointments),
      );
      expect(await emails("quotes", "to=2026-11-23")).toEqual([]);
      const csv = await get("/api/contacts/export.csv?q=edge&received=today");
      expect(csv.statusCode).toBe(200);
      expect(csv.body.trim().split("\r\n")).toHaveLength(2);
    });

    it.each([
      ["received=yesterday", "received must be today, this-week or last-30-days"],
      ["from=2026-02-30", "from must be a date (YYYY-MM-DD)"],
      ["to=24%2F11%2F2026", "to must be a date (YYYY-MM-DD)"],
      ["from=2026-11-24&to=2026-11-23", "from must be on or before to"],
      ["received=today&from=2026-11-24", "Choose received or a from/to range, not both"],
    ])("refuses %s with a clear message", async (query, message) => {
      for (const url of ["/api/contacts/list-contacts", "/api/contacts/export.csv"]) {
        const response = await get(`${url}?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(message);
      }
    });
  });

  describe("the header's search across kinds", () => {
    const search = (q: string) => get(`/api/prospects/search?q=${encodeURIComponent(q)}`);

    it.each(["Maria Ali", "(612) 555-0382", "612-555-0382", "6125550382", "maria.ali@ex"])(
      "finds Maria by %j, once, with every kind she sent and nothing more",
      async (q) => {
        const response = await search(q);
        expect(response.statusCode).toBe(200);
        expect(response.headers["cache-control"]).toBe("no-store");
        const { people } = response.json();
        expect(people).toHaveLength(1);
        expect(people[0]).toEqual({
          name: "Maria Ali",
          email: "Maria.Ali@example.com",
          phone: expect.stringMatching(/^\(?612\)?[ -]?555-?0382$|^6125550382$/),
          kinds: ["quote", "contact", "appointment"],
          latestAt: expect.any(String),
          personId: expect.any(String),
        });
      },
    );

    it("is one match per person: the same phone under two emails opens one person (decision 0066)", async () => {
      for (const email of ["sam.one@example.com", "SAM.two@example.org"]) {
        const sent = await test.app.inject({
          method: "POST",
          url: "/api/contacts/send-contact",
          payload: {
            firstName: "Sam",
            lastName: "Twomail",
            email,
            phone: "(763) 555-0417",
            subject: "Other",
            message: "Writing from my other address this time.",
            notRobot: true,
          },
        });
        expect(sent.statusCode).toBe(201);
      }
      const { people } = (await search("763-555-0417")).json();
      expect(people).toHaveLength(1);
      expect(people[0]).toMatchObject({
        name: "Sam Twomail",
        email: "SAM.two@example.org",
        kinds: ["contact"],
      });
      const person = await get(`/api/people/${people[0].personId}`);
      expect(person.statusCode).toBe(200);
      expect(person.json().data.timeline).toHaveLength(2);
    });

    it("lists each matching person once, most recent first", async () => {
      const { people } = (await search("ali")).json();
      expect(people.map((p: { email: string }) => p.email.toLowerCase()).sort()).toEqual([
        "hassan@example.com",
        "maria.ali@example.com",
      ]);
      const dates = people.map((p: { latestAt: string }) => p.latestAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect((await search("   ")).json()).toEqual({ people: [] });
      expect((await search("nobody at all")).json()).toEqual({ people: [] });
    });

    it("is for staff only and bounds the query", async () => {
      const anonymous = await test.app.inject({
        method: "GET",
        url: "/api/prospects/search?q=ali",
      });
      expect(anonymous.statusCode).toBe(401);
      const user = await signInAs(test.app, database, "user");
      const plain = await test.app.inject({
        method: "GET",
        url: "/api/prospects/search?q=ali",
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(plain.statusCode).toBe(403);
      expect((await search("x".repeat(101))).statusCode).toBe(400);
      expect((await get("/api/prospects/search")).statusCode).toBe(400);
    });
  });

  it("lists, counts and pages more than a thousand matches as it does a few", async () => {
    const db = database.handle.db;
    const rows = Array.from({ length: 1010 }, (_, i) => {
      const person = {
        firstName: "Kimberly",
        lastName: `Manyrow${String(i).padStart(4, "0")}`,
        email: `many${i}@many.example`,
        phone: "6125550998",
      };
      return {
        ...contactRow(`many-${String(i).padStart(4, "0")}`),
        first_name: person.firstName,
        last_name: person.lastName,
        email: person.email,
        phone: person.phone,
        status: i % 2 === 0 ? "new" : "contacted",
        created_at: new Date(Date.UTC(2026, 10, 20, 0, 0, i)).toISOString(),
        search_text: leadSearchText(person),
      };
    });
    for (let i = 0; i < rows.length; i += 200) {
      await db
        .insertInto("contacts")
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const page = async (query: string) => {
      const body = (await get(`/api/contacts/list-contacts?${query}`)).json();
      return {
        total: body.total,
        names: body.contacts.map((c: { lastName: string }) => c.lastName),
      };
    };
    for (const q of ["kimberly manyrow", "manyrow", "6125550998"]) {
      const first = await page(`q=${q}&limit=25&sort=name:asc`);
      expect(first.total).toBe(1010);
      expect(first.names).toEqual(rows.slice(0, 25).map((r) => r.last_name));
      const deep = await page(`q=${q}&limit=25&offset=1000&sort=name:desc`);
      expect(deep.names).toEqual(
        rows
          .slice(0, 10)
          .map((r) => r.last_name)
          .reverse(),
      );
      const newest = await page(`q=${q}&limit=3`);
      expect(newest.names).toEqual(
        rows
          .slice(-3)
          .map((r) => r.last_name)
          .reverse(),
      );
      expect((await page(`q=${q}&limit=25&status=new`)).total).toBe(505);
      expect((await page(`q=${q}&limit=25&from=2026-11-19&to=2026-11-19`)).total).toBe(1010);
    }
    // One or two characters: the narrow index, the same answers.
    expect((await page("q=kimberly%20manyrow100&limit=25")).total).toBe(10);
    const short = await page("q=yr&limit=5&sort=name:asc");
    expect(short.total).toBeGreaterThanOrEqual(1010);
    const { people } = (await get("/api/prospects/search?q=manyrow")).json();
    expect(people).toHaveLength(8);
    expect(people[0].email).toBe("many1009@many.example");
  });

  it("finds a person by new details once refreshSearchText has run after an edit", async () => {
    const db = database.handle.db;
    for (const table of ["auto_quotes", "contacts"] as const) {
      const row = await db
        .selectFrom(table)
        .select("id")
        .where("email", "=", PA.email)
        .executeTakeFirst();
      if (!row) continue;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable(table)
          .set({ last_name: "Xiong", phone: "9525550111" })
          .where("id", "=", row.id)
          .execute();
        await refreshSearchText(trx, table, row.id);
      });
    }
    const appointment = await db
      .selectFrom("appointments")
      .select("id")
      .where("email", "=", PA.email)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("appointments")
      .set({ name: "Pa Nhia Xiong", phone: "9525550111" })
      .where("id", "=", appointment.id)
      .execute();
    await refreshSearchText(db, "appointments", appointment.id);
    for (const kind of ["quotes", "appointments"] as const) {
      expect(await emails(kind, "q=pa%20nhia%20xiong")).toEqual([PA.email.toLowerCase()]);
      expect(await emails(kind, `q=${encodeURIComponent("(952) 555-0111")}`)).toEqual([
        PA.email.toLowerCase(),
      ]);
      expect(await emails(kind, "q=vang")).toEqual([]);
    }
    await refreshSearchText(db, "contacts", "no-such-id");
  });
});
