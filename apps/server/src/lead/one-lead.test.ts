import {
  AppointmentRecordSchema,
  ContactRecordSchema,
  MASKED_DATE,
  type QuoteRecord,
} from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";

// Monday 2026-11-23, 10:30 AM in Chicago: bookings for the next day are open.
const NOW = new Date("2026-11-23T16:30:00Z");

/** GET one lead (the dashboard's lead page) for each kind, on both engines. */
describe.each(testEngines())("GET one lead on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let admin: string;
  let user: string;
  const ids = { quote: "", contact: "", appointment: "" };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => NOW });
    admin = (await signInAs(test.app, database, "admin")).token;
    user = (await signInAs(test.app, database, "user")).token;
    const post = async (url: string, payload: object) => {
      const response = await test.app.inject({ method: "POST", url, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data._id as string;
    };
    ids.quote = await post("/api/auto-quotes/send-auto-quote", validQuotePayload());
    ids.contact = await post("/api/contacts/send-contact", {
      firstName: "Mária",
      lastName: "Ali 🚗",
      email: "maria.ali@example.com",
      phone: "6125550382",
      subject: "Home Insurance",
      message: "Two lines\nof text, with “quotes” and ☃.",
      notRobot: true,
    });
    ids.appointment = await post("/api/appointments/add-appointment", {
      name: "Tomás O'Neil-Berg",
      email: "tomas@example.com",
      phone: "(763) 555-1000",
      date: "2026-11-24",
      time: "02:00 PM",
      service: "Home Insurance",
      message: "Reviewing our homeowners policy.",
    });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const get = (url: string, token: string | null = admin) =>
    test.app.inject({
      method: "GET",
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it("answers a quote in the list's shape, dates of birth and licence numbers masked", async () => {
    const response = await get(`/api/auto-quotes/${ids.quote}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    expect(body.success).toBe(true);
    // (The record schema's date refinements are for submissions; a masked date fails them.)
    const quote = body.data as QuoteRecord;
    expect(quote).toMatchObject({ _id: ids.quote, status: "new" });
    expect(quote.personalInfo.dob).toBe(MASKED_DATE);
    expect(quote.drivers[0]?.licenseNumber).toMatch(/^•+/);
    // The same record the list shows for this id.
    const list = await get("/api/auto-quotes/get-all-auto-quotes");
    expect(list.json().data.find((q: { _id: string }) => q._id === ids.quote)).toEqual(body.data);
  });

  it("answers a contact message and an appointment as stored, in full Unicode", async () => {
    const contact = await get(`/api/contacts/${ids.contact}`);
    expect(contact.statusCode).toBe(200);
    expect(ContactRecordSchema.parse(contact.json().data)).toMatchObject({
      _id: ids.contact,
      firstName: "Mária",
      lastName: "Ali 🚗",
      message: "Two lines\nof text, with “quotes” and ☃.",
    });
    const appointment = await get(`/api/appointments/${ids.appointment}`);
    expect(appointment.statusCode).toBe(200);
    expect(AppointmentRecordSchema.parse(appointment.json().data)).toMatchObject({
      _id: ids.appointment,
      name: "Tomás O'Neil-Berg",
      date: "2026-11-24",
      time: "02:00 PM",
    });
  });

  it("follows a status change", async () => {
    const patch = await test.app.inject({
      method: "PATCH",
      url: `/api/contacts/${ids.contact}/status`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { status: "contacted" },
    });
    expect(patch.statusCode).toBe(200);
    expect((await get(`/api/contacts/${ids.contact}`)).json().data.status).toBe("contacted");
  });

  it.each([
    ["/api/auto-quotes/", "Quote not found"],
    ["/api/contacts/", "Contact not found"],
    ["/api/appointments/", "Appointment not found"],
  ])("%s: 404 for an unknown id, 400 for a malformed one", async (prefix, message) => {
    const unknown = await get(`${prefix}0b9a5e1c-2f4d-4e8a-9c3b-7d6e5f4a3b2c`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(message);
    // Another kind's id is unknown here too.
    const other = await get(`${prefix}${prefix.includes("contacts") ? ids.quote : ids.contact}`);
    expect(other.statusCode).toBe(404);
    for (const bad of ["%00", "a%20b", "%F0%9F%9A%97", "x".repeat(101), "..%2F..%2Fetc"]) {
      const response = await get(`${prefix}${bad}`);
      expect(response.statusCode, `${prefix}${bad}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${prefix}${bad}`).toBeLessThan(500);
    }
  });

  it("refuses anonymous callers and users without staff access", async () => {
    expect((await get(`/api/contacts/${ids.contact}`, null)).statusCode).toBe(401);
    expect((await get(`/api/contacts/${ids.contact}`, user)).statusCode).toBe(403);
    expect((await get(`/api/auto-quotes/${ids.quote}`, user)).statusCode).toBe(403);
    expect((await get(`/api/appointments/${ids.appointment}`, user)).statusCode).toBe(403);
  });
});
