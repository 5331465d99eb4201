import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";

export type Engine = "sqlite" | "postgres";

export type TestDatabase = {
  engine: Engine;
  url: string;
  handle: DatabaseHandle;
  drop: () => Promise<void>;
};

/**
 * The engines every server suite runs on: SQLite always, PostgreSQL when
 * `TEST_DATABASE_URL` is set. In CI a missing PostgreSQL is an error, never a silent skip.
 */
export function testEngines(): Engine[] {
  if (process.env.TEST_DATABASE_URL) return ["sqlite", "postgres"];
  if (process.env.CI === "true") {
    throw new Error("CI must run the server tests on PostgreSQL too: set TEST_DATABASE_URL");
  }
  return ["sqlite"];
}

/** A fresh, migrated database of its own: a temp SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "agency-test-"));
    const url = `sqlite:${path.join(dir, "test.db")}`;
    const handle = openDatabase(url);
    await migrateToLatest(handle.db);
    return {
      engine,
      url,
      handle,
      drop: async () => {
        await handle.close().catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `agency_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase(url.toString());
  await migrateToLatest(handle.db);
  return {
    engine,
    url: url.toString(),
    handle,
    drop: async () => {
      await handle.close().catch(() => {});
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
