import { PERSON_MERGE_MESSAGES, PERSON_MERGE_UNDO_DAYS } from "@agency/domain";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

const NOW = new Date("2026-11-23T16:30:00Z");
let sent = 0;

describe.each(testEngines())("merging people on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let manager: { authorization: string };
  let agent: { authorization: string };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => NOW });
    manager = { authorization: `Bearer ${(await signInAs(test.app, database, "manager")).token}` };
    agent = { authorization: `Bearer ${(await signInAs(test.app, database, "agent")).token}` };
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });
  const db = () => database.handle.db;

  /** A new person with `messages` messages of their own; their id. */
  const personWith = async (messages: number) => {
    sent += 1;
    let personId = "";
    for (let i = 0; i < Math.max(1, messages); i++) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/contacts/send-contact",
        payload: {
          firstName: "Merge",
          lastName: `Person${sent}`,
          email: i === 0 ? `merge${sent}@example.com` : `merge${sent}.${i}@example.com`,
          phone: `612555${String(sent).padStart(4, "0")}`,
          subject: "Other",
          message: "Hello.",
          notRobot: true,
          formattedPhone: "6125550000",
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      const row = await db()
        .selectFrom("contacts")
        .select("person_id")
        .where("id", "=", response.json().data._id)
        .executeTakeFirstOrThrow();
      personId = row.person_id as string;
    }
    return personId;
  };
  /** Everything a merge touches, as stored. */
  const snapshot = async () => ({
    persons: await db().selectFrom("persons").selectAll().orderBy("id").execute(),
    keys: await db().selectFrom("person_keys").selectAll().orderBy("key").execute(),
    leads: await db().selectFrom("contacts").select(["id", "person_id"]).orderBy("id").execute(),
    tally: await db().selectFrom("person_tally").selectAll().execute(),
  });
  const merge = (kept: string, other: string, headers = manager) =>
    test.app.inject({
      method: "POST",
      url: `/api/people/${kept}/merge`,
      payload: { otherId: other },
      headers,
    });
  const undo = (mergeId: string) =>
    test.app.inject({
      method: "POST",
      url: `/api/people/merges/${mergeId}/undo`,
      headers: manager,
    });

  it("moves every lead and key to the kept person, audited; a new lead with the other's email finds them", async () => {
    const kept = await personWith(1);
    const other = await personWith(2);
    expect((await merge(kept, other, agent)).statusCode).toBe(403);
    const response = await merge(kept, other);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.person).toMatchObject({ _id: kept, leadCounts: { contacts: 3 } });
    expect(
      await db().selectFrom("persons").select("id").where("id", "=", other).executeTakeFirst(),
    ).toBeUndefined();
    const audit = await db()
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_id", "=", kept)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["person.merged"]);
    const page = await test.app.inject({
      method: "GET",
      url: `/api/people/${kept}`,
      headers: agent,
    });
    expect(page.json().data.timelineTotal).toBe(3);
    expect((await merge(kept, kept)).statusCode).toBe(400);
    expect((await merge(kept, other)).statusCode).toBe(404);
    const again = await undo(response.json().data.mergeId);
    expect(again.statusCode, again.body).toBe(200);
    expect((await undo(response.json().data.mergeId)).statusCode).toBe(404);
  });

  it("refuses to merge in someone in a household (409), and carries their tasks over and back", async () => {
    const kept = await personWith(1);
    const other = await personWith(1);
    const third = await personWith(1);
    await db()
      .insertInto("household_members")
      .values({
        person_id: third,
        primary_person_id: other,
        relationship: "spouse",
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      })
      .execute();
    const refused = await merge(kept, other);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message ?? refused.json().error).toBe(PERSON_MERGE_MESSAGES.inHousehold);
    await db().deleteFrom("household_members").where("person_id", "=", third).execute();
    const task = await test.app.inject({
      method: "POST",
      url: "/api/tasks",
      payload: {
        text: "Call back",
        subject: { kind: "person", id: other },
        dueDate: "2026-11-24",
        dueTime: "15:00",
      },
      headers: agent,
    });
    expect(task.statusCode, task.body).toBe(201);
    const taskId = task.json().data._id as string | undefined;
    const merged = await merge(kept, other);
    expect(merged.statusCode, merged.body).toBe(200);
    const subjectOf = async () =>
      taskId
        ? (
            await db()
              .selectFrom("tasks")
              .select("subject_id")
              .where("id", "=", taskId)
              .executeTakeFirstOrThrow()
          ).subject_id
        : undefined;
    if (taskId) expect(await subjectOf()).toBe(kept);
    expect((await undo(merged.json().data.mergeId)).statusCode).toBe(200);
    if (taskId) expect(await subjectOf()).toBe(other);
  });

  it("can be undone for 30 days, then not", async () => {
    const kept = await personWith(1);
    const other = await personWith(1);
    const { mergeId } = (await merge(kept, other)).json().data;
    // Made 31 days ago.
    await db()
      .updateTable("person_merges")
      .set({
        created_at: new Date(
          NOW.getTime() - (PERSON_MERGE_UNDO_DAYS + 1) * 86_400_000,
        ).toISOString(),
      })
      .where("id", "=", mergeId)
      .execute();
    const late = await undo(mergeId);
    expect(late.statusCode).toBe(404);
    expect(late.json().message ?? late.json().error).toBe(PERSON_MERGE_MESSAGES.notUndoable);
  });

  it("gives the same records back when a merge is undone (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        async (a, b) => {
          const kept = await personWith(a);
          const other = await personWith(b);
          const before = await snapshot();
          const merged = await merge(kept, other);
          expect(merged.statusCode, merged.body).toBe(200);
          const undone = await undo(merged.json().data.mergeId);
          expect(undone.statusCode, undone.body).toBe(200);
          expect(await snapshot()).toEqual(before);
        },
      ),
      { numRuns: 6 },
    );
  });
});
