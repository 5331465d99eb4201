import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowIso } from "../lib/ids.ts";
import { purgeExpired } from "../operations/retention.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { type AuditAction, auditRow } from "./audit.ts";

const DAY_MS = 86_400_000;

/** An entry made `daysAgo` days ago by the real clock (the database's triggers use it). */
function entry(action: AuditAction, daysAgo: number) {
  const row = auditRow({
    actorUserId: "u1",
    action,
    target: { type: "person", id: "p1" },
    ip: "203.0.113.7",
  });
  return { ...row, created_at: nowIso(new Date(Date.now() - daysAgo * DAY_MS)) };
}

describe.each(testEngines())("the audit log is append-only on %s (decision 0084)", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());
  const db = () => database.handle.db;

  it("refuses an UPDATE, of a young entry and of an old one", async () => {
    for (const row of [entry("record.revealed", 1), entry("record.revealed", 2000)]) {
      await db().insertInto("audit_log").values(row).execute();
      await expect(
        db().updateTable("audit_log").set({ details: "{}" }).where("id", "=", row.id).execute(),
      ).rejects.toThrow(/append-only/);
      await expect(
        db().updateTable("audit_log").set({ ip: null }).where("id", "=", row.id).execute(),
      ).rejects.toThrow(/append-only/);
    }
  });

  it("refuses an early DELETE of an entry that names records by id only", async () => {
    for (const action of ["record.revealed", "record.viewed", "login.success"] as const) {
      const row = entry(action, 1820);
      await db().insertInto("audit_log").values(row).execute();
      await expect(db().deleteFrom("audit_log").where("id", "=", row.id).execute()).rejects.toThrow(
        /kept 1826 days/,
      );
      const kept = await db()
        .selectFrom("audit_log")
        .select("id")
        .where("id", "=", row.id)
        .execute();
      expect(kept).toHaveLength(1);
    }
  });

  it("deletes an entry older than five years, and a young one holding a person's details", async () => {
    const old = entry("record.revealed", 1828);
    const personal = [
      entry("lead.details_changed", 0),
      entry("person.updated", 0),
      entry("household.linked", 0),
      entry("household.changed", 0),
      entry("household.unlinked", 0),
    ];
    await db()
      .insertInto("audit_log")
      .values([old, ...personal])
      .execute();
    for (const row of [old, ...personal]) {
      const deleted = await db()
        .deleteFrom("audit_log")
        .where("id", "=", row.id)
        .executeTakeFirst();
      expect(Number(deleted.numDeletedRows), row.action).toBe(1);
    }
  });

  it("daily retention purges entries past five years and keeps younger ones", async () => {
    const past = entry("record.viewed", 61 * 31);
    const young = entry("record.viewed", 59 * 30);
    await db().insertInto("audit_log").values([past, young]).execute();
    // A lead retention of 36 months does not shorten the audit's five years.
    const result = await purgeExpired(db(), 36);
    expect(result.audit).toBeGreaterThanOrEqual(1);
    const ids = (await db().selectFrom("audit_log").select("id").execute()).map((r) => r.id);
    expect(ids).not.toContain(past.id);
    expect(ids).toContain(young.id);
    // A simulated `now` years ahead cannot make the purge delete what the database keeps.
    await purgeExpired(db(), 36, new Date(Date.now() + 10 * 365 * DAY_MS));
    const after = (await db().selectFrom("audit_log").select("id").execute()).map((r) => r.id);
    expect(after).toContain(young.id);
  });

  it("keeps the audit for a RETENTION_MONTHS longer than five years", async () => {
    const row = entry("record.viewed", 62 * 31);
    await db().insertInto("audit_log").values(row).execute();
    await purgeExpired(db(), 120);
    const kept = await db().selectFrom("audit_log").select("id").where("id", "=", row.id).execute();
    expect(kept).toHaveLength(1);
  });
});
