import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs, TEST_PASSWORD } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";

const contact = (
  firstName: string,
  email: string,
  message = "Please call me about renters insurance.",
) => ({
  firstName,
  lastName: "Tester",
  email,
  phone: "6125550100",
  subject: "Renter's Insurance",
  message,
  notRobot: true,
});

describe.each(testEngines())("working the leads on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let auth: { authorization: string };
  let adminSession: Awaited<ReturnType<typeof signInAs>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    adminSession = await signInAs(test.app, database, "admin");
    auth = { authorization: `Bearer ${adminSession.token}` };
    for (const [name, email] of [
      ["Ann", "ann@example.com"],
      ["Bo", "bo@example.com"],
      ["Cy", "cy@example.com"],
      ["Di", "shared@example.com"],
    ] as const) {
      await test.app.inject({
        method: "POST",
        url: "/api/contacts/send-contact",
        payload: contact(name, email),
      });
    }
    await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: contact("=cmd|'/c calc'!A1", "evil@example.com", "+1 formula"),
    });
    const quote = validQuotePayload();
    quote.personalInfo.email = "shared@example.com";
    await test.app.inject({
      method: "POST",
      url: "/api/auto-quotes/send-auto-quote",
      payload: quote,
    });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const get = (url: string) => test.app.inject({ method: "GET", url, headers: auth });

  it("answers the whole list without parameters, in the spec's shape, newest first", async () => {
    const body = (await get("/api/contacts/list-contacts")).json();
    expect(body.contacts).toHaveLength(5);
    expect(body.total).toBe(5);
    const dates = body.contacts.map((c: { createdAt: string }) => c.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.contacts[0]).toMatchObject({ status: "new" });
  });

  it("pages, searches and sorts on the server", async () => {
    const page = (await get("/api/contacts/list-contacts?limit=2&offset=0&sort=name:asc")).json();
    expect(page.contacts).toHaveLength(2);
    expect(page).toMatchObject({ total: 5, limit: 2, offset: 0 });
    const byEmail = (await get("/api/contacts/list-contacts?sort=email:desc")).json();
    expect(byEmail.contacts.map((c: { email: string }) => c.email)[0]).toBe("shared@example.com");
    const search = (await get("/api/contacts/list-contacts?q=BO%40EXAMPLE")).json();
    expect(search.contacts.map((c: { firstName: string }) => c.firstName)).toEqual(["Bo"]);
    const wildcard = (await get("/api/contacts/list-contacts?q=%25")).json();
    expect(wildcard.total).toBe(0);
    expect((await get("/api/contacts/list-contacts?limit=0")).statusCode).toBe(400);
    expect((await get("/api/contacts/list-contacts?sort=name;drop")).statusCode).toBe(400);
    // An inherited property name is just an unknown sort: the default order applies.
    expect((await get("/api/contacts/list-contacts?sort=constructor")).statusCode).toBe(200);
  });

  it("pages through every sort and a search in exactly the unpaged order", async () => {
    const ids = (url: string) =>
      get(url).then((r) => r.json().contacts.map((c: { _id: string }) => c._id) as string[]);
    for (const query of [
      "sort=name:asc",
      "sort=name:desc",
      "sort=email:asc",
      "sort=date:desc",
      "sort=date:asc",
      "q=example&sort=name:desc",
    ]) {
      const all = await ids(`/api/contacts/list-contacts?${query}`);
      const paged: string[] = [];
      for (let offset = 0; offset < all.length + 2; offset += 2)
        paged.push(...(await ids(`/api/contacts/list-contacts?${query}&limit=2&offset=${offset}`)));
      expect(paged, query).toEqual(all);
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it("changes a status, filters by it and refuses a status of another kind", async () => {
    const [first] = (await get("/api/contacts/list-contacts?q=ann")).json().contacts;
    const patch = (status: string) =>
      test.app.inject({
        method: "PATCH",
        url: `/api/contacts/${first._id}/status`,
        payload: { status },
        headers: auth,
      });
    const changed = await patch("contacted");
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.status).toBe("contacted");
    expect((await patch("no-show")).statusCode).toBe(400);
    const filtered = (await get("/api/contacts/list-contacts?status=contacted")).json();
    expect(filtered.contacts.map((c: { _id: string }) => c._id)).toEqual([first._id]);
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "record.status")
      .execute();
    expect(JSON.parse(audit[0]?.details ?? "{}")).toEqual({ from: "new", to: "contacted" });
  });

  it("exports the filtered list as CSV that cannot run formulas", async () => {
    const response = await get("/api/contacts/export.csv?sort=name:asc");
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]).toBe("id,received,status,first name,last name,email,phone,subject,message");
    expect(lines).toHaveLength(6);
    expect(response.body).toContain(`'=cmd|'/c calc'!A1`);
    expect(response.body).toContain(",'+1 formula");
  });

  it("masks dates of birth and license numbers in lists and exports; reveal is audited", async () => {
    const [quote] = (await get("/api/auto-quotes/get-all-auto-quotes")).json().data;
    expect(quote.personalInfo.dob).toBe("••••-••-••");
    expect(quote.drivers[0].licenseNumber).toBe("•••••••••9012");
    const csv = (await get("/api/auto-quotes/export.csv")).body;
    expect(csv).not.toContain("1986-04-12");
    expect(csv).not.toContain("L123456789012");
    const reveal = await test.app.inject({
      method: "POST",
      url: `/api/auto-quotes/${quote._id}/reveal`,
      headers: auth,
    });
    expect(reveal.json().data).toEqual({
      personalInfo: { dob: "1986-04-12" },
      drivers: [
        { dob: "1986-04-12", licenseNumber: "L123456789012" },
        { dob: "1984-09-30", licenseNumber: "E987654321098" },
      ],
    });
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "record.revealed")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: adminSession.userId, target_id: quote._id });
  });

  it("shows one prospect's quotes and messages together", async () => {
    const timeline = (await get("/api/prospects/timeline?email=SHARED%40example.com")).json();
    expect(timeline.items.map((i: { type: string }) => i.type).sort()).toEqual([
      "contact",
      "quote",
    ]);
  });

  it("computes the overview from the data: counts, 30-day trends, daily series, activity", async () => {
    const body = (await get("/api/dashboard/overview")).json();
    expect(body.counts).toMatchObject({
      contacts: 5,
      quotes: 1,
      appointments: 0,
      policies: 0,
      settings: 2,
    });
    expect(body.trends.contacts).toEqual({ last30Days: 5, previous30Days: 0, changePercent: null });
    expect(body.recent.contacts).toHaveLength(3);
    expect(body.daily).toHaveLength(30);
    const totals = body.daily.reduce((sum: number, d: { contacts: number }) => sum + d.contacts, 0);
    expect(totals).toBe(5);
    expect(body.activity.length).toBeGreaterThan(0);
    expect(body.notifications.total).toBe(6);
  });

  it("counts notifications after this user marked all read", async () => {
    await test.app.inject({
      method: "POST",
      url: "/api/dashboard/notifications/seen",
      headers: auth,
    });
    expect((await get("/api/dashboard/notifications")).json().total).toBe(0);
    await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: contact("Ed", "ed@example.com"),
    });
    expect((await get("/api/dashboard/notifications")).json().total).toBe(1);
    const other = await signInAs(test.app, database, "admin");
    const theirs = await test.app.inject({
      method: "GET",
      url: "/api/dashboard/notifications",
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(theirs.json().total).toBe(0);
  });

  it("downloads the report as CSV", async () => {
    const response = await get("/api/dashboard/report.csv");
    expect(response.headers["content-disposition"]).toMatch(/dashboard-report-/);
    expect(response.body.split("\r\n")[0]).toBe("\uFEFFdate,new quotes,new messages,new bookings");
  });

  it("changes one's own password and signs out the other sessions", async () => {
    const me = await signInAs(test.app, database, "user", "changer@example.com");
    const second = await test.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: me.email, password: TEST_PASSWORD },
    });
    const otherToken = second.json().token;
    const change = (currentPassword: string, newPassword: string) =>
      test.app.inject({
        method: "POST",
        url: "/api/users/change-password",
        payload: { currentPassword, newPassword },
        headers: { authorization: `Bearer ${me.token}` },
      });
    expect((await change("wrong password!!", "a fresh new passphrase")).statusCode).toBe(400);
    expect((await change(TEST_PASSWORD, "short")).statusCode).toBe(400);
    expect((await change(TEST_PASSWORD, "a fresh new passphrase")).statusCode).toBe(200);
    const mine = await test.app.inject({
      method: "GET",
      url: `/api/users/list/${me.userId}`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    const theirs = await test.app.inject({
      method: "GET",
      url: `/api/users/list/${me.userId}`,
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(401);
  });

  it("keeps every dashboard route behind the admin check", async () => {
    const user = await signInAs(test.app, database, "user");
    for (const url of [
      "/api/dashboard/overview",
      "/api/dashboard/notifications",
      "/api/prospects/timeline?email=a@b.co",
      "/api/dashboard/report.csv",
      "/api/contacts/export.csv",
    ]) {
      expect((await test.app.inject({ method: "GET", url })).statusCode).toBe(401);
      expect(
        (
          await test.app.inject({
            method: "GET",
            url,
            headers: { authorization: `Bearer ${user.token}` },
          })
        ).statusCode,
      ).toBe(403);
    }
  });
});

