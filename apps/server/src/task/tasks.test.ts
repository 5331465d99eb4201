import { randomUUID } from "node:crypto";
import { hasUnsafeCharacters, TASK_TEXT_MAX_LENGTH } from "@agency/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpired } from "../operations/retention.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs, TEST_PASSWORD } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { contactRow } from "../test/fixtures.ts";
import { TASK_ASSIGNED_KIND } from "./mail.ts";

// Tuesday 2030-03-05 15:00 UTC is 9:00 AM in Chicago.
let now = new Date("2030-03-05T15:00:00Z");

type Signed = Awaited<ReturnType<typeof signInAs>>;

describe.each(testEngines())("tasks on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let manager: Signed;
  let agent: Signed;
  let colleague: Signed;
  let plain: Signed;
  const ids = { ann: "", bo: "" };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => now });
    manager = await signInAs(test.app, database, "manager", "mona@example.com");
    await database.handle.db
      .updateTable("users")
      .set({ first_name: "Mona", last_name: "Manager" })
      .where("id", "=", manager.userId)
      .execute();
    agent = await signInAs(test.app, database, "agent", "abe@example.com");
    colleague = await signInAs(test.app, database, "agent", "cleo@example.com");
    plain = await signInAs(test.app, database, "user");
    ids.ann = randomUUID();
    ids.bo = randomUUID();
    await database.handle.db
      .insertInto("contacts")
      .values([
        { ...contactRow(ids.ann), first_name: "Ann", last_name: "Tester" },
        { ...contactRow(ids.bo), first_name: "Bo", last_name: "Tester" },
      ])
      .execute();
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const call = (
    method: "GET" | "POST" | "PATCH" | "PUT",
    url: string,
    payload?: object,
    token = manager.token,
  ) =>
    test.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  /** A new access token at the test's clock (one lasts 15 minutes; some tests move it). */
  const signInAgain = async (email = "mona@example.com") =>
    (
      await test.app.inject({
        method: "POST",
        url: "/api/users/login",
        payload: { email, password: TEST_PASSWORD },
      })
    ).json().token as string;
  const task = (extra: object = {}) => ({
    subject: { kind: "contact", id: ids.ann },
    text: "Call back about the renewal",
    dueDate: "2030-03-05",
    dueTime: "15:00",
    ...extra,
  });
  const followUpOf = async (id: string) =>
    (
      await database.handle.db
        .selectFrom("contacts")
        .select("follow_up_on")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).follow_up_on;
  const mails = (kind: string) =>
    database.handle.db
      .selectFrom("mail_outbox")
      .select(["to_address", "subject", "text_body", "related_id"])
      .where("kind", "=", kind)
      .orderBy("created_at")
      .execute();

  it("creates a task due at a Central time, given to oneself; the lead's follow-up follows", async () => {
    const created = await call(
      "POST",
      "/api/tasks",
      task({ text: "  Call <b>Ann</b>\r\nabout it " }),
      agent.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      text: "Call Ann\nabout it",
      subject: { kind: "contact", id: ids.ann, name: "Ann Tester" },
      dueAt: "2030-03-05T21:00:00.000Z",
      dueDate: "2030-03-05",
      dueTime: "15:00",
      assignee: { _id: agent.userId },
      createdBy: { _id: agent.userId },
      completedAt: null,
    });
    expect(await followUpOf(ids.ann)).toBe("2030-03-05");
    // One's own task mails nobody.
    expect(await mails(TASK_ASSIGNED_KIND)).toEqual([]);
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "task.created")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.target_id).toBe(ids.ann);
    expect(audit[0]?.details).not.toContain("Ann");
  });

  it("holds several tasks per record and lists them soonest first", async () => {
    const later = await call(
      "POST",
      "/api/tasks",
      task({ text: "Send the quote", dueDate: "2030-03-08", dueTime: "10:30" }),
      agent.token,
    );
    expect(later.statusCode).toBe(201);
    const list = await call(
      "GET",
      `/api/tasks?subjectKind=contact&subjectId=${ids.ann}`,
      undefined,
      colleague.token,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((t: { text: string }) => t.text)).toEqual([
      "Call Ann\nabout it",
      "Send the quote",
    ]);
    expect(list.json().now).toBe(now.toISOString());
    const mine = await call("GET", "/api/tasks", undefined, agent.token);
    expect(mine.json().data).toHaveLength(2);
    expect((await call("GET", "/api/tasks", undefined, colleague.token)).json().data).toEqual([]);
  });

  it("puts each lead's tasks on the prospect timeline: open soonest first, then done", async () => {
    // Both test leads are a@b.co's: Ann's two open tasks, Bo's none yet.
    const timeline = await call(
      "GET",
      "/api/prospects/timeline?email=a@b.co",
      undefined,
      agent.token,
    );
    expect(timeline.statusCode).toBe(200);
    const items = timeline.json().items as { _id: string; tasks: { text: string }[] }[];
    expect(items.find((item) => item._id === ids.ann)?.tasks.map((t) => t.text)).toEqual([
      "Call Ann\nabout it",
      "Send the quote",
    ]);
    expect(items.find((item) => item._id === ids.bo)?.tasks).toEqual([]);
  });

  it("gives tasks to others only with leads.assign, and mails the new assignee once", async () => {
    const refused = await call(
      "POST",
      "/api/tasks",
      task({ assignedTo: colleague.userId }),
      agent.token,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("You may give tasks only to yourself");
    const toPlain = await call("POST", "/api/tasks", task({ assignedTo: plain.userId }));
    expect(toPlain.statusCode).toBe(400);
    expect(toPlain.json().errors[0]).toEqual({
      field: "assignedTo",
      message: "That person cannot be given tasks",
    });
    const given = await call(
      "POST",
      "/api/tasks",
      task({ subject: { kind: "contact", id: ids.bo }, assignedTo: colleague.userId }),
    );
    expect(given.statusCode).toBe(201);
    const sent = await mails(TASK_ASSIGNED_KIND);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to_address: "cleo@example.com",
      subject: "Mona Manager gave you a task",
    });
    expect(sent[0]?.text_body).toContain("Call back about the renewal");
    expect(sent[0]?.text_body).toContain("Tuesday, March 5, 2030 at 3:00 PM Central time (CST)");
    expect(sent[0]?.text_body).toContain(`/dashboard/contacts/${ids.bo}`);
    // Reassigned by the manager to the agent: the agent is mailed; back to the manager: not.
    const id = given.json().data._id;
    const moved = await call("PATCH", `/api/tasks/${id}`, { assignedTo: agent.userId });
    expect(moved.json().data.assignee._id).toBe(agent.userId);
    await call("PATCH", `/api/tasks/${id}`, { assignedTo: manager.userId });
    expect((await mails(TASK_ASSIGNED_KIND)).map((m) => m.to_address)).toEqual([
      "cleo@example.com",
      "abe@example.com",
    ]);
    // The agent may take a task to themselves, not give it away.
    expect(
      (await call("PATCH", `/api/tasks/${id}`, { assignedTo: agent.userId }, agent.token))
        .statusCode,
    ).toBe(200);
    expect(
      (await call("PATCH", `/api/tasks/${id}`, { assignedTo: colleague.userId }, agent.token))
        .statusCode,
    ).toBe(403);
    const entries = await database.handle.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "task.updated")
      .orderBy("created_at")
      .execute();
    expect(entries.map((e) => JSON.parse(e.details).assignedTo)).toEqual([
      { from: colleague.userId, to: agent.userId },
      { from: agent.userId, to: manager.userId },
      { from: manager.userId, to: agent.userId },
    ]);
  });

  it("reschedules, completes and reopens; the follow-up date is the next open task's", async () => {
    const mine = (await call("GET", `/api/tasks?subjectKind=contact&subjectId=${ids.ann}`)).json()
      .data;
    const first = mine[0]._id;
    const moved = await call(
      "PATCH",
      `/api/tasks/${first}`,
      { dueDate: "2030-03-10", dueTime: "08:15" },
      agent.token,
    );
    expect(moved.json().data).toMatchObject({
      dueDate: "2030-03-10",
      dueTime: "08:15",
      dueAt: "2030-03-10T13:15:00.000Z",
    });
    // Daylight saving began on March 10, 2030 at 2 AM: 8:15 is CDT.
    expect(await followUpOf(ids.ann)).toBe("2030-03-08");
    const done = await call("POST", `/api/tasks/${mine[1]._id}/complete`, undefined, agent.token);
    expect(done.json().data).toMatchObject({ completedBy: { _id: agent.userId } });
    expect(done.json().data.completedAt).toBe(now.toISOString());
    expect(await followUpOf(ids.ann)).toBe("2030-03-10");
    await call("POST", `/api/tasks/${first}/complete`, undefined, agent.token);
    expect(await followUpOf(ids.ann)).toBeNull();
    const doneList = await call(
      "GET",
      `/api/tasks?subjectKind=contact&subjectId=${ids.ann}&state=done`,
    );
    expect(doneList.json().data).toHaveLength(2);
    // Completing twice changes nothing; reopening brings the date back.
    expect(
      (await call("POST", `/api/tasks/${first}/complete`, undefined, agent.token)).statusCode,
    ).toBe(200);
    const reopened = await call("POST", `/api/tasks/${first}/reopen`, undefined, agent.token);
    expect(reopened.json().data).toMatchObject({ completedAt: null, completedBy: null });
    expect(await followUpOf(ids.ann)).toBe("2030-03-10");
    const listed = (await call("GET", "/api/contacts/list-contacts")).json().contacts;
    expect(listed.find((c: { _id: string }) => c._id === ids.ann)?.followUpOn).toBe("2030-03-10");
    const actions = await database.handle.db
      .selectFrom("audit_log")
      .select("action")
      .where("action", "in", ["task.completed", "task.reopened"])
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual([
      "task.completed",
      "task.completed",
      "task.reopened",
    ]);
  });

  it("shows each lead's next task in the lists, and sorts by it (the export too)", async () => {
    const cy = randomUUID();
    await database.handle.db
      .insertInto("contacts")
      .values({ ...contactRow(cy), first_name: "Cy", last_name: "Tester" })
      .execute();
    const list = async (query: string) =>
      (await call("GET", `/api/contacts/list-contacts?${query}`)).json().contacts as {
        _id: string;
        nextTaskAt: string | null;
      }[];
    const ordered = (await list("sort=nextTask:asc")).map((c) => c._id);
    // Bo's task is due first (March 5, 3 PM), then Ann's (March 10); Cy has none: last.
    expect(ordered).toEqual([ids.bo, ids.ann, cy]);
    const desc = (await list("sort=nextTask:desc")).map((c) => c._id);
    expect(desc).toEqual([cy, ids.ann, ids.bo]);
    const records = await list("sort=nextTask");
    expect(records.map((c) => c.nextTaskAt)).toEqual([
      "2030-03-05T21:00:00.000Z",
      "2030-03-10T13:15:00.000Z",
      null,
    ]);
    const csv = await call("GET", "/api/contacts/export.csv?sort=nextTask:asc");
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\n").filter((line) => /Tester/.test(line))).toHaveLength(3);
    await database.handle.db.deleteFrom("contacts").where("id", "=", cy).execute();
  });

  it("lists everyone's tasks for leads.assign only", async () => {
    const all = await call("GET", "/api/tasks?scope=all");
    expect(all.statusCode).toBe(200);
    expect(all.json().data.length).toBeGreaterThanOrEqual(2);
    const refused = await call("GET", "/api/tasks?scope=all", undefined, agent.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("Only a manager may list everyone's tasks");
  });

  it("answers 404 for an unknown task, an unknown lead and an unknown person", async () => {
    const unknown = randomUUID();
    expect((await call("PATCH", `/api/tasks/${unknown}`, { text: "x" })).statusCode).toBe(404);
    expect((await call("POST", `/api/tasks/${unknown}/complete`)).statusCode).toBe(404);
    expect((await call("POST", `/api/tasks/${unknown}/reopen`)).statusCode).toBe(404);
    expect(
      (await call("POST", "/api/tasks", task({ subject: { kind: "quote", id: ids.ann } })))
        .statusCode,
    ).toBe(404);
    const person = await call(
      "POST",
      "/api/tasks",
      task({ subject: { kind: "person", id: unknown } }),
    );
    expect(person.statusCode).toBe(404);
    expect(person.json().error).toContain("not found");
    expect(
      (await call("GET", `/api/tasks?subjectKind=person&subjectId=${unknown}`)).statusCode,
    ).toBe(404);
    expect(
      (await call("GET", `/api/tasks?subjectKind=contact&subjectId=${unknown}`)).statusCode,
    ).toBe(404);
  });

  it("gives a task about a person, named as the person, listed by that person", async () => {
    const sent = await test.app.inject({
      method: "POST",
      url: "/api/contacts/send-contact",
      payload: {
        firstName: "Pia",
        lastName: "Person",
        email: "pia.person@example.com",
        phone: "6515550142",
        subject: "Other",
        message: "Please call me about my policies.",
        notRobot: true,
      },
    });
    expect(sent.statusCode).toBe(201);
    const { person_id: personId } = await database.handle.db
      .selectFrom("contacts")
      .select("person_id")
      .where("id", "=", sent.json().data._id)
      .executeTakeFirstOrThrow();
    const created = await call(
      "POST",
      "/api/tasks",
      task({ subject: { kind: "person", id: personId } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.subject).toEqual({
      kind: "person",
      id: personId,
      name: "Pia Person",
    });
    const listed = await call("GET", `/api/tasks?subjectKind=person&subjectId=${personId}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((t: { _id: string }) => t._id)).toEqual([
      created.json().data._id,
    ]);
  });

  it.each([
    [{ text: "   " }, "text"],
    [{ text: "x".repeat(TASK_TEXT_MAX_LENGTH + 1) }, "text"],
    [{ dueDate: "2030-03-04" }, "dueDate"],
    [{ dueDate: "2030-02-30" }, "dueDate"],
    [{ dueTime: "3 PM" }, "dueTime"],
    [{ subject: { kind: "policy", id: "x" } }, "subject.kind"],
    [{ assignedTo: "bad id!" }, "assignedTo"],
  ])("refuses %j with a 400 on %s", async (change, field) => {
    const response = await call("POST", "/api/tasks", task(change));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("refuses bad changes: nothing, a date without a time, a past date, a bad id", async () => {
    const [open] = (await call("GET", "/api/tasks?scope=all")).json().data;
    const url = `/api/tasks/${open._id}`;
    expect((await call("PATCH", url, {})).statusCode).toBe(400);
    expect((await call("PATCH", url, { dueDate: "2030-03-09" })).statusCode).toBe(400);
    expect((await call("PATCH", url, { dueDate: "2030-03-01", dueTime: "09:00" })).statusCode).toBe(
      400,
    );
    expect((await call("PATCH", url, { assignedTo: null })).statusCode).toBe(400);
    expect((await call("PATCH", "/api/tasks/nope", { text: "x" })).statusCode).toBe(404);
    expect((await call("GET", "/api/tasks?state=later")).statusCode).toBe(400);
    expect((await call("GET", `/api/tasks?subjectKind=contact`)).statusCode).toBe(400);
  });

  it("keeps tasks from plain users and anonymous callers", async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ["GET", "/api/tasks"],
      ["POST", "/api/tasks"],
      ["PATCH", `/api/tasks/${id}`],
      ["POST", `/api/tasks/${id}/complete`],
      ["POST", `/api/tasks/${id}/reopen`],
    ] as const) {
      expect((await test.app.inject({ method, url })).statusCode).toBe(401);
      expect((await call(method, url, undefined, plain.token)).statusCode).toBe(403);
    }
  });

  it("never answers 5xx to any Unicode in a task's text, and stores it clean", async () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.string({ unit: "grapheme", maxLength: 60 }),
      fc.constantFrom("\u0000", "\ud800x", "a\udfff", "\u202eevil", "<script>x</script>", "\r\n"),
    );
    const [open] = (await call("GET", "/api/tasks?scope=all")).json().data;
    await fc.assert(
      fc.asyncProperty(text, async (value) => {
        const created = await call(
          "POST",
          "/api/tasks",
          task({ subject: { kind: "contact", id: ids.bo }, text: value }),
        );
        const changed = await call("PATCH", `/api/tasks/${open._id}`, { text: value });
        for (const response of [created, changed]) {
          expect(response.statusCode, response.body).toBeLessThan(500);
        }
      }),
      { numRuns: 100 },
    );
    const rows = await database.handle.db.selectFrom("tasks").select("text").execute();
    for (const row of rows) {
      expect(row.text.length).toBeGreaterThan(0);
      expect(hasUnsafeCharacters(row.text)).toBe(false);
      expect(row.text).not.toMatch(/<[a-z!/?]/i);
    }
  });

  it("keeps a reassignment and its mail together: a refused change leaves no mail", async () => {
    now = new Date("2030-03-05T16:00:00Z");
    const before = (await mails(TASK_ASSIGNED_KIND)).length;
    const refused = await call(
      "POST",
      "/api/tasks",
      task({ assignedTo: "0190a8f2-1b2c-7d3e-8f40-123456789abc" }),
      await signInAgain(),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect((await mails(TASK_ASSIGNED_KIND)).length).toBe(before);
  });

  it("makes one task per Idempotency-Key: a retried create answers the first task", async () => {
    now = new Date("2030-03-05T16:00:00Z");
    const cy = randomUUID();
    await database.handle.db
      .insertInto("contacts")
      .values({ ...contactRow(cy), first_name: "Cy", last_name: "Tester" })
      .execute();
    const key = randomUUID();
    const body = task({
      subject: { kind: "contact", id: cy },
      text: "Call Cy about the boat",
      dueDate: "2030-03-05",
      assignedTo: colleague.userId,
    });
    let token = await signInAgain();
    const send = (payload: object, idempotencyKey: string) =>
      test.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: { authorization: `Bearer ${token}`, "idempotency-key": idempotencyKey },
        payload,
      });
    const mailsBefore = (await mails(TASK_ASSIGNED_KIND)).length;
    const first = await send(body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      text: "Call Cy about the boat",
      subject: { kind: "contact", id: cy, name: "Cy Tester" },
      dueAt: "2030-03-05T21:00:00.000Z",
      assignee: { _id: colleague.userId },
      createdBy: { _id: manager.userId, name: "Mona Manager" },
      completedBy: null,
    });
    // The answer is the task as it is read back.
    const read = await call(
      "GET",
      `/api/tasks?subjectKind=contact&subjectId=${cy}`,
      undefined,
      token,
    );
    expect(read.json().data).toEqual([first.json().data]);

    // A retry (even the next morning, when its date is past) answers the same task.
    now = new Date("2030-03-06T12:00:00Z");
    token = await signInAgain();
    const again = await send(body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    now = new Date("2030-03-05T16:00:00Z");
    token = await signInAgain();
    const stored = await database.handle.db
      .selectFrom("tasks")
      .select("id")
      .where("subject_id", "=", cy)
      .execute();
    expect(stored).toHaveLength(1);
    const audits = await database.handle.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "task.created")
      .where("target_id", "=", cy)
      .execute();
    expect(audits).toHaveLength(1);
    expect((await mails(TASK_ASSIGNED_KIND)).length).toBe(mailsBefore + 1);
    expect(await followUpOf(cy)).toBe("2030-03-05");

    // The same key with another text is refused; a key that is no UUID too; a new key adds.
    const other = await send({ ...body, text: "Call Cy about the cabin" }, key);
    expect(other.statusCode).toBe(422);
    expect((await send(body, "not-a-uuid")).statusCode).toBe(400);
    expect((await send(body, randomUUID())).statusCode).toBe(201);
    expect(
      await database.handle.db
        .selectFrom("tasks")
        .select("id")
        .where("subject_id", "=", cy)
        .execute(),
    ).toHaveLength(2);

    // A refused create (an unknown record) takes no key: the same key works once it is right.
    const late = randomUUID();
    const missing = await send(task({ subject: { kind: "contact", id: randomUUID() } }), late);
    expect(missing.statusCode).toBe(404);
    expect((await send({ ...body, text: "Call Cy once more" }, late)).statusCode).toBe(201);
  });

  it("flags a deactivated assignee's open tasks in Everyone's list, for a manager to reassign", async () => {
    now = new Date("2030-03-05T16:00:00Z");
    const dee = randomUUID();
    await database.handle.db
      .insertInto("contacts")
      .values({ ...contactRow(dee), first_name: "Dee", last_name: "Tester" })
      .execute();
    const admin = await signInAs(test.app, database, "admin");
    const boss = await signInAgain();
    const given = await call(
      "POST",
      "/api/tasks",
      task({
        subject: { kind: "contact", id: dee },
        text: "Call Dee",
        assignedTo: colleague.userId,
      }),
      boss,
    );
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json().data.assignee).toEqual({
      _id: colleague.userId,
      name: "cleo@example.com",
      isActive: true,
    });

    // Deactivated in Users: the task stays hers, flagged wherever it is listed.
    const off = await call(
      "PUT",
      `/api/users/list/update/${colleague.userId}`,
      { isVerified: false },
      admin.token,
    );
    expect(off.statusCode, off.body).toBe(200);
    const everyone = (await call("GET", "/api/tasks?scope=all", undefined, boss)).json().data;
    const flagged = everyone.find((t: { text: string }) => t.text === "Call Dee");
    expect(flagged.assignee).toEqual({
      _id: colleague.userId,
      name: "cleo@example.com",
      isActive: false,
    });
    expect(
      everyone
        .filter((t: { assignee: { _id: string } | null }) => t.assignee?._id === manager.userId)
        .every((t: { assignee: { isActive: boolean } }) => t.assignee.isActive),
    ).toBe(true);
    const onRecord = (
      await call("GET", `/api/tasks?subjectKind=contact&subjectId=${dee}`, undefined, boss)
    ).json().data;
    expect(onRecord[0].assignee.isActive).toBe(false);

    // "Needs an owner" lists it (a manager's list: an agent is refused), hers and nobody's.
    const unowned = await call("GET", "/api/tasks?scope=unowned", undefined, boss);
    expect(unowned.statusCode, unowned.body).toBe(200);
    const needing = unowned.json().data as { text: string; assignee: { _id: string } | null }[];
    expect(needing.map((t) => t.text)).toContain("Call Dee");
    expect(needing.every((t) => t.assignee === null || t.assignee._id === colleague.userId)).toBe(
      true,
    );
    expect(
      (
        await call(
          "GET",
          "/api/tasks?scope=unowned",
          undefined,
          await signInAgain("abe@example.com"),
        )
      ).statusCode,
    ).toBe(403);

    // The manager gives it to the agent: flagged no more.
    const moved = await call(
      "PATCH",
      `/api/tasks/${flagged._id}`,
      { assignedTo: agent.userId },
      boss,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.assignee).toMatchObject({ _id: agent.userId, isActive: true });
    const after = (await call("GET", "/api/tasks?scope=unowned", undefined, boss)).json().data;
    expect(after.map((t: { text: string }) => t.text)).not.toContain("Call Dee");
  });

  it("retention takes a purged lead's tasks and the mail that gave them out", async () => {
    expect(await database.handle.db.selectFrom("tasks").select("id").execute()).not.toEqual([]);
    await purgeExpired(database.handle.db, 1, new Date("2035-01-01T00:00:00Z"));
    expect(await database.handle.db.selectFrom("tasks").select("id").execute()).toEqual([]);
    expect(await mails(TASK_ASSIGNED_KIND)).toEqual([]);
  });
});
