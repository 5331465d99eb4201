import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/database.ts";
import type { ServiceRequestsTable, TasksTable } from "../db/schema.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { contactRow } from "../test/fixtures.ts";
import { upsertUser } from "../user/service.ts";
import { TASK_DAY_LIST_KIND } from "./mail.ts";
import { createTaskListScheduler, type TaskListScheduler } from "./scheduler.ts";

const SITE = "https://agency.example";
const HOURS = [
  { day: "Monday", opens: "09:00", closes: "17:00" },
  { day: "Tuesday", opens: "09:00", closes: "17:00" },
  { day: "Wednesday", opens: "09:00", closes: "17:00" },
  { day: "Thursday", opens: "09:00", closes: "17:00" },
  { day: "Friday", opens: "09:00", closes: "17:00" },
] as const;
const logged: object[] = [];
const log = { info: (obj: object) => logged.push(obj), warn: (obj: object) => logged.push(obj) };

describe.each(testEngines())("each assignee's morning list on %s", (engine) => {
  let database: TestDatabase;
  /** Another instance's pool on PostgreSQL; SQLite serves one instance (as reminders.test.ts). */
  let other: DatabaseHandle;
  let current: Date;
  let schedulers: TaskListScheduler[] = [];
  const users = { ann: "", bo: "", gone: "" };
  const lead = randomUUID();

  function scheduler(handle: DatabaseHandle): TaskListScheduler {
    const created = createTaskListScheduler({
      db: handle.db,
      siteUrl: SITE,
      now: () => current,
      openingHours: HOURS,
      log,
    });
    schedulers.push(created);
    return created;
  }
  async function race(rounds = 4) {
    const all = [database.handle, database.handle, other, other].map(scheduler);
    await Promise.all(
      all.map(async (s) => {
        for (let i = 0; i < rounds; i += 1) await s.runOnce();
      }),
    );
  }
  const task = (
    assignedTo: string,
    dueAt: string,
    extra: Partial<TasksTable> = {},
  ): TasksTable => ({
    id: randomUUID(),
    text: `Task due ${dueAt}`,
    subject_type: "contact",
    subject_id: lead,
    due_at: dueAt,
    assigned_to: assignedTo,
    created_by: null,
    created_at: "2026-11-01T00:00:00.000Z",
    updated_at: "2026-11-01T00:00:00.000Z",
    completed_at: null,
    completed_by: null,
    ...extra,
  });
  const lists = () =>
    database.handle.db
      .selectFrom("mail_outbox")
      .select(["to_address", "subject", "text_body", "related_id"])
      .where("kind", "=", TASK_DAY_LIST_KIND)
      .orderBy("to_address")
      .execute();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    other = engine === "postgres" ? openDatabase(database.url) : database.handle;
    const make = async (email: string) =>
      (
        await upsertUser(database.handle.db, {
          email,
          password: "correct horse battery staple",
          kind: "agent",
        })
      ).id;
    users.ann = await make("ann@agency.example");
    users.bo = await make("bo@agency.example");
    users.gone = await make("gone@agency.example");
    await database.handle.db
      .updateTable("users")
      .set({ is_active: 0 })
      .where("id", "=", users.gone)
      .execute();
    await database.handle.db
      .insertInto("contacts")
      .values({ ...contactRow(lead), first_name: "Cy", last_name: "Lead" })
      .execute();
  });
  afterAll(async () => {
    if (other !== database.handle) await other.close();
    await database.drop();
  });
  beforeEach(async () => {
    for (const table of ["tasks", "task_day_lists", "mail_outbox"] as const) {
      await database.handle.db.deleteFrom(table).execute();
    }
    logged.length = 0;
  });
  afterEach(async () => {
    await Promise.all(schedulers.map((s) => s.stop()));
    schedulers = [];
  });

  it("two instances racing queue one list per assignee at opening, today's and overdue tasks", async () => {
    // Tuesday 1 December 2026: the office opens at 9:00 AM CST (15:00Z).
    await database.handle.db
      .insertInto("tasks")
      .values([
        task(users.ann, "2026-11-30T16:00:00.000Z"), // overdue (Monday)
        task(users.ann, "2026-12-01T21:00:00.000Z"), // 3 PM today
        task(users.ann, "2026-12-02T15:00:00.000Z"), // tomorrow: not listed
        task(users.ann, "2026-12-01T16:00:00.000Z", { completed_at: "2026-11-30T00:00:00.000Z" }),
        task(users.bo, "2026-12-02T05:30:00.000Z"), // 11:30 PM today
        task(users.gone, "2026-12-01T16:00:00.000Z"), // deactivated: never mailed
      ])
      .execute();
    current = new Date("2026-12-01T14:59:00Z");
    await race(2);
    expect(await lists()).toEqual([]);
    current = new Date("2026-12-01T15:00:00Z");
    await race();
    const sent = await lists();
    expect(sent.map((m) => [m.to_address, m.subject])).toEqual([
      ["ann@agency.example", "Your tasks for Tuesday, December 1, 2026: 2 tasks"],
      ["bo@agency.example", "Your tasks for Tuesday, December 1, 2026: 1 task"],
    ]);
    const ann = sent[0]?.text_body ?? "";
    expect(ann).toContain("Overdue:\n- Task due 2026-11-30T16:00:00.000Z");
    expect(ann).toContain(
      "Due today, Tuesday, December 1, 2026:\n- Task due 2026-12-01T21:00:00.000Z",
    );
    expect(ann).toContain("at 3:00 PM Central time (CST)");
    expect(ann).toContain(`Message: Cy Lead, ${SITE}/dashboard/contacts/${lead}`);
    expect(ann).not.toContain("2026-12-02T15:00");
    // Later passes the same day, and a restart, send nothing again.
    current = new Date("2026-12-01T20:00:00Z");
    await race(2);
    expect(await lists()).toHaveLength(2);
    // The logs name counts, never a person.
    expect(JSON.stringify(logged)).not.toMatch(/@|Cy Lead|Task due/);
    // The next office day has its own list.
    current = new Date("2026-12-02T15:30:00Z");
    await race(2);
    expect((await lists()).filter((m) => m.to_address === "ann@agency.example")).toHaveLength(2);
  });

  it("lists an assignee's open Client Center requests due by today, with no task needed", async () => {
    const request = (
      reference: string,
      dueOn: string,
      extra: Partial<ServiceRequestsTable> = {},
    ): ServiceRequestsTable => ({
      id: randomUUID(),
      reference,
      kind: "certificate",
      person_id: null,
      name: "Ana Núñez",
      email: "ana@example.com",
      phone: "6125550199",
      carrier: "Not sure",
      policy_number: "",
      details: "{}",
      due_on: dueOn,
      status: "in-progress",
      status_changed_at: null,
      assigned_to: users.bo,
      follow_up_on: null,
      next_task_at: "9999-12-31T23:59:59.999Z",
      lost_reason: null,
      lost_detail: null,
      archived_at: null,
      archived_by: null,
      source: "web",
      updated_at: null,
      search_text: reference.toLowerCase(),
      first_touch_source: null,
      first_touch_medium: null,
      first_touch_campaign: null,
      first_response_at: null,
      first_response_seconds: null,
      created_at: "2026-11-27T16:00:00.000Z",
      ...extra,
    });
    const rows = [
      request("SR-2026-000101", "2026-11-30"), // overdue (Monday)
      request("SR-2026-000102", "2026-12-01"), // due today
      request("SR-2026-000103", "2026-12-02"), // tomorrow: not listed
      request("SR-2026-000104", "2026-11-30", { status: "done" }),
      request("SR-2026-000105", "2026-11-30", { archived_at: "2026-11-30T20:00:00.000Z" }),
      request("SR-2026-000106", "2026-11-30", { assigned_to: null }),
      request("SR-2026-000107", "2026-11-30", { assigned_to: users.gone }),
    ];
    await database.handle.db.deleteFrom("service_requests").execute();
    await database.handle.db.insertInto("service_requests").values(rows).execute();
    // Tuesday 1 December 2026, 9:00 AM CST.
    current = new Date("2026-12-01T15:00:00Z");
    await race(2);
    const sent = await lists();
    expect(sent.map((m) => [m.to_address, m.subject])).toEqual([
      ["bo@agency.example", "Your tasks for Tuesday, December 1, 2026: 2 tasks"],
    ]);
    const bo = sent[0]?.text_body ?? "";
    expect(bo).toContain("Overdue:\n- Client Center request: Certificate of insurance");
    expect(bo).toContain(
      `Service request: SR-2026-000101 Ana Núñez, ${SITE}/dashboard/service/${rows[0]?.id}`,
    );
    expect(bo).toContain("Due today, Tuesday, December 1, 2026:\n- Client Center request");
    expect(bo).toContain("SR-2026-000102");
    expect(bo).toContain("at 5:00 PM Central time (CST)");
    for (const other of ["000103", "000104", "000105", "000106", "000107"]) {
      expect(bo).not.toContain(other);
    }
    await database.handle.db.deleteFrom("service_requests").execute();
  });

  it("sends none on a closed day, outside hours, or to someone with nothing due", async () => {
    await database.handle.db
      .insertInto("tasks")
      .values([
        task(users.ann, "2026-12-05T16:00:00.000Z"),
        task(users.bo, "2026-12-09T16:00:00.000Z"),
      ])
      .execute();
    // Saturday 5 December: no hours in this profile.
    current = new Date("2026-12-05T17:00:00Z");
    await race(2);
    // Friday 25 December: a federal holiday.
    current = new Date("2026-12-25T17:00:00Z");
    await race(1);
    // Monday 7 December, 6 PM: closed.
    current = new Date("2026-12-08T00:00:00Z");
    await race(1);
    expect(await lists()).toEqual([]);
    // Monday 7 December, 9:05 AM: Ann's Saturday task is overdue; Bo has nothing due.
    current = new Date("2026-12-07T15:05:00Z");
    await race(2);
    expect((await lists()).map((m) => m.to_address)).toEqual(["ann@agency.example"]);
  });
});
