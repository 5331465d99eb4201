import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { conflict } from "../lib/http-errors.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";

// A probe route exercising the shared plumbing that every feature route relies on. It sits
// outside /api/: the guard refuses an /api/ route the domain's contract does not define.
const ProbeSchema = z.object({
  name: z.string().trim().min(1, "Name is required"),
  contact: z.object({ email: z.email("Email is invalid") }),
});

describe("the contract's status codes", () => {
  let database: TestDatabase;
  let test: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    test = await createTestApp(database);
    const api = test.app.withTypeProvider<ZodTypeProvider>();
    api.post("/probe", { schema: { body: ProbeSchema } }, async (request, reply) =>
      reply.code(201).send({ success: true, name: request.body.name }),
    );
    api.post("/probe/conflict", async () => {
      throw conflict("That time was just taken. Please choose another time.");
    });
    api.get("/probe/bug", async () => {
      throw new Error("secret internal detail at /srv/app.ts:42");
    });
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    test.app.inject({
      method: "POST",
      url: "/probe",
      headers: { "content-type": "application/json", ...headers },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  it("passes the parsed body to the handler", async () => {
    const response = await post({ name: "  Ana ", contact: { email: "ana@example.com" } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, name: "Ana" });
  });

  it("answers 400 with every field problem, the first one repeated", async () => {
    const response = await post({ name: "", contact: { email: "nope" } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: "Name is required",
      error: "Name is required",
      errors: [
        { field: "name", message: "Name is required" },
        { field: "contact.email", message: "Email is invalid" },
      ],
    });
  });

  it.each([
    ["malformed JSON", "{", 400],
    ["an empty body (no body for a route that needs one)", "", 400],
    ["a JSON string instead of an object", '"hello"', 400],
    ["a prototype-pollution payload", '{"__proto__":{"isAdmin":true}}', 400],
  ])("answers 400 for %s", async (_label, payload, status) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it("answers 413 for a body over 100 kB", async () => {
    const response = await post({ name: "x".repeat(101 * 1024), contact: { email: "a@b.co" } });
    expect(response.statusCode).toBe(413);
  });

  it("answers 415 for a body that is not JSON", async () => {
    const response = await post("name=Ana", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(response.statusCode).toBe(415);
  });

  it("answers 409 with the handler's message", async () => {
    const response = await test.app.inject({ method: "POST", url: "/probe/conflict" });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("That time was just taken. Please choose another time.");
  });

  it("answers JSON 404 for an unknown /api path", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
  });

  it("never leaks a stack trace or internal message on a bug", async () => {
    const response = await test.app.inject({ method: "GET", url: "/probe/bug" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/secret|srv|stack/);
  });

  it("sends the security headers on API responses", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("logs requests without query strings", async () => {
    // A value no log line could hold by chance (a checkout path such as /work/wt-manage
    // contains "ana").
    await test.app.inject({ method: "GET", url: "/api/health?email=zqx7wv%40example.com" });
    expect(test.logs()).toContain('"path":"/api/health"');
    expect(test.logs()).not.toContain("zqx7wv");
  });
});
