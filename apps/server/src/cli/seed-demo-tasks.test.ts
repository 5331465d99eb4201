import { NO_NEXT_TASK_AT, taskDueParts, todayInAgencyZone } from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TasksTable } from "../db/schema.ts";
import { LEAD_TABLE_OF, nextOpenTaskDue } from "../task/repository.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { DEMO_TASK_LEAD_KINDS, seedDemo, seedDemoTasks } from "./seed-demo.ts";

// The bench's "My tasks" load (issue 27 §5): a Tuesday afternoon in Chicago.
const NOW = new Date("2030-03-05T20:00:00Z");
const COUNT = 400;
const STAFF = ["staff-busiest", "staff-b", "staff-c", "staff-d", "staff-e"];

describe.each(testEngines())("the demo seed's tasks on %s", (engine) => {
  let database: TestDatabase;
  let tasks: TasksTable[];
  let made: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedDemo(database.handle.db, COUNT, NOW);
    made = await seedDemoTasks(database.handle.db, COUNT, STAFF, NOW);
    tasks = await database.handle.db.selectFrom("tasks").selectAll().execute();
  });
  afterAll(async () => {
    await database.drop();
  });

  it("makes about 3 tasks per 10 leads of each kind, on leads and on people", () => {
    expect(made).toBe(tasks.length);
    expect(tasks.length).toBeGreaterThan(COUNT * 0.25);
    expect(tasks.length).toBeLessThanOrEqual(COUNT * 0.3);
    const kinds = new Set(tasks.map((t) => t.subject_type));
    expect([...kinds].sort()).toEqual(["appointment", "contact", "person", "quote"]);
  });

  it("mixes overdue, today, upcoming and done, the busiest assignee holding the most", () => {
    const open = tasks.filter((t) => t.completed_at === null);
    const done = tasks.filter((t) => t.completed_at !== null);
    const today = todayInAgencyZone(NOW);
    const dayOf = (t: TasksTable) => taskDueParts(t.due_at).dueDate;
    expect(open.filter((t) => dayOf(t) < today).length).toBeGreaterThan(0);
    expect(open.filter((t) => dayOf(t) === today).length).toBeGreaterThan(0);
    expect(open.filter((t) => dayOf(t) > today).length).toBeGreaterThan(0);
    expect(done.length).toBeGreaterThan(open.length / 2);
    for (const t of done) {
      expect(t.completed_at && t.completed_at <= NOW.toISOString()).toBeTruthy();
      expect(t.completed_at && t.completed_at >= t.created_at).toBeTruthy();
    }
    for (const t of tasks) expect(t.created_at <= NOW.toISOString()).toBe(true);
    const held = (id: string) => tasks.filter((t) => t.assigned_to === id).length;
    for (const other of STAFF.slice(1)) expect(held("staff-busiest")).toBeGreaterThan(held(other));
    expect(tasks.every((t) => t.assigned_to === null || STAFF.includes(t.assigned_to))).toBe(true);
  });

  it("keeps every lead's next task and follow-up date as the task service does", async () => {
    const db = database.handle.db;
    for (const kind of DEMO_TASK_LEAD_KINDS) {
      const leads = await db
        .selectFrom(LEAD_TABLE_OF[kind])
        .select(["id", "next_task_at", "follow_up_on"])
        .execute();
      let withTask = 0;
      for (const lead of leads) {
        const next = await nextOpenTaskDue(db, kind, lead.id);
        if (next) withTask += 1;
        expect(lead.next_task_at).toBe(next ?? NO_NEXT_TASK_AT);
        expect(lead.follow_up_on).toBe(next ? taskDueParts(next).dueDate : null);
      }
      expect(withTask).toBeGreaterThan(0);
    }
  });
});
