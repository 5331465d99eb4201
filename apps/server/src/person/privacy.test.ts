import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DISCLOSURE_MESSAGES, DisclosureListSchema, ERASE_MESSAGES } from "@agency/domain";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAL_AUDIT_ACTIONS } from "../audit/audit.ts";
import { appendConsent } from "../consent/ledger.ts";
import { readZip } from "../lib/zip.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";
import { ERASE_KEPT_TABLES } from "./privacy-erase.ts";
import { NOT_PERSON_DATA, schemaTables } from "./privacy-scan.ts";

// Monday 2026-11-23, 10:30 AM in Chicago.
let now = new Date("2026-11-23T16:30:00Z");
const UNKNOWN = "00000000-0000-7000-8000-000000000000";
type Row = Record<string, unknown>;

/** Text a visitor may type in a name: any script, no characters the forms refuse. */
const nameText = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 12 })
  .map((text) => text.replace(/[^\p{L}\p{M} '-]/gu, "").trim())
  .filter((text) => /^\p{L}/u.test(text) && text.length >= 2);
const freeText = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 60 })
  .filter((text) => /\p{L}/u.test(text));

describe.each(testEngines())("a person's privacy on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let admin: { authorization: string };
  let agent: { authorization: string };
  let manager: { authorization: string };
  let serial = 0;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => now });
    const bearer = async (kind: "admin" | "agent" | "manager") => ({
      authorization: `Bearer ${(await signInAs(test.app, database, kind)).token}`,
    });
    admin = await bearer("admin");
    agent = await bearer("agent");
    manager = await bearer("manager");
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const call = async (
    method: "GET" | "POST",
    url: string,
    payload?: object,
    headers: Record<string, string> = admin,
  ) => {
    now = new Date(now.getTime() + 1000);
    return test.app.inject({ method, url, payload, headers });
  };
  const created = async (url: string, payload: object, headers: Record<string, string> = admin) => {
    const response = await call("POST", url, payload, {
      ...headers,
      "idempotency-key": randomUUID(),
    });
    if (response.statusCode >= 300)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json().data as Row;
  };

  type Built = {
    personId: string;
    email: string;
    phone: string;
    first: string;
    last: string;
    leadIds: string[];
    dob: string;
    license: string;
  };

  /** A person with a quote (two drivers), messages, notes, tasks, emails, a policy, consents. */
  const buildPerson = async (
    first: string,
    last: string,
    shape: { messages: number; notes: string[]; policy: boolean; disclosure: string | null },
  ): Promise<Built> => {
    serial += 1;
    const email = `person${serial}.${randomUUID().slice(0, 6)}@example.com`;
    const phone = `612${String(5_550_000 + serial * 7).padStart(7, "0")}`;
    const license = `L${String(100_000_000_000 + serial)}`;
    const dob = `19${String(50 + (serial % 40))}-0${1 + (serial % 9)}-1${serial % 10}`;
    const quote = validQuotePayload();
    Object.assign(quote.personalInfo, { firstName: first, lastName: last, email, phone, dob });
    Object.assign(quote.drivers[0] ?? {}, {
      firstName: first,
      lastName: last,
      dob,
      licenseNumber: license,
    });
    await created("/api/auto-quotes/send-auto-quote", quote, {});
    const leadIds: string[] = [];
    const quoteRow = await database.handle.db
      .selectFrom("auto_quotes")
      .select(["id", "person_id"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    leadIds.push(quoteRow.id);
    const personId = quoteRow.person_id ?? "";
    for (let i = 0; i < shape.messages; i++) {
      const contact = await created(
        "/api/contacts/send-contact",
        {
          firstName: first,
          lastName: last,
          email,
          phone,
          subject: "Home Insurance",
          message: `Please call me (${i}).`,
          notRobot: true,
          formattedPhone: phone,
        },
        {},
      );
      leadIds.push(String(contact._id));
    }
    for (const [i, body] of shape.notes.entries()) {
      const lead = leadIds[i % leadIds.length] ?? quoteRow.id;
      const base = i % leadIds.length === 0 ? "/api/auto-quotes" : "/api/contacts";
      await created(`${base}/${lead}/notes`, { kind: "note", body });
      await created(`${base}/${lead}/emails`, { subject: "About your quote", body });
      await created("/api/tasks", {
        subject: { kind: "person", id: personId },
        text: body,
        dueDate: "2026-12-01",
        dueTime: "10:00",
      });
    }
    // Viewing hidden fields is audited (record.revealed).
    await call("POST", `/api/auto-quotes/${quoteRow.id}/reveal`, {});
    if (shape.policy) {
      await created("/api/policies", {
        personId,
        carrier: "Acme Mutual",
        lineOfBusiness: "home",
        policyNumber: `H-${randomUUID().slice(0, 8)}`,
        effectiveDate: "2026-01-10",
        termMonths: 12,
        annualPremium: "1,200.00",
      });
    }
    await appendConsent(database.handle.db, {
      personId,
      event: "given",
      via: "web-form",
      wordingVersion: "contact-2026-11-29",
      phone,
      form: "quote",
      page: "/get-quote-today",
    });
    if (shape.disclosure !== null) {
      await created(`/api/people/${personId}/disclosures`, {
        disclosedOn: "2026-11-20",
        recipient: "North Star Mutual",
        what: shape.disclosure,
        basis: "To quote coverage, as asked",
      });
    }
    return { personId, email, phone, first, last, leadIds, dob, license };
  };

  /** Every row of every table, read directly (binary columns as they are). */
  const everyRow = async () => {
    const out: { table: string; columns: string[]; row: Row }[] = [];
    for (const table of await schemaTables(database.handle.db)) {
      const result = await sql<Row>`select * from ${sql.table(table.name)}`.execute(
        database.handle.db,
      );
      for (const row of result.rows) out.push({ table: table.name, columns: table.columns, row });
    }
    return out;
  };
  const textOf = (row: Row) =>
    Object.values(row)
      .filter((value) => !(value instanceof Uint8Array))
      .map((value) => String(value ?? ""))
      .join("\u001f")
      .toLowerCase();
  const identity = (table: string, row: Row) =>
    "id" in row
      ? `${table}:${String(row.id)}`
      : `${table}:${JSON.stringify(
          Object.entries(row)
            .filter(([, value]) => !(value instanceof Uint8Array))
            .map(([key, value]) => [key, value === null ? null : String(value)]),
        )}`;

  const exportOf = async (personId: string, headers = manager) => {
    const response = await test.app.inject({
      method: "GET",
      url: `/api/people/${personId}/export`,
      headers,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    return readZip(response.rawPayload);
  };

  describe("the disclosure log", () => {
    it("records, lists newest first, filters by since, audits and replays a key", async () => {
      const person = await buildPerson("Dana", "Kowalski", {
        messages: 0,
        notes: [],
        policy: false,
        disclosure: null,
      });
      const url = `/api/people/${person.personId}/disclosures`;
      const key = randomUUID();
      const body = {
        disclosedOn: "2024-06-01",
        recipient: "  First Bank <b>Lending</b> ",
        what: "Name and policy number",
        basis: "Mortgagee clause",
      };
      const first = await call("POST", url, body, { ...agent, "idempotency-key": key });
      expect(first.statusCode, first.body).toBe(201);
      const again = await call("POST", url, body, { ...agent, "idempotency-key": key });
      expect(again.json()).toEqual(first.json());
      expect(first.json().data.recipient).toBe("First Bank Lending");
      await call(
        "POST",
        url,
        { ...body, disclosedOn: "2026-11-02", recipient: "Carrier Two" },
        agent,
      );
      const all = DisclosureListSchema.parse((await call("GET", url, undefined, agent)).json());
      expect(all.data.map((d) => d.recipient)).toEqual(["Carrier Two", "First Bank Lending"]);
      const recent = (await call("GET", `${url}?since=2024-11-23`, undefined, agent)).json();
      expect(recent.data.map((d: { recipient: string }) => d.recipient)).toEqual(["Carrier Two"]);
      const audits = await database.handle.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "disclosure.recorded")
        .where("target_id", "=", person.personId)
        .execute();
      expect(audits).toHaveLength(2);
      expect((await call("GET", `/api/people/${UNKNOWN}/disclosures`)).statusCode).toBe(404);
      expect((await call("GET", `${url}?since=2024-02-30`)).statusCode).toBe(400);
    });

    it("refuses bad input with a field message, never a 5xx, never half a record", async () => {
      const person = await buildPerson("Lee", "Moua", {
        messages: 0,
        notes: [],
        policy: false,
        disclosure: null,
      });
      const url = `/api/people/${person.personId}/disclosures`;
      const future = await call("POST", url, {
        disclosedOn: "2027-01-01",
        recipient: "X",
        what: "Y",
        basis: "Z",
      });
      expect(future.statusCode).toBe(400);
      expect(future.json().errors[0]).toEqual({
        field: "disclosedOn",
        message: DISCLOSURE_MESSAGES.dateInFuture,
      });
      const tooLong = await call("POST", url, {
        disclosedOn: "2026-01-01",
        recipient: "x".repeat(201),
        what: "Y",
        basis: "Z",
      });
      expect(tooLong.json().message).toBe(DISCLOSURE_MESSAGES.recipientTooLong);
      await fc.assert(
        fc.asyncProperty(
          fc.record(
            {
              disclosedOn: fc.oneof(fc.string({ unit: "binary" }), fc.constant("2026-02-29")),
              recipient: fc.string({ unit: "binary", maxLength: 250 }),
              what: fc.string({ unit: "binary" }),
              basis: fc.oneof(fc.string({ unit: "binary" }), fc.integer()),
            },
            { requiredKeys: [] },
          ),
          async (body) => {
            const response = await call("POST", url, body);
            expect(response.statusCode).toBe(400);
          },
        ),
        { numRuns: 30 },
      );
      const rows = await database.handle.db
        .selectFrom("disclosures")
        .select("id")
        .where("person_id", "=", person.personId)
        .execute();
      expect(rows).toHaveLength(0);
    });

    it("is for staff who work leads", async () => {
      const user = await signInAs(test.app, database, "user");
      const response = await call("GET", `/api/people/${UNKNOWN}/disclosures`, undefined, {
        authorization: `Bearer ${user.token}`,
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe("the export", () => {
    it("holds every row that mentions the person, from every table (property)", async () => {
      await fc.assert(
        fc.asyncProperty(
          nameText,
          nameText,
          fc.integer({ min: 0, max: 2 }),
          fc.array(freeText, { maxLength: 2 }),
          fc.boolean(),
          fc.option(freeText, { nil: null }),
          async (first, last, messages, notes, policy, disclosure) => {
            const person = await buildPerson(first, last, { messages, notes, policy, disclosure });
            // Someone else, living with them: their own records stay out of the export.
            const other = await buildPerson("Other", "Neighbor", {
              messages: 1,
              notes: ["Unrelated"],
              policy: true,
              disclosure: null,
            });
            await created(`/api/people/${person.personId}/household`, {
              personId: other.personId,
              relationship: "spouse",
            });
            const needles = [person.personId, ...person.leadIds].map((n) => n.toLowerCase());
            const contacts = [person.email.toLowerCase(), person.phone];
            const expected = new Set<string>();
            for (const { table, row } of await everyRow()) {
              if ((NOT_PERSON_DATA as readonly string[]).includes(table)) continue;
              const text = textOf(row);
              const byId = needles.some((needle) => text.includes(needle));
              const someoneElse =
                table === "persons"
                  ? row.id !== person.personId
                  : "person_id" in row &&
                    row.person_id !== null &&
                    row.person_id !== person.personId;
              const byContact = !someoneElse && contacts.some((needle) => text.includes(needle));
              if (byId || byContact) expected.add(identity(table, row));
            }
            // Read before the export, whose own audit entry comes after it.
            const files = await exportOf(person.personId);
            const exported = new Set<string>();
            for (const [name, data] of files) {
              const match = /^tables\/(.+)\.json$/.exec(name);
              if (!match?.[1]) continue;
              for (const row of JSON.parse(data.toString("utf8")) as Row[]) {
                exported.add(identity(match[1], row));
              }
            }
            const missing = [...expected].filter((key) => !exported.has(key));
            expect(missing).toEqual([]);
            // Nobody else's person row, and each table has its CSV beside its JSON.
            expect([...exported].filter((key) => key.startsWith("persons:"))).toEqual([
              `persons:${person.personId}`,
            ]);
            for (const name of files.keys()) {
              if (name.endsWith(".json"))
                expect(files.has(name.replace(/\.json$/, ".csv"))).toBe(true);
            }
            expect(files.get("README.txt")?.toString("utf8")).toContain("disclosures");
            for (const table of [
              "auto_quotes",
              "quote_drivers",
              "consent_ledger",
              "audit_log",
              "person_keys",
            ]) {
              expect(files.has(`tables/${table}.json`), table).toBe(true);
            }
            expect(files.has("tables/disclosures.json")).toBe(disclosure !== null);
          },
        ),
        { numRuns: 6 },
      );
    }, 240_000);

    it("finds a table added later without being told, guards CSV cells, and is audited", async () => {
      const person = await buildPerson("=HYPERLINK(1)", "Cell", {
        messages: 0,
        notes: [],
        policy: false,
        disclosure: "-2+3 fields",
      });
      // A table the export's code has never heard of: found because it names the person.
      await sql`create table later_probe (id text primary key, subject text, note text)`.execute(
        database.handle.db,
      );
      try {
        await sql`insert into later_probe values (${randomUUID()}, ${person.personId}, 'later')`.execute(
          database.handle.db,
        );
        const files = await exportOf(person.personId);
        expect(
          JSON.parse(files.get("tables/later_probe.json")?.toString("utf8") ?? "[]"),
        ).toHaveLength(1);
        const csv = files.get("tables/disclosures.csv")?.toString("utf8") ?? "";
        expect(csv).toContain("'-2+3 fields");
        expect(files.get("tables/persons.csv")?.toString("utf8")).toContain("'=HYPERLINK(1)");
      } finally {
        await sql`drop table later_probe`.execute(database.handle.db);
      }
      const audit = await database.handle.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "person.exported")
        .where("target_id", "=", person.personId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.details).tables.persons).toBe(1);
      expect(
        (await call("GET", `/api/people/${UNKNOWN}/export`, undefined, manager)).statusCode,
      ).toBe(404);
      expect(
        (await call("GET", `/api/people/${person.personId}/export`, undefined, agent)).statusCode,
      ).toBe(403);
    });
  });

  describe("the erasure", () => {
    it("leaves nothing of the person outside the kept records, which stay whole", async () => {
      const person = await buildPerson("Marguerite", "Oyelaran-Ødegård", {
        messages: 2,
        notes: ["Wants a call on Tuesday", "Spoke about the boat"],
        policy: true,
        disclosure: "Name and address",
      });
      const other = await buildPerson("Keep", "Neighbor", {
        messages: 1,
        notes: ["Stays"],
        policy: false,
        disclosure: null,
      });
      await created(`/api/people/${person.personId}/household`, {
        personId: other.personId,
        relationship: "spouse",
      });
      const kept = async () =>
        Object.fromEntries(
          await Promise.all(
            ERASE_KEPT_TABLES.map(async (table) => [
              table,
              (
                await sql<Row>`select * from ${sql.table(table)} where ${sql.ref(table === "renewal_tasks" ? "policy_id" : "person_id")} in (${sql.join(
                  table === "renewal_tasks"
                    ? (
                        await database.handle.db
                          .selectFrom("policies")
                          .select("id")
                          .where("person_id", "=", person.personId)
                          .execute()
                      )
                        .map((policy) => policy.id)
                        .concat(["none"])
                    : [person.personId],
                )}) order by 1`.execute(database.handle.db)
              ).rows.filter(
                // A notice row saying "none recorded" proves nothing and goes with the person.
                (row) =>
                  table !== "submission_notices" ||
                  row.notice_version !== "" ||
                  Number(row.contact_consent) === 1,
              ),
            ]),
          ),
        );
      const keptBefore = await kept();
      expect(keptBefore.policies).toHaveLength(1);
      // The neighbor's own rows (those not naming the erased person too) must all stay.
      const neighborRows = async () =>
        (await everyRow())
          .filter(({ row }) => textOf(row).includes(other.personId))
          .filter(({ row }) => !textOf(row).includes(person.personId))
          .filter(({ table }) => table !== "persons" && table !== "audit_log")
          .map(({ table, row }) => identity(table, row));
      const otherBefore = await neighborRows();
      expect(otherBefore.length).toBeGreaterThan(5);

      // Delivered as files (no SMTP server): the erasure removes those copies too.
      for (let pass = 0; pass < 10 && (await test.app.mailer.deliverDue()) > 0; pass += 1);
      const outboxDir = path.join(test.app.config.dataDir, "outbox");
      const filesNaming = () =>
        readdirSync(outboxDir).filter((name) =>
          readFileSync(path.join(outboxDir, name), "utf8").includes(person.email),
        );
      expect(filesNaming().length).toBeGreaterThan(0);
      const url = `/api/people/${person.personId}/erase`;
      const wrong = await call("POST", url, { confirmName: "Marguerite Oyelaran" });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(ERASE_MESSAGES.confirmMismatch);
      expect(
        (await call("POST", url, { confirmName: "Marguerite Oyelaran-Ødegård" }, manager))
          .statusCode,
      ).toBe(403);
      const key = randomUUID();
      const erased = await call(
        "POST",
        url,
        { confirmName: "  marguerite   oyelaran-ødegård " },
        { ...admin, "idempotency-key": key },
      );
      expect(erased.statusCode, erased.body).toBe(200);
      expect(erased.json().data).toEqual({ personId: person.personId, personKept: true });
      const replay = await call(
        "POST",
        url,
        { confirmName: "  marguerite   oyelaran-ødegård " },
        { ...admin, "idempotency-key": key },
      );
      expect(replay.json()).toEqual(erased.json());
      expect((await call("POST", url, { confirmName: "Erased person" })).statusCode).toBe(404);

      // Nothing of them anywhere, but in the kept records.
      const needles = [
        person.personId,
        ...person.leadIds,
        person.email.toLowerCase(),
        person.phone,
        person.dob,
        person.license.toLowerCase(),
        person.last.toLowerCase(),
      ];
      const leftovers = (await everyRow()).filter(({ table, row }) => {
        if (
          (ERASE_KEPT_TABLES as readonly string[]).includes(table) &&
          (table !== "submission_notices" ||
            row.notice_version !== "" ||
            Number(row.contact_consent) === 1)
        )
          return false;
        const text = textOf(row);
        if (!needles.some((needle) => text.includes(needle))) return false;
        if (table === "persons" && row.id === person.personId) {
          return textOf({ ...row, id: "" }).match(/marguerite|oyelaran|example\.com/) !== null;
        }
        if (table === "audit_log" && row.action === "person.erased") return false;
        // The audit log is kept but for the entries that hold the person's own details.
        if (
          table === "audit_log" &&
          !(PERSONAL_AUDIT_ACTIONS as readonly string[]).includes(String(row.action))
        )
          return false;
        if (
          table === "audit_log" &&
          (keptBefore.policies as Row[]).some((policy) => policy.id === row.target_id)
        )
          return false;
        if (table === "mail_outbox" && row.kind === "person.erased") return false;
        if (table === "idempotency_keys" && String(row.route).endsWith("/erase")) return false;
        return true;
      });
      expect(leftovers.map(({ table, row }) => [table, row])).toEqual([]);
      expect(filesNaming()).toEqual([]);
      const keptAfter = await kept();
      expect(keptAfter).toEqual(keptBefore);
      // The person row stays, anonymised, for the policy to point at.
      const row = await database.handle.db
        .selectFrom("persons")
        .selectAll()
        .where("id", "=", person.personId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        first_name: "Erased",
        last_name: "person",
        email: "",
        phone: "",
      });
      // The neighbor keeps everything but the household link to the erased person.
      expect(await neighborRows()).toEqual(otherBefore);
      const audit = await database.handle.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "person.erased")
        .where("target_id", "=", person.personId)
        .executeTakeFirstOrThrow();
      expect(audit.details).not.toMatch(/marguerite|example\.com|5550/i);
      expect(JSON.parse(audit.details).deleted.auto_quotes).toBe(1);
      const mail = await database.handle.db
        .selectFrom("mail_outbox")
        .selectAll()
        .where("kind", "=", "person.erased")
        .where("to_address", "=", person.email)
        .executeTakeFirstOrThrow();
      // Blanked once sent (a background delivery may be first): then its .eml copy holds it.
      const eml = readdirSync(outboxDir).find((name) => name.includes(mail.id));
      const text = eml
        ? readFileSync(path.join(outboxDir, eml), "utf8").replace(/=\r?\n/g, "")
        : mail.text_body;
      expect(text).toContain("consent ledger");
    }, 120_000);

    it("deletes the person row itself when nothing kept points at it", async () => {
      const made = await created(
        "/api/contacts/send-contact",
        {
          firstName: "Solo",
          lastName: "Visitor",
          email: "solo.visitor@example.com",
          phone: "6125550777",
          subject: "Home Insurance",
          message: "Hello",
          notRobot: true,
          formattedPhone: "6125550777",
        },
        {},
      );
      const { person_id: personId } = await database.handle.db
        .selectFrom("contacts")
        .select("person_id")
        .where("id", "=", String(made._id))
        .executeTakeFirstOrThrow();
      const erased = await call("POST", `/api/people/${personId}/erase`, {
        confirmName: "Solo Visitor",
      });
      expect(erased.statusCode, erased.body).toBe(200);
      expect(erased.json().data.personKept).toBe(false);
      expect(
        await database.handle.db
          .selectFrom("persons")
          .select("id")
          .where("id", "=", personId ?? "")
          .executeTakeFirst(),
      ).toBeUndefined();
      expect(
        (await call("POST", `/api/people/${personId}/erase`, { confirmName: "Solo Visitor" }))
          .statusCode,
      ).toBe(404);
    });
  });
});
