import { randomUUID } from "node:crypto";
import { SERVICE_DONE_TEMPLATE, SERVICE_STATUSES } from "@agency/domain";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { refreshSearchText } from "../lead/repository.ts";
import { purgeExpired } from "../operations/retention.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs, TEST_PASSWORD } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { attachment, testFile, VALID_REQUESTS } from "../test/service-requests.ts";

/**
 * The service pipeline (issue 29 §2, decision 0078): staff work Client Center requests
 * through the lead machinery, with their own statuses, due dates and a "done" note.
 */
describe.each(testEngines())("the service pipeline on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  // Monday, December 7, 2026, 10:00 AM Central.
  const MONDAY = new Date("2026-12-07T16:00:00Z");
  const clock = { now: MONDAY };
  let agent: Awaited<ReturnType<typeof signInAs>>;
  let manager: Awaited<ReturnType<typeof signInAs>>;
  let plain: Awaited<ReturnType<typeof signInAs>>;
  let counter = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, { clock: () => clock.now });
    await test.app.mailer.stop();
    agent = await signInAs(test.app, database, "agent");
    manager = await signInAs(test.app, database, "manager");
    plain = await signInAs(test.app, database, "user");
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });
  beforeEach(async () => {
    await setClock(MONDAY);
  });

  /**
   * Moves the app's clock; the staff sign in again at the new time (a token is only good
   * for minutes of the app's clock).
   */
  async function setClock(at: Date | string) {
    clock.now = new Date(at);
    for (const who of [agent, manager, plain]) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/users/login",
        payload: { email: who.email, password: TEST_PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
      who.token = response.json().token;
    }
  }

  const db = () => database.handle.db;
  const auth = (who: { token: string } | null) =>
    who ? { authorization: `Bearer ${who.token}` } : ({} as Record<string, string>);
  const call = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    who: { token: string } | null = agent,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    test.app.inject({
      method,
      url,
      headers: { ...auth(who), ...headers },
      ...(payload ? { payload } : {}),
    });

  /** A request sent through the public form at the clock's time; its id and reference. */
  const send = async (
    kind: keyof typeof VALID_REQUESTS = "other",
    overrides: Record<string, unknown> = {},
  ) => {
    counter += 1;
    const response = await test.app.inject({
      method: "POST",
      url: "/api/client-center/requests",
      payload: {
        ...VALID_REQUESTS[kind],
        email: `client${counter}@example.com`,
        phone: `(651) 555-${String(3000 + counter)}`,
        ...overrides,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data as { _id: string; reference: string };
    return { id: data._id, reference: data.reference };
  };
  const one = async (id: string) => (await call("GET", `/api/service-requests/${id}`)).json().data;
  const list = async (query: string, who: { token: string } = agent) => {
    const response = await call("GET", `/api/service-requests?${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: { _id: string; reference: string; name: string; kind: string; dueOn: string }[];
      total: number;
    };
  };

  it("lists requests as records: details parsed, files named without bytes, due date", async () => {
    const sent = await send("claim", {
      attachments: [attachment("dent.png", testFile("png", 4096))],
    });
    const record = await one(sent.id);
    expect(record).toMatchObject({
      _id: sent.id,
      reference: sent.reference,
      kind: "claim",
      status: "new",
      dueOn: "2026-12-08",
      details: { lossPlace: VALID_REQUESTS.claim.lossPlace, injuries: "no" },
      assignedTo: null,
      nextTaskAt: null,
      archivedAt: null,
    });
    expect(record.attachments).toEqual([
      { _id: expect.any(String), name: "dent.png", type: "image/png", size: 4096 },
    ]);
    expect(JSON.stringify(record)).not.toContain(testFile("png", 4096).toString("base64"));
    expect((await call("GET", `/api/service-requests/${randomUUID()}`)).statusCode).toBe(404);
  });

  it("searches by name and by reference, filters, sorts and pages", async () => {
    const first = await send("id-cards", { name: "Quentin Zephyr-Walsh" });
    await setClock("2026-12-08T16:00:00Z");
    const second = await send("certificate", { name: "Quentin Abbott" });
    await call("PATCH", `/api/service-requests/${second.id}/status`, agent, {
      status: "waiting-on-carrier",
    });
    await call("PUT", `/api/service-requests/${first.id}/assignee`, agent, {
      assignedTo: agent.userId,
    });

    const byName = await list("q=quentin");
    expect(byName.data.map((r) => r.reference).sort()).toEqual(
      [first.reference, second.reference].sort(),
    );
    expect((await list("q=zephyr")).data.map((r) => r._id)).toEqual([first.id]);
    expect((await list(`q=${second.reference}`)).data.map((r) => r._id)).toEqual([second.id]);
    expect((await list(`q=${second.reference.toLowerCase()}`)).data.map((r) => r._id)).toEqual([
      second.id,
    ]);

    expect((await list("q=quentin&status=waiting-on-carrier")).data.map((r) => r._id)).toEqual([
      second.id,
    ]);
    expect((await list("q=quentin&assigned=me")).data.map((r) => r._id)).toEqual([first.id]);
    expect((await list("q=quentin&assigned=none")).data.map((r) => r._id)).toEqual([second.id]);
    expect((await list("q=quentin&from=2026-12-08&to=2026-12-08")).data.map((r) => r._id)).toEqual([
      second.id,
    ]);

    expect((await list("q=quentin&sort=name")).data.map((r) => r._id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await list("q=quentin&sort=due:desc")).data.map((r) => r.dueOn)).toEqual([
      "2026-12-09",
      "2026-12-08",
    ]);
    expect((await list("q=quentin&sort=kind")).data.map((r) => r.kind)).toEqual([
      "certificate",
      "id-cards",
    ]);
    expect((await list("q=quentin&sort=date")).data.map((r) => r._id)).toEqual([
      first.id,
      second.id,
    ]);
    const page = await list("q=quentin&sort=date:desc&limit=1&offset=1");
    expect(page.total).toBe(2);
    expect(page.data.map((r) => r._id)).toEqual([first.id]);
  });

  it("keeps the reference searchable when a request's search text is refreshed after an edit", async () => {
    const sent = await send("other", { name: "Olive Oldname" });
    await db()
      .updateTable("service_requests")
      .set({ name: "Olive Newname" })
      .where("id", "=", sent.id)
      .execute();
    await refreshSearchText(db(), "service_requests", sent.id);
    expect((await list("q=newname")).data.map((r) => r._id)).toEqual([sent.id]);
    expect((await list("q=oldname")).total).toBe(0);
    expect((await list(`q=${sent.reference}`)).data.map((r) => r._id)).toEqual([sent.id]);
  });

  it("exports one CSV line per request with its reference, kind, status and due date, never file bytes", async () => {
    const file = testFile("pdf", 3000);
    const sent = await send("policy-change", {
      name: "Csv Exportson",
      policyNumber: "PC-778899",
      carrier: "Not sure",
      attachments: [attachment("bill.pdf", file)],
    });
    const response = await call("GET", "/api/service-requests/export.csv?q=exportson", manager);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      "id,reference,received,kind,status,due by,name,email,phone,carrier,policy number,files",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(sent.reference);
    expect(lines[1]).toContain("Policy change");
    expect(lines[1]).toContain("New");
    expect(lines[1]).toContain("2026-12-08");
    expect(lines[1]).toContain("PC-778899");
    expect(lines[1]).toContain("Not sure");
    expect(response.body).not.toContain(file.toString("base64").slice(0, 40));
    expect((await call("GET", "/api/service-requests/export.csv", plain)).statusCode).toBe(403);
    expect((await call("GET", "/api/service-requests/export.csv", agent)).statusCode).toBe(403);
  });

  it("moves through the pipeline's statuses only, audited, and marks the first response", async () => {
    const sent = await send();
    const bad = await call("PATCH", `/api/service-requests/${sent.id}/status`, agent, {
      status: "won",
    });
    expect(bad.statusCode).toBe(400);
    await setClock("2026-12-07T17:00:00Z");
    for (const status of SERVICE_STATUSES) {
      const moved = await call("PATCH", `/api/service-requests/${sent.id}/status`, agent, {
        status,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await one(sent.id)).status).toBe(status);
    }
    const record = await one(sent.id);
    expect(record.firstResponseAt).toBe("2026-12-07T17:00:00.000Z");
    const audits = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", sent.id)
      .where("action", "=", "record.status")
      .execute();
    expect(audits.length).toBe(SERVICE_STATUSES.length - 1);
  });

  it("takes notes and assignment; an agent may take a free request, not give it to others", async () => {
    const sent = await send();
    const note = await call("POST", `/api/service-requests/${sent.id}/notes`, agent, {
      kind: "call",
      body: "Called the carrier about the ID cards.",
      outcome: "reached",
    });
    expect(note.statusCode, note.body).toBe(201);
    const notes = (await call("GET", `/api/service-requests/${sent.id}/notes`)).json().data;
    expect(notes.map((n: { body: string }) => n.body)).toEqual([
      "Called the carrier about the ID cards.",
    ]);
    const stored = await db()
      .selectFrom("lead_notes")
      .select("lead_type")
      .where("lead_id", "=", sent.id)
      .executeTakeFirstOrThrow();
    expect(stored.lead_type).toBe("service_request");

    const toManager = await call("PUT", `/api/service-requests/${sent.id}/assignee`, agent, {
      assignedTo: manager.userId,
    });
    expect(toManager.statusCode).toBe(403);
    const take = await call("PUT", `/api/service-requests/${sent.id}/assignee`, agent, {
      assignedTo: agent.userId,
    });
    expect(take.statusCode, take.body).toBe(200);
    expect((await one(sent.id)).assignedTo).toBe(agent.userId);
    const give = await call("PUT", `/api/service-requests/${sent.id}/assignee`, manager, {
      assignedTo: manager.userId,
    });
    expect(give.statusCode).toBe(200);
    expect((await call("GET", `/api/service-requests/${randomUUID()}/notes`)).statusCode).toBe(404);
  });

  it("emails the client from a request: the reference in the subject, in the outbox and on its timeline", async () => {
    const sent = await send();
    const response = await call(
      "POST",
      `/api/service-requests/${sent.id}/emails`,
      agent,
      { subject: "Your new ID cards", body: "Attached are your cards for {{reference}}." },
      { "idempotency-key": randomUUID() },
    );
    expect(response.statusCode, response.body).toBe(201);
    const email = response.json().data;
    expect(email.subject).toBe(`Your request ${sent.reference}: Your new ID cards`);
    expect(email.body).toBe(`Attached are your cards for ${sent.reference}.`);
    const outbox = await db()
      .selectFrom("mail_outbox")
      .select(["kind", "to_address", "subject", "related_type"])
      .where("related_id", "=", sent.id)
      .where("kind", "=", "staff.email")
      .execute();
    expect(outbox).toEqual([
      {
        kind: "staff.email",
        to_address: expect.stringMatching(/^client\d+@example\.com$/),
        subject: email.subject,
        related_type: "service_request",
      },
    ]);
    const logged = (await call("GET", `/api/service-requests/${sent.id}/emails`)).json().data;
    expect(logged.map((e: { _id: string }) => e._id)).toEqual([email._id]);
    expect((await one(sent.id)).firstResponseAt).not.toBeNull();

    // On the client's timelines (their email's and their person page's), with the email.
    const record = await one(sent.id);
    type Item = { type: string; _id: string; summary: string; emails: { _id: string }[] };
    const prospect = await call(
      "GET",
      `/api/prospects/timeline?email=${encodeURIComponent(record.email)}`,
    );
    expect(prospect.statusCode, prospect.body).toBe(200);
    const person = await call("GET", `/api/people/${record.personId}`);
    expect(person.statusCode, person.body).toBe(200);
    for (const items of [prospect.json().items as Item[], person.json().data.timeline as Item[]]) {
      const item = items.find((entry) => entry._id === sent.id);
      expect(item).toMatchObject({
        type: "service",
        summary: `Something else request ${sent.reference}`,
      });
      expect(item?.emails.map((e) => e._id)).toEqual([email._id]);
    }
  });

  it("has the seeded 'Request done' template, and sends it from a Done request with the reference", async () => {
    const templates = (await call("GET", "/api/settings/email-templates")).json().data as {
      name: string;
      subject: string;
      body: string;
    }[];
    const done = templates.find((t) => t.name === SERVICE_DONE_TEMPLATE.name);
    expect(done).toMatchObject({
      subject: SERVICE_DONE_TEMPLATE.subject,
      body: SERVICE_DONE_TEMPLATE.body,
    });
    const sent = await send();
    await call("PATCH", `/api/service-requests/${sent.id}/status`, agent, { status: "done" });
    const response = await call(
      "POST",
      `/api/service-requests/${sent.id}/emails`,
      agent,
      {
        subject: done?.subject ?? "",
        body: (done?.body ?? "").replace("{{firstName}}", "Ana").replace("{{agentName}}", "Sam"),
      },
      { "idempotency-key": randomUUID() },
    );
    expect(response.statusCode, response.body).toBe(201);
    const email = response.json().data;
    expect(email.subject).toBe(`Your request ${sent.reference} is done`);
    expect(email.body).toContain(`Your request ${sent.reference} is done.`);
    expect(email.body).not.toContain("{{");
  });

  it("archives (DELETE) and restores; an archived request leaves the list", async () => {
    const sent = await send("other", { name: "Archie Vault" });
    expect((await call("DELETE", `/api/service-requests/${sent.id}`)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/service-requests/${sent.id}`, manager)).statusCode).toBe(
      200,
    );
    expect((await list("q=vault")).total).toBe(0);
    expect((await list("q=vault&archived=true")).data.map((r) => r._id)).toEqual([sent.id]);
    expect((await call("DELETE", `/api/service-requests/${sent.id}`, manager)).statusCode).toBe(
      404,
    );
    const restored = await call("POST", `/api/service-requests/${sent.id}/restore`, manager);
    expect(restored.statusCode).toBe(200);
    expect((await list("q=vault")).data.map((r) => r._id)).toEqual([sent.id]);
  });

  it("answers 401 to strangers, 403 to plain users; settings change takes a manager", async () => {
    const sent = await send();
    expect((await call("GET", "/api/service-requests", null)).statusCode).toBe(401);
    expect((await call("GET", `/api/service-requests/${sent.id}`, null)).statusCode).toBe(401);
    expect((await call("GET", "/api/service-requests", plain)).statusCode).toBe(403);
    expect(
      (await call("PATCH", `/api/service-requests/${sent.id}/status`, plain, { status: "done" }))
        .statusCode,
    ).toBe(403);
    expect((await call("GET", "/api/settings/service", agent)).statusCode).toBe(200);
    expect((await call("PUT", "/api/settings/service", agent, { days: 2 })).statusCode).toBe(403);
    expect((await call("PUT", "/api/settings/service", manager, { days: 0 })).statusCode).toBe(400);
    expect((await call("PUT", "/api/settings/service", manager, { days: 11 })).statusCode).toBe(
      400,
    );
  });

  describe("due by", () => {
    const dueOf = async (at: string) => {
      await setClock(at);
      return one((await send()).id).then((record) => record.dueOn as string);
    };
    afterAll(async () => {
      await db().deleteFrom("closures").execute();
      await db().deleteFrom("settings").where("key", "=", "service.dueDays").execute();
    });

    it("skips a weekend, a federal holiday and a whole-day closure", async () => {
      // Friday Dec 4 and Saturday Dec 5 → Monday Dec 7.
      expect(await dueOf("2026-12-04T20:00:00Z")).toBe("2026-12-07");
      expect(await dueOf("2026-12-05T18:00:00Z")).toBe("2026-12-07");
      // Friday 11 PM Central is still Friday.
      expect(await dueOf("2026-12-05T05:00:00Z")).toBe("2026-12-07");
      // Wednesday before Thanksgiving (Thursday Nov 26) → Friday Nov 27.
      expect(await dueOf("2026-11-25T16:00:00Z")).toBe("2026-11-27");
      // Thursday Dec 24 → Christmas (Friday) and the weekend skipped → Monday Dec 28.
      expect(await dueOf("2026-12-24T16:00:00Z")).toBe("2026-12-28");
      await db()
        .insertInto("closures")
        .values([
          {
            id: randomUUID(),
            date: "2026-12-15",
            start_time: null,
            end_time: null,
            reason: "Staff training",
            created_at: new Date().toISOString(),
            created_by: null,
          },
          // A closure of some hours only leaves the day a business day.
          {
            id: randomUUID(),
            date: "2026-12-16",
            start_time: "09:00",
            end_time: "12:00",
            reason: "Dentist",
            created_at: new Date().toISOString(),
            created_by: null,
          },
        ])
        .execute();
      // Monday Dec 14 → Tuesday closed → Wednesday Dec 16.
      expect(await dueOf("2026-12-14T16:00:00Z")).toBe("2026-12-16");
    });

    it("follows the setting for requests that arrive after a change", async () => {
      const before = await dueOf("2026-12-07T16:00:00Z");
      expect(before).toBe("2026-12-08");
      const settings = await call("GET", "/api/settings/service");
      expect(settings.json().data.days).toBe(1);
      const put = await call("PUT", "/api/settings/service", manager, { days: 3 });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().data).toMatchObject({ days: 3, updatedAt: expect.any(String) });
      const audit = await db()
        .selectFrom("audit_log")
        .select(["actor_user_id", "details"])
        .where("action", "=", "settings.updated")
        .where("target_id", "=", "service.dueDays")
        .executeTakeFirstOrThrow();
      expect(audit.actor_user_id).toBe(manager.userId);
      expect(JSON.parse(String(audit.details))).toEqual({ serviceDueDays: { from: 1, to: 3 } });
      // Three business days from Monday Dec 7: Thursday Dec 10.
      expect(await dueOf("2026-12-07T16:00:00Z")).toBe("2026-12-10");
      // Thursday Dec 24 with 3 days: Mon 28, Tue 29, Wed 30.
      expect(await dueOf("2026-12-24T16:00:00Z")).toBe("2026-12-30");
    });
  });

  it("takes tasks on a request: created, listed, completed, and its next task follows", async () => {
    const sent = await send();
    const created = await call(
      "POST",
      "/api/tasks",
      agent,
      {
        subject: { kind: "service", id: sent.id },
        text: "Send the certificate",
        dueDate: "2026-12-08",
        dueTime: "15:00",
      },
      { "idempotency-key": randomUUID() },
    );
    expect(created.statusCode, created.body).toBe(201);
    const task = created.json().data;
    expect(task.subject).toMatchObject({ kind: "service", id: sent.id });
    expect(task.subject.name).toContain(sent.reference);
    expect((await one(sent.id)).nextTaskAt).toBe("2026-12-08T21:00:00.000Z");
    const listed = await call("GET", `/api/tasks?subjectKind=service&subjectId=${sent.id}`);
    expect(listed.json().data.map((t: { _id: string }) => t._id)).toEqual([task._id]);
    const done = await call("POST", `/api/tasks/${task._id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect((await one(sent.id)).nextTaskAt).toBeNull();
  });

  it("lists the caller's open requests due today or overdue, and the unowned ones for managers", async () => {
    const dueNow = await send("other", { name: "Due Today" });
    await setClock("2026-12-03T16:00:00Z");
    const overdue = await send("other", { name: "Long Overdue" });
    const finished = await send("other", { name: "Already Done" });
    await setClock("2026-12-08T16:00:00Z");
    const later = await send("other", { name: "Not Yet" });
    for (const { id } of [dueNow, overdue, finished, later]) {
      await call("PUT", `/api/service-requests/${id}/assignee`, agent, {
        assignedTo: agent.userId,
      });
    }
    await call("PATCH", `/api/service-requests/${finished.id}/status`, agent, { status: "done" });
    const unowned = await send("other", { name: "Nobody Yet" });
    // Tuesday Dec 8: the first request is due today, the second since Friday.
    const mine = await call("GET", "/api/service-requests/due");
    expect(mine.statusCode, mine.body).toBe(200);
    const body = mine.json();
    expect(body.today).toBe("2026-12-08");
    const ids = body.mine.map((item: { _id: string }) => item._id);
    expect(ids).toContain(dueNow.id);
    expect(ids).toContain(overdue.id);
    expect(ids).not.toContain(finished.id);
    expect(ids).not.toContain(later.id);
    const states = Object.fromEntries(
      body.mine.map((item: { _id: string; state: string }) => [item._id, item.state]),
    );
    expect(states[dueNow.id]).toBe("due-today");
    expect(states[overdue.id]).toBe("overdue");
    expect(body.unowned).toEqual([]);
    const forManager = (await call("GET", "/api/service-requests/due", manager)).json();
    expect(forManager.mine.map((item: { _id: string }) => item._id)).not.toContain(dueNow.id);
    // Due tomorrow: not yet in the list; the day after, unowned and due.
    expect(forManager.unowned.map((item: { _id: string }) => item._id)).not.toContain(unowned.id);
    await setClock("2026-12-09T16:00:00Z");
    const nextDay = (await call("GET", "/api/service-requests/due", manager)).json();
    expect(nextDay.unowned.map((item: { _id: string }) => item._id)).toContain(unowned.id);
    expect((await call("GET", "/api/service-requests/due", plain)).statusCode).toBe(403);
  });

  it("lists a person's requests; a merge moves them to the kept person", async () => {
    const a = await send("other", { name: "Merge Keeper" });
    const b = await send("other", { name: "Merge Other" });
    const personOf = async (id: string) =>
      (
        await db()
          .selectFrom("service_requests")
          .select("person_id")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).person_id ?? "";
    const kept = await personOf(a.id);
    const other = await personOf(b.id);
    expect(kept).not.toBe(other);
    const before = (await call("GET", `/api/people/${kept}/service-requests`)).json().data;
    expect(before.map((r: { _id: string }) => r._id)).toEqual([a.id]);
    const merged = await call("POST", `/api/people/${kept}/merge`, manager, { otherId: other });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await personOf(b.id)).toBe(kept);
    const after = (await call("GET", `/api/people/${kept}/service-requests`)).json().data;
    expect(after.map((r: { _id: string }) => r._id).sort()).toEqual([a.id, b.id].sort());
    expect((await call("GET", `/api/people/${randomUUID()}/service-requests`)).statusCode).toBe(
      404,
    );
  });

  it("retention keeps a person who has a request, and forgets one who has none", async () => {
    const sent = await send("other", { name: "Kept By Request" });
    const person = (
      await db()
        .selectFrom("service_requests")
        .select("person_id")
        .where("id", "=", sent.id)
        .executeTakeFirstOrThrow()
    ).person_id as string;
    const lonely = randomUUID();
    const old = "2020-01-01T00:00:00.000Z";
    const template = await db()
      .selectFrom("persons")
      .selectAll()
      .where("id", "=", person)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("persons")
      .values({ ...template, id: lonely, email: "", phone: "", created_at: old, updated_at: old })
      .execute();
    await db().updateTable("persons").set({ updated_at: old }).where("id", "=", person).execute();
    await purgeExpired(db(), 36, new Date("2026-12-10T16:00:00Z"));
    const left = await db()
      .selectFrom("persons")
      .select("id")
      .where("id", "in", [person, lonely])
      .execute();
    expect(left.map((row) => row.id)).toEqual([person]);
  });

  it("keeps requests out of the overview's counts and the person tallies", async () => {
    const overview = async () =>
      (await call("GET", "/api/dashboard/overview", manager)).json() as {
        data?: { counts: Record<string, number> };
        counts?: Record<string, number>;
      };
    const before = await overview();
    const sent = await send("other", { name: "Not A Lead" });
    const after = await overview();
    expect(after).toEqual(before);
    const person = await db()
      .selectFrom("persons")
      .innerJoin("service_requests", "service_requests.person_id", "persons.id")
      .select(["live_quotes", "live_contacts", "live_appointments"])
      .where("service_requests.id", "=", sent.id)
      .executeTakeFirstOrThrow();
    expect(person).toEqual({ live_quotes: 0, live_contacts: 0, live_appointments: 0 });
  });

  it("answers any Unicode in a search and in a note with a 2xx or a 400, never a 5xx", async () => {
    const sent = await send();
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 120 }),
      fc.string({ unit: "grapheme", maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(text, text, async (query, note) => {
        const search = await call("GET", `/api/service-requests?q=${encodeURIComponent(query)}`);
        expect([200, 400]).toContain(search.statusCode);
        const added = await call("POST", `/api/service-requests/${sent.id}/notes`, agent, {
          kind: "note",
          body: note,
        });
        expect([201, 400]).toContain(added.statusCode);
      }),
      { numRuns: 40 },
    );
  });
});
