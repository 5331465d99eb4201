import { PassThrough } from "node:stream";
import { API_ROUTES, toOpenApiPath } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { testConfig } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

const OPERATION_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

describe.each(testEngines())("GET /api/openapi.json on %s", (engine) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  /** Every API route Fastify registered, as "METHOD /path/{param}". */
  const registered = new Set<string>();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await buildApp({
      config: testConfig({ databaseUrl: database.url }),
      database: database.handle,
      serveSite: false,
      logStream: new PassThrough(),
      onRoute: ({ method, url }) => {
        for (const one of [method].flat()) {
          if (one !== "HEAD" && url.startsWith("/api/")) {
            registered.add(`${one} ${toOpenApiPath(url)}`);
          }
        }
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  async function fetchDocument() {
    const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    return { response, document: response.json() };
  }

  it("is public and cacheable", async () => {
    const { response } = await fetchDocument();
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("is an OpenAPI 3.1 document whose every operation has responses", async () => {
    const { document } = await fetchDocument();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toEqual({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(document.paths).length).toBeGreaterThan(0);
    for (const [path, item] of Object.entries(document.paths as Record<string, object>)) {
      expect(path).toMatch(/^\/api\//);
      // Path parameters use OpenAPI's `{id}`, never Fastify's `:id`, and each is declared.
      expect(path).not.toContain(":");
      for (const [method, operation] of Object.entries(item)) {
        expect(OPERATION_METHODS).toContain(method);
        expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
        expect(typeof operation.operationId).toBe("string");
        const declared = (operation.parameters ?? [])
          .filter((p: { in: string }) => p.in === "path")
          .map((p: { name: string }) => p.name)
          .sort();
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(declared, `${method} ${path}`).toEqual(inPath);
      }
    }
  });

  it("covers every registered API route, and documents none that is not registered", async () => {
    const { document } = await fetchDocument();
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(document.paths as Record<string, object>)) {
      for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    expect(registered.size).toBeGreaterThan(40);
    expect([...registered].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !registered.has(route))).toEqual([]);
  });

  it("lists each definition of the domain's contract once", () => {
    const routes = Object.values(API_ROUTES).flatMap((group) => Object.values(group));
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
