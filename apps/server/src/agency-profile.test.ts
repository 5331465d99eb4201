import {
  AGENCY,
  APPOINTMENT_FIELD_MESSAGES,
  BOOKING_HOURS_DISPLAY,
  CLOSURE_END_TIMES,
  CLOSURE_START_TIMES,
  TIME_SLOTS,
} from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "./test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "./test/databases.ts";

// AGENCY is derived when the domain is first imported: point AGENCY_DIR at a second profile
// before any import runs (vi.hoisted goes above them), and put it back for the next file.
const previousAgencyDir = vi.hoisted(() => {
  const previous = process.env.AGENCY_DIR;
  process.env.AGENCY_DIR = `${import.meta.dirname}/test/fixtures/other-agency`;
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

  it("derives every form of the booking hours the pages and closures use", () => {
    expect(TIME_SLOTS).toHaveLength(8);
    expect(BOOKING_HOURS_DISPLAY).toEqual({ first: "8:00 AM", last: "3:00 PM" });
    expect(CLOSURE_START_TIMES[0]).toBe("08:00 AM");
    expect(CLOSURE_END_TIMES.at(-1)).toBe("04:00 PM");
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

  it("offers the profile's booking hours as slots (08:00 to 15:00), and only those", async () => {
    const slots = await test.app.inject({
      method: "GET",
      url: "/api/appointments/available-slots?date=2026-11-25",
    });
    expect(slots.statusCode, slots.body).toBe(200);
    expect(slots.json().slots.map((slot: { time: string }) => slot.time)).toEqual([
      "08:00 AM",
      "09:00 AM",
      "10:00 AM",
      "11:00 AM",
      "12:00 PM",
      "01:00 PM",
      "02:00 PM",
      "03:00 PM",
    ]);
    const book = (time: string) =>
      test.app.inject({
        method: "POST",
        url: "/api/appointments/add-appointment",
        payload: {
          name: "Sam Lee",
          email: `sam-${time.slice(0, 2)}@example.com`,
          phone: "(763) 555-1299",
          date: "2026-11-25",
          time,
          service: "Auto Insurance",
          message: "",
        },
      });
    // The sample's last slot is not this agency's; its first slot is.
    const late = await book("05:00 PM");
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain(APPOINTMENT_FIELD_MESSAGES.timeInvalid);
    expect((await book("08:00 AM")).statusCode).toBe(201);
  });

  it("keeps the sample out of the OpenAPI document", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    expect(withoutSample(response.body)).toEqual([]);
  });
});
