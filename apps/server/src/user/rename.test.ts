import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

describe.each(testEngines())("staff edit their own name on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const rename = (payload: unknown, token?: string) =>
    test.app.inject({
      method: "PUT",
      url: "/api/users/me/name",
      payload: payload as object,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });

  it("sets the caller's first and last name, answers the user, and audits which fields changed", async () => {
    const agent = await signInAs(test.app, database, "agent");
    const response = await rename({ firstName: "  Dana ", lastName: "Øverby-Núñez" }, agent.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: agent.userId,
      firstName: "Dana",
      lastName: "Øverby-Núñez",
    });
    const me = await test.app.inject({
      method: "GET",
      url: `/api/users/list/${agent.userId}`,
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(me.json()).toMatchObject({ firstName: "Dana", lastName: "Øverby-Núñez" });
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id", "target_id", "details"])
      .where("action", "=", "user.renamed")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: agent.userId, target_id: agent.userId });
    expect(JSON.parse(audit[0]?.details ?? "{}")).toEqual({ fields: ["firstName", "lastName"] });
    // The same name again changes nothing and writes no entry.
    expect(
      (await rename({ firstName: "Dana", lastName: "Øverby-Núñez" }, agent.token)).statusCode,
    ).toBe(200);
    const again = await database.handle.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "user.renamed")
      .execute();
    expect(again).toHaveLength(1);
  });

  it("validates with the user name rules: 400 with a clear message", async () => {
    const admin = await signInAs(test.app, database, "admin");
    const tooLong = await rename({ firstName: "x".repeat(51), lastName: "" }, admin.token);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe("Names must be at most 50 characters");
    const notText = await rename({ firstName: 5, lastName: "" }, admin.token);
    expect(notText.statusCode).toBe(400);
    const extra = await rename({ firstName: "A", lastName: "B", isAdmin: true }, admin.token);
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toBe("Only firstName and lastName can be changed here");
    const cleaned = await rename({ firstName: "Ann\u0000\u202e", lastName: "B" }, admin.token);
    expect(cleaned.statusCode).toBe(200);
    expect(cleaned.json().firstName).toBe("Ann");
  });

  it("is for signed-in staff only", async () => {
    expect((await rename({ firstName: "A", lastName: "B" })).statusCode).toBe(401);
    const plain = await signInAs(test.app, database, "user");
    expect((await rename({ firstName: "A", lastName: "B" }, plain.token)).statusCode).toBe(403);
  });
});
