import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

const CHILD = path.resolve(import.meta.dirname, "../test/import-child.ts");
const ROWS = 6000;
const BATCH_ROWS = 500;

/** Runs the import in a child process; kills it with SIGKILL once `killAfter` batches committed. */
function runChild(
  env: Record<string, string>,
  killAfter?: number,
): Promise<{ output: string; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let killed = false;
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (killAfter !== undefined && !killed && output.includes(`batch ${killAfter}\n`)) {
        killed = child.kill("SIGKILL");
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", () => resolve({ output, killed }));
  });
}

describe.each(testEngines())("an import killed with SIGKILL on %s (decision 0075)", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    userId = (await signInAs(test.app, database, "admin", "ada@example.com")).userId;
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const counts = async () => {
    const db = database.handle.db;
    const policies = await db
      .selectFrom("policies")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const people = await db
      .selectFrom("persons")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const orphans = await db
      .selectFrom("policies")
      .leftJoin("persons", "persons.id", "policies.person_id")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("persons.id", "is", null)
      .executeTakeFirstOrThrow();
    const withoutPolicy = await db
      .selectFrom("persons")
      .select((eb) => eb.fn.countAll().as("n"))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("policies")
              .select("policies.id")
              .whereRef("policies.person_id", "=", "persons.id"),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    return {
      policies: Number(policies.n),
      people: Number(people.n),
      orphans: Number(orphans.n),
      withoutPolicy: Number(withoutPolicy.n),
    };
  };

  it("leaves whole batches only (every policy with its person), and running again completes it", async () => {
    const env = {
      DATABASE_URL: database.url,
      USER_ID: userId,
      BOOK_ROWS: String(ROWS),
      BATCH_ROWS: String(BATCH_ROWS),
    };
    const killed = await runChild(env, 3);
    expect(killed.killed, killed.output).toBe(true);
    expect(killed.output).not.toContain("done");

    const after = await counts();
    // Each person of the generated book has one policy: a person without one, or a policy
    // without its person, would be a row half imported.
    expect(after.orphans).toBe(0);
    expect(after.withoutPolicy).toBe(0);
    expect(after.policies).toBe(after.people);
    expect(after.policies % BATCH_ROWS).toBe(0);
    expect(after.policies).toBeGreaterThanOrEqual(3 * BATCH_ROWS);
    expect(after.policies).toBeLessThan(ROWS);

    const rerun = await runChild(env);
    const done = /done (.*)\n/.exec(rerun.output);
    expect(done, rerun.output).not.toBeNull();
    expect(JSON.parse(done?.[1] ?? "{}")).toEqual({
      rows: ROWS,
      created: ROWS - after.policies,
      existing: after.policies,
      peopleCreated: ROWS - after.policies,
      errors: 0,
    });
    expect(await counts()).toEqual({ policies: ROWS, people: ROWS, orphans: 0, withoutPolicy: 0 });
  }, 120_000);
});
