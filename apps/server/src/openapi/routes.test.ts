import { PassThrough } from "node:stream";
import { API_ROUTES, toOpenApiPath } from "@agency/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { findUserById, type UserRow } from "../auth/account-repository.ts";
import { definitionOf } from "../auth/guard.ts";
import { testConfig } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { type AccountKind, upsertUser } from "../user/service.ts";

/**
 * Each kind of account and the role the site names it by: written out here rather than
 * derived, so the test checks the document against the server, not against itself.
 */
const ROLE_OF_KIND: Record<AccountKind, string> = {
  user: "User",
  agent: "Agent",
  support: "Support",
  manager: "Manager",
  admin: "Administrator",
  "super-admin": "Super Admin",
};

type Operation = { description: string; "x-access": string; "x-roles"?: string[] };

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
    // Relative to the document: the site that serves it (redocly: no-empty-servers).
    expect(document.servers).toEqual([{ url: "/", description: expect.any(String) }]);
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

  it("names for every route exactly the roles the server's guard lets in (Support included)", async () => {
    const { document } = await fetchDocument();
    const accounts = new Map<AccountKind, UserRow>();
    for (const kind of Object.keys(ROLE_OF_KIND) as AccountKind[]) {
      const { id } = await upsertUser(database.handle.db, {
        email: `${kind}@roles.example`,
        password: "correct horse battery staple",
        kind,
      });
      accounts.set(kind, (await findUserById(database.handle.db, id)) as UserRow);
    }
    /** Whether the guard the server put first on this route lets this caller through. */
    const isLetIn = async (method: string, path: string, user: UserRow | null) => {
      const definition = definitionOf(method, path.replace(/\{(\w+)\}/g, ":$1"));
      if (!definition) throw new Error(`${method} ${path} is not in the contract`);
      const guard = app.requirePermission(definition.access);
      const principal = user ? { user, sessionId: "s" } : null;
      const request = { principal, headers: {} } as FastifyRequest;
      try {
        await guard.call(app, request, {} as FastifyReply, () => undefined);
        return true;
      } catch (error) {
        expect((error as { statusCode: number }).statusCode).toBeOneOf([401, 403]);
        return false;
      }
    };
    const wrong: string[] = [];
    let leadRoutes = 0;
    for (const [path, item] of Object.entries(document.paths as Record<string, object>)) {
      for (const [method, operation] of Object.entries(item) as [string, Operation][]) {
        const name = `${method.toUpperCase()} ${path}`;
        const letIn: string[] = [];
        for (const [kind, user] of accounts) {
          if (await isLetIn(method.toUpperCase(), path, user)) letIn.push(ROLE_OF_KIND[kind]);
        }
        const isPublic = await isLetIn(method.toUpperCase(), path, null);
        const named = operation["x-roles"];
        const described = /\(([^;]*); bearer token\)\.$/.exec(operation.description)?.[1];
        if (isPublic) {
          if (named !== undefined || !operation.description.endsWith("anyone.")) wrong.push(name);
          continue;
        }
        // The roles decision 0025 gives Support: working leads, as an Agent does.
        if (["leads.view", "leads.work"].includes(operation["x-access"])) {
          leadRoutes += 1;
          expect(named ?? [], name).toContain("Support");
        }
        if (JSON.stringify(named?.toSorted()) !== JSON.stringify(letIn.toSorted())) {
          wrong.push(`${name}: x-roles ${named} but the guard lets in ${letIn}`);
        }
        if (described?.split(", ").toSorted().join() !== letIn.toSorted().join()) {
          wrong.push(`${name}: described "${described}" but the guard lets in ${letIn}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(leadRoutes).toBeGreaterThan(10);
  });

  it("lists each definition of the domain's contract once", () => {
    const routes = Object.values(API_ROUTES).flatMap((group) => Object.values(group));
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
