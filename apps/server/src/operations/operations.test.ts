import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeAudit } from "../audit/audit.ts";
import { backupSqlite, restoreSqlite } from "../cli/backup.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { newLeadColumns } from "../lead/new-lead-columns.ts";
import { nowIso } from "../lib/ids.ts";
import { queueMail } from "../mail/outbox.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { purgeExpired } from "./retention.ts";

const contactRow = (id: string, createdAt: string) => ({
  id,
  first_name: "Old",
  last_name: "Lead",
  email: "old@example.com",
  phone: "6125550100",
  subject: "Other",
  message: "from long ago",
  status: "new",
  status_changed_at: createdAt,
  created_at: createdAt,
  ...newLeadColumns({
    firstName: "Old",
    lastName: "Lead",
    email: "old@example.com",
    phone: "6125550100",
  }),
});

describe.each(testEngines())("retention on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("purges leads older than the period with their mail, keeps newer ones, and audits", async () => {
    const db = database.handle.db;
    const now = new Date("2030-06-01T12:00:00Z");
    await db.insertInto("contacts").values(contactRow("old", "2027-05-31T00:00:00.000Z")).execute();
    await db
      .insertInto("contacts")
      .values(contactRow("recent", "2027-06-02T00:00:00.000Z"))
      .execute();
    await queueMail(db, {
      kind: "contact.agency",
      to: "a@b.co",
      subject: "s",
      text: "t",
      related: { type: "contact", id: "old" },
    });
    await queueMail(db, {
      kind: "contact.agency",
      to: "a@b.co",
      subject: "s",
      text: "t",
      related: { type: "contact", id: "recent" },
    });
    const result = await purgeExpired(db, 36, now);
    expect(result).toMatchObject({ contacts: 1, auto_quotes: 0, appointments: 0, mail: 1 });
    const left = await db.selectFrom("contacts").select("id").execute();
    expect(left.map((r) => r.id)).toEqual(["recent"]);
    const mail = await db.selectFrom("mail_outbox").select("related_id").execute();
    expect(mail.map((r) => r.related_id)).toEqual(["recent"]);
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "retention.purged")
      .execute();
    expect(JSON.parse(audit[0]?.details ?? "{}")).toMatchObject({
      retentionMonths: 36,
      contacts: 1,
      mail: 1,
    });
  });

  it("forgets a person left with no lead and untouched since the cutoff, with their keys, tasks and edits", async () => {
    const db = database.handle.db;
    const now = new Date("2030-06-01T12:00:00Z");
    const person = (id: string, updatedAt: string) => ({
      id,
      first_name: "Pat",
      last_name: id,
      email: `${id}@example.com`,
      phone: "",
      street: "",
      city: "",
      state: "",
      zip: "",
      preferred_contact: null,
      notes: "Call after five.",
      search_text: `pat ${id}`,
      latest_at: updatedAt,
      live_quotes: 0,
      live_contacts: 0,
      live_appointments: 0,
      created_at: updatedAt,
      updated_at: updatedAt,
    });
    await db
      .insertInto("persons")
      .values([
        person("gone", "2027-01-01T00:00:00.000Z"),
        person("with-lead", "2027-01-01T00:00:00.000Z"),
        person("edited-lately", "2030-05-01T00:00:00.000Z"),
      ])
      .execute();
    await db
      .insertInto("person_keys")
      .values([
        { key: "e:gone@example.com", person_id: "gone" },
        { key: "e:with-lead@example.com", person_id: "with-lead" },
      ])
      .execute();
    await db
      .insertInto("contacts")
      .values({ ...contactRow("kept-lead", "2030-05-02T00:00:00.000Z"), person_id: "with-lead" })
      .execute();
    await db
      .insertInto("tasks")
      .values({
        id: "task-of-gone",
        text: "Call Pat",
        subject_type: "person",
        subject_id: "gone",
        due_at: "2027-01-02T15:00:00.000Z",
        assigned_to: null,
        created_by: null,
        created_at: "2027-01-01T00:00:00.000Z",
        updated_at: "2027-01-01T00:00:00.000Z",
        completed_at: null,
        completed_by: null,
      })
      .execute();
    await writeAudit(db, {
      actorUserId: null,
      action: "person.updated",
      target: { type: "person", id: "gone" },
      ip: null,
      details: { before: { notes: "" }, after: { notes: "Call after five." } },
    });
    // Gone was in With-lead's household; Edited-lately heads one of their own.
    await db
      .insertInto("household_members")
      .values([
        {
          person_id: "gone",
          primary_person_id: "with-lead",
          relationship: "spouse",
          created_at: "2027-01-01T00:00:00.000Z",
          updated_at: "2027-01-01T00:00:00.000Z",
        },
        {
          person_id: "with-lead",
          primary_person_id: "edited-lately",
          relationship: "other",
          created_at: "2030-05-01T00:00:00.000Z",
          updated_at: "2030-05-01T00:00:00.000Z",
        },
      ])
      .execute();
    await writeAudit(db, {
      actorUserId: null,
      action: "household.linked",
      target: { type: "person", id: "gone" },
      ip: null,
      details: { before: null, after: { primaryId: "with-lead", relationship: "spouse" } },
    });

    const result = await purgeExpired(db, 36, now);
    expect(result.people).toBe(1);
    const left = await db.selectFrom("persons").select("id").orderBy("id").execute();
    expect(left.map((row) => row.id)).toEqual(["edited-lately", "with-lead"]);
    const keys = await db.selectFrom("person_keys").select("person_id").execute();
    expect(keys.map((row) => row.person_id)).toEqual(["with-lead"]);
    expect(
      await db.selectFrom("tasks").select("id").where("subject_id", "=", "gone").execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom("audit_log")
        .select("id")
        .where("action", "in", ["person.updated", "household.linked"])
        .where("target_id", "=", "gone")
        .execute(),
    ).toEqual([]);
    // Their household link went with them; the others' stays.
    const members = await db.selectFrom("household_members").select("person_id").execute();
    expect(members.map((row) => row.person_id)).toEqual(["with-lead"]);
    await db.deleteFrom("household_members").execute();
    await db.deleteFrom("contacts").where("id", "=", "kept-lead").execute();
  });

  it("purges archived leads once they can no longer be restored, with their notes and read marks", async () => {
    const db = database.handle.db;
    const now = new Date("2030-06-01T12:00:00Z");
    const archived = (id: string, archivedAt: string) => ({
      ...contactRow(id, "2030-04-01T00:00:00.000Z"),
      archived_at: archivedAt,
      archived_by: "someone",
    });
    await db
      .insertInto("contacts")
      .values([
        archived("archived-long-ago", "2030-05-01T11:59:59.000Z"),
        archived("archived-lately", "2030-05-20T00:00:00.000Z"),
      ])
      .execute();
    await db
      .insertInto("notification_reads")
      .values({
        user_id: "u",
        item_type: "contact",
        item_id: "archived-long-ago",
        read_at: nowIso(now),
      })
      .execute();
    await db
      .insertInto("lead_notes")
      .values({
        id: "n1",
        lead_type: "contact",
        lead_id: "archived-long-ago",
        author_user_id: null,
        kind: "note",
        body: "spam",
        created_at: nowIso(now),
      })
      .execute();
    const result = await purgeExpired(db, 36, now);
    expect(result.contacts).toBe(1);
    const left = await db.selectFrom("contacts").select("id").orderBy("id").execute();
    expect(left.map((r) => r.id)).toEqual(["archived-lately", "recent"]);
    expect(await db.selectFrom("notification_reads").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("lead_notes").selectAll().execute()).toEqual([]);
  });

  it("purges the audit entries that hold a purged lead's contact details, and only those", async () => {
    const db = database.handle.db;
    const now = new Date("2030-06-01T12:00:00Z");
    await db
      .insertInto("contacts")
      .values(contactRow("old-2", "2027-05-30T00:00:00.000Z"))
      .execute();
    await db
      .insertInto("contacts")
      .values(contactRow("new-2", "2027-06-03T00:00:00.000Z"))
      .execute();
    for (const id of ["old-2", "new-2"]) {
      for (const action of ["lead.entered", "lead.details_changed"] as const) {
        await writeAudit(db, {
          actorUserId: null,
          action,
          target: { type: "contact", id },
          ip: null,
          details: { changes: { phone: { before: "6125550100", after: "6125550101" } } },
        });
      }
    }
    await purgeExpired(db, 36, now);
    const left = await db
      .selectFrom("audit_log")
      .select(["target_id", "action"])
      .where("target_id", "in", ["old-2", "new-2"])
      .orderBy("target_id")
      .orderBy("action")
      .execute();
    expect(left).toEqual([
      { target_id: "new-2", action: "lead.details_changed" },
      { target_id: "new-2", action: "lead.entered" },
      { target_id: "old-2", action: "lead.entered" },
    ]);
  });
});

