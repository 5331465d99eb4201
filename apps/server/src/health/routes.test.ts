import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

describe.each(testEngines())("GET /api/health on %s", (engine) => {
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

  it("answers ok while the database is up", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 once the database is unreachable", async () => {
    await database.handle.close();
    const response = await test.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "unavailable", database: "down" });
  });
});
