import {
  AppointmentRoutes,
  ContactRoutes,
  DEFAULT_PAGE_LIMIT,
  PROSPECT_TIMELINE_LIMIT,
  QuoteRoutes,
  UNPAGED_LIST_CAP,
} from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../cli/seed-demo.ts";
import { CONTACT_LIST } from "../contact/service.ts";
import { newId } from "../lib/ids.ts";
import { zodSerializerCompiler } from "../lib/zod-provider.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { parseCsv } from "../test/csv.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { contactRow } from "../test/fixtures.ts";
import { listBatches } from "./repository.ts";

/** More leads of each kind than the cap, so every unpaged answer is a part. */
const COUNT = UNPAGED_LIST_CAP + 30;
const LISTS = [
  { path: "/api/auto-quotes/get-all-auto-quotes", items: "data", route: QuoteRoutes.list },
  { path: "/api/contacts/list-contacts", items: "contacts", route: ContactRoutes.list },
  { path: "/api/appointments/get-appointments", items: "data", route: AppointmentRoutes.list },
] as const;

describe.each(testEngines())("lists never answer the whole table on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let agent: { authorization: string };
  let manager: { authorization: string };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    await seedDemo(database.handle.db, COUNT);
    agent = { authorization: `Bearer ${(await signInAs(test.app, database, "agent")).token}` };
    manager = { authorization: `Bearer ${(await signInAs(test.app, database, "manager")).token}` };
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const get = (url: string, headers: { authorization: string }) =>
    test.app.inject({ method: "GET", url, headers });

  it.each(LISTS)(
    "answers an Agent's unpaged $path with the first page and the total",
    async ({ path, items }) => {
      const response = await get(path, agent);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body[items]).toHaveLength(DEFAULT_PAGE_LIMIT);
      expect(body).toMatchObject({ total: COUNT, limit: DEFAULT_PAGE_LIMIT, offset: 0 });
      // The spec's envelope stays as it was for its callers.
      if (items === "data") expect(body.success).toBe(true);
      // The first page is the page the dashboard would read: newest first.
      const paged = (await get(`${path}?limit=${DEFAULT_PAGE_LIMIT}&offset=0`, agent)).json();
      expect(body[items].map((x: { _id: string }) => x._id)).toEqual(
        paged[items].map((x: { _id: string }) => x._id),
      );
    },
  );

  it.each(LISTS)(
    "caps a Manager's unpaged $path (who may export every row)",
    async ({ path, items }) => {
      const body = (await get(path, manager)).json();
      expect(body[items]).toHaveLength(UNPAGED_LIST_CAP);
      expect(body).toMatchObject({ total: COUNT, limit: UNPAGED_LIST_CAP, offset: 0 });
    },
  );

  it.each(LISTS)(
    "writes $path a slice at a time, byte for byte what its schema writes",
    async ({ path, route }) => {
      const response = await get(`${path}?limit=120&offset=7`, agent);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      const serialize = zodSerializerCompiler({
        schema: route.responses[200],
        method: "GET",
        url: path,
        httpStatus: "200",
      }) as (value: unknown) => string;
      expect(response.body).toBe(serialize(response.json()));
      expect(response.json()).toMatchObject({ total: COUNT, limit: 120, offset: 7 });
      // An empty page is still the spec's shape.
      const empty = await get(`${path}?offset=${COUNT}`, agent);
      expect(empty.body).toBe(serialize(empty.json()));
    },
  );

  it("bounds a filtered or offset call without a limit the same way", async () => {
    const searched = (await get("/api/contacts/list-contacts?q=example.com", agent)).json();
    expect(searched.contacts).toHaveLength(DEFAULT_PAGE_LIMIT);
    expect(searched.total).toBe(COUNT);
    const sorted = (
      await get("/api/auto-quotes/get-all-auto-quotes?sort=name:asc", manager)
    ).json();
    expect(sorted.data).toHaveLength(UNPAGED_LIST_CAP);
    const tail = (
      await get(`/api/appointments/get-appointments?offset=${COUNT - 5}`, agent)
    ).json();
    expect(tail).toMatchObject({ total: COUNT, limit: DEFAULT_PAGE_LIMIT, offset: COUNT - 5 });
    expect(tail.data).toHaveLength(5);
    // A page is still at most the schema's limit, whoever asks.
    expect((await get("/api/contacts/list-contacts?limit=201", manager)).statusCode).toBe(400);
  });

  it("exports every row in list order, in more than one batch, for any sort and search", async () => {
    for (const query of ["", "?sort=name:asc", "?sort=amount:desc&q=a", "?sort=date:asc"]) {
      const response = await get(`/api/auto-quotes/export.csv${query}`, manager);
      expect(response.statusCode).toBe(200);
      const [header, ...rows] = parseCsv(response.body.slice(1));
      expect(header?.[0]).toBe("id");
      const ids = rows.map((row) => row[0]);
      const pages: string[] = [];
      let total = 0;
      for (let offset = 0; offset === 0 || offset < total; offset += 200) {
        const sep = query ? "&" : "?";
        const page = (
          await get(
            `/api/auto-quotes/get-all-auto-quotes${query}${sep}limit=200&offset=${offset}`,
            manager,
          )
        ).json();
        total = page.total;
        pages.push(...page.data.map((q: { _id: string }) => q._id));
      }
      expect(ids, query).toEqual(pages);
      expect(new Set(ids).size).toBe(ids.length);
    }
    const all = parseCsv((await get("/api/contacts/export.csv", manager)).body.slice(1));
    expect(all).toHaveLength(COUNT + 1);
  });

  it("pages the policies as it does the leads (a Manager's unpaged call is capped)", async () => {
    const policies = Array.from({ length: COUNT }, (_, i) => ({
      id: newId(),
      policy_number: `NL-${String(i).padStart(6, "0")}`,
      holder_name: "Pat Doe",
      email: "pat.doe@example.com",
      product: "Auto",
      status: "active",
      premium_cents: 10_000 + i,
      effective_date: "2026-01-01",
      expiration_date: "2027-01-01",
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      person_id: null,
      lead_type: null,
      lead_id: null,
      carrier: "Sample Mutual Auto (sample)",
      line_of_business: "auto",
      term_months: 12,
      producer_id: null,
      cancel_date: null,
      cancel_reason: null,
      notes: "",
      vehicles: "[]",
      drivers: "[]",
      updated_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      renewal_state: "not-started",
      renewal_of: null,
      origin: "issued",
    }));
    for (let i = 0; i < policies.length; i += 200)
      await database.handle.db
        .insertInto("policies")
        .values(policies.slice(i, i + 200))
        .execute();
    const unpaged = (await get("/api/policies", manager)).json();
    expect(unpaged.data).toHaveLength(UNPAGED_LIST_CAP);
    expect(unpaged).toMatchObject({ total: COUNT, limit: UNPAGED_LIST_CAP, offset: 0 });
    expect(unpaged.data[0].policyNumber).toBe(`NL-${String(COUNT - 1).padStart(6, "0")}`);
    const page = (await get("/api/policies?limit=10&offset=1025", manager)).json();
    expect(page).toMatchObject({ total: COUNT, limit: 10, offset: 1025 });
    expect(page.data.map((p: { policyNumber: string }) => p.policyNumber)).toEqual(
      ["000004", "000003", "000002", "000001", "000000"].map((n) => `NL-${n}`),
    );
  });

  it("shows one person's newest leads on the timeline, with the total", async () => {
    const email = "many.leads@example.com";
    const rows = Array.from({ length: PROSPECT_TIMELINE_LIMIT + 20 }, (_, i) => ({
      ...contactRow(newId()),
      email,
      created_at: new Date(Date.UTC(2026, 5, 1, 0, i)).toISOString(),
    }));
    await database.handle.db.insertInto("contacts").values(rows).execute();
    const timeline = (
      await get(`/api/prospects/timeline?email=${encodeURIComponent(email)}`, agent)
    ).json();
    expect(timeline.items).toHaveLength(PROSPECT_TIMELINE_LIMIT);
    expect(timeline.total).toBe(PROSPECT_TIMELINE_LIMIT + 20);
    expect(timeline.items[0].createdAt).toBe(rows.at(-1)?.created_at);
    // A person with a few leads gets them all, and the total says so.
    const few = (await get("/api/prospects/timeline?email=nobody%40example.com", agent)).json();
    expect(few).toMatchObject({ items: [], total: 0 });
  });

  it("reads batches by key, so leads arriving or archived meanwhile shift nothing", async () => {
    const batches = listBatches(database.handle.db, CONTACT_LIST, {}, new Date(), 100);
    const seen: string[] = [];
    const first = await batches.next();
    seen.push(...(first.value ?? []).map((row: { id: string }) => row.id));
    // A new message (the newest, so before the cursor) and an archive further down the list.
    await database.handle.db.insertInto("contacts").values(contactRow(newId())).execute();
    const live = await database.handle.db
      .selectFrom("contacts")
      .select("id")
      .where("archived_at", "is", null)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    const archived = live[500]?.id ?? "";
    await database.handle.db
      .updateTable("contacts")
      .set({ archived_at: new Date().toISOString() })
      .where("id", "=", archived)
      .execute();
    for await (const rows of batches) seen.push(...rows.map((row) => row.id));
    const expected = live
      .map((row) => row.id)
      .filter((id) => id !== archived && id !== live[0]?.id);
    // Every lead that was there at the start and is still live, once each, in order.
    expect(seen).toEqual(expected);
  });
});
