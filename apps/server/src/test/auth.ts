import type { FastifyInstance } from "fastify";
import type { AccountKind } from "../user/service.ts";
import { upsertUser } from "../user/service.ts";
import type { TestDatabase } from "./databases.ts";

export const TEST_PASSWORD = "correct horse battery staple";

/** Creates a user of the given kind and signs in through the API; returns its token. */
export async function signInAs(
  app: FastifyInstance,
  database: TestDatabase,
  kind: AccountKind,
  email = `${kind}-${Math.random().toString(36).slice(2, 8)}@example.com`,
): Promise<{ token: string; userId: string; email: string; cookie: string }> {
  const { id } = await upsertUser(database.handle.db, { email, password: TEST_PASSWORD, kind });
  const response = await app.inject({
    method: "POST",
    url: "/api/users/login",
    payload: { email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const cookie = String(response.headers["set-cookie"] ?? "").split(";")[0] ?? "";
  return { token: response.json().token, userId: id, email, cookie };
}