describe.each(testEngines())("the overview's Active Quotes on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    const admin = await signInAs(test.app, database, "admin");
    auth = { authorization: `Bearer ${admin.token}` };
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const overview = async () =>
    (
      await test.app.inject({ method: "GET", url: "/api/dashboard/overview", headers: auth })
    ).json();

  it("counts the quotes still being worked (not Won or Lost) among every live quote", async () => {
    const statuses = [
      ["new"],
      ["contacted"],
      ["quoted"],
      ["won"],
      ["lost", { lostReason: "price" }],
    ] as const;
    for (const [status, extra] of statuses) {
      const sent = await test.app.inject({
        method: "POST",
        url: "/api/auto-quotes/send-auto-quote",
        payload: validQuotePayload(),
      });
      expect(sent.statusCode).toBe(201);
      if (status === "new") continue;
      const changed = await test.app.inject({
        method: "PATCH",
        url: `/api/auto-quotes/${sent.json().data._id}/status`,
        payload: { status, ...extra },
        headers: auth,
      });
      expect(changed.statusCode).toBe(200);
    }
    const { counts } = await overview();
    expect(counts).toMatchObject({ quotes: 5, openQuotes: 3 });

    // The New one decided: it leaves the count.
    const list = await test.app.inject({
      method: "GET",
      url: "/api/auto-quotes/get-all-auto-quotes?status=new",
      headers: auth,
    });
    const [newOne] = list.json().data;
    await test.app.inject({
      method: "PATCH",
      url: `/api/auto-quotes/${newOne._id}/status`,
      payload: { status: "won" },
      headers: auth,
    });
    expect((await overview()).counts).toMatchObject({ quotes: 5, openQuotes: 2 });
  });
});
