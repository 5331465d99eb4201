// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, sql } from "kysely";

/**
 * The task lists' indexes (issue 27 §5: "My tasks" p95 ≤ 50 ms at 100,000), after
 * 20261129000100. Measured on 30,000 tasks among five staff members (the bench's seed):
 *
 * - Everyone's open tasks, soonest first: SQLite read `tasks_assignee_due_idx` by a skip
 *   scan over the few assignees and sorted every open task (21 ms; done ones 33 ms), and
 *   PostgreSQL scanned the table (8 ms); now one partial index in the list's own order is
 *   read for the 200 rows it answers (0.3 to 0.6 ms on both).
 * - One person's open tasks: ordered by (due_at, id) in the index, so no sort of all of
 *   them (PostgreSQL sorted the busiest's 4,000 with a heap: 6 ms; now 1 ms).
 * - Done tasks, latest first, everyone's or one person's: partial indexes on completed_at.
 *
 * The two indexes they replace led with a column the lists test for NULL, which is what
 * let SQLite's planner prefer the skip scan. The morning lists (due before a time, open)
 * read the open ones too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tasks_assignee_due_idx").ifExists().execute();
  await db.schema.dropIndex("tasks_open_due_idx").ifExists().execute();
  await db.schema
    .createIndex("tasks_open_assignee_due_idx")
    .on("tasks")
    .columns(["assigned_to", "due_at", "id"])
    .where(sql.ref("completed_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("tasks_open_due_idx")
    .on("tasks")
    .columns(["due_at", "id"])
    .where(sql.ref("completed_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("tasks_done_assignee_idx")
    .on("tasks")
    .columns(["assigned_to", "completed_at"])
    .where(sql.ref("completed_at"), "is not", null)
    .execute();
  await db.schema
    .createIndex("tasks_done_idx")
    .on("tasks")
    .columns(["completed_at"])
    .where(sql.ref("completed_at"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    "tasks_open_assignee_due_idx",
    "tasks_open_due_idx",
    "tasks_done_assignee_idx",
    "tasks_done_idx",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema
    .createIndex("tasks_assignee_due_idx")
    .on("tasks")
    .columns(["assigned_to", "completed_at", "due_at"])
    .execute();
  await db.schema
    .createIndex("tasks_open_due_idx")
    .on("tasks")
    .columns(["completed_at", "due_at"])
    .execute();
}
