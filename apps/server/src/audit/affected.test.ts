import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../config.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";
import { upsertUser } from "../user/service.ts";
import { AffectedUsageError, findAffected, formatAffected, parseAffectedArgs } from "./affected.ts";
import { type AuditEntry, auditRow } from "./audit.ts";

const PURGED_CONTACT = "00000000-0000-7000-8000-0000000000aa";

describe("the affected tool's arguments", () => {
  it("reads a window, an account, an address and a format", () => {
    expect(
      parseAffectedArgs([
        "--since",
        "2026-11-29T02:00:00-06:00",
        "--until",
        "2026-11-30T00:00:00Z",
        "--account",
        " Ann@Agency.example ",
        "--address",
        "203.0.113.7",
        "--format",
        "json",
      ]),
    ).toEqual({
      since: "2026-11-29T08:00:00.000Z",
      until: "2026-11-30T00:00:00.000Z",
      account: "ann@agency.example",
      address: "203.0.113.7",
      format: "json",
    });
    expect(parseAffectedArgs(["--since", "2026-11-29T08:00Z"]).format).toBe("csv");
  });

  it.each([
    [[], "--since is required"],
    [["--since", "2026-11-29"], "--since must be an ISO time"],
    [["--since", "yesterday"], "--since must be an ISO time"],
    [
      ["--since", "2026-11-29T08:00:00Z", "--until", "2026-11-29T07:00:00Z"],
      "--until must be after",
    ],
    [["--since", "2026-11-29T08:00:00Z", "--format", "xml"], "--format must be csv or json"],
    [["--since", "2026-11-29T08:00:00Z", "--who", "x"], "unknown option --who"],
    [["--since"], "--since needs a value"],
  ])("refuses %j: %s", (argv, message) => {
    expect(() => parseAffectedArgs(argv)).toThrow(AffectedUsageError);
    expect(() => parseAffectedArgs(argv)).toThrow(message);
  });

  it("answers any argument list with options or a usage error, never anything else", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary" }), { maxLength: 8 }), (argv) => {
        try {
          parseAffectedArgs(argv);
        } catch (error) {
          expect(error).toBeInstanceOf(AffectedUsageError);
        }
      }),
    );
  });
});

