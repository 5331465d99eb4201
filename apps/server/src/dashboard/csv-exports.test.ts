import { formatAgencyTimestamp } from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_BOM } from "../lib/csv.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { parseCsv } from "../test/csv.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { contactRow } from "../test/fixtures.ts";

const DAY_MS = 86_400_000;
const OFFSET_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[56]:00$/;

describe.each(testEngines())("CSV exports on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    auth = { authorization: `Bearer ${(await signInAs(test.app, database, "admin")).token}` };
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString();
    // One message in the report's 30 days, four in the 30 before: a trend of -75 %.
    await database.handle.db
      .insertInto("contacts")
      .values([
        { ...contactRow("now"), created_at: at(0), first_name: "-Minus" },
        { ...contactRow("old1"), created_at: at(40) },
        { ...contactRow("old2"), created_at: at(41) },
        { ...contactRow("old3"), created_at: at(42) },
        { ...contactRow("old4"), created_at: at(43) },
        { ...contactRow("ancient"), created_at: at(400) },
      ])
      .execute();
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const download = async (url: string) => {
    const response = await test.app.inject({ method: "GET", url, headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const body = response.body;
    expect(body.startsWith(CSV_BOM)).toBe(true);
    // Every line break is CRLF (no bare LF or CR), and the file ends with one.
    expect(body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(body.endsWith("\r\n")).toBe(true);
    return parseCsv(body.slice(CSV_BOM.length));
  };

  it("writes each lead's time on the Central clock with its offset, and guards text", async () => {
    const [header, ...rows] = await download("/api/contacts/export.csv?sort=date:desc");
    expect(header?.slice(0, 2)).toEqual(["id", "received"]);
    expect(rows).toHaveLength(6);
    const stored = await database.handle.db
      .selectFrom("contacts")
      .select(["id", "created_at"])
      .execute();
    for (const row of rows) {
      const createdAt = stored.find((s) => s.id === row[0])?.created_at ?? "";
      expect(row[1]).toMatch(OFFSET_TIME);
      expect(row[1]).toBe(formatAgencyTimestamp(createdAt));
      expect(new Date(row[1] ?? "").getTime()).toBe(
        Math.floor(new Date(createdAt).getTime() / 1000) * 1000,
      );
    }
    expect(rows[0]?.[3]).toBe("'-Minus");
  });

  it("reports totals over the same 30 days as the daily rows, and a negative trend as a number", async () => {
    const rows = await download("/api/dashboard/report.csv");
    expect(rows[0]).toEqual(["date", "new quotes", "new messages", "new bookings"]);
    const daily = rows.slice(1, 31);
    expect(daily).toHaveLength(30);
    const total = rows[31] ?? [];
    expect(total[0]).toBe(`total ${daily[0]?.[0]} to ${daily[29]?.[0]}`);
    const sum = (column: number) => daily.reduce((n, row) => n + Number(row[column]), 0);
    expect(total.slice(1).map(Number)).toEqual([sum(1), sum(2), sum(3)]);
    expect(sum(2)).toBe(1);
    const contacts = rows.find((row) => row[0] === "contacts");
    expect(contacts).toEqual(["contacts", "1", "4", "-75"]);
    const quotes = rows.find((row) => row[0] === "quotes");
    expect(quotes).toEqual(["quotes", "0", "0", ""]);
  });

  // Last: it adds a message the report above would count.
  it("guards a visitor's fullwidth formula as it guards the ASCII one", async () => {
    const sent = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: {
        firstName: "＝1+1",
        lastName: '﹢HYPERLINK("http://evil.example")',
        email: "ｗｉｄｅ@example.com",
        phone: "6125550100",
        subject: "Other",
        message: "＠SUM(A1) －2+3",
        notRobot: true,
      },
    });
    expect(sent.statusCode).toBe(201);
    const [, ...rows] = await download("/api/contacts/export.csv?sort=date:desc");
    const row = rows.find((cells) => cells[0] === sent.json().data._id);
    expect(row?.slice(3, 6)).toEqual([
      "'＝1+1",
      '\'﹢HYPERLINK("http://evil.example")',
      "wide@example.com",
    ]);
    expect(row?.[8]).toBe("'＠SUM(A1) －2+3");
  });
});
