import { AGENCY } from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "./test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "./test/databases.ts";

// AGENCY is derived when the domain is first imported: point AGENCY_DIR at a second profile
// before any import runs (vi.hoisted goes above them), and put it back for the next file.
const previousAgencyDir = vi.hoisted(() => {
  const previous = process.env.AGENCY_DIR;
  process.env.AGENCY_DIR = `${import.meta.dirname}/../../../test-fixtures/other-agency`;
  return previous;
});
afterAll(() => {
  if (previousAgencyDir === undefined) delete process.env.AGENCY_DIR;
  else process.env.AGENCY_DIR = previousAgencyDir;
});

/** What only the sample agency (agency/agency.json) has. */
const SAMPLE = ["North Lakes", "northlakesinsurance", "555-0147", "5550147", "Lyndale", "55405"];

const withoutSample = (text: string) => SAMPLE.filter((mark) => text.includes(mark));

describe.each(testEngines())("a second agency profile (AGENCY_DIR) on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => new Date("2026-11-23T16:30:00Z") });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  it("is what AGENCY holds", () => {
    expect(AGENCY.name).toBe("Harbor Point Insurance Group");
    expect(AGENCY.phoneHref).toBe("tel:+15035550199");
  });

  it("names the agency in the booking emails and the .ics, never the sample", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/appointments/add-appointment",
      payload: {
        name: "Rosa Diaz",
        email: "rosa@example.com",
        phone: "(763) 555-1234",
        date: "2026-11-24",
        time: "02:00 PM",
        service: "Home Insurance",
        message: "",
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data._id as string;
    await test.app.background.idle();
    const mails = await database.handle.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("related_id", "=", id)
      .orderBy("kind")
      .execute();
    expect(mails.map((mail) => mail.kind)).toEqual(["appointment.agency", "appointment.visitor"]);
    const visitor = mails[1];
    const [invite] = JSON.parse(visitor?.attachments ?? "[]") as { content: string }[];
    const ics = (invite?.content ?? "").replace(/\r\n /g, "");
    expect(ics).toContain(`UID:${id}@www.harborpoint-insurance.example`);
    expect(ics).toContain(
      "LOCATION:Harbor Point Insurance Group\\, 10 Dock Street\\, Portland\\, OR 97201",
    );
    expect(visitor?.text_body).toContain("(503) 555-0199");
    for (const mail of mails) {
      expect(withoutSample(JSON.stringify(mail)), `${mail.kind} mail`).toEqual([]);
    }
    expect(withoutSample(ics)).toEqual([]);
  });

  it("keeps the sample out of the OpenAPI document", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    expect(withoutSample(response.body)).toEqual([]);
  });
});
