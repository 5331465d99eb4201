import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTwoFactorRequirement } from "../auth/two-factor-repository.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { upsertUser } from "../user/service.ts";

describe.each(testEngines())("the System Settings card: what needs attention, on %s", (engine) => {
  let database: TestDatabase;
  const apps: TestApp[] = [];
  let admin: { userId: string; token: string };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    for (const test of apps) await test.app.close();
    await database.drop();
  });

  async function overview(config: { smtpUrl?: string } = {}) {
    const test = await createTestApp(database, { config });
    apps.push(test);
    admin ??= await signInAs(test.app, database, "admin");
    const response = await test.app.inject({
      method: "GET",
      url: "/api/dashboard/overview",
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it("names mail without a server and staff without two-factor, and counts them", async () => {
    await upsertUser(database.handle.db, {
      email: "agent@example.com",
      password: "correct horse battery staple",
      kind: "agent",
    });
    const body = await overview();
    expect(body.attention.map((a: { key: string }) => a.key)).toEqual(["mail", "two-factor"]);
    expect(body.attention[0].detail).toContain("outbox folder");
    expect(body.attention[1].text).toBe("2 staff accounts sign in without two-factor");
    expect(body.counts.settings).toBe(2);
  });

  it("says nothing of mail once a server is set, nor of two-factor once it is required", async () => {
    expect((await overview({ smtpUrl: "smtp://mail.example.com:587" })).attention).toEqual([
      expect.objectContaining({ key: "two-factor" }),
    ]);
    await writeTwoFactorRequirement(database.handle.db, true, admin.userId, new Date());
    const body = await overview({ smtpUrl: "smtp://mail.example.com:587" });
    expect(body.attention).toEqual([]);
    expect(body.counts.settings).toBe(0);
  });
});