describe("backup and restore of SQLite", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "agency-backup-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("copies the live database consistently while it is being written, and restores it", async () => {
    const file = path.join(dir, "live.db");
    const live = openDatabase(`sqlite:${file}`);
    await migrateToLatest(live.db);
    for (let i = 0; i < 50; i += 1) {
      await live.db
        .insertInto("contacts")
        .values(contactRow(`c${i}`, nowIso()))
        .execute();
    }
    // Writes keep going during the backup.
    const writer = (async () => {
      for (let i = 50; i < 150; i += 1) {
        await live.db
          .insertInto("contacts")
          .values(contactRow(`c${i}`, nowIso()))
          .execute();
      }
    })();
    const backup = path.join(dir, "backups", "copy.db");
    await backupSqlite(file, backup);
    await writer;
    const count = async (url: string) => {
      const handle = openDatabase(url);
      const row = await handle.db
        .selectFrom("contacts")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      await handle.close();
      return Number(row.n);
    };
    const copied = await count(`sqlite:${backup}`);
    expect(copied).toBeGreaterThanOrEqual(50);
    expect(copied).toBeLessThanOrEqual(150);
    await live.close();

    const previous = restoreSqlite(backup, file);
    expect(previous).toMatch(/live\.db\.before-restore-/);
    expect(await count(`sqlite:${file}`)).toBe(copied);
  });

  it("refuses to restore a file that is not a database", () => {
    const junk = path.join(dir, "junk.db");
    writeFileSync(junk, "not sqlite at all");
    expect(() => restoreSqlite(junk, path.join(dir, "target.db"))).toThrow();
  });
});
