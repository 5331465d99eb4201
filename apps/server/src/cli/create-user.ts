// First: a bad agency profile stops the tool with one line per problem, as `npm start` does.
import "../agency-profile-gate.ts";
import { parseArgs } from "node:util";
import { LoginSchema, PasswordSchema } from "@agency/domain";
import { findUserByEmail } from "../auth/account-repository.ts";
import { resetTwoFactor } from "../auth/two-factor.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { ACCOUNT_KINDS, type AccountKind, upsertUser } from "../user/service.ts";

const USAGE = [
  "Usage: npm run create-user -- --email E --password P [--role user|agent|support|manager|admin|super-admin] [--first-name F --last-name L] [--reset-two-factor]",
  "       npm run create-user -- --email E --reset-two-factor   (only clears a lost second factor)",
].join("\n");

function fail(message: string): never {
  console.error(message);
  console.error(USAGE);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string", default: "user" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
        "reset-two-factor": { type: "boolean" },
      },
      strict: true,
    }));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const text = (name: string) => (typeof values[name] === "string" ? values[name] : undefined);
  const role = text("role") as AccountKind;
  const isTwoFactorReset = values["reset-two-factor"] === true;
  // --reset-two-factor alone touches nothing but the second factor.
  const isResetOnly = isTwoFactorReset && values.password === undefined;
  // The same rules as sign-in and the password forms: one mailbox, a valid password.
  const parsedEmail = LoginSchema.shape.email.safeParse(text("email") ?? "");
  if (!parsedEmail.success) fail("--email must be one email address");
  const email = parsedEmail.data;
  const parsedPassword = PasswordSchema.safeParse(text("password") ?? "");
  if (!isResetOnly && !parsedPassword.success) {
    fail(`--password: ${parsedPassword.error?.issues[0]?.message ?? "is invalid"}`);
  }
  const password = parsedPassword.data ?? "";
  if (!ACCOUNT_KINDS.includes(role)) fail(`--role must be one of ${ACCOUNT_KINDS.join(", ")}`);

  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    // Setting a password here never removes a second factor: only --reset-two-factor does
    // (decision 0023), so a password reset cannot quietly bypass it.
    let id: string;
    if (isResetOnly) {
      const user = await findUserByEmail(database.db, email);
      if (!user) fail(`No account has the email ${email}`);
      id = user.id;
    } else {
      ({ id } = await upsertUser(database.db, {
        email,
        password,
        kind: role,
        firstName: text("first-name"),
        lastName: text("last-name"),
      }));
    }
    if (isTwoFactorReset) {
      const hadOne = await resetTwoFactor(database.db, id, "create-user");
      console.error(
        hadOne
          ? "Two-factor sign-in cleared: the account signs in with its password and can enrol again."
          : "The account had no second factor to clear.",
      );
    }
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
