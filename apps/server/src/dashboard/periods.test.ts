import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

// Monday 2026-11-23, 10:30 AM CST (16:30 UTC). The period is 2026-10-25 … 2026-11-23; its
// first midnight is CDT (05:00 UTC), CDT having ended on November 1.
const NOW = new Date("2026-11-23T16:30:00Z");
const ARRIVALS = {
  // The evening before the period: outside it, though within a rolling 30 × 24 hours.
  beforePeriod: "2026-10-25T04:30:00.000Z",
  // Its first half hour, 2026-10-25 00:30 CDT.
  firstDay: "2026-10-25T05:30:00.000Z",
  // Yesterday 11:30 PM CST, when UTC already says today.
  lateYesterday: "2026-11-23T05:30:00.000Z",
  // Today 00:30 CST.
  earlyToday: "2026-11-23T06:30:00.000Z",
};

describe.each(testEngines())(
  "one period for cards, chart and report (decision 0065) on %s",
  (engine) => {
    let database: TestDatabase;
    let test: TestApp;
    let clock = NOW;
    let auth: { authorization: string };

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      test = await createTestApp(database, { clock: () => clock });
      auth = { authorization: `Bearer ${(await signInAs(test.app, database, "admin")).token}` };
      for (const [name, at] of Object.entries(ARRIVALS)) {
        clock = new Date(at);
        const response = await test.app.inject({
          method: "POST",
          url: "/api/contacts/send-contact",
          payload: {
            firstName: name,
            lastName: "Tester",
            email: `${name.toLowerCase()}@example.com`,
            phone: "6125550100",
            subject: "Renter's Insurance",
            message: "Please call me about renters insurance.",
            notRobot: true,
          },
        });
        expect(response.statusCode).toBe(201);
      }
      clock = NOW;
    });
    afterAll(async () => {
      await test.app.close();
      await database.drop();
    });

    const get = (url: string) => test.app.inject({ method: "GET", url, headers: auth });

    it("puts each arrival on its Central day, the same in the card's trend, the chart and the report", async () => {
      const overview = (await get("/api/dashboard/overview")).json();
      const chart = Object.fromEntries(
        overview.daily.map((d: { date: string; contacts: number }) => [d.date, d.contacts]),
      );
      expect(overview.daily[0].date).toBe("2026-10-25");
      expect(overview.daily.at(-1).date).toBe("2026-11-23");
      expect(chart["2026-10-25"]).toBe(1);
      expect(chart["2026-11-22"]).toBe(1);
      expect(chart["2026-11-23"]).toBe(1);
      const chartTotal = Object.values(chart).reduce((a, b) => Number(a) + Number(b), 0);
      expect(chartTotal).toBe(3);
      expect(overview.counts.contacts).toBe(4);
      expect(overview.trends.contacts).toEqual({
        last30Days: 3,
        previous30Days: 1,
        changePercent: 200,
      });

      const rows = (await get("/api/dashboard/report.csv")).body
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .map((line) => line.split(","));
      const report = Object.fromEntries(rows.map((row) => [row[0], row[2]]));
      expect(report["2026-10-25"]).toBe("1");
      expect(report["2026-11-22"]).toBe("1");
      expect(report["2026-11-23"]).toBe("1");
      expect(report["total 2026-10-25 to 2026-11-23"]).toBe("3");
    });
  },
);
