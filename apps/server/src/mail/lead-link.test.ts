import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";
import { leadPageUrl } from "./lead-link.ts";

// Monday 2026-11-23, 10:30 AM in Chicago: Tuesday's slots are open.
const NOW = new Date("2026-11-23T16:30:00Z");
const PUBLIC_URL = "https://agency.test";
const MANAGE_LINK = /https:\/\/agency\.test\/appointments\/manage\/([A-Za-z0-9_-]{43})\b/;

describe("leadPageUrl", () => {
  it("is the lead's dashboard page under the public address, whatever its trailing slash", () => {
    expect(leadPageUrl("https://agency.test/", "quotes", "q 1")).toBe(
      "https://agency.test/dashboard/quotes/q%201",
    );
    expect(leadPageUrl("https://agency.test", "contacts", "c1")).toBe(
      "https://agency.test/dashboard/contacts/c1",
    );
  });
});

describe.each(testEngines())("the agency's notices link to the lead's page on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => NOW, config: { publicUrl: PUBLIC_URL } });
    // The tests read the outbox: nothing is sent (and blanked) meanwhile.
    await test.app.mailer.stop();
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const mailsOf = (id: string) =>
    database.handle.db
      .selectFrom("mail_outbox")
      .select(["kind", "text_body", "html_body"])
      .where("related_id", "=", id)
      .execute();

  /** The notice of that kind carries the link in its text (and its HTML part, if it has one). */
  const expectLink = async (id: string, kind: string, url: string) => {
    const mails = await mailsOf(id);
    const notice = mails.find((m) => m.kind === kind);
    expect(notice?.text_body).toContain(`Open it in the dashboard: ${url}`);
    if (notice?.html_body) expect(notice.html_body).toContain(`href="${url}"`);
    // The visitor's mails never carry a staff page.
    for (const mail of mails.filter((m) => m.kind.includes(".visitor"))) {
      expect(`${mail.text_body}${mail.html_body ?? ""}`).not.toContain("/dashboard/");
    }
  };

  it("a new quote request", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/auto-quotes/send-auto-quote",
      payload: validQuotePayload(),
    });
    expect(response.statusCode).toBe(201);
    const id: string = response.json().data._id;
    await expectLink(id, "quote.agency", `${PUBLIC_URL}/dashboard/quotes/${id}`);
  });

  it("a new contact message", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: {
        firstName: "Dana",
        lastName: "Olson",
        email: "dana.olson@example.com",
        phone: "6515550123",
        subject: "Home Insurance",
        message: "We just bought a house and need a quote.",
        notRobot: true,
        formattedPhone: "(651) 555-0123",
      },
    });
    expect(response.statusCode).toBe(201);
    const id: string = response.json().data._id;
    await expectLink(id, "contact.agency", `${PUBLIC_URL}/dashboard/contacts/${id}`);
  });

  it("a new booking, and the visitor moving then canceling it", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/appointments/add-appointment",
      payload: {
        name: "Zoë Ngô-Øvergaard",
        email: "zoe.links@example.com",
        phone: "(651) 555-2999",
        date: "2026-11-24",
        time: "09:00 AM",
        service: "Home Insurance",
        message: "",
      },
    });
    expect(response.statusCode).toBe(201);
    const id: string = response.json().data._id;
    await expectLink(id, "appointment.agency", `${PUBLIC_URL}/dashboard/appointments/${id}`);

    const visitorMail = (await mailsOf(id)).find((m) => m.kind === "appointment.visitor");
    const token = MANAGE_LINK.exec(visitorMail?.text_body ?? "")?.[1];
    if (!token) throw new Error("no manage link in the confirmation");
    const moved = await test.app.inject({
      method: "POST",
      url: `/api/appointments/manage/${token}/reschedule`,
      payload: { date: "2026-11-25", time: "10:00 AM" },
    });
    expect(moved.statusCode).toBe(200);
    // The move is a new row: the notice links to it, the one that is now current.
    const { rescheduled_to: movedId } = await database.handle.db
      .selectFrom("appointments")
      .select("rescheduled_to")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (!movedId) throw new Error("the booking was not moved");
    const movedUrl = `${PUBLIC_URL}/dashboard/appointments/${movedId}`;
    await expectLink(movedId, "appointment.agency.rescheduled", movedUrl);

    const cancelled = await test.app.inject({
      method: "POST",
      url: `/api/appointments/manage/${token}/cancel`,
      payload: { reason: "" },
    });
    expect(cancelled.statusCode).toBe(200);
    await expectLink(movedId, "appointment.agency.cancelled", movedUrl);
  });
});
