import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tasksMigration from "../db/migrations/20261129000100_tasks.ts";
import type { ContactsTable } from "../db/schema.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { contactRow } from "../test/fixtures.ts";
import { upsertUser } from "../user/service.ts";

describe.each(testEngines())("carrying follow-up dates over to tasks on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.drop();
  });

  it("makes each follow-up date a 9 AM Central task for the assignee, else who set it", async () => {
    const db = database.handle.db;
    const { id: agent } = await upsertUser(db, {
      email: "agent@example.com",
      password: "correct horse battery staple",
      kind: "agent",
    });
    const { id: setter } = await upsertUser(db, {
      email: "setter@example.com",
      password: "correct horse battery staple",
      kind: "agent",
    });
    // A row as it was before this migration (no next_task_at).
    const lead = (name: string, extra: object) => {
      const { next_task_at: _, ...before } = contactRow(randomUUID());
      return { ...before, first_name: name, ...extra };
    };
    const rows = {
      assigned: lead("Assigned", { assigned_to: agent, follow_up_on: "2030-03-05" }),
      summer: lead("Summer", { assigned_to: agent, follow_up_on: "2030-07-01" }),
      setBy: lead("SetBy", { follow_up_on: "2030-03-06" }),
      nobody: lead("Nobody", { follow_up_on: "2030-03-07" }),
      won: lead("Won", { assigned_to: agent, status: "won", follow_up_on: "2030-03-08" }),
      archived: lead("Archived", {
        follow_up_on: "2030-03-09",
        archived_at: "2030-03-01T00:00:00.000Z",
      }),
      none: lead("None", {}),
    };
    // The migration has run on the empty database: run it again over these leads.
    await tasksMigration.down(db);
    // Rows of the table as it was (the column this migration adds is not there yet).
    await db
      .insertInto("contacts")
      .values(Object.values(rows) as unknown as ContactsTable[])
      .execute();
    await db
      .insertInto("audit_log")
      .values({
        id: randomUUID(),
        actor_user_id: setter,
        action: "record.follow_up",
        target_type: "contact",
        target_id: rows.setBy.id,
        ip: null,
        details: "{}",
        created_at: "2030-03-01T00:00:00.000Z",
      })
      .execute();
    await tasksMigration.up(db);

    const tasks = await db.selectFrom("tasks").selectAll().orderBy("due_at").execute();
    const of = (row: { id: string }) => tasks.find((t) => t.subject_id === row.id);
    expect(tasks).toHaveLength(6);
    expect(of(rows.assigned)).toMatchObject({
      text: "Follow up",
      subject_type: "contact",
      due_at: "2030-03-05T15:00:00.000Z",
      assigned_to: agent,
      completed_at: null,
    });
    expect(of(rows.summer)?.due_at).toBe("2030-07-01T14:00:00.000Z");
    expect(of(rows.setBy)?.assigned_to).toBe(setter);
    expect(of(rows.nobody)?.assigned_to).toBeNull();
    expect(of(rows.won)?.completed_at).not.toBeNull();
    expect(of(rows.archived)?.completed_at).not.toBeNull();
    expect(of(rows.none)).toBeUndefined();
    const dates = await db
      .selectFrom("contacts")
      .select(["id", "follow_up_on", "next_task_at"])
      .execute();
    const nextOf = (row: { id: string }) => dates.find((d) => d.id === row.id)?.next_task_at;
    expect(nextOf(rows.assigned)).toBe("2030-03-05T15:00:00.000Z");
    expect(nextOf(rows.won)).toBe("9999-12-31T23:59:59.999Z");
    expect(nextOf(rows.none)).toBe("9999-12-31T23:59:59.999Z");
    const dateOf = (row: { id: string }) => dates.find((d) => d.id === row.id)?.follow_up_on;
    expect(dateOf(rows.assigned)).toBe("2030-03-05");
    expect(dateOf(rows.won)).toBeNull();
    expect(dateOf(rows.archived)).toBeNull();
  });
});
