import { randomUUID } from "node:crypto";
import {
  AGENCY,
  ATTACHMENT_LIMITS,
  ATTACHMENT_MESSAGES,
  SERVICE_FIELD_MESSAGES,
  SERVICE_KIND_VALUES,
  SERVICE_REFERENCE_PATTERN,
} from "@agency/domain";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { attachment, CLIENT, testFile, VALID_REQUESTS } from "../test/service-requests.ts";

const URL = "/api/client-center/requests";

describe.each(testEngines())("POST /api/client-center/requests on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let staff: { token: string };
  // Friday, December 4, 2026, 10:00 AM Central.
  const clock = { now: new Date("2026-12-04T16:00:00Z") };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => clock.now });
    staff = await signInAs(test.app, database, "agent");
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    test.app.inject({ method: "POST", url: URL, payload: payload as object, headers });
  const count = async (table: "service_requests" | "service_attachments") =>
    Number(
      (
        await database.handle.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const download = (id: string, attachmentId: string, token?: string) =>
    test.app.inject({
      method: "GET",
      url: `/api/service-requests/${id}/attachments/${attachmentId}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it.each(SERVICE_KIND_VALUES)(
    "stores a %s request with its reference and due date",
    async (kind) => {
      const response = await post(VALID_REQUESTS[kind]);
      expect(response.statusCode).toBe(201);
      const { data, message } = response.json();
      expect(message).toBe("Request received");
      expect(data.reference).toMatch(SERVICE_REFERENCE_PATTERN);
      expect(data.reference.startsWith("SR-2026-")).toBe(true);
      const row = await database.handle.db
        .selectFrom("service_requests")
        .selectAll()
        .where("id", "=", data._id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        kind,
        reference: data.reference,
        status: "new",
        phone: "6125550199",
        // Friday's request is due Monday.
        due_on: "2026-12-07",
        source: "web",
      });
      expect(row.person_id).not.toBeNull();
      const details = JSON.parse(row.details);
      const {
        kind: _k,
        name: _n,
        email: _e,
        phone: _p,
        carrier: _c,
        policyNumber: _pn,
        ...own
      } = VALID_REQUESTS[kind];
      expect(details).toEqual(own);
    },
  );

  it("numbers references one after another within the year", async () => {
    const first = (await post(VALID_REQUESTS.other)).json().data.reference as string;
    const second = (await post(VALID_REQUESTS.other)).json().data.reference as string;
    expect(Number(second.slice(8))).toBe(Number(first.slice(8)) + 1);
  });

  it("mails the client the reference and none of what they typed, and the agency a notice", async () => {
    const response = await post({
      ...VALID_REQUESTS.claim,
      description: "SECRET-DETAIL <a href=https://evil.example>click</a>",
    });
    const { data } = response.json();
    const mails = await database.handle.db
      .selectFrom("mail_outbox")
      .select(["kind", "to_address", "subject", "text_body"])
      .where("related_id", "=", data._id)
      .orderBy("kind")
      .execute();
    expect(mails.map((mail) => [mail.kind, mail.to_address])).toEqual([
      ["service.agency", AGENCY.email],
      ["service.client", CLIENT.email],
    ]);
    const client = mails[1];
    expect(client?.subject).toContain(data.reference);
    expect(client?.text_body).toContain(data.reference);
    for (const typed of ["SECRET-DETAIL", "evil.example", "Ana", "Snelling"]) {
      expect(client?.text_body).not.toContain(typed);
      expect(client?.subject).not.toContain(typed);
    }
    expect(mails[0]?.text_body).toContain(`/dashboard/service/${data._id}`);
  });

  it("stores HEIC and PDF files byte for byte and serves them to staff only, as downloads", async () => {
    const heic = testFile("heic", 300_000);
    const pdf = testFile("pdf", 123_457);
    const response = await post({
      ...VALID_REQUESTS.claim,
      attachments: [attachment("IMG_0042.HEIC", heic), attachment("bill of sale é.pdf", pdf)],
    });
    expect(response.statusCode).toBe(201);
    const id = response.json().data._id as string;
    const files = await database.handle.db
      .selectFrom("service_attachments")
      .select(["id", "name", "type", "size"])
      .where("request_id", "=", id)
      .orderBy("position")
      .execute();
    expect(files.map((file) => [file.name, file.type, file.size])).toEqual([
      ["IMG_0042.HEIC", "image/heic", 300_000],
      ["bill of sale é.pdf", "application/pdf", 123_457],
    ]);
    const [first, second] = files;
    if (!first || !second) throw new Error("files missing");
    const asStaff = await download(id, first.id, staff.token);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.rawPayload.equals(heic)).toBe(true);
    expect(asStaff.headers["content-type"]).toBe("image/heic");
    expect(asStaff.headers["content-disposition"]).toMatch(/^attachment; filename="IMG_0042.HEIC"/);
    expect(asStaff.headers["x-content-type-options"]).toBe("nosniff");
    const pdfBack = await download(id, second.id, staff.token);
    expect(pdfBack.rawPayload.equals(pdf)).toBe(true);
    expect(pdfBack.headers["content-disposition"]).toContain(
      "filename*=UTF-8''bill%20of%20sale%20%C3%A9.pdf",
    );
    expect((await download(id, first.id)).statusCode).toBe(401);
    const plain = await signInAs(test.app, database, "user");
    expect((await download(id, first.id, plain.token)).statusCode).toBe(403);
    expect((await download(id, randomUUID(), staff.token)).statusCode).toBe(404);
  });

  it("refuses a renamed program, a file over 10 MB and more than 5 files, storing nothing", async () => {
    const before = await count("service_requests");
    const cases: [unknown, string][] = [
      [[attachment("photo.jpg", testFile("exe"))], ATTACHMENT_MESSAGES.wrongType],
      [
        [attachment("big.png", testFile("png", ATTACHMENT_LIMITS.maxFileBytes + 1))],
        ATTACHMENT_MESSAGES.tooBig,
      ],
      [
        Array.from({ length: 6 }, (_, i) => attachment(`p${i}.png`, testFile("png"))),
        ATTACHMENT_MESSAGES.tooMany,
      ],
      [[{ name: "x.pdf", data: "%%%%" }], ATTACHMENT_MESSAGES.notBase64],
    ];
    for (const [attachments, message] of cases) {
      const response = await post({ ...VALID_REQUESTS.claim, attachments });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    expect(await count("service_requests")).toBe(before);
  });

  it("takes a file of exactly 10 MB", async () => {
    const response = await post({
      ...VALID_REQUESTS.other,
      attachments: [attachment("scan.pdf", testFile("pdf", ATTACHMENT_LIMITS.maxFileBytes))],
    });
    expect(response.statusCode).toBe(201);
  });

  it("stores a retried request once and answers the same reference", async () => {
    const key = randomUUID();
    const body = {
      ...VALID_REQUESTS["id-cards"],
      attachments: [attachment("a.png", testFile("png"))],
    };
    const before = await count("service_attachments");
    const first = await post(body, { "idempotency-key": key });
    const again = await post(body, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await count("service_attachments")).toBe(before + 1);
    const other = await post({ ...body, vehicles: "another car" }, { "idempotency-key": key });
    expect(other.statusCode).toBe(422);
  });

  it("attaches the request to the person the email already belongs to", async () => {
    const contact = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: {
        firstName: "Lee",
        lastName: "Vang",
        email: "lee.vang@example.com",
        phone: "6515550111",
        subject: "Other",
        message: "Hello",
        notRobot: true,
      },
    });
    const contactId = contact.json().data._id as string;
    const request = await post({
      ...VALID_REQUESTS.other,
      name: "Lee Vang",
      email: "LEE.VANG@example.com",
      phone: "6125550000",
    });
    const rows = await Promise.all([
      database.handle.db
        .selectFrom("contacts")
        .select("person_id")
        .where("id", "=", contactId)
        .executeTakeFirstOrThrow(),
      database.handle.db
        .selectFrom("service_requests")
        .select("person_id")
        .where("id", "=", request.json().data._id)
        .executeTakeFirstOrThrow(),
    ]);
    expect(rows[1].person_id).toBe(rows[0].person_id);
  });

  it("answers a filled trap as a success, storing and mailing nothing", async () => {
    const before = await count("service_requests");
    const response = await post({ ...VALID_REQUESTS.other, website: "http://spam.example" });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.reference).toMatch(SERVICE_REFERENCE_PATTERN);
    expect(await count("service_requests")).toBe(before);
  });

  it.each([
    ["email", "a@b.co, c@d.co", SERVICE_FIELD_MESSAGES.emailInvalid],
    ["email", "ana@example.com\r\nBcc: all@example.com", SERVICE_FIELD_MESSAGES.emailInvalid],
    ["name", "x".repeat(100_000), SERVICE_FIELD_MESSAGES.nameTooLong],
    ["name", "\u0000\u0007", SERVICE_FIELD_MESSAGES.nameRequired],
    ["carrier", "Acme", SERVICE_FIELD_MESSAGES.carrierInvalid],
    ["kind", "refund", SERVICE_FIELD_MESSAGES.kindInvalid],
    ["message", 42, SERVICE_FIELD_MESSAGES.messageRequired],
  ])("answers 400 when %s is hostile (%#)", async (field, value, message) => {
    const response = await post({ ...VALID_REQUESTS.other, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it("answers any Unicode in every text field with a 201 or a 400, never a 5xx", async () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 80 }),
      fc.string({ unit: "grapheme", maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(
        text,
        text,
        text,
        text,
        async (name, lossPlace, description, policeReport) => {
          const response = await post({
            ...VALID_REQUESTS.claim,
            name,
            lossPlace,
            description,
            policeReport,
          });
          expect([201, 400]).toContain(response.statusCode);
          if (response.statusCode !== 201) return;
          const row = await database.handle.db
            .selectFrom("service_requests")
            .select(["name", "details"])
            .where("id", "=", response.json().data._id)
            .executeTakeFirstOrThrow();
          expect(row.name).toBe(row.name.trim());
          expect(JSON.parse(row.details).description.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 40 },
    );
  });
});
