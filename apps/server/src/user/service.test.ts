import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserByEmail } from "../auth/account-repository.ts";
import { verifyPassword } from "../auth/password.ts";
import { createSession, findLiveSession } from "../auth/sessions.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { ensureSuperAdmin, upsertUser } from "./service.ts";

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, "../cli/create-user.ts");

describe.each(testEngines())("users from the command line on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("hashes with argon2id at OWASP's parameters", async () => {
    await upsertUser(database.handle.db, {
      email: "Agent@Example.com",
      password: "correct horse battery",
      kind: "user",
    });
    const row = await findUserByEmail(database.handle.db, "agent@example.com");
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row).toMatchObject({ is_admin: 0, super_admin: 0, is_verified: 1, is_active: 1 });
    expect(await verifyPassword(String(row?.password_hash), "correct horse battery")).toBe(true);
    expect(await verifyPassword(String(row?.password_hash), "wrong horse battery")).toBe(false);
  });

  it("updates the password and flags of an existing user instead of duplicating", async () => {
    const first = await upsertUser(database.handle.db, {
      email: "owner@example.com",
      password: "first password 123",
      kind: "user",
    });
    const second = await upsertUser(database.handle.db, {
      email: "owner@example.com",
      password: "second password 456",
      kind: "super-admin",
      firstName: "Olive",
    });
    expect(second).toEqual({ id: first.id, created: false });
    const row = await findUserByEmail(database.handle.db, "owner@example.com");
    expect(row).toMatchObject({ is_admin: 1, super_admin: 1, first_name: "Olive" });
    expect(await verifyPassword(String(row?.password_hash), "second password 456")).toBe(true);
  });

  it("setting the password of an existing account ends its sessions", async () => {
    const db = database.handle.db;
    const { id } = await upsertUser(db, {
      email: "signed.in@example.com",
      password: "the old password 1",
      kind: "admin",
    });
    const { session } = await createSession(db, id, true);
    expect(await findLiveSession(db, { id: session.id })).toBeDefined();
    await upsertUser(db, {
      email: "signed.in@example.com",
      password: "a new password 2",
      kind: "admin",
    });
    expect(await findLiveSession(db, { id: session.id })).toBeUndefined();
  });

  it("bootstraps the super admin once and leaves a matching one untouched", async () => {
    await ensureSuperAdmin(database.handle.db, "boss@example.com", "bootstrap password 1");
    const created = await findUserByEmail(database.handle.db, "boss@example.com");
    expect(created).toMatchObject({ super_admin: 1, is_admin: 1, is_verified: 1 });
    await ensureSuperAdmin(database.handle.db, "boss@example.com", "bootstrap password 1");
    const again = await findUserByEmail(database.handle.db, "boss@example.com");
    expect(again?.password_changed_at).toBe(created?.password_changed_at);
    await ensureSuperAdmin(database.handle.db, "boss@example.com", "rotated password 22");
    const rotated = await findUserByEmail(database.handle.db, "boss@example.com");
    expect(await verifyPassword(String(rotated?.password_hash), "rotated password 22")).toBe(true);
  });

  it("npm run create-user prints the new user's id", async () => {
    const env = { ...process.env, DATABASE_URL: database.url, JWT_SECRET: "y".repeat(40) };
    const { stdout } = await run(
      process.execPath,
      [CLI, "--email", "cli@example.com", "--password", "a long password!", "--role", "admin"],
      { env },
    );
    const id = stdout.trim();
    const row = await findUserByEmail(database.handle.db, "cli@example.com");
    expect(row?.id).toBe(id);
    expect(row).toMatchObject({ is_admin: 1, super_admin: 0 });
  });

  it("create-user refuses a short password with a clear message", async () => {
    const env = { ...process.env, DATABASE_URL: database.url, JWT_SECRET: "y".repeat(40) };
    await expect(
      run(process.execPath, [CLI, "--email", "x@example.com", "--password", "short"], { env }),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Password must be at least 12 characters"),
    });
  });

  it("create-user refuses an email field holding more than one mailbox", async () => {
    const env = { ...process.env, DATABASE_URL: database.url, JWT_SECRET: "y".repeat(40) };
    await expect(
      run(
        process.execPath,
        [CLI, "--email", "a@example.com,b@example.com", "--password", "a long password!"],
        { env },
      ),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("one email address") });
  });
});