describe.each(testEngines())("npm run affected on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  const ids: Record<string, string> = {};
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    const send = async (url: string, payload: object) => {
      const response = await test.app.inject({ method: "POST", url, payload });
      if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
      return response.json().data._id as string;
    };
    const message = (firstName: string, lastName: string, email: string, phone: string) =>
      send("/api/contacts/send-contact", {
        firstName,
        lastName,
        email,
        phone,
        subject: "Home Insurance",
        message: "Please call me.",
        notRobot: true,
        formattedPhone: phone,
      });
    ids.anaContact = await message("Ána 🦊", "Zimmer", "ana@example.com", "6125550101");
    ids.cyContact = await message("Cy", "Abbott", "cy@example.com", "6125550103");
    ids.boQuote = await send("/api/auto-quotes/send-auto-quote", validQuotePayload());
    const personOf = async (table: "contacts" | "auto_quotes", id: string | undefined) =>
      (
        await db()
          .selectFrom(table)
          .select("person_id")
          .where("id", "=", id ?? "")
          .executeTakeFirstOrThrow()
      ).person_id as string;
    ids.ana = await personOf("contacts", ids.anaContact);
    ids.cy = await personOf("contacts", ids.cyContact);
    ids.bo = await personOf("auto_quotes", ids.boQuote);
    ids.ann = (
      await upsertUser(db(), {
        email: "ann@agency.example",
        password: "x".repeat(16),
        kind: "agent",
      })
    ).id;
    ids.raj = (
      await upsertUser(db(), {
        email: "raj@agency.example",
        password: "x".repeat(16),
        kind: "manager",
      })
    ).id;

    const at = (time: string, entry: AuditEntry) => ({
      ...auditRow(entry),
      created_at: `2026-11-28T${time}.000Z`,
    });
    const ann = { actorUserId: ids.ann as string, ip: "203.0.113.7" };
    const raj = { actorUserId: ids.raj as string, ip: "198.51.100.2" };
    await db()
      .insertInto("audit_log")
      .values([
        // Ana's lead opened by Ann, twice over two hours; her person page by Raj.
        at("09:00:00", {
          ...ann,
          action: "record.viewed",
          target: { type: "contact", id: ids.anaContact as string },
        }),
        at("10:00:00", {
          ...ann,
          action: "record.viewed",
          target: { type: "contact", id: ids.anaContact as string },
        }),
        at("11:00:00", {
          ...raj,
          action: "record.viewed",
          target: { type: "person", id: ids.ana as string },
        }),
        // Bo's quote revealed by Ann.
        at("12:00:00", {
          ...ann,
          action: "record.revealed",
          target: { type: "auto_quote", id: ids.boQuote as string },
        }),
        // Ann exports messages: Ana's, Cy's, and one retention has purged since.
        at("13:00:00", {
          ...ann,
          action: "records.exported",
          details: {
            kind: "contacts",
            targetType: "contact",
            filter: {},
            count: 3,
            part: 1,
            parts: 1,
            ids: [ids.anaContact, ids.cyContact, PURGED_CONTACT],
          },
        }),
        // Not reads: left out.
        at("14:00:00", {
          ...ann,
          action: "record.note",
          target: { type: "contact", id: ids.cyContact as string },
        }),
      ])
      .execute();
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const summary = async (options: Parameters<typeof findAffected>[1]) =>
    (await findAffected(db(), options)).map(
      (row) =>
        `${row.firstName || row.records.join(" ")} ${row.action} ×${row.count} ${row.firstAt.slice(11, 16)}-${row.lastAt.slice(11, 16)}`,
    );

  it("lists everyone read, exported or revealed, reached through their leads, with counts and times", async () => {
    const rows = await findAffected(db(), { since: "2026-11-28T00:00:00.000Z" });
    expect(await summary({ since: "2026-11-28T00:00:00.000Z" })).toEqual([
      `contact:${PURGED_CONTACT} records.exported ×1 13:00-13:00`,
      "Cy records.exported ×1 13:00-13:00",
      "Maria record.revealed ×1 12:00-12:00",
      "Ána 🦊 record.viewed ×3 09:00-11:00",
      "Ána 🦊 records.exported ×1 13:00-13:00",
    ]);
    const ana = rows.find((row) => row.action === "record.viewed");
    expect(ana).toMatchObject({
      personId: ids.ana,
      lastName: "Zimmer",
      email: "ana@example.com",
      phone: "6125550101",
      records: [`contact:${ids.anaContact}`, `person:${ids.ana}`].sort(),
    });
  });

  it("keeps to the window: since inclusive, until exclusive", async () => {
    expect(
      await summary({ since: "2026-11-28T10:00:00.000Z", until: "2026-11-28T12:00:00.000Z" }),
    ).toEqual(["Ána 🦊 record.viewed ×2 10:00-11:00"]);
    expect(await summary({ since: "2026-11-28T13:00:01.000Z" })).toEqual([]);
  });

  it("keeps to one account, or to one address", async () => {
    expect(
      await summary({ since: "2026-11-28T00:00:00.000Z", account: "raj@agency.example" }),
    ).toEqual(["Ána 🦊 record.viewed ×1 11:00-11:00"]);
    expect(
      await summary({
        since: "2026-11-28T00:00:00.000Z",
        address: "203.0.113.7",
        until: "2026-11-28T12:30:00.000Z",
      }),
    ).toEqual(["Maria record.revealed ×1 12:00-12:00", "Ána 🦊 record.viewed ×2 09:00-10:00"]);
    await expect(
      findAffected(db(), { since: "2026-11-28T00:00:00.000Z", account: "nobody@agency.example" }),
    ).rejects.toThrow("no staff account has the email nobody@agency.example");
  });

  it("writes CSV for a spreadsheet and JSON for a script", async () => {
    const rows = await findAffected(db(), {
      since: "2026-11-28T12:00:00.000Z",
      until: "2026-11-28T12:30:00.000Z",
    });
    expect(formatAffected(rows, "csv")).toBe(
      "person id,first name,last name,email,phone,action,times,first,last,records\r\n" +
        `${ids.bo},Maria,Lindqvist,maria.lindqvist@example.com,6125550199,record.revealed,1,2026-11-28T12:00:00.000Z,2026-11-28T12:00:00.000Z,auto_quote:${ids.boQuote}\r\n`,
    );
    expect(JSON.parse(formatAffected(rows, "json"))).toEqual(rows);
  });

  it("runs as npm run affected against the server's DATABASE_URL", () => {
    const run = spawnSync(
      process.execPath,
      [
        path.join(REPO_ROOT, "apps/server/src/cli/affected.ts"),
        "--since",
        "2026-11-28T10:30:00Z",
        "--until",
        "2026-11-28T11:30:00Z",
        "--format",
        "json",
      ],
      {
        encoding: "utf8",
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          JWT_SECRET: "test-secret-that-is-long-enough-for-hmac-signing",
          DATA_DIR: mkdtempSync(path.join(tmpdir(), "agency-affected-")),
        },
      },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject([
      { personId: ids.ana, action: "record.viewed", count: 1, email: "ana@example.com" },
    ]);
    const wrong = spawnSync(
      process.execPath,
      [path.join(REPO_ROOT, "apps/server/src/cli/affected.ts")],
      {
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: database.url },
      },
    );
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain("--since is required");
  });
});
