import { parseArgs } from "node:util";
import { LoginSchema, PasswordSchema } from "@agency/domain";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { ACCOUNT_KINDS, type AccountKind, upsertUser } from "../users/service.ts";

const USAGE =
  "Usage: npm run create-user -- --email E --password P [--role user|admin|super-admin] [--first-name F --last-name L]";

function fail(message: string): never {
  console.error(message);
  console.error(USAGE);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string", default: "user" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
      },
      strict: true,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const role = values.role as AccountKind;
  // The same rules as sign-in and the password forms: one mailbox, a valid password.
  const parsedEmail = LoginSchema.shape.email.safeParse(values.email ?? "");
  if (!parsedEmail.success) fail("--email must be one email address");
  const email = parsedEmail.data;
  const parsedPassword = PasswordSchema.safeParse(values.password ?? "");
  if (!parsedPassword.success) {
    fail(`--password: ${parsedPassword.error.issues[0]?.message ?? "is invalid"}`);
  }
  const password = parsedPassword.data;
  if (!ACCOUNT_KINDS.includes(role)) fail(`--role must be one of ${ACCOUNT_KINDS.join(", ")}`);

  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    const { id } = await upsertUser(database.db, {
      email,
      password,
      kind: role,
      firstName: values["first-name"],
      lastName: values["last-name"],
    });
    console.log(id);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`Configuration error: ${problem}`);
  } else {
    console.error("create-user failed:", error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
